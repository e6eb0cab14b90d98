/**
 * The languages as search engines, caches and visitors meet them (issue 31), without a browser: alternates, the
 * switcher, pages a language lacks, and no redirect by Accept-Language. The browser suite shows the switcher in use.
 */
import { parse } from 'node-html-parser';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORDS_FOLDER } from '../content/load.ts';
import { pluralCategories } from '../content/messages.ts';
import { checkSite } from '../scripts/build/check-content.ts';
import { markdownAddress } from '../server/render/page-markdown.ts';
import { aliasesOf, HOME_PATH, LEGAL_PATH, PRODUCTS_PATH} from '../shared/paths.ts';
import { fillSite } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { contentCopy, contentInMemory, liveSite, sharedApp, siteAt, testApp, twoLanguages, type SiteUnderTest } from './helpers.ts';
import { alternatesHold, everythingHolds, markdownHasThePage, switcherLeads } from './invariants.ts';

const live = liveSite(sharedApp());
/** The pages of two languages (twoLanguages): each one's alternates are fetched and checked in turn, every language's among them. */
const addresses = twoLanguages(live.editions).flatMap((edition) => edition.routes.map((route) => route.path));

describe('hreflang', () => {
  it.each(addresses)('%s names itself, the same page in every language that has it and x-default, each answering 200 and naming the same set', async (address) => {
    await alternatesHold(live, address);
  });
});

describe('the language switcher', () => {
  it.each(addresses)('on %s names each language in itself and leads to this page in it', (address) => switcherLeads(live, address));
});

describe('a language whose punctuation is spaced (languages.yaml)', () => {
  // The Markdown is converted from the page's HTML; every no-break space the page has, it keeps.
  const spaced = live.editions.filter((edition) => edition.language.punctuation === 'spaced').flatMap((edition) => edition.routes);
  it.each(spaced.map((route) => [markdownAddress(route.path), route] as const))('%s has its page’s whole text, its narrow no-break spaces before : ; ! ? and inside « » kept', (_md, route) => markdownHasThePage(live, route));
});

describe('a page one language has no translation of', () => {
  // The second language of languages.yaml: the one these files are removed from; the others keep them.
  const [, second, ...rest] = live.editions;
  const other = rest[0] ?? live.editions[0]!;
  const { code, prefix } = { code: second!.language.code, prefix: second!.prefix };
  const category = live.routes.find((route) => route.category)!;
  const [, privacy] = live.editions[0]!.content.legal;
  const removed = [`about.${code}.yaml`, `categories/${category.category!.id}.${code}.yaml`, `legal/${privacy!.id}.${code}.md`];
  const gone = [`${prefix}/about`, `${prefix}${category.key}`, `${prefix}${LEGAL_PATH}/${privacy!.id}`];
  /** The category's former address, in redirects.yaml. */
  const old = `${category.key}-formerly`;
  let site: SiteUnderTest;

  beforeAll(async () => {
    const copy = contentInMemory({ everyLanguage: true });
    for (const file of removed) copy.remove(file);
    copy.redirect([[old, category.key]]);
    const checked = copy.checked();
    expect((await checkSite(checked, defaultSite)).problems).toEqual([]);
    const { content } = checked;
    // Every page it has is one of the live site's with the same words and pictures: the build's client (dist/) serves it.
    site = { ...fillSite(defaultSite, content!), app: testApp({ content: content! }), site: defaultSite };
  });

  it('has no page there: its address, with a trailing slash too, leads to the page in the default language, for now (302, revalidated), and its Markdown to that page\'s', async () => {
    const inDefault = (path: string) => path.slice(prefix.length);
    for (const path of gone) {
      for (const [address, to] of [[path, inDefault(path)], [`${path}/`, inDefault(path)], [markdownAddress(path), markdownAddress(inDefault(path))]] as const) {
        const res = await request(site.app).get(address);
        expect([res.status, res.headers.location, res.headers['cache-control']], address).toEqual([302, to, 'public, no-cache']);
      }
    }
    // Its old address by the tab is a tab it has no document of: its first document, whose tabs leave it out.
    const tab = parse((await request(site.app).get(`${prefix}${LEGAL_PATH}?tab=${privacy!.id}`).expect(200)).text);
    expect(tab.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${defaultSite.publicUrl}${prefix}${LEGAL_PATH}`);
    expect(tab.querySelectorAll('.legal-tabs__list a').map((link) => link.getAttribute('href'))).not.toContain(gone[2]);
  });

  it('is the alternate of no page, and every other check holds: the menus, the sitemap and llms.txt leave it out', async () => {
    // Each page's alternates, the sitemap and llms.txt are held to the route table, which has no address for it (above).
    for (const path of gone) expect(site.routes.map((route) => route.path)).not.toContain(path);
    await everythingHolds(site);
    // Nor does anything name an old address: no alternate, switcher or menu link, sitemap entry or llms.txt line.
    for (const address of site.routes.map((route) => route.path)) expect((await request(site.app).get(address)).text, address).not.toContain(old);
    for (const document of ['/sitemap.xml', ...site.editions.map((edition) => `${edition.prefix}/llms.txt`)]) expect((await request(site.app).get(document)).text, document).not.toContain(old);
  });

  it('its old address leads to it for good (301) in each language that has it, in one step from a trailing slash too, and its Markdown to its Markdown; in the others to the default language\'s, for now (302)', async () => {
    const has = site.editions.filter((edition) => edition.routes.some((route) => route.key === category.key));
    expect(has.length).toBeGreaterThan(0);
    expect(has.length).toBeLessThan(site.editions.length);
    // What the server and the static export both answer from.
    // The redirects from it (the owners' own are theirs).
    const fromOld = Object.entries(site.redirects).filter(([from]) => site.editions.some(({ prefix }) => from === prefix + old));
    expect(Object.fromEntries(fromOld)).toEqual(Object.fromEntries(has.map(({ prefix }) => [prefix + old, prefix + category.key])));
    for (const { prefix } of site.editions) {
      for (const address of [prefix + old, `${prefix}${old}/`]) {
        const res = await request(site.app).get(address);
        if (has.some((edition) => edition.prefix === prefix)) expect([res.status, res.headers.location, res.headers['cache-control']], address).toEqual([301, prefix + category.key, 'public, max-age=86400']);
        else expect([res.status, res.headers.location], address).toEqual([302, category.key]);
      }
      const markdown = await request(site.app).get(markdownAddress(prefix + old));
      const led = has.some((edition) => edition.prefix === prefix) ? [301, markdownAddress(prefix + category.key)] : [302, markdownAddress(category.key)];
      expect([markdown.status, markdown.headers.location], markdownAddress(prefix + old)).toEqual(led);
    }
  });

  it('the switcher on its page in another language leads to the closest page the language has: the parent, else the home page', async () => {
    const toSecond = async (address: string) => {
      const doc = parse((await request(site.app).get(address).expect(200)).text);
      return doc.querySelectorAll(`.languages a[hreflang="${code}"]`).map((link) => link.getAttribute('href'));
    };
    const toOther = async (address: string) => parse((await request(site.app).get(address).expect(200)).text).querySelector(`.languages a[hreflang="${other.language.code}"]`)?.getAttribute('href');
    // From About (no parent): its home page.
    expect(await toSecond('/about')).toEqual([`${prefix}${HOME_PATH}`, `${prefix}${HOME_PATH}`]);
    expect(await toSecond(`${other.prefix}/about`)).toEqual([`${prefix}${HOME_PATH}`, `${prefix}${HOME_PATH}`]);
    // From a product page: its list of products, the parent.
    expect(await toSecond(category.key)).toEqual([`${prefix}${PRODUCTS_PATH}`, `${prefix}${PRODUCTS_PATH}`]);
    // From a legal document it has not: its home page (a document has no parent).
    expect(await toSecond(`${LEGAL_PATH}/${privacy!.id}`)).toEqual([`${prefix}${HOME_PATH}`, `${prefix}${HOME_PATH}`]);
    // The languages that have the page still lead to it.
    expect(await toOther('/about')).toBe(`${other.prefix}/about`);
    expect(await toOther(`${LEGAL_PATH}/${privacy!.id}`)).toBe(`${other.prefix}${LEGAL_PATH}/${privacy!.id}`);
  });
});

describe('a language added as docs/editing.md says: its files, and one line of languages.yaml', () => {
  // Polish counts in four forms (one, few, many, other), Brazilian Portuguese in three beside European Portuguese: languages
  // with other plural rules than the site's, and a code with a region (BCP 47), added to a copy of the content.
  const ADDED = [
    { code: 'pl', line: '{ code: pl, name: Polski, direction: ltr, locale: pl-PL }', count: '{categoryCount, plural, one {# kategorię} few {# kategorie} many {# kategorii} other {# kategorii}}' },
    { code: 'pt-BR', line: '{ code: pt-BR, name: Português (Brasil), direction: ltr, locale: pt-BR }', count: '{categoryCount, plural, one {# categoria} many {# de categorias} other {# categorias}}' },
  ];
  const [original] = live.editions;
  const { code: from } = original!.language;
  /** A copy of the content with the languages added: their home page, hours, labels and templates copied from the default language's (the words left as they are), and an About page whose count is the language's. */
  function withLanguages<Copy extends Pick<ReturnType<typeof contentCopy>, 'read' | 'write'>>(copy: Copy, count: (added: (typeof ADDED)[number]) => string): Copy {
    copy.write('languages.yaml', `${copy.read('languages.yaml').trimEnd()}\n${ADDED.map(({ line }) => `  - ${line}`).join('\n')}\n`);
    for (const added of ADDED) {
      for (const file of ['home', 'labels', 'templates']) copy.write(`${file}.${added.code}.yaml`, copy.read(`${file}.${from}.yaml`));
      // The hours' days and times are the original's: a translation says only when we are closed.
      copy.write(`hours.${added.code}.yaml`, copy.read(`hours.${from}.yaml`).split('\n').filter((line) => /^(#|closed:)/.test(line)).join('\n'));
      // A home page's picture is written once, in the original.
      copy.write(`home.${added.code}.yaml`, copy.read(`home.${added.code}.yaml`).replace(/^ +file: .*\n/m, ''));
      copy.write(`about.${added.code}.yaml`, copy.read(`about.${from}.yaml`).replace(/\{categoryCount, plural, .*?\}\}/, count(added)));
    }
    return copy;
  }
  it('is refused while a count has not a form for each of its plural categories, in one line at the file', async () => {
    const problems = withLanguages(contentInMemory({ everyLanguage: true }), () => '{categoryCount, plural, one {# category} other {# categories}}').problems();
    expect(problems).toEqual(
      ADDED.map(({ code }) => {
        const categories = pluralCategories(code);
        return expect.stringMatching(new RegExp(`^${WORDS_FOLDER}/about\\.${code}\\.yaml:\\d+:\\d+: .+: \\{categoryCount, plural\\} needs a form for each of .+’s plural categories \\(${categories.join(', ')}\\): add ${categories.filter((category) => !['one', 'other'].includes(category)).map((category) => `${category} \\{…\\}`).join(', ')}$`));
      }),
    );
  });

  it('with its counts in its own forms, passes the content check, and every check of every page holds, its pages at /<code>/…', async () => {
    const copy = withLanguages(contentCopy(), ({ count }) => count);
    // siteAt makes the site as the build does, once the whole content check passes.
    const under = await siteAt(copy.root);
    try {
      expect(under.editions.map((edition) => edition.prefix)).toEqual([...live.editions.map((edition) => edition.prefix), ...ADDED.map(({ code }) => `/${code}`)]);
      // The pages of the default language and of those added: each page's alternates and switcher lead to every language's.
      await everythingHolds(under, under.routes.filter((route) => route.language.code === from || ADDED.some(({ code }) => code === route.language.code)));
      const home = await request(under.app).get(`/pt-BR${HOME_PATH}`).expect(200);
      expect([parse(home.text).querySelector('html')?.getAttribute('lang'), home.headers['content-language']]).toEqual(['pt-BR', 'pt-BR']);
    } finally {
      under.remove();
      copy.remove();
    }
  });
});

describe('no redirect or difference by Accept-Language', () => {
  // What a browser set to each language sends, and none at all (a crawler, a cache filling itself).
  const ACCEPT = [undefined, ...live.editions.slice(1).map(({ language }) => `${language.locale},${language.code};q=0.9,${live.editions[0]!.language.code};q=0.5`), 'de-DE,de;q=0.9,*;q=0.1'];
  const others = [
    ...Object.keys(aliasesOf(live.routes)),
    ...live.editions.flatMap(({ prefix }) => [`${prefix}/no-such-page`, `${prefix}/llms.txt`, `${prefix}/about.md`]),
    '/about/',
    '/sitemap.xml',
    '/robots.txt',
  ];

  it.each([...addresses, ...others])('GET %s answers the same status, bytes, Content-Language and Vary to any Accept-Language', async (address) => {
    const answers = await Promise.all(
      ACCEPT.map(async (accept) => {
        const req = request(live.app).get(address).set('Accept-Encoding', 'identity').buffer(true);
        const res = await (accept === undefined ? req : req.set('Accept-Language', accept));
        return { status: res.status, body: res.text, location: res.headers.location, language: res.headers['content-language'], vary: res.headers.vary, etag: res.headers.etag };
      }),
    );
    for (const [index, other] of answers.entries()) expect(other, `Accept-Language: ${ACCEPT[index]}`).toEqual(answers[0]);
    expect(String(answers[0]!.vary ?? '')).not.toMatch(/accept-language/i);
  });
});
