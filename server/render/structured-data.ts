/**
 * schema.org structured data (JSON-LD) for the pages, derived from the route
 * table and the site config. Pure: the renderer prints these blocks. They
 * are data blocks, which no Content-Security-Policy governs (server/security.ts).
 */
import { HOME_PATH } from '../../shared/paths.ts';
import type { Route } from '../../shared/routes.ts';
import type { Hours } from '../../content/schema.ts';
import type { SiteConfig } from '../../shared/site.ts';

export interface StructuredDataInput {
  site: SiteConfig;
  /** Every language's pages. */
  routes: readonly Route[];
  /** Public URL of a built asset by its source name. */
  asset: (name: string) => string;
  hours: Hours;
}

/** The icon crawlers show as the organisation's logo: square, raster, at least 112 px. */
export const LOGO_ASSET = 'icons/icon-512.png';

/**
 * The business hours are GMT all year (the hours file says so), so the times carry
 * an explicit zero UTC offset (schema.org Time allows one) rather than being
 * read as the visitor's local time.
 */
const GMT_OFFSET = '+00:00';

/** The JSON-LD blocks of one route's pages, serialized and safe to put inside <script>. */
export function structuredDataBlocks(route: Route, input: StructuredDataInput): string[] {
  const blocks: object[] = [organization(input), website(route, input)];
  const breadcrumbs = breadcrumbTrail(route, input.routes);
  if (breadcrumbs.length > 1) blocks.push(breadcrumbList(breadcrumbs, input.site));
  return blocks.map(serializeJsonLd);
}

/**
 * JSON that cannot end its <script> element early or break a parser: <, > and &
 * are written as \u escapes (so "</script>" or "<!--" in any string stays data),
 * and so are U+2028/U+2029, which older JavaScript parsers take as line ends.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * ProfessionalService (a schema.org Organization and LocalBusiness) because it
 * is the type that carries opening hours; the hours are those the footer prints.
 */
function organization({ site, asset, hours, routes }: StructuredDataInput) {
  // The languages the site is written in (BCP 47 codes), which are those we answer in.
  const languages = [...new Set(routes.map((route) => route.language.code))];
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${site.publicUrl}/#organization`,
    name: site.brandName,
    url: site.publicUrl + HOME_PATH,
    logo: site.publicUrl + asset(LOGO_ASSET),
    email: site.generalEmail,
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer service', email: site.generalEmail, availableLanguage: languages },
      { '@type': 'ContactPoint', contactType: 'sales', email: site.salesEmail, availableLanguage: languages },
    ],
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...hours.days],
        opens: `${hours.opens}:00${GMT_OFFSET}`,
        closes: `${hours.closes}:00${GMT_OFFSET}`,
      },
    ],
    sameAs: [site.linkedInUrl],
  };
}

/** The site in the page's language: what says which language the page is in (inLanguage), once per language. */
function website(route: Route, { site, routes }: StructuredDataInput) {
  // Every language has its home page (content/load.ts requires its file).
  const home = routes.find((candidate) => candidate.key === HOME_PATH && candidate.language.code === route.language.code)!;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site.publicUrl}${home.path}#website`,
    url: site.publicUrl + (home.path),
    name: site.brandName,
    inLanguage: route.language.code,
    publisher: { '@id': `${site.publicUrl}/#organization` },
  };
}

/** The route and its parents, outermost first, as the breadcrumb on the page shows them. */
function breadcrumbTrail(route: Route, routes: readonly Route[]): Route[] {
  const trail: Route[] = [route];
  for (let current = route; current.parent !== undefined; ) {
    const parent = routes.find((candidate) => candidate.path === current.parent);
    if (!parent || trail.includes(parent)) break;
    trail.unshift(parent);
    current = parent;
  }
  return trail;
}

function breadcrumbList(trail: Route[], site: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((route, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: route.title,
      item: site.publicUrl + route.path,
    })),
  };
}
