/**
 * The site as a client sees it over HTTP, one describe per address or status
 * (after expressjs/express test/acceptance/error-pages.js), made from the
 * live content: no word of it is written here, so the owners' edits pass.
 * The spec's words are checked on the content as shipped (spec.test.ts).
 */
import { parse } from 'node-html-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { HOME_PATH, LEGAL_PATH, LEGAL_TAB_PARAM, PRODUCTS_PATH } from '../shared/paths.ts';
import type { Route } from '../shared/routes.ts';
import { say, sayDate } from '../shared/sentences.ts';
import { defaultSite } from '../shared/site.ts';
import { content, editions, liveSite, sharedApp, testApp, THROWN_MESSAGE, throwingRoute, twoLanguages, withThrowingRoute } from './helpers.ts';
import { categoryPageLists, linksLead, menuMarksThePage, pageAnswers, productCardsHold } from './invariants.ts';

const app = sharedApp();
/** The live content's site, every language of it: what must hold whatever its words (invariants.ts); the spec's words are checked on the content as shipped (spec.test.ts). */
const live = liveSite(app);
/** The pages of two languages (twoLanguages): each check below is the same code in every language. */
const routes = twoLanguages(live.editions).flatMap((edition) => edition.routes);
/** Each language's page at a key (/about), where it has one. */
const everyLanguage = (key: string) => routes.filter((route) => route.key === key);

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
  it.each(routes.map((route) => route.path))('every link on GET %s leads somewhere', (address) => linksLead(live, address, fetched));

  it('HEAD answers like GET without a body', async () => {
    const get = await request(app).get('/about').set('Accept-Encoding', 'identity');
    const head = await request(app).head('/about').set('Accept-Encoding', 'identity').expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});

describe('GET /products', () => {
  it.each(everyLanguage(PRODUCTS_PATH).map((route) => [route.path, route] as const))('%s shows a card per category in order, each with its parts and a link to its page', (_path, route) => productCardsHold(live, route));
});

describe('the largest paint on a phone', () => {
  // The image each page paints largest at 390 px is asked for first; no other image competes with it, and the others wait until they are near the window.
  const expected: [string, string][] = [
    ...everyLanguage(HOME_PATH).map((route): [string, string] => [route.path, 'img.hero__art']),
    ...everyLanguage(PRODUCTS_PATH).map((route): [string, string] => [route.path, '.card:first-child img']),
    ...routes.filter((route) => route.category).map((route): [string, string] => [route.path, 'img.page-header__art']),
  ];
  for (const [address, selector] of expected) {
    it(`${address}: ${selector} is the one image fetched with high priority, the others lazily`, async () => {
      const { doc } = await page(address);
      const eager = doc.querySelectorAll('body img[fetchpriority="high"]');
      expect(eager).toHaveLength(1);
      expect(doc.querySelector(selector)).toBe(eager[0]);
      expect(eager[0]!.getAttribute('loading')).toBeUndefined();
      const others = doc.querySelectorAll('body img').filter((img) => img !== eager[0]);
      expect(others.map((img) => img.getAttribute('loading'))).toEqual(others.map(() => 'lazy'));
    });
  }
});

describe('the product list screens', () => {
  it.each(routes.filter((route) => route.category).map((route) => [route.path, route] as [string, Route]))('GET %s lists its headings in order, each with its items', (_path, route) => categoryPageLists(live, route));
});

describe('the legal documents', () => {
  // Each language's legal documents, each a page of its own: the first at /legal, the others at /legal/<file>; of two languages but for their dates.
  const everyDocument = editions.flatMap(({ content: words, routes: table }) => table.filter((route) => route.document).map((route) => ({ route, words })));
  const documents = everyDocument.filter(({ route }) => routes.includes(route));

  it.each(documents.map(({ route, words }) => [route.path, route, words] as const))('GET %s is its document’s page: its title, description and canonical address, its tab marked, its text alone', async (path, route, words) => {
    const { doc } = await page(path);
    const document = route.document!;
    expect(doc.querySelector('title')?.text).toBe(say(words, 'pageTitle', { page: document.title, brandName: defaultSite.brandName }));
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(document.description);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${defaultSite.publicUrl}${path}`);
    expect(doc.querySelectorAll('.legal-tabs__list a').map((link) => [link.text, link.getAttribute('href')])).toEqual(
      words.legal.map((each) => [each.tabLabel, routes.find((other) => other.document?.id === each.id && other.language.code === words.language.code)!.path]),
    );
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(document.tabLabel);
    expect(doc.querySelectorAll('.legal-tabs__panel h2').map((heading) => heading.text)).toEqual([document.title]);
  });

  // The addresses each document had before it had its own (redirects.yaml's rule: an old address keeps working), in every language.
  const old = documents.filter(({ route }) => route.key !== LEGAL_PATH).map(({ route }) => [`${route.path.slice(0, -route.key.length)}${LEGAL_PATH}?${LEGAL_TAB_PARAM}=${route.document!.id}`, route.path] as const);
  it.each(old)('GET %s, its old address, leads permanently to %s', async (from, to) => {
    const res = await request(app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it.each(documents.filter(({ route }) => route.key === LEGAL_PATH).map(({ route }) => [route.path, route.document!.tabLabel]))('GET %s shows the first document for an unknown tab, without echoing the value', async (path, label) => {
    const { doc, res } = await page(`${path}?tab=%3Cscript%3Ealert(1)%3C/script%3E`);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(label);
    expect(res.text).not.toContain('alert(1)');
  });

  // How each language writes a date is its date template's, pinned for templates of the test's own in tests/messages.test.ts; here, that each document's is said in its page's language.
  it.each(everyDocument.map(({ route, words }) => [route.path, route, words] as const))('GET %s says when its text was last updated, in its language’s sentence', async (path, route, words) => {
    const { doc } = await page(path);
    const times = doc.querySelectorAll('.legal-tabs__panel time');
    expect(times.map((time) => [time.getAttribute('datetime'), time.text])).toEqual([[route.document!.updated, say(words, 'lastUpdated', { date: sayDate(words, route.document!.updated) })]]);
  });
});

describe('trailing slashes', () => {
  const categoriesPath = routes.find((route) => route.category)!.path;
  const other = editions[1]?.prefix ?? '';
  it.each([
    ['/about/', '/about'],
    [`${categoriesPath}/`, categoriesPath],
    ['/home/', '/home'],
    ['/legal/?tab=privacy', '/legal/privacy'],
    ['/legal/?tab=bogus&x=1', '/legal'],
    [`${other}/about/`, `${other}/about`],
    [`${other}${categoriesPath}//`, `${other}${categoriesPath}`],
  ])('GET %s redirects permanently to %s', async (from, to) => {
    const res = await request(app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
  });

  it.each(editions.flatMap(({ prefix, routes: table }) => [`${prefix}/`, ...(prefix ? [prefix] : [])].map((alias) => [alias, table.find((route) => route.key === HOME_PATH)!.path])))(
    'GET %s is its language’s home page, %s, not a redirect',
    async (alias, home) => {
      const [aliased, canonical] = await Promise.all([page(alias), page(home)]);
      expect(aliased.res.text).toBe(canonical.res.text);
    },
  );
});

describe('errors while rendering', () => {
  // One app per NODE_ENV, made when first asked for: each renders every page of every language as it starts.
  const apps = new Map<string, ReturnType<typeof testApp>>();
  const withBoom = (nodeEnv: 'test' | 'production') => apps.get(nodeEnv) ?? apps.set(nodeEnv, testApp({ routes: withThrowingRoute, config: { nodeEnv, trustProxy: () => false, site: defaultSite } })).get(nodeEnv)!;

  it('answers 500 with the fallback screen, the message and (outside production) the stack', async () => {
    const res = await request(withBoom('test')).get('/boom').expect(500);
    const doc = parse(res.text);
    expect(doc.querySelector('h1')?.text).toBe(content.labels.errorHeading);
    expect(doc.querySelector('main')?.text).toContain(THROWN_MESSAGE);
    expect(doc.querySelector('pre')?.text).toMatch(/at .*\(/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  // The exception's own words are the developers' (English, and what a visitor should not be told): in production, in every language, the screen says the language's.
  it.each(editions.map((edition) => [edition.prefix + throwingRoute.path, edition.content] as const))('hides the exception in production: %s says its language’s words, no message or stack', async (path, words) => {
    const res = await request(withBoom('production')).get(path).expect(500);
    const doc = parse(res.text);
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe(words.language.code);
    expect(doc.querySelector('html')?.getAttribute('dir')).toBe(words.language.direction);
    expect(res.headers['content-language']).toBe(words.language.code);
    expect(doc.querySelector('h1')?.text).toBe(words.labels.errorHeading);
    expect(doc.querySelector('.error-screen__message')?.text).toBe(words.labels.errorDescription);
    expect(doc.querySelector('main a')?.getAttribute('href')).toBe(path.replace(throwingRoute.path, HOME_PATH));
    expect(res.text).not.toContain(THROWN_MESSAGE);
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
    const chunk = /import\("\.\/(hydrate-islands\.[\w-]+\.js)"\)/.exec(entry.text)?.[1];
    expect(chunk).toBeDefined();
    const res = await request(app).get(`/assets/${chunk}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toContain('hydrateIslands');
  });

  it('the stylesheet comes inline, as the built file has it (its hash in the CSP: security.test.ts, on every page)', async () => {
    const { doc } = await page('/about');
    const assets = loadAssets(defaultClientDir());
    const built = assets.files.find((file) => file.url === assets.urls.stylesheet)!.body.toString('utf8');
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    const styles = doc.querySelectorAll('head style');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.innerHTML).toBe(built);
    expect(built).toContain('.site-header');
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
