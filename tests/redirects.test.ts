/**
 * redirects.yaml: each bad redirect refused in one line at its field, and the editor's changes to the file
 * (content/redirects.ts), as tables. What a redirect answers: tests/languages.test.ts (server), tests/export.test.ts (nginx).
 */
import { describe, expect, it } from 'vitest';
import { siteContent } from '../content/index.ts';
import { pathOf, REDIRECTS_FILE, WORDS_FOLDER } from '../content/load.ts';
import { publish, recordRename } from '../content/redirects.ts';
import type { Redirects } from '../content/schema.ts';
import { checkSite } from '../scripts/build/check-content.ts';
import { linkProblems } from '../shared/site-check.ts';
import { HOME_PATH } from '../shared/paths.ts';
import { defaultSite } from '../shared/site.ts';
import { categoryRoutes, contentInMemory, editions } from './helpers.ts';

type Copy = ReturnType<typeof contentInMemory>;
/** The content's files in memory, every language's: a redirect is checked against every language's prefix. */
const contentCopy = () => contentInMemory({ everyLanguage: true });

const FILE = 'redirects.yaml';
const [first, second] = editions;
const pages = first!.routes;
const [category, another] = categoryRoutes;

/** "file:line:column: field:" of the `index`th redirect's `field`, as the copy's `redirect` writes them. */
function at(copy: Copy, field: 'from' | 'to', index: number): string {
  const line = Number(copy.at(FILE, 'redirects:').split(':')[0]) + 1 + index * 2 + (field === 'to' ? 1 : 0);
  const column = (field === 'from' ? '  - from: ' : '    to: ').length + 1;
  return `${WORDS_FOLDER}/${FILE}:${line}:${column}: redirects[${index}].${field}:`;
}

const problemsOf = async (copy: Copy) => (await checkSite(copy.checked(), defaultSite)).problems;
/** "line:column" of the list of published addresses in a copy: its first item. */
const publishedAt = (copy: Copy) => copy.at(FILE, /^published:\n {2}(- .+)$/m.exec(copy.read(FILE))![1]!);

describe('redirects.yaml, checked with the route table', () => {
  it.each<[string, (copy: Copy) => string[]]>([
    [
      'an address that is not one',
      (c) => {
        c.redirect([['products/old', '/Products/Old']]);
        const says = 'is not an address like /products/energy-and-fuel: a slash, then lowercase words joined by hyphens, without a language prefix';
        return [`${at(c, 'from', 0)} ${says}`, `${at(c, 'to', 0)} ${says}`];
      },
    ],
    [
      'an old address that is a page’s',
      (c) => {
        c.redirect([[category!.key, another!.key]]);
        return [`${at(c, 'from', 0)} ${category!.key} is the address of ${pathOf(category!.source)}: redirect only from an address no page has`];
      },
    ],
    [
      'an old address that is a language’s home page',
      (c) => {
        c.redirect([[second!.prefix, category!.key]]);
        return [`${at(c, 'from', 0)} ${second!.prefix} is the address of the Home page (${second!.prefix}${HOME_PATH}): redirect only from an address no page has`];
      },
    ],
    [
      'an old address under a language’s prefix',
      (c) => {
        const old = `${second!.prefix}${category!.key}-old`;
        c.redirect([[old, category!.key]]);
        return [`${at(c, 'from', 0)} ${old} is in ${second!.prefix}/, where the ${second!.language.name} pages are: write it without the prefix (a redirect holds in every language that has the page)`];
      },
    ],
    [
      'a new address no page has',
      (c) => {
        c.redirect([[`${category!.key}-old`, `${category!.key}-nowhere`]]);
        return [`${at(c, 'to', 0)} no page has the address ${category!.key}-nowhere: lead to a page’s address (a category’s /products/…, a page’s path)`];
      },
    ],
    [
      'a chain: a new address that is itself an old one',
      (c) => {
        const [older, old] = [`${category!.key}-older`, `${category!.key}-old`];
        c.redirect([[older, old], [old, category!.key]]);
        return [`${at(c, 'to', 0)} ${old} is itself redirected, to ${category!.key}: lead this one straight to ${category!.key}`];
      },
    ],
    [
      'a loop',
      (c) => {
        const [a, b] = [`${category!.key}-a`, `${category!.key}-b`];
        c.redirect([[a, b], [b, a]]);
        return [`${at(c, 'to', 0)} ${a} → ${b} → ${a} goes round in a loop: lead each old address to a page`, `${at(c, 'to', 1)} ${b} → ${a} → ${b} goes round in a loop: lead each old address to a page`];
      },
    ],
    [
      'an old address twice',
      (c) => {
        const old = `${category!.key}-old`;
        c.redirect([[old, category!.key], [old, another!.key]]);
        return [`${at(c, 'from', 1)} ${old} is redirected twice (also at redirects[0]): keep one`];
      },
    ],
  ])('refuses %s, in one line at the field', async (_case, breakIt) => {
    const copy = contentCopy();
    const expected = breakIt(copy);
    expect(await problemsOf(copy)).toEqual(expected);
  });

  it('stops on an address published and no page now (a category’s address changed), at its line of published, until a redirect leads from it', async () => {
    const copy = contentCopy();
    const file = pathOf(category!.source).slice(WORDS_FOLDER.length + 1);
    const slug = category!.category!.slug;
    copy.edit(file, /^slug: .+$/m, `slug: ${slug}-renamed`);
    const [line, column] = copy.at(FILE, `- ${category!.key}\n`).split(':').map(Number);
    const index = siteContent.redirects.published.indexOf(category!.key);
    expect(await problemsOf(copy)).toEqual([
      `${WORDS_FOLDER}/${FILE}:${line}:${column! + 2}: published[${index}]: ${category!.key} was published and is no page now: add a redirect from it to its new address`,
      `${WORDS_FOLDER}/${FILE}:${publishedAt(copy)}: published: ${category!.key}-renamed is a page, not in published: add it there, in order (the browser editor does so as it saves)`,
    ]);
    // As docs/editing.md says: the redirect, and the new address published.
    copy.redirect([[category!.key, `${category!.key}-renamed`]]);
    copy.publish(`${category!.key}-renamed`);
    expect(await problemsOf(copy)).toEqual([]);
  });

  it('stops on a page whose address is not published, at published, until it is listed there', async () => {
    const copy = contentCopy();
    copy.edit(FILE, `  - ${category!.key}\n`, '');
    expect(await problemsOf(copy)).toEqual([`${WORDS_FOLDER}/${FILE}:${publishedAt(copy)}: published: ${category!.key} is a page, not in published: add it there, in order (the browser editor does so as it saves)`]);
    copy.publish(category!.key);
    expect(await problemsOf(copy)).toEqual([]);
  });
});

describe('a link of the texts to an address of ours', () => {
  const routes = editions.flatMap((edition) => edition.routes);
  const moved = routes.find((route) => route.queryRedirects)!;
  const [value, movedTo] = Object.entries(moved.queryRedirects!.to)[0]!;
  const table = { routes, redirects: { '/products/old-name': category!.path } };
  it.each<[string, string, string[]]>([
    ['a page', category!.path, []],
    ['a page of another language, at a part of it', `${second!.routes[0]!.path}#top`, []],
    ['a language’s home by its prefix', second!.prefix, []],
    ['a file that is no page', '/llms.txt', []],
    ['an old address of redirects.yaml', '/products/old-name', [`/products/old-name is an old address of ${category!.path}: link to ${category!.path}`]],
    ['an old address with a query', `${moved.path}?${moved.queryRedirects!.param}=${value}`, [`${moved.path}?${moved.queryRedirects!.param}=${value} is an old address of ${movedTo}: link to ${movedTo}`]],
    ['no page', '/no-such-page', ['no page has the address /no-such-page: link to a page’s address']],
  ])('%s: %s', (_case, href, problems) => {
    expect(linkProblems(table, [{ href, at: (problem) => problem }])).toEqual(problems);
  });

  it('stops the check at the link’s line and column', async () => {
    const copy = contentCopy();
    const file = pathOf(pages.find((route) => route.document)!.source).slice(WORDS_FOLDER.length + 1);
    copy.write(file, `${copy.read(file)}\nSee [our offer](/no-such-page).\n`);
    expect(await problemsOf(copy)).toEqual([`${WORDS_FOLDER}/${file}:${copy.at(file, '[our offer]')}: text: no page has the address /no-such-page: link to a page’s address`]);
  });
});

describe('what the editor does to redirects.yaml', () => {
  const file = (redirects: Array<[string, string]>, published: string[] = []): Redirects => ({ redirects: redirects.map(([from, to]) => ({ from, to })), published });

  it.each<[string, Redirects, string[], Redirects]>([
    ['publishes the new addresses, in order', file([], ['/b', '/d']), ['/d', '/a', '/c'], file([], ['/a', '/b', '/c', '/d'])],
    ['keeps an address published that is no page now, and each once', file([['/old', '/new']], ['/old']), ['/new', '/new'], file([['/old', '/new']], ['/new', '/old'])],
  ])('publish: %s', (_case, data, addresses, expected) => {
    expect(publish(data, addresses)).toEqual(expected);
  });

  it.each<[string, Array<[string, string]>, [string, string], Array<[string, string]>]>([
    ['a redirect from the old address to the new', [['/x', '/y']], ['/a', '/b'], [['/x', '/y'], ['/a', '/b']]],
    ['the redirects to the old address lead to the new one: no chain', [['/x', '/a'], ['/y', '/a']], ['/a', '/b'], [['/x', '/b'], ['/y', '/b'], ['/a', '/b']]],
    ['none from the new address, a page again (a page moved back)', [['/a', '/b']], ['/b', '/a'], [['/b', '/a']]],
    ['nothing when the address stays', [['/x', '/a']], ['/a', '/a'], [['/x', '/a']]],
  ])('recordRename: %s', (_case, before, [from, to], after) => {
    expect(recordRename(file(before, ['/a']), from, to)).toEqual(file(after, ['/a']));
  });
});
