/**
 * The content check of the languages and their translations (issue 31): each bad translation input, made in memory, is
 * refused in one line naming the file to fix; positions are found in the edited file, so the cases hold whatever the words.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WORDS_FOLDER } from '../content/load.ts';
import { readContent, readLanguages } from '../content/read.ts';
import { COLLECTIONS, PLACEHOLDERS } from '../content/schema.ts';
import { changesBetween, recordOf, standingOf, withRecord, type Change, type Standing } from '../content/keep-up.ts';
import { pluralCategories } from '../content/messages.ts';
import { checkSite, keepUpNotices } from '../scripts/build/check-content.ts';
import { defaultSite } from '../shared/site.ts';
import { content, contentCopy, contentInMemory, editions, unlistedLanguage } from './helpers.ts';

type Copy = ReturnType<typeof contentInMemory>;
/** Copies on disk, for the keep-up notices read with git; removed after each test. */
const copies: Array<ReturnType<typeof contentCopy>> = [];
afterEach(() => {
  for (const copy of copies.splice(0)) copy.remove();
});

const W = WORDS_FOLDER;
const LANGUAGES = 'languages.yaml';
/** A page's words to add in a test, at an address no real page has. */
const markdownPage = (path: string) => `---\n# yaml-language-server: $schema=../../schemas/pages.json\npath: ${path}\ntitle: Made up by the test\ndescription: A page no real entry would be.\nmenuLabel: null\n---\n\nWords.\n`;
/** The languages as languages.yaml lists them, the default first. */
const LISTED = readLanguages();
/** Those that have every page the default language has: the cases edit their files, and a language translated in part lacks some (docs/editing.md, "Add a language"). */
const WHOLE = editions.filter((edition) => editions[0]!.routes.every(({ key }) => edition.routes.some((route) => route.key === key))).map(({ language }) => language);
/** The default language, a language translated from it, and a right-to-left one, each with every page. */
const [FIRST, SECOND] = WHOLE as [(typeof WHOLE)[number], (typeof WHOLE)[number]];
const RTL = WHOLE.find((language) => language.direction === 'rtl') ?? SECOND;
/** A language languages.yaml does not list, as an owner would add one. */
const UNLISTED = unlistedLanguage(LISTED.map((language) => language.code));
/** A category and a legal document of the content, by the id their files are named for. */
const CATEGORY = `categories/${content.categories[0]!.id}`;
const DOCUMENT = `legal/${content.legal[0]!.id}`;
/** The first item of a category's first list, as its file writes it, and the item after it. */
const items = (text: string) => /^ +items:\n( +- .+\n)( +- .+\n)/m.exec(text)!.slice(1) as [string, string];
/** How many items a category's first list has. */
const count = (text: string) => /^( +)items:\n((?:\1 +- .+\n)+)/m.exec(text)![2]!.split('\n').filter(Boolean).length;
/** The line of languages.yaml that lists a language, as the file writes it. */
const listed = (copy: Copy, code: string) => new RegExp(`^ *- \\{ code: ${code},.*$`, 'm').exec(copy.read(LANGUAGES))![0];

/**
 * Each case breaks the copy and returns the one line the check must give:
 * where the mistake is (file, line and column of the field or value) and what it is.
 */
const CASES: Array<[string, (copy: Copy) => string]> = [
  [
    'a translation with a field its original lacks (an optional list added)',
    (c) => {
      const file = `about.${SECOND.code}.yaml`;
      c.edit(file, /^(aboutUs:\n  heading: .+\n)/m, '$1  list:\n    - A point the original does not make\n');
      return `${W}/${file}:${c.at(file, '- A point')}: aboutUs.list: is not in ${W}/about.${FIRST.code}.yaml: a translation has the original’s fields, no more`;
    },
  ],
  [
    'a translation lacking a field its original has',
    (c) => {
      c.edit(`${CATEGORY}.${RTL.code}.yaml`, /^subtitle: .+\n/m, '');
      return `${W}/${CATEGORY}.${RTL.code}.yaml:2:1: subtitle: is missing`;
    },
  ],
  [
    'a list with more items than the original',
    (c) => {
      const file = `${CATEGORY}.${SECOND.code}.yaml`;
      const [first] = items(c.read(file));
      c.edit(file, first, `${first}${first}`);
      return `${W}/${file}:${c.at(file, first.trimStart())}: headings[0].items: has ${count(c.read(file))} items where ${W}/${CATEGORY}.${FIRST.code}.yaml has ${count(c.read(`${CATEGORY}.${FIRST.code}.yaml`))}: translate each one, no more`;
    },
  ],
  [
    'a list with fewer items than the original',
    (c) => {
      const file = `${CATEGORY}.${SECOND.code}.yaml`;
      const [first, next] = items(c.read(file));
      c.edit(file, first, '');
      return `${W}/${file}:${c.at(file, next.trimStart())}: headings[0].items: has ${count(c.read(file))} items where ${W}/${CATEGORY}.${FIRST.code}.yaml has ${count(c.read(`${CATEGORY}.${FIRST.code}.yaml`))}: translate each one, no more`;
    },
  ],
  ...(
    [
      ['an address', CATEGORY, (text: string) => text.replace(/^(title: )/m, 'slug: tissus\n$1'), 'tissus', 'slug'],
      ['an order', CATEGORY, (text: string) => text.replace(/^(title: )/m, 'order: 99\n$1'), '99\ntitle', 'order'],
      ['a time of the hours', 'hours', (text: string) => text.replace(/^(closed: )/m, 'opens: "08:00"\n$1'), '"08:00"', 'opens'],
      ['a picture', CATEGORY, (text: string) => text.replace(/^(image:\n)/m, '$1  file: another.svg\n'), 'another.svg', 'image.file'],
    ] as const
  ).map(([what, entry, add, value, field]): [string, (copy: Copy) => string] => [
    `${what} written in a translation, where it is written once, in the original`,
    (c) => {
      const translation = `${entry}.${WHOLE.at(-1)!.code}.yaml`;
      c.write(translation, add(c.read(translation)));
      return `${W}/${translation}:${c.at(translation, value)}: ${field}: is written once, in ${W}/${entry}.${LISTED[0]!.code}.yaml, for every language: remove it here`;
    },
  ]),
  [
    'a language listed in languages.yaml without its files',
    (c) => {
      const { code, name, locale } = UNLISTED;
      c.write(LANGUAGES, `${c.read(LANGUAGES).trimEnd()}\n  - { code: ${code}, name: ${name}, direction: ltr, locale: ${locale} }\n`);
      return `${W}/${LANGUAGES}:${c.at(LANGUAGES, `${code}, name`)}: languages[${LISTED.length}].code: ${name} has no ${W}/home.${code}.yaml, ${W}/hours.${code}.yaml, ${W}/labels.${code}.yaml or ${W}/templates.${code}.yaml: every language needs its home page, hours, interface labels and templates`;
    },
  ],
  [
    'a file in a language languages.yaml does not list',
    (c) => {
      c.write(`home.${UNLISTED.code}.yaml`, c.read(`home.${FIRST.code}.yaml`));
      return `${W}/home.${UNLISTED.code}.yaml:1:1: ${UNLISTED.code} is not a language of ${W}/${LANGUAGES}: add it there, or delete the file or name it for a language that is`;
    },
  ],
  [
    'a translation left behind by a language taken out of languages.yaml (one line, not each field an original has)',
    (c) => {
      c.write(`${CATEGORY}.${UNLISTED.code}.yaml`, c.read(`${CATEGORY}.${SECOND.code}.yaml`));
      return `${W}/${CATEGORY}.${UNLISTED.code}.yaml:1:1: ${UNLISTED.code} is not a language of ${W}/${LANGUAGES}: add it there, or delete the file or name it for a language that is`;
    },
  ],
  [
    'a language listed twice',
    (c) => {
      const line = listed(c, LISTED[1]!.code);
      const last = listed(c, LISTED.at(-1)!.code);
      c.edit(LANGUAGES, last, `${last}\n${line}`);
      return `${W}/${LANGUAGES}:${Number(c.at(LANGUAGES, last).split(':')[0]) + 1}:${line.indexOf(LISTED[1]!.code) + 1}: languages[${LISTED.length}].code: ${LISTED[1]!.code} is listed twice`;
    },
  ],
  [
    'a default language that is not listed',
    (c) => {
      c.edit(LANGUAGES, /^default: .+$/m, `default: ${UNLISTED.code}`);
      return `${W}/${LANGUAGES}:${valueAt(c, LANGUAGES, /^default: /)}: default: "${UNLISTED.code}" is not one of the languages listed below`;
    },
  ],
  [
    'a placeholder’s name translated ({nomDeMarque} for {brandName})',
    (c) => {
      const file = `about.${SECOND.code}.yaml`;
      c.edit(file, /^lead: .+$/m, 'lead: "{nomDeMarque}"');
      return `${W}/${file}:${c.at(file, '"{nomDeMarque}')}: lead: {nomDeMarque} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`;
    },
  ],
  [
    'a placeholder’s name translated in Markdown',
    (c) => {
      const file = `${DOCUMENT}.${RTL.code}.md`;
      c.write(file, `${c.read(file)}\nراسلونا على {البريد}.\n`);
      return `${W}/${file}:${c.at(file, 'راسلونا على {البريد}')}: text: {البريد} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`;
    },
  ],
  [
    'a translation with no original',
    (c) => {
      c.write(`categories/zz-made-up.${SECOND.code}.yaml`, c.read(`${CATEGORY}.${SECOND.code}.yaml`));
      return `${W}/categories/zz-made-up.${SECOND.code}.yaml:1:1: translates nothing: there is no ${W}/categories/zz-made-up.${FIRST.code}.yaml`;
    },
  ],
  [
    'a page of the default language at an address under another language’s prefix',
    (c) => {
      c.write(`pages/zz-made-up.${FIRST.code}.md`, markdownPage(`/${SECOND.code}/zz-made-up`));
      c.publish(`/${SECOND.code}/zz-made-up`);
      return `${W}/pages/zz-made-up.${FIRST.code}.md:3:7: path: /${SECOND.code}/zz-made-up is in /${SECOND.code}/, where the ${SECOND.name} pages are: choose another address`;
    },
  ],
];

/** A language of languages.yaml other than the default with every page, the one with the most plural categories (Arabic's six), and its code. */
const COUNTED = [...WHOLE.slice(1)].sort((a, b) => new Intl.PluralRules(b.locale).resolvedOptions().pluralCategories.length - new Intl.PluralRules(a.locale).resolvedOptions().pluralCategories.length)[0]!;
/** "line:column" of the value of a field of a YAML file (its first non-space after "name:" or "- "), found in the file as it is. */
const valueAt = (copy: Copy, file: string, field: RegExp) => {
  const lines = copy.read(file).split('\n');
  const row = lines.findIndex((line) => field.test(line));
  expect(row, `${field} in ${file}`).toBeGreaterThanOrEqual(0);
  const column = lines[row]!.search(field) + field.exec(lines[row]!)![0].length + 1;
  return `${row + 1}:${column}`;
};

/** The sentences with slots: each kind of mistake a translator makes in a template or a count, in one line at its field. */
const SENTENCES: Array<[string, (copy: Copy) => string]> = [
  [
    'a template with a slot the site does not fill',
    (c) => {
      const file = `templates.${COUNTED.code}.yaml`;
      c.edit(file, /^readMore: "(.*)"$/m, 'readMore: "$1 {author}"');
      return `${W}/${file}:${valueAt(c, file, /^readMore: /)}: readMore: {author} is not a placeholder we know ({label}, {title})`;
    },
  ],
  [
    'a template without a slot the site fills',
    (c) => {
      const file = `templates.${COUNTED.code}.yaml`;
      c.edit(file, /^dayRange: .*$/m, 'dayRange: "{first}"');
      return `${W}/${file}:${valueAt(c, file, /^dayRange: /)}: dayRange: {last} is missing: the site puts the last day’s name there`;
    },
  ],
  [
    'a translation without a placeholder its original has',
    (c) => {
      const file = `labels.${COUNTED.code}.yaml`;
      c.edit(file, /^( +linkedIn: ).*$/m, '$1LinkedIn');
      return `${W}/${file}:${valueAt(c, file, /^ +linkedIn: /)}: footer.linkedIn: {brandName} is missing: ${W}/labels.${LISTED[0]!.code}.yaml has it here, and the translation says the same`;
    },
  ],
  [
    'a count without a form for each of the language’s plural categories',
    (c) => {
      const file = `about.${COUNTED.code}.yaml`;
      const categories = pluralCategories(COUNTED.locale);
      c.write(file, `${c.read(file).trimEnd()}\n`.replace(/^(whatWeProvide:\n(?:.*\n)*?  paragraphs:\n)/m, '$1    - "{categoryCount, plural, other {# x}}"\n'));
      return `${W}/${file}:${valueAt(c, file, /^ {4}- (?="\{categoryCount, plural, other)/)}: whatWeProvide.paragraphs[0]: {categoryCount, plural} needs a form for each of ${COUNTED.name}’s plural categories (${categories.join(', ')}): add ${categories.filter((category) => category !== 'other').map((category) => `${category} {…}`).join(', ')}`;
    },
  ],
];

describe('the content check of the translations', () => {
  it.each([...CASES, ...SENTENCES])('refuses %s, in one line naming the file, line and column', async (_case, breakIt) => {
    const copy = contentInMemory({ everyLanguage: true });
    const expected = breakIt(copy);
    expect((await checkSite(copy.checked(), defaultSite)).problems).toEqual([expected]);
  });

  it('accepts a page one language does not have, and says so without stopping', async () => {
    const copy = contentInMemory({ everyLanguage: true });
    // Those of the pages a language has not translated yet, as the owners left them, are there before and after.
    const before = copy.checked().notices;
    copy.remove(`about.${SECOND.code}.yaml`);
    const checked = copy.checked();
    expect((await checkSite(checked, defaultSite)).problems).toEqual([]);
    expect(checked.notices.toSorted()).toEqual([...before, `${W}/about.${SECOND.code}.yaml: not translated into ${SECOND.name} (${SECOND.code}), so that page is not in ${SECOND.name}`].toSorted());
  });
});

describe('translations that keep up with their originals (content/keep-up.ts)', () => {
  const change: Change = { field: ['lead'], was: 'We present the three best offers.', now: 'We present the three offers that fit best.' };
  it.each<[string, string | undefined | null, string, Change[] | undefined, Standing]>([
    ['a translation that is not there is missing', null, 'b', undefined, { state: 'missing' }],
    ['one without the record is not recorded', undefined, 'b', undefined, { state: 'not recorded' }],
    ['one that records the original as it is is up to date', 'b', 'b', undefined, { state: 'up to date' }],
    ['one whose original changed nothing it translates (an order, a picture) is up to date', 'a', 'b', [], { state: 'up to date' }],
    ['one whose original changed a field it translates is behind, with the field', 'a', 'b', [change], { state: 'behind', since: 'a', changes: [change] }],
    ['one whose original’s earlier version cannot be read is behind, without details', 'a', 'b', undefined, { state: 'behind', since: 'a' }],
  ])('%s', (_case, recorded, current, changes, standing) => {
    expect(standingOf(recorded, current, changes)).toEqual(standing);
  });

  it.each([
    ['a list written with "*" for "-", as Decap writes it: no change', '- One\n- Two\n\nA paragraph.', '* One\n* Two\n\nA paragraph.', []],
    ['emphasis with "_" for "*": no change', 'A *word* here.', 'A _word_ here.', []],
    ['a paragraph added after a list rewritten so: the paragraph', '- One\n- Two', '* One\n* Two\n\nA new paragraph.', [{ field: ['text'], was: '', now: 'A new paragraph.' }]],
    ['a word changed: that paragraph', 'A paragraph.\n\n- One', 'A new paragraph.\n\n* One', [{ field: ['text'], was: 'A paragraph.', now: 'A new paragraph.' }]],
  ])('a legal text’s body with %s', (_case, was, now, changes) => {
    const file = (body: string) => `---\ntitle: Terms\n---\n${body}\n`;
    expect(changesBetween(COLLECTIONS.legal.schema, true, file(was), file(now))).toEqual(changes);
  });

  it('npm run check names each field of a translation behind its English, with what the English said and says, as notices (the check passes); without git, the translation behind since its record', async () => {
    const copy = contentCopy();
    copies.push(copy);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: copy.root, encoding: 'utf8' });
    git('init', '-q');
    // The languages that have the About page: one translated in part may not.
    const translations = editions.slice(1).filter((edition) => edition.content.about).map(({ language }) => language);
    // The English as it is, in the copy's git, and each translation recording it: up to date, whatever the owners left behind elsewhere.
    const english = git('hash-object', '-w', `${W}/about.${LISTED[0]!.code}.yaml`).trim();
    for (const { code } of translations) copy.write(`about.${code}.yaml`, withRecord(copy.read(`about.${code}.yaml`), english, false));
    // The About page's notices: another file's, behind as the owners left it, is not this test's.
    const aboutNotices = async () => (await keepUpNotices(copy.root)).filter((line) => line.startsWith(`${W}/about.`));
    expect(await aboutNotices()).toEqual([]);
    copy.edit(`about.${LISTED[0]!.code}.yaml`, /^(lead: ".*?)(")$/m, '$1 We answer within a day.$2');
    const lines = await aboutNotices();
    expect(lines).toEqual(
      translations.map(({ code }) => expect.stringMatching(new RegExp(`^${W}/about\\.${code}\\.yaml:${copy.at(`about.${code}.yaml`, 'lead: ').split(':')[0]}:7: lead: behind ${LISTED[0]!.name}: "….*" → "….* We answer within a day\\."$`))),
    );
    expect((await checkSite(readContent(copy.root), defaultSite)).problems).toEqual([]);
    rmSync(join(copy.root, '.git'), { recursive: true });
    const recorded = (code: string) => recordOf(copy.read(`about.${code}.yaml`), false)!;
    expect(await aboutNotices()).toEqual(translations.map(({ code }) => `${W}/about.${code}.yaml:${copy.at(`about.${code}.yaml`, recorded(code))}: translates: behind ${W}/about.${LISTED[0]!.code}.yaml, changed since ${recorded(code).slice(0, 7)}; what changed cannot be said here, where git's history of it is not at hand`));
  });
});
