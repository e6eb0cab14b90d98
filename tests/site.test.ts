/**
 * The site as a client sees it over HTTP, one describe per address or status
 * (after expressjs/express test/acceptance/error-pages.js).
 */
import { createHash } from 'node:crypto';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { menuLinks } from '../shared/paths.ts';
import { categoriesOf, siteRoutes, type Route } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { content, cspDirectives, testApp, THROWN_MESSAGE, throwingRoute, filledRoutes as routes } from './helpers.ts';
import { SPEC_ABOUT_SECTIONS, SPEC_READ_MORE, SPEC_SERVICE, SPEC_VALUES, SPEC_CATEGORIES, SPEC_COPYRIGHT_YEAR, SPEC_ERROR_HEADING, SPEC_HOME, SPEC_HOURS, SPEC_LEGAL_TABS, SPEC_LIGHT_PAGES, SPEC_MENU, SPEC_NO_FOOTER } from './spec.ts';

const app = testApp();

async function page(path: string, status = 200) {
  const res = await request(app).get(path).expect(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { res, doc: parse(res.text) };
}

const texts = (doc: HTMLElement, selector: string) => doc.querySelectorAll(selector).map((node) => node.text.trim());

describe('the route table and the content implement the spec', () => {
  it('the overlay menu lists Home, About Us, Our Products and Legal, in that order', () => {
    expect(menuLinks(routes).map(({ label, href }) => ({ label, path: href }))).toEqual(SPEC_MENU);
  });

  it('five product categories, in the spec’s order, each at its address with the spec’s headings', () => {
    expect(categoriesOf(routes).map((category) => category.title)).toEqual(SPEC_CATEGORIES.map((category) => category.title));
    for (const spec of SPEC_CATEGORIES) {
      const route = routes.find((candidate) => candidate.path === spec.path);
      expect(route?.category?.title, spec.path).toBe(spec.title);
      expect(route?.category?.headings.map((group) => group.heading), spec.path).toEqual(spec.headings);
    }
  });

  it('the light style on /about and /products only, and the footer block everywhere but /home', () => {
    expect(routes.filter((route) => route.chrome === 'light').map((route) => route.path)).toEqual(SPEC_LIGHT_PAGES);
    expect(routes.filter((route) => !route.footer).map((route) => route.path)).toEqual(SPEC_NO_FOOTER);
  });
});

describe('every route in the table', () => {
  it.each(routes.map((route) => [route.path, route] as [string, Route]))('GET %s answers 200 with its own title, one h1, the shell and its chrome', async (path, route) => {
    const { doc } = await page(path);
    expect(doc.querySelector('title')?.text).toContain(route.title);
    expect(doc.querySelector('title')?.text).toContain(defaultSite.brandName);
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(route.description);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(defaultSite.publicUrl + route.path);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelectorAll('main')).toHaveLength(1);
    // Nav variant: /about and /products use the light style.
    expect(doc.querySelector('body')?.getAttribute('class')).toBe(`chrome-${route.chrome}`);
    expect(doc.querySelector('.site-header')?.classList.contains(`site-header--${route.chrome}`)).toBe(true);
    expect(doc.querySelector('.bottom-strip')?.classList.contains(`bottom-strip--${route.chrome}`)).toBe(true);
    expect(doc.querySelector('.contact-block') !== null).toBe(route.footer);
    expect(doc.querySelector('.bottom-strip')?.text).toContain(`© ${SPEC_COPYRIGHT_YEAR} ${defaultSite.brandName}`);
    expect(doc.querySelector('.bottom-strip a')?.getAttribute('href')).toBe('/legal');
  });

  it('marks the current page in the overlay menu, and the HOME link only on the home screen', async () => {
    for (const route of routes) {
      const { doc } = await page(route.path);
      const menu = doc.querySelector('#site-menu');
      expect(texts(menu!, 'nav a')).toEqual(menuLinks(routes).map((link) => link.label));
      const current = menu!.querySelector('a[aria-current="page"]');
      if (route.menuLabel) expect(current?.text).toBe(route.menuLabel);
      else expect(menu!.querySelector('a[aria-current="true"]')?.text).toBe(routes.find((parent) => parent.path === route.parent)?.menuLabel);
      expect(doc.querySelector('.nav-link')?.getAttribute('aria-current')).toBe(route.path === SPEC_HOME.path ? 'page' : undefined);
    }
  });

  it('HEAD answers like GET without a body', async () => {
    const get = await request(app).get('/about').set('Accept-Encoding', 'identity');
    const head = await request(app).head('/about').set('Accept-Encoding', 'identity').expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});

describe('GET /home and GET /', () => {
  it.each(['/home', '/'])('%s shows the hero, the tagline and READ MORE to /about', async (path) => {
    const { doc } = await page(path);
    expect(doc.querySelector('h1')?.text).toBe(SPEC_HOME.tagline);
    const readMore = doc.querySelector('main a.button');
    expect(readMore?.querySelector('.read-more__label')?.text).toBe(SPEC_HOME.cta);
    expect(readMore?.text).toBe(`${SPEC_HOME.cta} about us`);
    expect(readMore?.getAttribute('href')).toBe(SPEC_HOME.ctaPath);
    const hero = doc.querySelector('main img');
    expect(hero?.getAttribute('alt')).toBeTruthy();
    expect(hero?.getAttribute('width')).toBe('640');
    expect(hero?.getAttribute('height')).toBe('480');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${defaultSite.publicUrl}/home`);
    expect(doc.querySelector('.nav-link[aria-current="page"]')?.text).toBe('HOME');
  });
});

describe('GET /about', () => {
  it('has the three sections and explains the service', async () => {
    const { doc, res } = await page('/about');
    const sections = doc.querySelectorAll('main .section').map((section) => doc.getElementById(section.getAttribute('aria-labelledby')!)?.text);
    expect(sections).toEqual(SPEC_ABOUT_SECTIONS);
    const text = doc.querySelector('main')!.text;
    for (const fact of Object.values(SPEC_SERVICE)) expect(text).toContain(fact);
    expect(text).toMatch(/free/i);
    expect(texts(doc, '.value h3')).toEqual(SPEC_VALUES);
    expect(res.text).not.toContain(' style=');
  });
});

describe('GET /products', () => {
  it('shows a card per category in order, each with its parts and a link to its page', async () => {
    const { doc } = await page('/products');
    const cards = doc.querySelectorAll('.card');
    const children = routes.filter((route) => route.parent === '/products');
    expect(cards.map((card) => card.querySelector('h2')?.text)).toEqual(children.map((route) => route.title));
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(children.map((route) => route.path));
    for (const card of cards) {
      expect(card.querySelector('.card__subtitle')?.text).toBeTruthy();
      expect(card.querySelector('.card__text')?.text).toBeTruthy();
      const image = card.querySelector('img');
      expect(image?.getAttribute('alt')).toBeTruthy();
      expect(image?.getAttribute('width')).toBeTruthy();
      expect(image?.getAttribute('height')).toBeTruthy();
      const link = card.querySelector('a');
      expect(link?.querySelector('.read-more__label')?.text).toBe(SPEC_READ_MORE);
      expect(link?.text).toBe(`${SPEC_READ_MORE} ${content.labels.readMoreAbout} ${card.querySelector('h2')?.text}`);
    }
  });
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
  it.each(routes.filter((route) => route.category).map((route) => [route.path, route.category!]))('GET %s lists its headings in order, each with its items', async (path, category) => {
    const { doc } = await page(path);
    expect(doc.querySelector('h1')?.text).toBe(category.title);
    const groups = doc.querySelectorAll('.heading-group');
    expect(groups.map((group) => group.querySelector('h2')?.text)).toEqual(category.headings.map((group) => group.heading));
    expect(groups.map((group) => texts(group, 'li'))).toEqual(category.headings.map((group) => group.items));
    expect(doc.querySelector('.breadcrumb a')?.getAttribute('href')).toBe('/products');
  });
});

describe('GET /legal', () => {
  it('shows three tabs with Terms of Use selected, and a Home button', async () => {
    const { doc } = await page('/legal');
    expect(texts(doc, '.legal-tabs__list a')).toEqual(SPEC_LEGAL_TABS);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(SPEC_LEGAL_TABS[0]);
    const visible = doc.querySelectorAll('.legal-tabs__panel').filter((panel) => !panel.hasAttribute('hidden'));
    expect(visible).toHaveLength(1);
    expect(visible[0]?.querySelector('h2')?.text).toMatch(/Terms of Use/);
    const home = doc.querySelectorAll('main a').find((link) => link.text === 'Home');
    expect(home?.getAttribute('href')).toBe('/home');
  });

  it.each([
    ['privacy', 'Privacy Policy'],
    ['disclaimer', 'Disclaimer'],
  ])('GET /legal?tab=%s shows that tab, with its own canonical address', async (tab, label) => {
    const { doc } = await page(`/legal?tab=${tab}`);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(label);
    const visible = doc.querySelectorAll('.legal-tabs__panel').filter((panel) => !panel.hasAttribute('hidden'));
    expect(visible.map((panel) => panel.id)).toEqual([`panel-${tab}`]);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${defaultSite.publicUrl}/legal?tab=${tab}`);
  });

  it('shows Terms of Use for an unknown tab, without echoing the value', async () => {
    const { doc, res } = await page('/legal?tab=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe('Terms of Use');
    expect(res.text).not.toContain('alert(1)');
  });

  it('the texts cover the topics the spec lists', async () => {
    const { doc } = await page('/legal');
    const panel = (id: string) => doc.querySelector(`#panel-${id}`)!.text;
    expect(panel('terms')).toMatch(/non-commercial/i);
    expect(panel('terms')).toMatch(/copyright/i);
    expect(panel('terms')).toMatch(/trade ?marks?/i);
    expect(panel('privacy')).toMatch(/newsletter/i);
    expect(panel('privacy')).toMatch(/data protection|protect/i);
    expect(panel('disclaimer')).toMatch(/general/i);
    expect(panel('disclaimer')).toMatch(/warrant/i);
  });

  it('each text says when it was last updated, as a day, a month and a year', async () => {
    const { doc } = await page('/legal');
    const times = doc.querySelectorAll('.legal-tabs__panel time');
    expect(times).toHaveLength(3);
    for (const time of times) {
      const iso = time.getAttribute('datetime')!;
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(time.text).toBe(new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
    }
  });

});

describe('the footer block', () => {
  it('shows business hours, both e-mail addresses as mailto links and LinkedIn', async () => {
    const { doc } = await page('/about');
    const block = doc.querySelector('.contact-block')!;
    expect(block.text).toContain(SPEC_HOURS.days);
    expect(block.text).toContain(SPEC_HOURS.hours);
    expect(block.text).toMatch(/closed on weekends and public holidays/i);
    const hrefs = block.querySelectorAll('a').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`mailto:${defaultSite.generalEmail}`);
    expect(hrefs).toContain(`mailto:${defaultSite.salesEmail}`);
    expect(hrefs).toContain(defaultSite.linkedInUrl);
  });

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
    expect(doc.querySelector('h1')?.text).toBe(SPEC_HOME.tagline);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('.contact-block')).toBeNull();
    expect(doc.querySelector('.nav-link')?.getAttribute('aria-current')).toBeUndefined();
  });
});

describe('trailing slashes', () => {
  it.each([
    ['/about/', '/about'],
    ['/products/textiles/', '/products/textiles'],
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
    testApp({ routes: (content) => [...siteRoutes(content), throwingRoute], config: { nodeEnv, trustProxy: () => false, site: defaultSite } });

  it('answers 500 with the fallback screen, the message and (outside production) the stack', async () => {
    const res = await request(withBoom('test')).get('/boom').expect(500);
    const doc = parse(res.text);
    expect(doc.querySelector('h1')?.text).toBe(SPEC_ERROR_HEADING);
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
    expect(parse(res.text).querySelector('h1')?.text).toBe(SPEC_ERROR_HEADING);
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
    expect(res.text).not.toContain('Procurement Perfected');
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
