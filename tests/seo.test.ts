/**
 * What crawlers, link previews and browsers read besides the visible page:
 * head metadata, structured data, robots.txt, the sitemap, the web app
 * manifest, speculation rules and view transitions. What Chromium does with
 * the speculation rules and view transitions is in tests/browser/chromium.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { imageSize } from 'image-size';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_COLOR, THEME_COLOR } from '../server/render/metadata.ts';
import { shareImage } from '../shared/share-image.ts';
import { renderPage } from '../server/render/render.tsx';
import { siteContent } from '../content/index.ts';
import { fillSite, type Route } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { serializeJsonLd } from '../server/render/structured-data.ts';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { liveSite, testApp, twoLanguages } from './helpers.ts';
import { alternatesHold, editionFor, sitemapListsEveryAddress, structuredDataHolds } from './invariants.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://sourcing.example.org' };
const app = testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site } });
const live = liveSite(app, site);
/** The pages of two languages (twoLanguages): each check below is the same code in every language. */
const routes = twoLanguages(live.editions).flatMap((edition) => edition.routes);
const addresses = routes.map((route) => route.path);
const productRoutes = routes.filter((route) => route.category);

async function head(path: string, status = 200) {
  const res = await request(app).get(path).expect(status);
  return { res, doc: parse(res.text) };
}

const meta = (doc: HTMLElement, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

function jsonLd(doc: HTMLElement): Array<Record<string, unknown>> {
  return doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.rawText));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function fetchAsset(url: string, type: string) {
  const res = await request(app).get(url).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  return res.body as Buffer;
}

describe('the head of every route address', () => {
  it.each(addresses)('GET %s names itself, its canonical address and its share card from the configured public URL', async (address) => {
    const { doc } = await head(address);
    const route = routes.find((candidate) => candidate.path === address.split('?')[0])!;
    const { content, language } = editionFor(live, route);
    const canonical = `${site.publicUrl}${address}`;
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe(language.code);
    expect(doc.querySelector('html')?.getAttribute('dir')).toBe(language.direction);
    expect(doc.querySelector('title')?.text).toContain(route.title);
    expect(meta(doc, 'description')).toBe(route.description);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(meta(doc, 'og:url')).toBe(canonical);
    expect(meta(doc, 'og:title')).toBe(route.title);
    expect(meta(doc, 'og:description')).toBe(route.description);
    expect(meta(doc, 'og:type')).toBe('website');
    expect(meta(doc, 'og:site_name')).toBe(site.brandName);
    // Open Graph's locale is the language's with its region (languages.yaml), written ll_RR; its alternates, the page's other languages'.
    const ogLocale = (tag: string) => `${new Intl.Locale(tag).language}_${new Intl.Locale(tag).region}`;
    expect(meta(doc, 'og:locale')).toBe(ogLocale(language.locale));
    const others = (await alternatesHold(live, address)).flatMap(([code]) => live.editions.filter((edition) => edition.language.code === code && code !== language.code));
    expect(doc.querySelectorAll('meta[property="og:locale:alternate"]').map((tag) => tag.getAttribute('content'))).toEqual(others.map((edition) => ogLocale(edition.language.locale)));
    // The page's own share image, named by its title and a content hash.
    const { name, type, alt } = shareImage(route, content);
    const [, stem, extension] = /^(.+)\.(\w+)$/.exec(name)!;
    expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${site.publicUrl}/assets/${stem}\\.[0-9a-f]+\\.${extension}$`));
    expect(meta(doc, 'og:image:type')).toBe(type);
    expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
    // Its alt text is the language's sentence around the page's title (templates: shareImageAlt).
    expect(meta(doc, 'og:image:alt')).toBe(alt);
    expect(alt).toContain(route.title);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'twitter:image')).toBe(meta(doc, 'og:image'));
    expect(meta(doc, 'twitter:image:alt')).toBe(meta(doc, 'og:image:alt'));
    expect(meta(doc, 'theme-color')).toBe(THEME_COLOR);
    // Its language's manifest: its words are the page's language's.
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(`${route.prefix}/manifest.webmanifest`);
  });

  it('links an SVG favicon, a 32 px PNG fallback and a 180 px apple-touch-icon, all served', async () => {
    const { doc } = await head('/home');
    const svg = doc.querySelector('link[rel="icon"][type="image/svg+xml"]')!.getAttribute('href')!;
    const png = doc.querySelector('link[rel="icon"][type="image/png"]')!;
    const touch = doc.querySelector('link[rel="apple-touch-icon"]')!.getAttribute('href')!;
    expect(png.getAttribute('sizes')).toBe('32x32');
    await fetchAsset(svg, 'image/svg+xml');
    expect(pngSize(await fetchAsset(png.getAttribute('href')!, 'image/png'))).toEqual({ width: 32, height: 32 });
    expect(pngSize(await fetchAsset(touch, 'image/png'))).toEqual({ width: 180, height: 180 });
  });

  it('shares an image of 1200 by 630 pixels for each page, as the tags say, and each page its own', async () => {
    const images = new Set<string>();
    for (const route of routes) {
      const { doc } = await head(route.path);
      const url = new URL(meta(doc, 'og:image')!);
      const image = await fetchAsset(url.pathname, meta(doc, 'og:image:type')!);
      expect(imageSize(image), route.path).toMatchObject({ width: 1200, height: 630 });
      images.add(createHash('sha256').update(image).digest('hex'));
    }
    expect(images.size).toBe(routes.length);
  });

  it('gives each address its own canonical URL and keeps titles within what search results show', async () => {
    const canonicals = new Set<string>();
    for (const address of addresses) {
      const { doc } = await head(address);
      canonicals.add(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')!);
      expect(doc.querySelector('title')!.text.length).toBeLessThanOrEqual(60);
      expect(meta(doc, 'description')!.length).toBeGreaterThanOrEqual(40);
    }
    expect(canonicals.size).toBe(addresses.length);
  });

  it('uses the colours of the stylesheet for theme-color and the manifest', () => {
    const css = readFileSync(new URL('../client/styles.css', import.meta.url), 'utf8');
    expect(css).toMatch(new RegExp(`--ink:\\s*${THEME_COLOR};`, 'i'));
    expect(css).toMatch(new RegExp(`--paper:\\s*${BACKGROUND_COLOR};`, 'i'));
  });
});

describe('pages that are not ours to index', () => {
  it.each(['/nope', '/products/unknown'])('GET %s (404) keeps noindex and has no canonical, share card or structured data', async (path) => {
    const { doc } = await head(path, 404);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta(doc, 'og:url')).toBeUndefined();
    expect(jsonLd(doc)).toEqual([]);
    expect(doc.querySelector('link[rel="icon"]')).not.toBeNull();
  });

  it('the bad-request page says noindex too', async () => {
    const { doc } = await head('/%E0%A4%A', 400);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('structured data', () => {
  it('describes the business on every page: name, URL, logo, both e-mails, the hours of hours.yaml in GMT, LinkedIn', async () => {
    for (const address of addresses) {
      const business = await structuredDataHolds(live, address);
      const logo = new URL(business.logo as string);
      expect(logo.origin).toBe(site.publicUrl);
      expect(pngSize(await fetchAsset(logo.pathname, 'image/png')).width).toBeGreaterThanOrEqual(112);
    }
  });

  it.each(productRoutes.map((route) => [route.path, route] as [string, Route]))(
    'GET %s has a BreadcrumbList matching the breadcrumb on the page',
    async (path, route) => {
      const { doc } = await head(path);
      const list = jsonLd(doc).find((block) => block['@type'] === 'BreadcrumbList');
      const visible = doc.querySelectorAll('.breadcrumb a').map((link) => ({
        name: link.text.trim(),
        item: site.publicUrl + link.getAttribute('href'),
      }));
      expect(visible.at(-1)?.name).toBe(route.title);
      expect(list?.itemListElement).toEqual(visible.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })));
    },
  );

  it('has no breadcrumbs on pages without a parent', async () => {
    for (const route of routes.filter((candidate) => candidate.parent === undefined)) {
      const { doc } = await head(route.path);
      expect(jsonLd(doc).map((block) => block['@type']), route.path).toEqual(['ProfessionalService', 'WebSite']);
    }
  });

  describe('with hostile text in the configuration', () => {
    const hostile: SiteConfig = {
      ...site,
      brandName: 'Evil</script><script>alert(1)</script><!-- & \u2028\u2029 Co',
      salesEmail: 'sales@example.com',
    };
    const assets = loadAssets(defaultClientDir()).urls;

    it('serializeJsonLd writes <, >, & and U+2028/9 as \\u escapes and still round-trips', () => {
      const text = serializeJsonLd({ name: hostile.brandName });
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(text).toContain('\\u003c/script\\u003e');
      expect(JSON.parse(text)).toEqual({ name: hostile.brandName });
    });

    it('cannot close the script element early', () => {
      const category = productRoutes[0]!.path;
      const result = renderPage(category, { site: hostile, ...fillSite(hostile, siteContent), assets });
      expect(result.kind).toBe('page');
      const html = result.kind === 'page' ? result.html : '';
      const doc = parse(html);
      expect(html).not.toContain('<script>alert(1)');
      expect(jsonLd(doc).find((block) => block['@type'] === 'ProfessionalService')?.name).toBe(hostile.brandName);
    });
  });
});

describe('GET /robots.txt', () => {
  it('is plain text that allows the site and names the absolute sitemap', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).not.toContain('<html');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${site.publicUrl}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('is well-formed XML in the sitemaps.org 0.9 shape with one absolute <loc> per route address', () => sitemapListsEveryAddress(live));

  it('escapes what XML needs escaped in a location', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    expect(res.text).not.toMatch(/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/);
  });
});

describe('each language’s web app manifest', () => {
  it.each(twoLanguages(live.editions).map((edition) => [`${edition.prefix}/manifest.webmanifest`, edition] as const))('GET %s names the brand, describes it and starts at the language’s home page, in its language, and lists square PNG icons of the sizes it claims', async (path, { prefix, language, routes: its }) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.text) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string }> };
    const home = its.find((route) => route.path === `${prefix}/home`)!;
    expect(manifest).toMatchObject({ name: site.brandName, description: home.description, lang: language.code, dir: language.direction, id: home.path, start_url: home.path, theme_color: THEME_COLOR, background_color: BACKGROUND_COLOR });
    expect(['browser', 'standalone']).toContain(manifest.display);
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of pngs) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await fetchAsset(icon.src, 'image/png'))).toEqual({ width, height });
    }
  });
});

describe('speculation rules', () => {
  it('every page names the rules file in a Speculation-Rules header', async () => {
    for (const path of [...addresses, '/nope']) {
      const res = await request(app).get(path);
      expect(res.headers['speculation-rules']).toBe('"/speculation-rules.json"');
    }
  });

  it('the rules file has its own content type and prerenders internal links on hover (moderate)', async () => {
    const res = await request(app).get('/speculation-rules.json').expect(200);
    expect(res.headers['content-type']).toBe('application/speculationrules+json; charset=utf-8');
    const rules = JSON.parse(res.text);
    expect(rules.prerender).toHaveLength(1);
    expect(rules.prerender[0].eagerness).toBe('moderate');
    expect(JSON.stringify(rules.prerender[0].where)).toContain('"href_matches":"/*"');
  });
});

describe('view transitions', () => {
  it('the built stylesheet opts in to cross-document transitions only when motion is welcome', () => {
    const assets = loadAssets(defaultClientDir());
    const css = assets.urls.styles;
    expect(css).toMatch(/@media\s*\(prefers-reduced-motion:\s*no-preference\)\s*\{\s*@view-transition\s*\{\s*navigation:\s*auto;?\s*\}/);
    expect(css.match(/@view-transition/g)).toHaveLength(1);
  });
});
