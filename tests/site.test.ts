/**
 * The site as a client sees it over HTTP, one describe per address or status
 * (after expressjs/express test/acceptance/error-pages.js), made from the
 * live content: no word of it is written here, so the owners' edits pass.
 * The spec's words are checked on the content as shipped (spec.test.ts).
 */
import { createHash } from 'node:crypto';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { LEGAL_PATH, LEGAL_TAB_PARAM, routeAddresses } from '../shared/paths.ts';
import type { Route } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { content, cspDirectives, testApp, THROWN_MESSAGE, throwingRoute, withThrowingRoute, filledRoutes as routes, type SiteUnderTest } from './helpers.ts';
import { categoryPageLists, footerHolds, linksLead, menuMarksThePage, pageAnswers, productCardsHold } from './invariants.ts';

const app = testApp();
/** The live content's site: what must hold whatever its words (invariants.ts); the spec's words are checked on the content as shipped (spec.test.ts). */
const live: SiteUnderTest = { app, routes, content, site: defaultSite };

async function page(path: string, status = 200) {
  const res = await request(app).get(path).expect(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { res, doc: parse(res.text) };
}

describe('every route in the table', () => {
  it.each(routes.map((route) => [route.path, route] as [string, Route]))('GET %s answers 200 with its own title, one h1, the shell and its chrome', (_path, route) => pageAnswers(live, route));

  it('marks the current page in the overlay menu, and the HOME link only on the home screen', async () => {
    for (const route of routes) await menuMarksThePage(live, route);
  });

  // One set for the file: a path of ours is fetched once, whichever page links to it first.
  const fetched = new Set<string>();
  it.each(routes.flatMap(routeAddresses))('every link on GET %s leads somewhere', (address) => linksLead(live, address, fetched));

  it('HEAD answers like GET without a body', async () => {
    const get = await request(app).get('/about').set('Accept-Encoding', 'identity');
    const head = await request(app).head('/about').set('Accept-Encoding', 'identity').expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});

describe('GET /products', () => {
  it('shows a card per category in order, each with its parts and a link to its page', () => productCardsHold(live));
});

describe('the largest paint on a phone', () => {
  // The image each page paints largest at 390 px is asked for first; no other image competes with it.
  const expected: [string, string][] = [
    ['/home', 'img.hero__art'],
    ['/products', '.card:first-child img'],
    ...routes.filter((route) => route.category).map((route): [string, string] => [route.path, 'img.page-header__art']),
  ];
  for (const [address, selector] of expected) {
    it(`${address}: ${selector} is the one image fetched with high priority`, async () => {
      const { doc } = await page(address);
      const eager = doc.querySelectorAll('body img[fetchpriority="high"]');
      expect(eager).toHaveLength(1);
      expect(doc.querySelector(selector)).toBe(eager[0]);
    });
  }
});

describe('the product list screens', () => {
  it.each(routes.filter((route) => route.category).map((route) => [route.path, route] as [string, Route]))('GET %s lists its headings in order, each with its items', (_path, route) => categoryPageLists(live, route));
});

describe('GET /legal', () => {
  const [first, ...others] = content.legal;

  it.each(others.map((doc) => [doc.id, doc.tabLabel]))('GET /legal?tab=%s shows that tab, with its own canonical address', async (tab, label) => {
    const { doc } = await page(`${LEGAL_PATH}?${LEGAL_TAB_PARAM}=${tab}`);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(label);
    const visible = doc.querySelectorAll('.legal-tabs__panel').filter((panel) => !panel.hasAttribute('hidden'));
    expect(visible.map((panel) => panel.id)).toEqual([`panel-${tab}`]);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${defaultSite.publicUrl}${LEGAL_PATH}?${LEGAL_TAB_PARAM}=${tab}`);
  });

  it('shows the first document for an unknown tab, without echoing the value', async () => {
    const { doc, res } = await page('/legal?tab=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(first!.tabLabel);
    expect(res.text).not.toContain('alert(1)');
  });

  it('each text says when it was last updated, as a day, a month and a year', async () => {
    const { doc } = await page('/legal');
    const times = doc.querySelectorAll('.legal-tabs__panel time');
    expect(times).toHaveLength(content.legal.length);
    for (const time of times) {
      const iso = time.getAttribute('datetime')!;
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(time.text).toBe(new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
    }
  });
});

describe('the footer block', () => {
  it('shows the hours of hours.yaml, both e-mail addresses as mailto links and LinkedIn', () => footerHolds(live, '/about'));

  it('prints the configured brand and addresses, not the defaults', async () => {
    const site = { ...defaultSite, brandName: 'Northgate Sourcing', generalEmail: 'hello@northgate.test' };
    const res = await request(testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site } })).get('/legal').expect(200);
    expect(res.text).toContain('Northgate Sourcing');
    expect(res.text).toContain('mailto:hello@northgate.test');
    expect(res.text).not.toContain(defaultSite.brandName);
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/products/unknown', '/About', '/home/extra', '//evil.example/x'])('GET %s shows the home screen with 404 and noindex', async (path) => {
    const { doc } = await page(path, 404);
    expect(doc.querySelector('h1')?.text).toBe(content.home.tagline);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('.contact-block')).toBeNull();
    expect(doc.querySelector('.nav-link')?.getAttribute('aria-current')).toBeUndefined();
  });
});

describe('trailing slashes', () => {
  const categoriesPath = routes.find((route) => route.category)!.path;
  it.each([
    ['/about/', '/about'],
    [`${categoriesPath}/`, categoriesPath],
    ['/home/', '/home'],
    ['/legal/?tab=privacy', '/legal?tab=privacy'],
    ['/legal/?tab=bogus&x=1', '/legal'],
  ])('GET %s redirects permanently to %s', async (from, to) => {
    const res = await request(app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
  });
});

describe('errors while rendering', () => {
  const withBoom = (nodeEnv: 'test' | 'production') =>
    testApp({ routes: withThrowingRoute, config: { nodeEnv, trustProxy: () => false, site: defaultSite } });

  it('answers 500 with the fallback screen, the message and (outside production) the stack', async () => {
    const res = await request(withBoom('test')).get('/boom').expect(500);
    const doc = parse(res.text);
    expect(doc.querySelector('h1')?.text).toBe(content.labels.errorHeading);
    expect(doc.querySelector('main')?.text).toContain(THROWN_MESSAGE);
    expect(doc.querySelector('pre')?.text).toMatch(/at .*\(/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('hides the stack trace in production', async () => {
    const res = await request(withBoom('production')).get('/boom').expect(500);
    expect(res.text).toContain(THROWN_MESSAGE);
    expect(res.text).not.toContain('<pre');
    expect(res.text).not.toMatch(/at .*\.tsx?:\d+/);
  });

  it('answers its Markdown address with the fallback screen too, not the home page', async () => {
    const res = await request(withBoom('production')).get('/boom.md').expect(500);
    expect(parse(res.text).querySelector('h1')?.text).toBe(content.labels.errorHeading);
  });

  it('keeps serving after an error', async () => {
    const server = withBoom('test');
    await request(server).get('/boom').expect(500);
    await request(server).get('/about').expect(200);
    await request(server).get('/boom').expect(500);
    await request(server).get('/home').expect(200);
  });
});

describe('the client bundle', () => {
  it('is linked with a hashed name and SRI, as a module (not render-blocking)', async () => {
    const { doc } = await page('/home');
    const script = doc.querySelector('script[src]');
    expect(script?.getAttribute('src')).toMatch(/^\/assets\/entry\.[0-9a-f]{12}\.js$/);
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.getAttribute('integrity')).toMatch(/^sha384-/);
  });

  it('imports React and the islands as a chunk of their own, immutable for a year', async () => {
    const { doc } = await page('/home');
    const entry = await request(app).get(doc.querySelector('script[src]')!.getAttribute('src')!).expect(200);
    const chunk = /import\("\.\/(islands\.[\w-]+\.js)"\)/.exec(entry.text)?.[1];
    expect(chunk).toBeDefined();
    const res = await request(app).get(`/assets/${chunk}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toContain('hydrateIslands');
  });

  it('the stylesheet comes inline, as the built file has it, allowed by its hash in the CSP', async () => {
    const { doc, res } = await page('/about');
    const assets = loadAssets(defaultClientDir());
    const built = assets.files.find((file) => file.url === assets.urls.stylesheet)!.body.toString('utf8');
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    const styles = doc.querySelectorAll('head style');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.innerHTML).toBe(built);
    expect(built).toContain('.site-header');
    const hash = createHash('sha256').update(built).digest('base64');
    expect(cspDirectives(res.headers['content-security-policy']).get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('is served immutable for a year, and the stylesheet and images too', async () => {
    const { doc } = await page('/products');
    const urls = [
      doc.querySelector('script[src]')!.getAttribute('src')!,
      loadAssets(defaultClientDir()).urls.stylesheet,
      ...doc.querySelectorAll('img').map((img) => img.getAttribute('src')!),
    ];
    for (const url of urls) {
      const res = await request(app).get(url).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a missing asset answers 404, never the home page', async () => {
    const res = await request(app).get('/assets/entry.000000000000.js').expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).not.toContain(content.home.tagline);
  });
});

describe('GET /healthz and GET /readyz', () => {
  it.each(['/healthz', '/readyz'])('%s answers 200, not stored, and is not shadowed by the home page', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('/readyz answers 503 once shutdown begins', async () => {
    const draining = testApp();
    draining.setReady(false);
    await request(draining).get('/readyz').expect(503);
    await request(draining).get('/healthz').expect(200);
  });
});
