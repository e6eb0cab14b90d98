/**
 * The site as a client sees it over HTTP, one describe per address or status
 * (after expressjs/express test/acceptance/error-pages.js).
 */
import { createHash } from 'node:crypto';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { productCategories } from '../shared/content/products.ts';
import { formatDate } from '../shared/screens/Legal.tsx';
import { routes, type Route } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { testApp } from './helpers.ts';

const app = testApp();

async function page(path: string, status = 200) {
  const res = await request(app).get(path).expect(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { res, doc: parse(res.text) };
}

const texts = (doc: HTMLElement, selector: string) => doc.querySelectorAll(selector).map((node) => node.text.trim());

/** The spec's headings of each product list screen, word for word (SPEC.md, section 2). */
const SPEC_HEADINGS: Record<string, string[]> = {
  'energy-and-fuel': ['Fuels', 'Generators', 'Batteries', 'Solar Energy Solutions', 'Wind Power Solutions', 'Energy Storage and Power Conversion', 'Energy Efficiency and Management'],
  'agriculture-inputs': ['Seeds and Planting Material', 'Fertilizers', 'Crop Protection', 'Soil Amendments', 'Irrigation and Water Management', 'Agricultural Equipment', 'Livestock Inputs', 'Greenhouse Supplies', 'Supportive Inputs', 'Agroforestry and Landscaping'],
  'construction-materials': ['Basic Building Materials', 'Finishing Materials', 'Specialized Construction Materials', 'Infrastructure Materials', 'Construction Chemicals', 'Landscaping Materials', 'Construction Tools and Equipment'],
  'industrial-chemicals': ['Solvents', 'Acids and Bases', 'Plastics and Polymers', 'Specialty Gases', 'Petrochemicals', 'Cleaning Agents', 'Adhesives and Sealants', 'Agricultural Chemicals', 'Textile Chemicals', 'Food Grade Chemicals', 'Pharmaceutical Ingredients', 'Water Treatment Chemicals', 'Lubricants and Greases', 'Coatings and Paints', 'Refrigerants', 'Rubber Processing Chemicals'],
  textiles: ['Apparel Fabrics', 'Technical Textiles', 'Home Textiles', 'Industrial Textiles', 'Performance Textiles', 'Eco-friendly Textiles', 'Leather and Faux Leather', 'Textile Composites', 'Non-woven Fabrics', 'Specialty Fabrics'],
};

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
    // Footer block: hidden on the home screen only.
    expect(doc.querySelector('.contact-block') !== null).toBe(route.path !== '/home');
    expect(doc.querySelector('.bottom-strip')?.text).toContain(`© 2023 ${defaultSite.brandName}`);
    expect(doc.querySelector('.bottom-strip a')?.getAttribute('href')).toBe('/legal');
  });

  it('marks the current page in the overlay menu, and the HOME link only on the home screen', async () => {
    for (const route of routes) {
      const { doc } = await page(route.path);
      const menu = doc.querySelector('#site-menu');
      expect(texts(menu!, 'nav a')).toEqual(['Home', 'About Us', 'Our Products', 'Legal']);
      const current = menu!.querySelector('a[aria-current="page"]');
      if (route.menuLabel) expect(current?.text).toBe(route.menuLabel);
      else expect(menu!.querySelector('a[aria-current="true"]')?.text).toBe('Our Products');
      expect(doc.querySelector('.nav-link')?.getAttribute('aria-current')).toBe(route.path === '/home' ? 'page' : undefined);
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
    expect(doc.querySelector('h1')?.text).toBe('Procurement Perfected');
    const readMore = doc.querySelector('main a.button');
    expect(readMore?.querySelector('.read-more__label')?.text).toBe('READ MORE');
    expect(readMore?.text).toBe('READ MORE about us');
    expect(readMore?.getAttribute('href')).toBe('/about');
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
    expect(sections).toEqual(['About Us', 'Values', 'What We Provide']);
    const text = doc.querySelector('main')!.text;
    expect(text).toMatch(/Letter of Intent/);
    expect(text).toMatch(/three offers/i);
    expect(text).toMatch(/0\.05/);
    expect(text).toMatch(/2 ?(%|per ?cent)/);
    expect(text).toMatch(/free/i);
    expect(texts(doc, '.value h3')).toEqual(['Confidentiality', 'Data protection']);
    expect(res.text).not.toContain(' style=');
  });
});

describe('GET /products', () => {
  it('shows the five cards in order, each with its parts and a link to its page', async () => {
    const { doc } = await page('/products');
    const cards = doc.querySelectorAll('.card');
    expect(cards.map((card) => card.querySelector('h2')?.text)).toEqual([
      'Energy and Fuel',
      'Agricultural Inputs',
      'Industrial Chemicals',
      'Construction Materials',
      'Textiles',
    ]);
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual([
      '/products/energy-and-fuel',
      '/products/agriculture-inputs',
      '/products/industrial-chemicals',
      '/products/construction-materials',
      '/products/textiles',
    ]);
    for (const card of cards) {
      expect(card.querySelector('.card__subtitle')?.text).toBeTruthy();
      expect(card.querySelector('.card__text')?.text).toBeTruthy();
      const image = card.querySelector('img');
      expect(image?.getAttribute('alt')).toBeTruthy();
      expect(image?.getAttribute('width')).toBeTruthy();
      expect(image?.getAttribute('height')).toBeTruthy();
      const link = card.querySelector('a');
      expect(link?.querySelector('.read-more__label')?.text).toBe('Read More');
      expect(link?.text).toBe(`Read More about ${card.querySelector('h2')?.text}`);
    }
  });
});

describe('the largest paint on a phone', () => {
  // The image each page paints largest at 390 px is asked for first; no other image competes with it.
  const expected: [string, string][] = [
    ['/home', 'img.hero__art'],
    ['/products', '.card:first-child img'],
    ...routes.filter((route) => route.productSlug).map((route): [string, string] => [route.path, 'img.page-header__art']),
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
  it.each(Object.entries(SPEC_HEADINGS))('GET /products/%s lists the spec headings in order, each with items', async (slug, headings) => {
    const { doc } = await page(`/products/${slug}`);
    const category = productCategories.find((candidate) => candidate.slug === slug)!;
    expect(doc.querySelector('h1')?.text).toBe(category.title);
    const groups = doc.querySelectorAll('.heading-group');
    expect(groups.map((group) => group.querySelector('h2')?.text)).toEqual(headings);
    for (const group of groups) expect(group.querySelectorAll('li').length).toBeGreaterThanOrEqual(3);
    expect(doc.querySelector('.breadcrumb a')?.getAttribute('href')).toBe('/products');
  });
});

describe('GET /legal', () => {
  it('shows three tabs with Terms of Use selected, and a Home button', async () => {
    const { doc } = await page('/legal');
    expect(texts(doc, '.legal-tabs__list a')).toEqual(['Terms of Use', 'Privacy Policy', 'Disclaimer']);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe('Terms of Use');
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

  it.each(['2026-01-09', '2026-12-31', '2025-02-28'])('formatDate(%s) reads as en-GB would', (iso) => {
    expect(formatDate(iso)).toBe(new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
  });

  it('formatDate refuses what is not an ISO date', () => {
    expect(() => formatDate('March 2026')).toThrow(/Not an ISO date/);
    expect(() => formatDate('2026-13-01')).toThrow(/Not an ISO date/);
  });
});

describe('the footer block', () => {
  it('shows business hours, both e-mail addresses as mailto links and LinkedIn', async () => {
    const { doc } = await page('/about');
    const block = doc.querySelector('.contact-block')!;
    expect(block.text).toContain('Monday to Friday');
    expect(block.text).toContain('9:00 am to 6:00 pm GMT');
    expect(block.text).toMatch(/closed on weekends and public holidays/i);
    const hrefs = block.querySelectorAll('a').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`mailto:${defaultSite.generalEmail}`);
    expect(hrefs).toContain(`mailto:${defaultSite.salesEmail}`);
    expect(hrefs).toContain(defaultSite.linkedInUrl);
  });

  it('prints the configured brand and addresses, not the defaults', async () => {
    const site = { ...defaultSite, brandName: 'Northgate Sourcing', generalEmail: 'hello@northgate.test' };
    const res = await request(testApp({ config: { nodeEnv: 'test', trustProxy: false, site } })).get('/legal').expect(200);
    expect(res.text).toContain('Northgate Sourcing');
    expect(res.text).toContain('mailto:hello@northgate.test');
    expect(res.text).not.toContain(defaultSite.brandName);
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/products/unknown', '/About', '/home/extra', '//evil.example/x'])('GET %s shows the home screen with 404 and noindex', async (path) => {
    const { doc } = await page(path, 404);
    expect(doc.querySelector('h1')?.text).toBe('Procurement Perfected');
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
  const boom: Route = {
    ...routes[0]!,
    path: '/boom',
    screen: () => {
      throw new Error('The widget fell over');
    },
  };
  const withBoom = (nodeEnv: 'test' | 'production') =>
    testApp({ routes: [...routes, boom], config: { nodeEnv, trustProxy: false, site: defaultSite } });

  it('answers 500 with the fallback screen, the message and (outside production) the stack', async () => {
    const res = await request(withBoom('test')).get('/boom').expect(500);
    const doc = parse(res.text);
    expect(doc.querySelector('h1')?.text).toBe('Unexpected Application Error!');
    expect(doc.querySelector('main')?.text).toContain('The widget fell over');
    expect(doc.querySelector('pre')?.text).toMatch(/at .*\(/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('hides the stack trace in production', async () => {
    const res = await request(withBoom('production')).get('/boom').expect(500);
    expect(res.text).toContain('The widget fell over');
    expect(res.text).not.toContain('<pre');
    expect(res.text).not.toMatch(/at .*\.tsx?:\d+/);
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

  it('imports React and the islands as a chunk that starts with the hint that Chrome may compile all of it while it downloads', async () => {
    const { doc } = await page('/home');
    const entry = await request(app).get(doc.querySelector('script[src]')!.getAttribute('src')!).expect(200);
    const chunk = /import\("\.\/(islands\.[\w-]+\.js)"\)/.exec(entry.text)?.[1];
    expect(chunk).toBeDefined();
    const res = await request(app).get(`/assets/${chunk}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
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
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
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
