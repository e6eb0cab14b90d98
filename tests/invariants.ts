/**
 * What must hold whatever the words say, for a site made from any content the check accepts, in every language, each
 * page against its own language's edition. The live content's tests and owners-edits.test.ts call these same
 * functions: none names a word of the content, so the words can change without them failing.
 */
import type { Nodes as MdNode, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { expect } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readContent } from '../content/read.ts';
import { checkSite } from '../scripts/build/check-content.ts';
import { MARKDOWN, markdownAddress } from '../server/render/page-markdown.ts';
import { hoursText } from '../shared/hours.ts';
import { hoursTextInput, say } from '../shared/sentences.ts';
import { HOME_PATH, LEGAL_PATH, PRODUCTS_PATH} from '../shared/paths.ts';
import type { Edition, Route } from '../shared/routes.ts';
import type { SiteConfig } from '../shared/site.ts';
import type { SiteUnderTest } from './helpers.ts';

const HTML = 'text/html; charset=utf-8';

interface Answer {
  doc: HTMLElement;
  headers: Record<string, string>;
}

/** Each site's pages, parsed, by address: the app prepared them at start-up and they never change, so each is fetched and parsed once. */
const pages = new WeakMap<SiteUnderTest, Map<string, Promise<Answer>>>();

/** The page at `address` and its headers, which answers 200 with HTML; not to be changed (it is shared). */
function answer(under: SiteUnderTest, address: string): Promise<Answer> {
  const parsed = pages.get(under) ?? pages.set(under, new Map()).get(under)!;
  let fetched = parsed.get(address);
  if (!fetched) {
    fetched = request(under.app)
      .get(address)
      .then((res) => {
        expect(res.status, address).toBe(200);
        expect(res.headers['content-type'], address).toBe(HTML);
        return { doc: parse(res.text), headers: res.headers as Record<string, string> };
      });
    parsed.set(address, fetched);
  }
  return fetched;
}

const page = async (under: SiteUnderTest, address: string) => (await answer(under, address)).doc;

/** The language's edition a page is of: its words, its pages and its prefix. */
export function editionFor({ editions }: Pick<SiteUnderTest, 'editions'>, route: Route): Edition {
  const edition = editions.find((candidate) => candidate.language.code === route.language.code);
  expect(edition, route.path).toBeDefined();
  return edition!;
}

/** The route of an address of ours (a path, and a tab's query), or undefined. */
function routeAt({ routes }: SiteUnderTest, address: string): Route | undefined {
  const path = address.split('?', 1)[0];
  return routes.find((route) => route.path === path);
}

const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((node) => node.text.trim());

/** The content check, whole (each file's own and the route table's: what the build stops on), finds nothing under `root`. */
export async function contentCheckPasses(root: string, site: SiteConfig): Promise<void> {
  expect((await checkSite(readContent(root), site)).problems).toEqual([]);
}

/** GET of the route's path answers in its language, with its own head, one h1 and one main, its chrome, and a bottom strip leading to its language's Legal page (the default language's where it has none). */
export async function pageAnswers(under: SiteUnderTest, route: Route): Promise<void> {
  const { site } = under;
  const { content, routes } = editionFor(under, route);
  const { doc, headers } = await answer(under, route.path);
  expect(doc.querySelector('html')?.getAttribute('lang'), route.path).toBe(route.language.code);
  expect(doc.querySelector('html')?.getAttribute('dir'), route.path).toBe(route.language.direction);
  expect(headers['content-language'], route.path).toBe(route.language.code);
  expect(doc.querySelector('.skip-link')?.text).toBe(content.labels.skipLink);
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
  expect(doc.querySelector('.bottom-strip a')?.getAttribute('href')).toBe(routes.find((other) => other.key === LEGAL_PATH)?.path ?? LEGAL_PATH);
}

/** The overlay menu lists its language's pages with a menu label, in order, marking this page or its section; the bar's link home leads to its language's home. */
export async function menuMarksThePage(under: SiteUnderTest, route: Route): Promise<void> {
  const { routes } = editionFor(under, route);
  const doc = await page(under, route.path);
  const menu = doc.querySelector('#site-menu .overlay-menu__nav')!;
  const listed = routes.flatMap((entry) => (entry.menuLabel ? [[entry.path, entry.menuLabel]] : []));
  expect(menu.querySelectorAll('a').map((link) => [link.getAttribute('href'), link.text.trim()]), route.path).toEqual(listed);
  if (route.menuLabel) expect(menu.querySelector('a[aria-current="page"]')?.text).toBe(route.menuLabel);
  // Else the section it is in: its parent's link (a category's, Our Products), or the link its address is under (a legal document's, Legal).
  else expect(menu.querySelector('a[aria-current="true"]')?.text).toBe(routes.find((section) => section.menuLabel && (section.path === route.parent || route.path.startsWith(`${section.path}/`)))?.menuLabel);
  const home = doc.querySelector('.nav-link');
  expect(home?.getAttribute('href')).toBe(routes.find((entry) => entry.key === HOME_PATH)?.path);
  expect(home?.getAttribute('aria-current')).toBe(route.key === HOME_PATH ? 'page' : undefined);
}

/** The page at `address` in every language that has it, by code: from the route table alone, so it can be held against what the server computes. */
function translationsAt(under: SiteUnderTest, address: string): Map<string, string> {
  const route = routeAt(under, address)!;
  const found = new Map<string, string>();
  for (const { language, routes } of under.editions) {
    const same = routes.find((other) => other.key === route.key);
    if (same) found.set(language.code, same.path);
  }
  return found;
}

/** A page's hreflang alternates, as hreflang → absolute URL, in their order. */
async function alternatesOf(under: SiteUnderTest, address: string): Promise<Array<[string, string]>> {
  const links = (await page(under, address)).querySelectorAll('link[rel="alternate"][hreflang]');
  return links.map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!]);
}

/** The hreflang set of the page at `address` is complete and reciprocal: the page in every language that has it, once, and x-default; each names the same set. Returns the set. */
export async function alternatesHold(under: SiteUnderTest, address: string): Promise<Array<[string, string]>> {
  const { site } = under;
  const expected = [...translationsAt(under, address)].map(([code, at]): [string, string] => [code, site.publicUrl + at]);
  const byDefault = expected.find(([code]) => code === under.editions[0]!.language.code);
  expect(byDefault, `${address} in the default language`).toBeDefined();
  const set = await alternatesOf(under, address);
  expect(set, address).toEqual([...expected, ['x-default', byDefault![1]]]);
  expect(set.map(([, url]) => url), address).toContain(site.publicUrl + address);
  for (const [, url] of set) {
    const other = url.slice(site.publicUrl.length);
    expect(await alternatesOf(under, other), `the alternates of ${other}, named by ${address}`).toEqual(set);
  }
  return set;
}

/** The language switcher, in the bar and the menu, leads to the same page in each language that has it, else to a page that language has (which one: tests/languages.test.ts). */
export async function switcherLeads(under: SiteUnderTest, address: string): Promise<void> {
  const route = routeAt(under, address)!;
  const doc = await page(under, address);
  const lists = doc.querySelectorAll('.languages');
  if (under.editions.length < 2) {
    expect(lists, address).toEqual([]);
    return;
  }
  expect(lists, address).toHaveLength(2);
  const same = translationsAt(under, address);
  for (const list of lists) {
    const links = list.querySelectorAll('a');
    expect(links.map((link) => link.text.trim()), address).toEqual(under.editions.map((edition) => edition.language.name));
    under.editions.forEach(({ language, routes }, index) => {
      const link = links[index]!;
      expect(link.getAttribute('lang'), address).toBe(language.code);
      expect(link.getAttribute('hreflang'), address).toBe(language.code);
      expect(link.getAttribute('aria-current'), address).toBe(language.code === route.language.code ? 'page' : undefined);
      const href = link.getAttribute('href')!;
      if (same.has(language.code)) expect(href, `${language.code} from ${address}`).toBe(same.get(language.code));
      else expect(routes.map((other) => other.path), `${language.code} from ${address}`).toContain(href);
    });
  }
}

/** A link of any kind the content check allows leads somewhere; https: and http: are not fetched, as the tests stay off the network. */
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

/** HTML's white space, which a reader collapses; a no-break space (French's narrow one before a colon) is a letter of the text. */
const collapsed = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ').trim();

/** The words of Markdown as a reader gets them: a link as its words, escapes undone, white space collapsed. */
function words(node: MdNode): string {
  if ('value' in node) return node.value;
  if (!('children' in node)) return ' ';
  return collapsed((node.children as MdNode[]).map(words).join(BLOCKS.has(node.type) ? ' ' : ''));
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
  return main.querySelectorAll('h1, h2, h3').map((h) => `${'#'.repeat(Number(h.tagName[1]))} ${collapsed(h.textContent)}`);
}

/** The text of each paragraph and list item of the page's main content, but for its navigation (breadcrumb, tab list). */
function htmlBody(main: HTMLElement): string[] {
  return main
    .querySelectorAll('p, li')
    .filter((node) => !node.closest('nav') && !node.querySelector('p, h2, h3'))
    .map((node) => collapsed(node.textContent))
    .filter(Boolean);
}

/** The route's Markdown has the page's headings, paragraphs and list items in order, no HTML or chrome, and links that lead somewhere (our pages' to their Markdown). */
export async function markdownHasThePage(under: SiteUnderTest, route: Route): Promise<void> {
  const { app, routes, site } = under;
  const { content } = editionFor(under, route);
  const mdPath = markdownAddress(route.path);
  const res = await request(app).get(mdPath).expect(200);
  expect(res.headers['content-type']).toBe(MARKDOWN);
  expect(res.headers['content-language'], mdPath).toBe(route.language.code);
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

/** Each language's llms.txt links its language's pages as Markdown, each with its description, and the other languages' llms.txt; each link answers. */
export async function llmsTxtListsEveryPage({ app, editions, site }: SiteUnderTest): Promise<void> {
  for (const { prefix, routes, language } of editions) {
    const address = `${prefix}/llms.txt`;
    const res = await request(app).get(address).expect(200);
    expect(res.headers['content-language'], address).toBe(language.code);
    const items = nodesOf(fromMarkdown(res.text)).flatMap((node) => (node.type === 'paragraph' && node.children[0]?.type === 'link' ? [[node.children[0].url, words(node)] as const] : []));
    const others = items.filter(([url]) => url.endsWith('/llms.txt'));
    expect(others, address).toEqual(editions.filter((other) => other.prefix !== prefix).map((other) => [`${site.publicUrl}${other.prefix}/llms.txt`, `${other.language.name}: ${other.language.code}`]));
    const linked = new Map(items.filter(([url]) => !url.endsWith('/llms.txt')));
    expect([...linked.keys()].sort(), address).toEqual(routes.map((route) => `${site.publicUrl}${markdownAddress(route.path)}`).sort());
    for (const route of routes) {
      const line = linked.get(`${site.publicUrl}${markdownAddress(route.path)}`)!;
      // Read as words() reads the line: white space collapsed, a narrow no-break space before a French colon kept.
      const description = collapsed(route.description);
      expect(line.slice(-description.length - 2), route.path).toBe(`: ${description}`);
    }
    for (const url of [...linked.keys(), ...others.map(([url]) => url)]) {
      const served = await request(app).get(url.slice(site.publicUrl.length));
      expect(served.status, url).toBe(200);
      expect(served.headers['content-type'], url).toBe(url.endsWith('.md') ? MARKDOWN : 'text/plain; charset=utf-8');
    }
  }
}

/** sitemap.xml: sitemaps.org 0.9, a <loc> per route, each with its page's alternates (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap). */
export async function sitemapListsEveryAddress(under: SiteUnderTest): Promise<void> {
  const { app, routes, site } = under;
  const res = await request(app).get('/sitemap.xml').buffer(true).expect(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const xml = res.text;
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  const tree = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(xml);
  // The schema (sitemaps.org/schemas/sitemap/0.9/sitemap.xsd): urlset > url+ > loc (anyURI, 12 to 2048
  // characters) with optional lastmod, changefreq and priority, all in the sitemap namespace, and
  // elements of other namespaces (##other): the alternates, in XHTML's.
  expect(Object.keys(tree).filter((key) => key !== '?xml')).toEqual(['urlset']);
  expect(tree.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(tree.urlset['@_xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  expect(Object.keys(tree.urlset).filter((key) => !key.startsWith('@_'))).toEqual(['url']);
  const urls: Array<{ loc: string; alternates: Array<[string, string]> }> = tree.urlset.url.map((url: Record<string, unknown>) => {
    expect(Object.keys(url).every((key) => ['loc', 'lastmod', 'changefreq', 'priority', 'xhtml:link'].includes(key))).toBe(true);
    expect(typeof url.loc).toBe('string');
    const links = (url['xhtml:link'] ?? []) as Array<Record<string, string>>;
    for (const link of links) expect(Object.keys(link).sort()).toEqual(['@_href', '@_hreflang', '@_rel']);
    expect(links.every((link) => link['@_rel'] === 'alternate')).toBe(true);
    return { loc: url.loc as string, alternates: links.map((link) => [link['@_hreflang']!, link['@_href']!]) };
  });
  for (const { loc } of urls) {
    expect(loc.length).toBeGreaterThanOrEqual(12);
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(new URL(loc).href).toBe(loc);
  }
  const addresses = routes.map((route) => route.path);
  expect(urls.map(({ loc }) => loc)).toEqual(addresses.map((address) => site.publicUrl + address));
  for (const [index, address] of addresses.entries()) expect(urls[index]!.alternates, address).toEqual(await alternatesOf(under, address));
}

/** The page's structured data describes the business with the settings and the hours of hours.yaml, at GMT's offset (the only zone the file may hold). Returns the block. */
export async function structuredDataHolds(under: SiteUnderTest, address: string): Promise<Record<string, unknown>> {
  const { site } = under;
  const route = routeAt(under, address)!;
  const { content, routes } = editionFor(under, route);
  const doc = await page(under, address);
  const blocks = doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.rawText) as Record<string, unknown>);
  // The site in the page's language: its home page, and the language it is written in.
  const home = `${site.publicUrl}${routes.find((other) => other.key === HOME_PATH)!.path}`;
  expect(blocks.find((block) => block['@type'] === 'WebSite'), address).toMatchObject({ url: home, name: site.brandName, inLanguage: route.language.code });
  const business = blocks.find((block) => block['@type'] === 'ProfessionalService');
  expect(business, address).toMatchObject({
    '@context': 'https://schema.org',
    name: site.brandName,
    url: `${site.publicUrl}${HOME_PATH}`,
    sameAs: [site.linkedInUrl],
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer service', email: site.generalEmail, availableLanguage: under.editions.map((edition) => edition.language.code) },
      { '@type': 'ContactPoint', contactType: 'sales', email: site.salesEmail, availableLanguage: under.editions.map((edition) => edition.language.code) },
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

/** The footer block of the page at `path` shows the hours of its language's hours file in words and its closed line, both addresses as mailto links, and the profile. */
export async function footerHolds(under: SiteUnderTest, path: string): Promise<void> {
  const { site } = under;
  const { content } = editionFor(under, routeAt(under, path)!);
  const block = (await page(under, path)).querySelector('.contact-block')!;
  // hoursText's words for given hours are pinned in tests/hours.test.ts, in each language; here, that the footer says the file's.
  const open = hoursText(content.hours, hoursTextInput(content));
  expect(block.text).toContain(open.days);
  expect(block.text).toContain(open.hours);
  expect(block.text).toContain(content.hours.closed);
  const hrefs = block.querySelectorAll('a').map((link) => link.getAttribute('href'));
  expect(hrefs).toContain(`mailto:${site.generalEmail}`);
  expect(hrefs).toContain(`mailto:${site.salesEmail}`);
  expect(hrefs).toContain(site.linkedInUrl);
}

/** /products, and its translation in each language, shows a card per category page of its language, in the table's order, each with its parts and its button to the page. */
export async function productCardsHold(under: SiteUnderTest, products: Route): Promise<void> {
  const { routes, content } = editionFor(under, products);
  const readMore = content.products!.readMore;
  const cards = (await page(under, products.path)).querySelectorAll('.card');
  const children = routes.filter((route) => route.parent === products.path);
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
    expect(link?.querySelector('.read-more__label')?.text).toBe(readMore);
    expect(link?.text).toBe(say(content, 'readMore', { label: readMore, title: card.querySelector('h2')!.text }));
  }
}

/** A category's page lists its headings in order, each with its items, under its title and a breadcrumb to its language's /products. */
export async function categoryPageLists(under: SiteUnderTest, route: Route): Promise<void> {
  const category = route.category!;
  const doc = await page(under, route.path);
  expect(doc.querySelector('h1')?.text).toBe(category.title);
  const groups = doc.querySelectorAll('.heading-group');
  expect(groups.map((group) => group.querySelector('h2')?.text)).toEqual(category.headings.map((group) => group.heading));
  expect(groups.map((group) => texts(group, 'li'))).toEqual(category.headings.map((group) => group.items));
  expect(route.parent, route.path).toBe(editionFor(under, route).routes.find((other) => other.key === PRODUCTS_PATH)?.path);
  expect(doc.querySelector('.breadcrumb a')?.getAttribute('href')).toBe(route.parent);
}

/** Every check above, on every page of every language of a site siteAt made (only once the content check passed). */
export async function everythingHolds(under: SiteUnderTest, routes = under.routes): Promise<void> {
  const checked = new Set<string>();
  for (const route of routes) {
    await pageAnswers(under, route);
    await menuMarksThePage(under, route);
    await markdownHasThePage(under, route);
    await linksLead(under, route.path, checked);
    await structuredDataHolds(under, route.path);
    await alternatesHold(under, route.path);
    await switcherLeads(under, route.path);
    if (route.footer) await footerHolds(under, route.path);
    if (route.category) await categoryPageLists(under, route);
    if (route.key === PRODUCTS_PATH) await productCardsHold(under, route);
  }
  await llmsTxtListsEveryPage(under);
  await sitemapListsEveryAddress(under);
}
