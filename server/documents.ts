/**
 * Files the server answers at fixed addresses besides pages and hashed assets
 * (for crawlers, the web app manifest, the speculation rules), and the headers
 * every response carries. Each is derived from the route table and the site
 * config, and prepared once like every other response.
 */
import { createHash } from 'node:crypto';
import { BACKGROUND_COLOR, ICON_ASSETS, LANG, MANIFEST_PATH, THEME_COLOR } from '../shared/metadata.ts';
import { HOME_PATH, routeAddresses } from '../shared/paths.ts';
import type { AssetUrls, RenderOptions } from '../shared/render.tsx';
import type { Route } from '../shared/routes.ts';
import { readerDocuments } from '../shared/readers.ts';
import type { SiteConfig } from '../shared/site.ts';
import { allStructuredDataBlocks } from '../shared/structured-data.ts';
import { securityHeaders, type HeaderList } from './security.ts';

export interface FixedDocument {
  path: string;
  contentType: string;
  body: string | Buffer;
  cacheControl: string;
}

interface DocumentInput {
  routes: readonly Route[];
  site: SiteConfig;
  assets: AssetUrls;
}

export const SITEMAP_PATH = '/sitemap.xml';
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
/** They name hashed assets and routes that change with each release: revalidate every time (ETag makes that cheap). */
const REVALIDATE = 'public, no-cache';

export function fixedDocuments(input: DocumentInput): FixedDocument[] {
  return [
    { path: '/robots.txt', contentType: 'text/plain; charset=utf-8', body: robotsTxt(input.site), cacheControl: REVALIDATE },
    { path: SITEMAP_PATH, contentType: 'application/xml; charset=utf-8', body: sitemapXml(input), cacheControl: REVALIDATE },
    { path: MANIFEST_PATH, contentType: 'application/manifest+json; charset=utf-8', body: webManifest(input), cacheControl: REVALIDATE },
    {
      path: SPECULATION_RULES_PATH,
      contentType: 'application/speculationrules+json; charset=utf-8',
      body: JSON.stringify(speculationRules),
      cacheControl: REVALIDATE,
    },
    // security.txt, llms.txt and the pages as Markdown (shared/readers.ts).
    ...readerDocuments({ routes: input.routes, site: input.site, builtAt: input.assets.builtAt }).map((doc) => ({ ...doc, cacheControl: REVALIDATE })),
  ];
}

/**
 * The headers every response carries: the security set, its CSP allowing the
 * structured data blocks by hash (the header is the same on every response, so
 * it lists the blocks of all pages), and where the speculation rules are.
 */
export function responseHeaders(options: RenderOptions): HeaderList {
  const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
  const scripts = allStructuredDataBlocks({ site: options.site, routes: options.routes, asset: options.assets.url }).map(hash);
  const inline = { scripts, styles: [hash(options.assets.styles)] };
  // A structured-field list of strings: https://html.spec.whatwg.org/multipage/speculative-loading.html#the-speculation-rules-header
  return [...securityHeaders(inline), ['speculation-rules', `"${SPECULATION_RULES_PATH}"`]];
}

function robotsTxt(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.publicUrl}${SITEMAP_PATH}\n`;
}

/** One <url> per route address (https://www.sitemaps.org/protocol.html); no lastmod, as we do not track one. */
function sitemapXml({ routes, site }: DocumentInput): string {
  const urls = routes.flatMap(routeAddresses).map((address) => `  <url><loc>${escapeXml(site.publicUrl + address)}</loc></url>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

function webManifest({ routes, site, assets }: DocumentInput): string {
  const home = routes.find((route) => route.path === HOME_PATH);
  return JSON.stringify({
    name: site.brandName,
    short_name: site.brandName,
    ...(home && { description: home.description }),
    lang: LANG,
    id: HOME_PATH,
    start_url: HOME_PATH,
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
 * page itself, and links a script handles in place (the legal tabs once enhanced).
 * https://developer.chrome.com/docs/web-platform/prerender-pages
 */
const speculationRules = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/assets/*' } },
          { not: { selector_matches: '[aria-current="page"], [role="tab"], [rel~="nofollow"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
