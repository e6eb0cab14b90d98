/**
 * The spec's fixed words and counts (spec.ts), checked on the content as shipped (tests/fixtures/shipped), so the owners'
 * edits of the live files never fail here; docs/testing.md says how to refresh the fixture when the spec changes.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLinks } from '../shared/paths.ts';
import { categoriesOf } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { SHIPPED_ROOT, siteAt } from './helpers.ts';
import { contentCheckPasses } from './invariants.ts';
import {
  SPEC_ABOUT_SECTIONS,
  SPEC_CATEGORIES,
  SPEC_COPYRIGHT_YEAR,
  SPEC_ERROR_HEADING,
  SPEC_HOME,
  SPEC_HOURS,
  SPEC_LEGAL_TABS,
  SPEC_LIGHT_PAGES,
  SPEC_MENU,
  SPEC_NO_FOOTER,
  SPEC_READ_MORE,
  SPEC_SERVICE,
  SPEC_VALUES,
} from './spec.ts';

let shipped: Awaited<ReturnType<typeof siteAt>>;
beforeAll(async () => {
  shipped = await siteAt(SHIPPED_ROOT);
});
afterAll(() => shipped.remove());

async function page(path: string) {
  const res = await request(shipped.app).get(path).expect(200);
  return { res, doc: parse(res.text) };
}

const texts = (doc: HTMLElement, selector: string) => doc.querySelectorAll(selector).map((node) => node.text.trim());

describe('the content as shipped implements the spec', () => {
  it('passes the content check, as the live content must', () => contentCheckPasses(SHIPPED_ROOT, defaultSite));

  it('the overlay menu lists Home, About Us, Our Products and Legal, in that order', () => {
    expect(menuLinks(shipped.routes).map(({ label, href }) => ({ label, path: href }))).toEqual(SPEC_MENU);
  });

  it('five product categories, in the spec’s order, each at its address with the spec’s headings', () => {
    expect(categoriesOf(shipped.routes).map((category) => category.title)).toEqual(SPEC_CATEGORIES.map((category) => category.title));
    for (const spec of SPEC_CATEGORIES) {
      const route = shipped.routes.find((candidate) => candidate.path === spec.path);
      expect(route?.category?.title, spec.path).toBe(spec.title);
      expect(route?.category?.headings.map((group) => group.heading), spec.path).toEqual(spec.headings);
    }
  });

  it('the light style on /about and /products only, and the footer block everywhere but /home', () => {
    expect(shipped.routes.filter((route) => route.chrome === 'light').map((route) => route.path)).toEqual(SPEC_LIGHT_PAGES);
    expect(shipped.routes.filter((route) => !route.footer).map((route) => route.path)).toEqual(SPEC_NO_FOOTER);
  });

  it('every page’s copyright line has the spec’s year', async () => {
    for (const route of shipped.routes) {
      const { doc } = await page(route.path);
      expect(doc.querySelector('.bottom-strip')?.text, route.path).toContain(`© ${SPEC_COPYRIGHT_YEAR} ${defaultSite.brandName}`);
    }
  });

  it('the fallback screen’s heading is the spec’s', () => {
    // The screen shows this label whatever it says: "errors while rendering" in site.test.ts.
    expect(shipped.editions[0]!.content.labels.errorHeading).toBe(SPEC_ERROR_HEADING);
  });
});

describe('GET /home and GET /, as shipped', () => {
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

describe('GET /about, as shipped', () => {
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

describe('GET /products, as shipped', () => {
  it('each card’s button reads Read More', async () => {
    const { doc } = await page('/products');
    const labels = texts(doc, '.card a .read-more__label');
    expect(labels).toHaveLength(SPEC_CATEGORIES.length);
    for (const label of labels) expect(label).toBe(SPEC_READ_MORE);
  });
});

describe('GET /legal, as shipped', () => {
  it('shows three tabs with Terms of Use selected, and a Home button', async () => {
    const { doc } = await page('/legal');
    expect(texts(doc, '.legal-tabs__list a')).toEqual(SPEC_LEGAL_TABS);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(SPEC_LEGAL_TABS[0]);
    const panels = doc.querySelectorAll('.legal-tabs__panel');
    expect(panels).toHaveLength(1);
    expect(panels[0]?.querySelector('h2')?.text).toBe(SPEC_LEGAL_TABS[0]);
    const home = doc.querySelectorAll('main a').find((link) => link.text === 'Home');
    expect(home?.getAttribute('href')).toBe('/home');
  });

  it.each([
    ['privacy', SPEC_LEGAL_TABS[1]],
    ['disclaimer', SPEC_LEGAL_TABS[2]],
  ])('GET /legal/%s shows %s, and its old address /legal?tab=%s leads there', async (tab, label) => {
    const { doc } = await page(`/legal/${tab}`);
    expect(doc.querySelector('.legal-tabs__list a[aria-current="page"]')?.text).toBe(label);
    expect((await request(shipped.app).get(`/legal?tab=${tab}`).expect(301)).headers.location).toBe(`/legal/${tab}`);
  });

  it('the texts cover the topics the spec lists', async () => {
    const panel = async (path: string) => (await page(path)).doc.querySelector('.legal-tabs__panel')!.text;
    const [terms, privacy, disclaimer] = await Promise.all(['/legal', '/legal/privacy', '/legal/disclaimer'].map(panel));
    expect(terms).toMatch(/non-commercial/i);
    expect(terms).toMatch(/copyright/i);
    expect(terms).toMatch(/trade ?marks?/i);
    expect(privacy).toMatch(/newsletter/i);
    expect(privacy).toMatch(/data protection|protect/i);
    expect(disclaimer).toMatch(/general/i);
    expect(disclaimer).toMatch(/warrant/i);
  });

  it('each document’s Markdown has it under its tab’s name', async () => {
    const markdown = await Promise.all(['/legal.md', '/legal/privacy.md', '/legal/disclaimer.md'].map(async (path) => (await page(path)).res.text.match(/^## .+$/gm)));
    expect(markdown).toEqual(SPEC_LEGAL_TABS.map((tab) => [`## ${tab}`]));
  });
});

describe('the footer block, as shipped', () => {
  it('shows the spec’s business hours, closed on weekends and public holidays', async () => {
    const block = (await page('/about')).doc.querySelector('.contact-block')!;
    expect(block.text).toContain(SPEC_HOURS.days);
    expect(block.text).toContain(SPEC_HOURS.hours);
    expect(block.text).toMatch(/closed on weekends and public holidays/i);
  });
});

describe('llms.txt, as shipped', () => {
  it('states the service as the spec does: the LOI, three offers, free to the buyer, the commission', async () => {
    const quote = (await page('/llms.txt')).res.text.split('\n\n')[1]!;
    for (const fact of Object.values(SPEC_SERVICE)) expect(quote).toContain(fact);
    expect(quote).toMatch(/free to the buyer/i);
  });
});
