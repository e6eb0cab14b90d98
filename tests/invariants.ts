/**
 * What must hold whatever the words say, for a site made from any content
 * the content check accepts: every page answers with its own head and
 * chrome, the menu lists the pages, every link leads somewhere, each page's
 * Markdown has its text, llms.txt and the sitemap list every page, and the
 * footer and the structured data say the hours of hours.yaml. The tests of
 * the live content (site, readers, seo, content) and of an owner’s edits
 * (owners-edits.test.ts) call these same functions: none of them names a
 * word of the content, so the words can change without them failing.
 */
import type { Nodes as MdNode, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { expect } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readContent } from '../content/read.ts';
import { checkSite } from '../scripts/check.ts';
import { MARKDOWN, markdownAddress } from '../server/render/markdown.ts';
import { hoursText } from '../shared/hours.ts';
import { HOME_PATH, LEGAL_PATH, PRODUCTS_PATH, routeAddresses } from '../shared/paths.ts';
import type { Route } from '../shared/routes.ts';
import type { SiteConfig } from '../shared/site.ts';
import type { SiteUnderTest } from './helpers.ts';

const HTML = 'text/html; charset=utf-8';

/** Each site's pages, parsed, by address: the app prepared them at start-up and they never change, so each is fetched and parsed once. */
const pages = new WeakMap<SiteUnderTest, Map<string, Promise<HTMLElement>>>();

/** The page at `address`, which answers 200 with HTML; not to be changed (it is shared). */
function page(under: SiteUnderTest, address: string): Promise<HTMLElement> {
  const parsed = pages.get(under) ?? pages.set(under, new Map()).get(under)!;
  let fetched = parsed.get(address);
  if (!fetched) {
    fetched = request(under.app)
      .get(address)
      .then((res) => {
        expect(res.status, address).toBe(200);
        expect(res.headers['content-type'], address).toBe(HTML);
        return parse(res.text);
      });
    parsed.set(address, fetched);
  }
  return fetched;
}

const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((node) => node.text.trim());

/** The content check, whole (each file's own and the route table's: what the build stops on), finds nothing under `root`. */
export async function contentCheckPasses(root: string, site: SiteConfig): Promise<void> {
  expect((await checkSite(readContent(root), site)).problems).toEqual([]);
}

/** GET of the route's path answers 200 with its own title, description and canonical address, one h1 and one main, its chrome, and the bottom strip. */
export async function pageAnswers(under: SiteUnderTest, route: Route): Promise<void> {
  const { content, site } = under;
  const doc = await page(under, route.path);
  expect(doc.querySelector('title')?.text).toContain(route.title);
  expect(doc.querySelector('title')?.text).toContain(site.brandName);
  expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(route.description);
  expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(site.publicUrl + route.path);
  expect(doc.querySelector('meta[name="robots"]')).toBeNull();
  expect(doc.querySelectorAll('h1')).toHaveLength(1);
  expect(doc.querySelectorAll('main')).toHaveLength(1);
  expect(doc.querySelector('body')?.getAttribute('class')).toBe(`chrome-${route.chrome}`);
  expect(doc.querySelector('.site-header')?.classList.contains(`site-header--${route.chrome}`)).toBe(true);
  expect(doc.querySelector('.bottom-strip')?.classList.contains(`bottom-strip--${route.chrome}`)).toBe(true);
  expect(doc.querySelector('.contact-block') !== null).toBe(route.footer);
  expect(doc.querySelector('.bottom-strip')?.text).toContain(content.labels.footer.copyright);
  expect(doc.querySelector('.bottom-strip a')?.getAttribute('href')).toBe(LEGAL_PATH);
}

/** The overlay menu on the route's page lists every page with a menu label, in the table's order, and marks this page, or its parent, as the current one. */
export async function menuMarksThePage(under: SiteUnderTest, route: Route): Promise<void> {
  const { routes } = under;
  const doc = await page(under, route.path);
  const menu = doc.querySelector('#site-menu')!;
  const listed = routes.flatMap((entry) => (entry.menuLabel ? [[entry.path, entry.menuLabel]] : []));
  expect(menu.querySelectorAll('nav a').map((link) => [link.getAttribute('href'), link.text.trim()])).toEqual(listed);
  if (route.menuLabel) expect(menu.querySelector('a[aria-current="page"]')?.text).toBe(route.menuLabel);
  else expect(menu.querySelector('a[aria-current="true"]')?.text).toBe(routes.find((parent) => parent.path === route.parent)?.menuLabel);
  expect(doc.querySelector('.nav-link')?.getAttribute('aria-current')).toBe(route.path === HOME_PATH ? 'page' : undefined);
}

/**
 * A link's address, of any kind the content check allows, leads somewhere:
 * a path of ours answers 200 (after one redirect, for /about/), a #fragment
 * names an element of the page (`hasId`), mailto: is an address, https: and
 * http: are whole URLs (not fetched: the tests stay off the network).
 */
async function linkLeads({ app }: SiteUnderTest, href: string, where: string, hasId: (id: string) => boolean): Promise<void> {
  const says = `${href} on ${where}`;
  if (href.startsWith('#')) {
    expect(hasId(decodeURIComponent(href.slice(1))), says).toBe(true);
  } else if (href.startsWith('/') && !href.startsWith('//')) {
    const res = await request(app).get(href.split('#', 1)[0]!).redirects(1);
    expect(res.status, says).toBe(200);
  } else if (href.startsWith('mailto:')) {
    expect(href, says).toMatch(/^mailto:[^\s@/]+@[^\s@/]+\.[^\s@/]+$/);
  } else {
    expect(['https:', 'http:'], says).toContain(URL.parse(href)?.protocol);
    expect(URL.parse(href)?.hostname, says).toMatch(/\./);
  }
}

/** Every link on the page at `address` leads somewhere (linkLeads); a path of ours already in `checked` (found to lead somewhere) is not fetched again. */
export async function linksLead(under: SiteUnderTest, address: string, checked = new Set<string>()): Promise<void> {
  const doc = await page(under, address);
  const hrefs = doc.querySelectorAll('a[href]').map((link) => link.getAttribute('href')!);
  expect(hrefs.length, address).toBeGreaterThan(0);
  for (const href of new Set(hrefs)) {
    const fetched = href.startsWith('/');
    if (fetched && checked.has(href)) continue;
    await linkLeads(under, href, address, (id) => doc.getElementById(id) !== null);
    if (fetched) checked.add(href);
  }
}

/** Block nodes, whose children are words apart; the rest (a paragraph, a heading, emphasis, a link) run their children together. */
const BLOCKS = new Set(['root', 'list', 'listItem', 'blockquote']);

/** The words of Markdown as a reader gets them: a link as its words, escapes undone, white space collapsed. */
function words(node: MdNode): string {
  if ('value' in node) return node.value;
  if (!('children' in node)) return ' ';
  return (node.children as MdNode[]).map(words).join(BLOCKS.has(node.type) ? ' ' : '').replace(/\s+/g, ' ').trim();
}

/** Every node of a Markdown tree, depth first. */
function nodesOf(node: MdNode): MdNode[] {
  return [node, ...('children' in node ? (node.children as MdNode[]).flatMap(nodesOf) : [])];
}

/** The headings (levels 1 to 3) of Markdown, as "## Title". */
function markdownHeadings(tree: Root): string[] {
  return nodesOf(tree).flatMap((node) => (node.type === 'heading' && node.depth <= 3 ? [`${'#'.repeat(node.depth)} ${words(node)}`] : []));
}

/** The headings of the page's main content (chrome left out), every legal tab's included, in the same form. */
function htmlHeadings(main: HTMLElement): string[] {
  return main.querySelectorAll('h1, h2, h3').map((h) => `${'#'.repeat(Number(h.tagName[1]))} ${h.textContent.replace(/\s+/g, ' ').trim()}`);
}

/** The text of each paragraph and list item of the page's main content, but for its navigation (breadcrumb, tab list). */
function htmlBody(main: HTMLElement): string[] {
  return main
    .querySelectorAll('p, li')
    .filter((node) => !node.closest('nav') && !node.querySelector('p, h2, h3'))
    .map((node) => node.textContent.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * GET of the route's Markdown answers as Markdown with the page's headings,
 * every paragraph and list item of the page in order (a link read as its
 * words), no HTML and none of the chrome, and links that lead somewhere: to
 * a page of ours (its Markdown, as the server writes our paths), or as the
 * page has them.
 */
export async function markdownHasThePage(under: SiteUnderTest, route: Route): Promise<void> {
  const { app, routes, content, site } = under;
  const mdPath = markdownAddress(route.path);
  const res = await request(app).get(mdPath).expect(200);
  expect(res.headers['content-type']).toBe(MARKDOWN);
  expect(res.headers['content-security-policy']).toBeTruthy();
  const doc = await page(under, route.path);
  const main = doc.querySelector('main')!;
  const tree = fromMarkdown(res.text);
  const nodes = nodesOf(tree);
  const headings = markdownHeadings(tree);
  expect(headings[0]).toMatch(/^# /);
  expect(headings).toEqual(htmlHeadings(main));
  const text = words(tree);
  let from = 0;
  for (const block of htmlBody(main)) {
    const at = text.indexOf(block, from);
    expect(at, `"${block}" in ${mdPath}`).toBeGreaterThanOrEqual(0);
    from = at + block.length;
  }
  expect(nodes.filter((node) => node.type === 'html').map((node) => 'value' in node && node.value)).toEqual([]);
  const { labels } = content;
  for (const chrome of [labels.skipLink, labels.nav.openMenu, labels.footer.heading, labels.footer.copyright, labels.breadcrumb]) expect(res.text, chrome).not.toContain(chrome);
  // The page's links, in order (its navigation left out, as in the Markdown): a path of ours made absolute, a page's to its Markdown.
  const expected = main
    .querySelectorAll('a[href]')
    .filter((link) => !link.closest('nav'))
    .map((link) => {
      const href = link.getAttribute('href')!;
      if (!href.startsWith('/')) return href;
      const path = href.split(/[?#]/, 1)[0]!;
      return site.publicUrl + (routes.some((other) => other.path === path) ? markdownAddress(path) : href);
    });
  const links = nodes.flatMap((node) => (node.type === 'link' ? [node.url] : []));
  expect(links).toEqual(expected);
  const ours = `${site.publicUrl}/`;
  for (const url of new Set(links)) {
    await linkLeads(under, url.startsWith(ours) ? url.slice(site.publicUrl.length) : url, mdPath, (id) => doc.getElementById(id) !== null);
  }
}

/** llms.txt links every page's Markdown, each line ending in the page's description, and each link answers as Markdown. */
export async function llmsTxtListsEveryPage({ app, routes, site }: SiteUnderTest): Promise<void> {
  const res = await request(app).get('/llms.txt').expect(200);
  const items = nodesOf(fromMarkdown(res.text)).flatMap((node) => (node.type === 'paragraph' && node.children[0]?.type === 'link' ? [[node.children[0].url, words(node)] as const] : []));
  const linked = new Map(items);
  expect([...linked.keys()].sort()).toEqual(routes.map((route) => `${site.publicUrl}${markdownAddress(route.path)}`).sort());
  for (const route of routes) {
    const line = linked.get(`${site.publicUrl}${markdownAddress(route.path)}`)!;
    expect(line.slice(-route.description.length - 2), route.path).toBe(`: ${route.description}`);
  }
  for (const url of linked.keys()) {
    const served = await request(app).get(url.slice(site.publicUrl.length));
    expect(served.status, url).toBe(200);
    expect(served.headers['content-type'], url).toBe(MARKDOWN);
  }
}

/** sitemap.xml is well-formed XML in the sitemaps.org 0.9 shape, with one absolute <loc> per address of the route table, in its order. */
export async function sitemapListsEveryAddress({ app, routes, site }: SiteUnderTest): Promise<void> {
  const res = await request(app).get('/sitemap.xml').buffer(true).expect(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const xml = res.text;
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  const tree = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(xml);
  // The schema (sitemaps.org/schemas/sitemap/0.9/sitemap.xsd): urlset > url+ > loc (anyURI, 12 to 2048
  // characters) with optional lastmod, changefreq and priority, all in the sitemap namespace.
  expect(Object.keys(tree).filter((key) => key !== '?xml')).toEqual(['urlset']);
  expect(tree.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(Object.keys(tree.urlset).filter((key) => !key.startsWith('@_'))).toEqual(['url']);
  const locs: string[] = tree.urlset.url.map((url: Record<string, unknown>) => {
    expect(Object.keys(url).every((key) => ['loc', 'lastmod', 'changefreq', 'priority'].includes(key))).toBe(true);
    expect(typeof url.loc).toBe('string');
    return url.loc as string;
  });
  for (const loc of locs) {
    expect(loc.length).toBeGreaterThanOrEqual(12);
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(new URL(loc).href).toBe(loc);
  }
  expect(locs).toEqual(routes.flatMap(routeAddresses).map((address) => site.publicUrl + address));
}

/**
 * The structured data of the page at `address` describes the business with
 * the settings' name, addresses and profile, and the hours of hours.yaml:
 * its days, and its times with GMT's offset (the only time zone the file
 * may hold, content/schema.ts). Returns the block.
 */
export async function structuredDataHolds(under: SiteUnderTest, address: string): Promise<Record<string, unknown>> {
  const { content, site } = under;
  const doc = await page(under, address);
  const blocks = doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.rawText) as Record<string, unknown>);
  const business = blocks.find((block) => block['@type'] === 'ProfessionalService');
  expect(business, address).toMatchObject({
    '@context': 'https://schema.org',
    name: site.brandName,
    url: `${site.publicUrl}${HOME_PATH}`,
    sameAs: [site.linkedInUrl],
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer service', email: site.generalEmail },
      { '@type': 'ContactPoint', contactType: 'sales', email: site.salesEmail },
    ],
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: content.hours.days,
        opens: `${content.hours.opens}:00+00:00`,
        closes: `${content.hours.closes}:00+00:00`,
      },
    ],
  });
  return business!;
}

/** The footer block of the page at `path` shows the hours of hours.yaml in words and its closed line, both addresses as mailto links, and the profile. */
export async function footerHolds(under: SiteUnderTest, path: string): Promise<void> {
  const { content, site } = under;
  const block = (await page(under, path)).querySelector('.contact-block')!;
  // hoursText's words for given hours are pinned in tests/hours.test.ts; here, that the footer says the file's.
  const open = hoursText(content.hours);
  expect(block.text).toContain(open.days);
  expect(block.text).toContain(open.hours);
  expect(block.text).toContain(content.hours.closed);
  const hrefs = block.querySelectorAll('a').map((link) => link.getAttribute('href'));
  expect(hrefs).toContain(`mailto:${site.generalEmail}`);
  expect(hrefs).toContain(`mailto:${site.salesEmail}`);
  expect(hrefs).toContain(site.linkedInUrl);
}

/** /products shows a card per category page, in the table's order, each with its parts and its button to the page. */
export async function productCardsHold(under: SiteUnderTest): Promise<void> {
  const { routes, content } = under;
  const cards = (await page(under, PRODUCTS_PATH)).querySelectorAll('.card');
  const children = routes.filter((route) => route.parent === PRODUCTS_PATH);
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
    expect(link?.querySelector('.read-more__label')?.text).toBe(content.products.readMore);
    expect(link?.text).toBe(`${content.products.readMore} ${content.labels.readMoreAbout} ${card.querySelector('h2')?.text}`);
  }
}

/** A category's page lists its headings in order, each with its items, under its title and a breadcrumb to /products. */
export async function categoryPageLists(under: SiteUnderTest, route: Route): Promise<void> {
  const category = route.category!;
  const doc = await page(under, route.path);
  expect(doc.querySelector('h1')?.text).toBe(category.title);
  const groups = doc.querySelectorAll('.heading-group');
  expect(groups.map((group) => group.querySelector('h2')?.text)).toEqual(category.headings.map((group) => group.heading));
  expect(groups.map((group) => texts(group, 'li'))).toEqual(category.headings.map((group) => group.items));
  expect(doc.querySelector('.breadcrumb a')?.getAttribute('href')).toBe(PRODUCTS_PATH);
}

/** Every check above, on every page of a site siteAt made (only once the content check passed). */
export async function everythingHolds(under: SiteUnderTest): Promise<void> {
  const checked = new Set<string>();
  for (const route of under.routes) {
    await pageAnswers(under, route);
    await menuMarksThePage(under, route);
    await markdownHasThePage(under, route);
    for (const address of routeAddresses(route)) {
      await linksLead(under, address, checked);
      await structuredDataHolds(under, address);
    }
    if (route.footer) await footerHolds(under, route.path);
    if (route.category) await categoryPageLists(under, route);
  }
  await productCardsHold(under);
  await llmsTxtListsEveryPage(under);
  await sitemapListsEveryAddress(under);
}
