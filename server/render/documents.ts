/**
 * The files the site answers at fixed addresses besides pages and hashed
 * assets: for crawlers, the web app manifest, the speculation rules. Each is
 * derived from the route table and the site config; the server prepares and
 * serves them like the pages (server/table.ts), the static export writes them.
 */
import { BACKGROUND_COLOR, hreflangAlternates, ICON_ASSETS, manifestPath, THEME_COLOR } from './metadata.ts';
import { HOME_PATH } from '../../shared/paths.ts';
import type { AssetUrls } from './render.tsx';
import { readerDocuments, type ReaderDocument } from './readers.ts';
import type { Edition, Route } from '../../shared/routes.ts';
import type { SiteConfig } from '../../shared/site.ts';

export type FixedDocument = ReaderDocument;

interface DocumentInput {
  /** Each language's content and pages, with their placeholders filled (routes.ts, fillSite). */
  editions: readonly Edition[];
  site: SiteConfig;
  assets: AssetUrls;
}

export const SITEMAP_PATH = '/sitemap.xml';
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

export function fixedDocuments(input: DocumentInput): FixedDocument[] {
  return [
    { path: '/robots.txt', contentType: 'text/plain; charset=utf-8', body: () => robotsTxt(input.site) },
    { path: SITEMAP_PATH, contentType: 'application/xml; charset=utf-8', body: () => sitemapXml(input) },
    ...input.editions.map((edition) => ({ path: manifestPath(edition.prefix), contentType: 'application/manifest+json; charset=utf-8', body: () => webManifest(edition, input) })),
    { path: SPECULATION_RULES_PATH, contentType: 'application/speculationrules+json; charset=utf-8', body: () => JSON.stringify(speculationRules) },
    // security.txt, llms.txt and the pages as Markdown (readers.ts).
    ...readerDocuments({ editions: input.editions, site: input.site, builtAt: input.assets.builtAt, asset: input.assets.url, picture: input.assets.picture }),
  ];
}

function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.publicUrl}${SITEMAP_PATH}\n`;
}

/**
 * One <url> per address of every language (https://www.sitemaps.org/protocol.html),
 * each with the hreflang alternates its page's head has: the same page in every
 * language that has it, itself included, and x-default
 * (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap);
 * no lastmod, as we do not track one.
 */
function sitemapXml({ editions, site }: DocumentInput): string {
  const urls = editions.flatMap((edition) =>
    edition.routes.map((route) => {
      const alternates = hreflangAlternates(route, editions, site).map((other) => `    <xhtml:link rel="alternate" hreflang="${other.hreflang}" href="${escapeXml(other.url)}"/>\n`).join('');
      return `  <url>\n    <loc>${escapeXml(site.publicUrl + route.path)}</loc>\n${alternates}  </url>\n`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('')}</urlset>\n`;
}

/** A language's manifest, which its pages link: its home page's description, and the site opened at that home page. */
function webManifest({ routes, language }: Edition, { site, assets }: DocumentInput): string {
  const home = routes.find((route) => route.key === HOME_PATH)!;
  return JSON.stringify({
    name: site.brandName,
    short_name: site.brandName,
    description: home.description,
    lang: language.code,
    dir: language.direction,
    id: home.path,
    start_url: home.path,
    // The whole site, its other languages included: the switcher leads there.
    scope: '/',
    // A site to read, not an app to install: it opens in the browser.
    display: 'browser',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: assets.url(ICON_ASSETS.svg), sizes: 'any', type: 'image/svg+xml' },
      ...ICON_ASSETS.app.map((icon) => ({ src: assets.url(icon.name), sizes: `${icon.size}x${icon.size}`, type: 'image/png' })),
    ],
  });
}

/**
 * Prerender a same-origin page when the visitor hovers or presses its link
 * ("moderate"), so the next page is ready on click. Skipped: built files, the
 * page itself.
 * https://developer.chrome.com/docs/web-platform/prerender-pages
 */
const speculationRules = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/assets/*' } },
          { not: { selector_matches: '[aria-current="page"], [rel~="nofollow"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

/** Text safe in XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
