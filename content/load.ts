/**
 * The content check: the files of content/words, each checked against its
 * collection's schema (schema.ts), and the plain data the screens get, with
 * where each field is written. Every mistake is one line, `file:line:column:
 * field: problem`, pointing into the file as its author wrote it: YAML and
 * front matter syntax (one line per file: the first mistake, said as a
 * person would fix it), empty, missing or unknown fields, wrong types, an
 * unknown {placeholder}, Markdown beyond headings, paragraphs, lists, links
 * and emphasis, a repeated slug or order (naming both files), missing or
 * unusable pictures (picture-problems.ts), and a file or picture whose name is not
 * portable (names.ts).
 *
 * It reads nothing itself: it is given the files' texts and the pictures'
 * bytes, so the same check runs in the build (read.ts gives it the folder),
 * in the dev server's local backend and in the browser editor before a save.
 */
import { CST, isMap, isScalar, LineCounter, parse, parseDocument, Parser, type Document, type Node as YamlNode, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { markdownBlocks, splitFrontMatter } from './markdown-blocks.ts';
import { messageProblems, type Slots } from './messages.ts';
import { ART_EXTENSIONS, ART_FOLDER, picturesShown } from './art.ts';
import { portableName, portablePictureName } from './names.ts';
import { pictureProblem } from './picture-problems.ts';
import { BLOB_ID, collectionName, COLLECTIONS, PLACEHOLDER_SLOTS, RECORD_FIELD, TEMPLATES, type Block, type Collection, type CollectionKey, type Content, type EntryRef, type Language, type SiteContent, type TemplateKey, type TranslatedKey } from './schema.ts';
import { LastRound } from './last-round.ts';
import { translationProblems, withOriginal } from './translations.ts';

/** The folders of the room, relative to the repository, as every message names them. */
export const WORDS_FOLDER = 'content/words';
export { ART_FOLDER } from './art.ts';
export const SCHEMAS_FOLDER = 'content/schemas';

/** A file of content/words: its path relative to the repository (forward slashes) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** What the check needs: every file of content/words, and the bytes of the pictures of content/art by file name. */
export interface CheckInput {
  files: readonly SourceFile[];
  art: ReadonlyMap<string, Uint8Array>;
}

/** "file:line:column: field: problem" for a field of an entry, once the content has been checked. */
export type Locate = (entry: EntryRef, field: readonly (string | number)[], problem: string) => string;

export interface Checked {
  /** Undefined when there is any problem. */
  content?: SiteContent;
  problems: string[];
  /** What does not stop the build: each page a language has no translation of, and so does not have. */
  notices: string[];
  locate: Locate;
  /** Every link of the Markdown texts to an address of ours, with where it is written, for the site's check (shared/site-check.ts). */
  links: OurLink[];
}

export interface OurLink {
  href: string;
  /** "file:line:column: text: problem" at the link. */
  at: (problem: string) => string;
}

/** Thrown where the content must be whole (content/index.ts): one line per problem. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    this.name = 'ContentError';
  }
}

/** A language tag in a file name: home.fr.yaml, categories/textiles.ar.yaml, home.pt-BR.yaml (languages.yaml's code, schema.ts). */
const CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * The collection a file of content/words belongs to, its id and its
 * language; undefined for a file of none. A translated collection's files
 * carry their language before the extension (home.en.yaml, home.fr.yaml),
 * as the browser editor writes them (Decap's multiple_files).
 */
export function entryOf(path: string): EntryRef | undefined {
  const inside = path.startsWith(`${WORDS_FOLDER}/`) ? path.slice(WORDS_FOLDER.length + 1) : undefined;
  if (!inside) return undefined;
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) {
    const collection: Collection = COLLECTIONS[key];
    const extension = collection.format === 'yaml' ? '.yaml' : '.md';
    if ('untranslated' in collection) {
      if (inside === collection.file) return { collection: key, id: key };
      continue;
    }
    const [base, name] = 'file' in collection ? [collection.file.slice(0, -extension.length), inside] : [undefined, inside.startsWith(`${collection.folder}/`) ? inside.slice(collection.folder.length + 1) : ''];
    if (!name.endsWith(extension) || name.includes('/')) continue;
    const parts = name.slice(0, -extension.length).split('.');
    const [id, language] = parts;
    if (parts.length !== 2 || !id || !language || !CODE.test(language)) continue;
    if (base === undefined) return { collection: key, id, language };
    if (id === base) return { collection: key, id: key, language };
  }
  return undefined;
}

/** Where an entry's file is, relative to the repository. */
export function pathOf({ collection: key, id, language }: EntryRef): string {
  const collection: Collection = COLLECTIONS[key];
  const extension = collection.format === 'yaml' ? 'yaml' : 'md';
  const suffix = language ? `.${language}.${extension}` : `.${extension}`;
  if ('file' in collection) return `${WORDS_FOLDER}/${collection.file.replace(/\.(yaml|md)$/, suffix)}`;
  return `${WORDS_FOLDER}/${collection.folder}/${id}${suffix}`;
}

/** The one file that lists the languages (it is written once, not per language), and where it is. */
const LANGUAGES_REF = { collection: 'languages', id: 'languages' } as const;
export const LANGUAGES_FILE = pathOf(LANGUAGES_REF);
/** The one file of the redirects and the addresses published (written once: they hold in every language). */
export const REDIRECTS_REF = { collection: 'redirects', id: 'redirects' } as const;
export const REDIRECTS_FILE = pathOf(REDIRECTS_REF);

/** The first line of a file (of its front matter, in Markdown): where the YAML language server finds its schema. */
export function schemaLine(key: CollectionKey, path: string): string {
  const depth = path.split('/').length - 2;
  return `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${collectionName(key)}.json`;
}

export function checkContent({ files, art }: CheckInput): Checked {
  const problems: string[] = [];
  const notices: string[] = [];
  const entries = new Map<string, Entry>();
  const keyOf = (ref: EntryRef) => `${ref.collection}/${ref.id}/${ref.language ?? ''}`;
  const locate: Locate = (ref, field, problem) => entries.get(keyOf(ref))?.at(field, problem) ?? `${pathOf(ref)}:1:1: ${fieldName(field)}: ${problem}`;

  // languages.yaml first: a file's sentences are checked in its language (its plural categories), and a
  // translation is read after its original, whose values it has in the fields written once (translations.ts).
  const listed = files.find((file) => file.path === LANGUAGES_FILE);
  const listedOnes = listed ? listedLanguages(listed).languages : [];
  const languageNamed = new Map(listedOnes.map((language) => [language.code, language]));
  // Which files are originals, even while languages.yaml has a mistake of its own (a code twice, a default not listed): its codes as written.
  const codes = listed ? writtenCodes(listed.text) : { codes: [] };
  const defaultCode = codes.default !== undefined && codes.codes.includes(codes.default) ? codes.default : codes.codes[0];
  const isTranslation = (ref: EntryRef | undefined) => ref?.language !== undefined && defaultCode !== undefined && ref.language !== defaultCode && codes.codes.includes(ref.language);
  const readingOrder = [...files].sort((a, b) => Number(isTranslation(entryOf(a.path))) - Number(isTranslation(entryOf(b.path))) || a.path.localeCompare(b.path));
  for (const file of readingOrder) {
    const ref = entryOf(file.path);
    if (!ref) {
      const name = file.path.split('/').at(-1)!;
      if (!name.startsWith('.')) problems.push(`${file.path}:1:1: is not a file of the content: ${strayHint(file.path)}`);
      continue;
    }
    // A folder's file is named after its entry: the single files' names are ours, and portable.
    if ('folder' in COLLECTIONS[ref.collection] && portableName(ref.id) !== ref.id) {
      problems.push(`${file.path}:1:1: ${notPortable(portableName(ref.id), file.path.slice(file.path.lastIndexOf('/') + 1 + ref.id.length))}`);
      continue;
    }
    // A language not listed (one taken out of languages.yaml, its files left): one line, not each field a translation lacks.
    if (ref.language !== undefined && codes.codes.length > 0 && !codes.codes.includes(ref.language)) {
      problems.push(`${file.path}:1:1: ${ref.language} is not a language of ${LANGUAGES_FILE}: add it there, or delete the file or name it for a language that is`);
      continue;
    }
    let original: Entry | undefined;
    if (isTranslation(ref)) {
      const originalRef = { ...ref, language: defaultCode };
      original = entries.get(keyOf(originalRef));
      if (!original) {
        // An original there with problems of its own has them said; one not there leaves the translation nothing to translate.
        const missing = !files.some((other) => other.path === pathOf(originalRef));
        if (missing && 'folder' in COLLECTIONS[ref.collection]) problems.push(`${file.path}:1:1: translates nothing: there is no ${pathOf(originalRef)}`);
        continue;
      }
    }
    const entry = readOnce(ref, file, problems, ref.language === undefined ? undefined : languageNamed.get(ref.language), original);
    if (entry) entries.set(keyOf(ref), entry);
  }
  readings.end();
  const all = [...entries.values()];
  const listing = all.find((entry): entry is Entry<'languages'> => entry.ref.collection === 'languages');
  if (!files.some((file) => file.path === LANGUAGES_FILE)) problems.push(`${LANGUAGES_FILE}:1:1: the file is missing`);
  const redirects = all.find((entry): entry is Entry<'redirects'> => entry.ref.collection === 'redirects');
  if (!files.some((file) => file.path === REDIRECTS_FILE)) problems.push(`${REDIRECTS_FILE}:1:1: the file is missing`);
  for (const name of art.keys()) {
    const extension = name.slice(name.lastIndexOf('.')).toLowerCase();
    const portable = portablePictureName(name);
    if (!name.startsWith('.') && (ART_EXTENSIONS as readonly string[]).includes(extension) && portable !== name) {
      problems.push(`${ART_FOLDER}/${name}:1:1: ${notPortable(portable.slice(0, -extension.length), extension)}`);
    }
  }
  if (!listing || !redirects) return { problems, notices, locate, links: [] };
  const languages = languagesOf(listing, files, problems);
  const [first] = languages;
  if (!first) return { problems, notices, locate, links: [] };

  // The default language's files are the site: every file collection, a category and a legal document at least.
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) {
    const collection: Collection = COLLECTIONS[key];
    const ref = { collection: key, id: key, language: first.code };
    if ('file' in collection && !('untranslated' in collection) && !entries.has(keyOf(ref))) {
      if (!files.some((file) => file.path === pathOf(ref))) problems.push(`${pathOf(ref)}:1:1: the file is missing`);
    }
  }
  const of = <K extends TranslatedKey>(key: K, code: string) => all.filter((entry): entry is Entry<K> => entry.ref.collection === key && entry.ref.language === code);
  const categories = inOrder(of('categories', first.code), problems);
  const legal = inOrder(of('legal', first.code), problems);
  unique(categories, (entry) => entry.data.slug, 'slug', (entry) => `"${entry.data.slug}" is also the slug of`, problems);
  // A page's address against the others' and the built-in pages' is the route table's to check (shared/site-check.ts).
  for (const category of categories) {
    for (const field of ['title'] as const) {
      for (const name of ['categoryList', 'categoryCount']) {
        if (category.data[field].includes(`{${name}}`)) problems.push(category.at([field], `{${name}} is made from the categories’ titles, so a title cannot hold it`));
      }
    }
    const artProblem = pictureProblem(category.data.image.file, art, 'category');
    if (artProblem) problems.push(category.at(['image', 'file'], artProblem));
  }
  const home = entries.get(keyOf({ collection: 'home', id: 'home', language: first.code })) as Entry<'home'> | undefined;
  const heroProblem = home && pictureProblem(home.data.image.file, art, 'hero');
  if (heroProblem) problems.push(home.at(['image', 'file'], heroProblem));
  if (problems.length === 0 && legal.length === 0) problems.push(`${WORDS_FOLDER}/${COLLECTIONS.legal.folder}: the Legal page needs at least one document`);
  if (problems.length === 0 && categories.length === 0) problems.push(`${WORDS_FOLDER}/${COLLECTIONS.categories.folder}: Our Products needs at least one category`);

  // Each translation against its original: the same fields, the same values where they must be (translations.ts).
  for (const entry of all) {
    const code = entry.ref.language;
    if (!code || code === first.code) continue;
    // Read only with its original (above).
    const original = entries.get(keyOf({ ...entry.ref, language: first.code }));
    if (!original) continue;
    // A template's slots are checked in each language against what the site fills (readEntry), not against the original's: a date may be written of other parts.
    problems.push(...translationProblems(COLLECTIONS[entry.ref.collection].schema, original, entry, { placeholders: entry.ref.collection !== 'templates' }));
  }
  if (problems.length > 0) return { problems, notices, locate, links: [] };

  const editions = languages.map((language) => {
    const single = <K extends 'home' | 'about' | 'products' | 'legalPage' | 'hours' | 'labels' | 'templates'>(key: K) => entries.get(keyOf({ collection: key, id: key, language: language.code }))?.data as DataOf<K> | undefined;
    const translated = <K extends 'categories' | 'legal' | 'pages'>(originals: Entry<K>[]) =>
      originals.flatMap((original) => {
        const entry = entries.get(keyOf({ ...original.ref, language: language.code })) as Entry<K> | undefined;
        if (!entry) notices.push(`${pathOf({ ...original.ref, language: language.code })}: not translated into ${language.name} (${language.code}), so that page is not in ${language.name}`);
        return entry ? [entry] : [];
      });
    const withBody = (entry: Entry<'legal' | 'pages'>) => ({ id: entry.ref.id, ...entry.data, body: entry.body });
    for (const key of ['about', 'products', 'legalPage'] as const) {
      if (!single(key)) notices.push(`${pathOf({ collection: key, id: key, language: language.code })}: not translated into ${language.name} (${language.code}), so that page is not in ${language.name}`);
    }
    return {
      language,
      home: single('home')!,
      about: single('about'),
      products: single('products'),
      legalPage: single('legalPage'),
      hours: single('hours')!,
      labels: single('labels')!,
      templates: single('templates')!,
      categories: translated(categories).map((entry) => ({ id: entry.ref.id, ...entry.data })),
      legal: translated(legal).map(withBody) as Content['legal'],
      pages: translated(of('pages', first.code)).map(withBody) as Content['pages'],
    } satisfies Content;
  });
  // A picture nothing shows is not built, but weighs on the repository (one replaced in the editor is removed with it).
  const shown = new Set(picturesShown(editions).map((use) => use.file));
  for (const name of [...art.keys()].sort()) {
    if (!name.startsWith('.') && !shown.has(name)) notices.push(`${ART_FOLDER}/${name}: nothing shows it: choose it for a page, or delete it (in the editor, under Media)`);
  }
  return { content: { languages, editions, redirects: redirects.data }, problems, notices, locate, links: [...entries.values()].flatMap((entry) => entry.links) };
}

/**
 * The languages languages.yaml lists, the default first, each with its
 * files: a language without its home page, hours, interface labels and
 * templates could show no page (a file in a language not listed is not
 * read: checkContent says so).
 */
function languagesOf(listing: Entry<'languages'>, files: readonly SourceFile[], problems: string[]): Language[] {
  const before = problems.length;
  const listed = listing.data.languages;
  listed.forEach((language, index) => {
    // A file that is there with problems of its own has them said at its lines, not as missing.
    const missing = (['home', 'hours', 'labels', 'templates'] as const).map((key) => pathOf({ collection: key, id: key, language: language.code })).filter((path) => !files.some((file) => file.path === path));
    if (missing.length > 0) {
      const named = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}`;
      problems.push(listing.at(['languages', index, 'code'], `${language.name} has no ${named}: every language needs its home page, hours, interface labels and templates`));
    }
  });
  const languages = inListedOrder(listing, problems);
  return problems.length > before ? [] : languages;
}

/** The languages of the listing, the default first; none, with its problems, when a code is listed twice or the default is not listed. */
function inListedOrder(listing: Entry<'languages'>, problems: string[]): Language[] {
  const before = problems.length;
  const listed = listing.data.languages;
  listed.forEach((language, index) => {
    if (listed.findIndex((other) => other.code === language.code) !== index) problems.push(listing.at(['languages', index, 'code'], `${language.code} is listed twice`));
  });
  const fallback = listed.findIndex((language) => language.code === listing.data.default);
  if (fallback === -1) problems.push(listing.at(['default'], `"${listing.data.default}" is not one of the languages listed below`));
  if (problems.length > before) return [];
  return [listed[fallback]!, ...listed.filter((_, index) => index !== fallback)];
}

/**
 * The languages languages.yaml lists, the default first, read from that file
 * alone: the browser editor's languages are made from it when the editor is
 * built, whatever state the other files are in. Its problems, one line each,
 * when it lists none that can be used.
 */
export function listedLanguages(file: SourceFile): { languages: Language[]; problems: string[] } {
  const problems: string[] = [];
  const listing = readEntry(LANGUAGES_REF, file, problems);
  return { languages: listing ? inListedOrder(listing, problems) : [], problems };
}

/** The default and the codes languages.yaml writes, as far as its YAML can be read (its check says what is wrong with it). */
function writtenCodes(text: string): { default?: string; codes: string[] } {
  try {
    const data = parse(text) as { default?: unknown; languages?: unknown } | null;
    const codes = Array.isArray(data?.languages) ? data.languages.flatMap((language: { code?: unknown } | null) => (typeof language?.code === 'string' ? [language.code] : [])) : [];
    return { ...(typeof data?.default === 'string' && { default: data.default }), codes };
  } catch {
    return { codes: [] };
  }
}

/** What a file of content/words that no collection holds should be instead. */
function strayHint(path: string): string {
  const collections: Collection[] = Object.values(COLLECTIONS);
  const named = (name: string, extension: string, translated: boolean) => (translated ? name.replace(extension, `.<language>${extension}`) : name);
  const folders = collections.flatMap((collection) => ('folder' in collection ? [`${collection.folder}/ (name.<language>${collection.format === 'yaml' ? '.yaml' : '.md'})`] : []));
  if (path.endsWith('.yml')) return 'name it .yaml';
  const files = collections.flatMap((collection) => ('file' in collection ? [named(collection.file, '.yaml', !('untranslated' in collection))] : []));
  return `the content is the files ${files.join(', ')} and the folders ${folders.join(', ')}, where <language> is a code of languages.yaml such as en`;
}

/** What to call a file whose name is not portable (names.ts): its name made portable, then its language and extension as they are. */
function notPortable(portable: string, suffix: string): string {
  if (!portable) return `the file name is not portable: name it with lowercase letters, digits and hyphens, then ${suffix}`;
  return `the file name is not portable: name it ${portable}${suffix}`;
}

/** The picture each file's text names, kept for the next call (last-round.ts): the editor asks before each check. */
const named = new LastRound<string | undefined>();

/** The pictures the categories and home pages among these files name, as far as their YAML can be read (the check says what cannot). */
export function picturesNamed(files: readonly SourceFile[]): string[] {
  const names = files.flatMap((file) => {
    const collection = entryOf(file.path)?.collection;
    if (collection !== 'categories' && collection !== 'home') return [];
    const name = named.answer(file.text, () => pictureIn(file.text));
    return name === undefined ? [] : [name];
  });
  named.end();
  return [...new Set(names)];
}

/** The picture a category's or home page's YAML names, if it can be read. */
function pictureIn(text: string): string | undefined {
  try {
    const data = parse(text) as { image?: { file?: unknown } } | null;
    return typeof data?.image?.file === 'string' ? data.image.file : undefined;
  } catch {
    return undefined;
  }
}

type DataOf<K extends CollectionKey> = z.infer<(typeof COLLECTIONS)[K]['schema']>;

/** One file, checked: its data, its Markdown body, and a way to point at one of its fields. */
interface Entry<K extends CollectionKey = CollectionKey> {
  ref: EntryRef & { collection: K };
  path: string;
  data: DataOf<K>;
  body: Block[];
  at: (field: readonly (string | number)[], problem: string) => string;
  links: OurLink[];
}

/** The slots a text of a collection may hold: a template's own (templates.yaml), else the placeholders. */
export function slotsOf(collection: CollectionKey, field: readonly (string | number)[]): Slots {
  return collection === 'templates' ? TEMPLATES[field[0] as TemplateKey].slots : PLACEHOLDER_SLOTS;
}

/** Each file's reading (readEntry's entry and the problems it found), by its path, text and language, with the original it was read against, kept for the next check (last-round.ts). */
const readings = new LastRound<{ original: Entry | undefined; entry: Entry | undefined; problems: string[] }>();

/** readEntry, or the last check's reading of the same file against the same original (an object of the last check's while its own file is unchanged). */
function readOnce<K extends CollectionKey>(ref: EntryRef & { collection: K }, file: SourceFile, problems: string[], language: Language | undefined, original: Entry | undefined): Entry<K> | undefined {
  const read = () => {
    const found: string[] = [];
    return { original, entry: readEntry(ref, file, found, language, original), problems: found };
  };
  const reading = readings.answer(JSON.stringify([file.path, file.text, language ?? null]), read, (kept) => kept.original === original);
  problems.push(...reading.problems);
  return reading.entry as Entry<K> | undefined;
}

/**
 * One file, checked; its sentences in its language (its plural categories), when languages.yaml could be
 * read; a translation with its original's values in the fields written once, which it may not hold itself.
 */
function readEntry<K extends CollectionKey>(ref: EntryRef & { collection: K }, { path, text }: SourceFile, problems: string[], language?: Language, original?: Entry): Entry<K> | undefined {
  const collection = COLLECTIONS[ref.collection];
  const line = (row: number, column: number, field: string, problem: string) => `${path}:${row}:${column}: ${field ? `${field}: ` : ''}${problem}`;
  const before = problems.length;

  let yamlText = text;
  let yamlLine = 1;
  let bodyText = '';
  let bodyLine = 1;
  if (collection.format === 'markdown') {
    const split = splitFrontMatter(text);
    if (!split) {
      problems.push(line(1, 1, '', 'a Markdown file starts with its front matter: a line ---, its fields, and another line ---'));
      return undefined;
    }
    ({ yaml: yamlText, yamlLine, body: bodyText, bodyLine } = split);
  }

  const lines = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const where = (offset: number) => {
    const pos = lines.linePos(offset);
    return { row: pos.line + yamlLine - 1, column: pos.col };
  };
  const syntax = firstSyntaxError(yamlText, doc.errors);
  if (syntax) {
    const { row, column } = where(syntax.offset);
    problems.push(line(row, column, '', `YAML: ${syntax.problem}`));
    return undefined;
  }

  const expected = schemaLine(ref.collection, path);
  if (yamlText.split(/\r?\n/, 1)[0] !== expected) {
    problems.push(line(yamlLine, 1, '', `the first line${collection.format === 'markdown' ? ' of the front matter' : ''} must be "${expected}", which lets editors check the fields as you type`));
  }

  const at = (fieldPath: readonly (string | number)[], problem: string) => {
    const node = nodeAt(doc, fieldPath);
    const { row, column } = node?.range ? where(node.range[0]) : { row: yamlLine, column: 1 };
    return line(row, column, fieldName(fieldPath), problem);
  };

  const written = doc.toJS() ?? {};
  // A translation's record of its original's version is the file's, not the site's (keep-up.ts).
  if (original && isMap(doc.contents) && doc.contents.has(RECORD_FIELD)) {
    const recorded: unknown = written[RECORD_FIELD];
    if (typeof recorded !== 'string' || !BLOB_ID.test(recorded)) problems.push(at([RECORD_FIELD], `should be the id git gives the version of ${original.path} this translates, 40 hexadecimal digits: npm run translations -- --record ${path} writes today's`));
    delete written[RECORD_FIELD];
  }
  const data = original
    ? withOriginal(collection.schema, original.data, written, (field) => problems.push(at(field, `is written once, in ${original.path}, for every language: remove it here`)))
    : written;
  const result = collection.schema.safeParse(data, { error: messageFor });
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) problems.push(keyAt(doc, issue.path as (string | number)[], key, where, line));
      } else {
        problems.push(at(issue.path as (string | number)[], issue.message));
      }
    }
    return undefined;
  }
  const checked = result.data as DataOf<K>;
  if (ref.language !== undefined) {
    for (const [fieldPath, value] of strings(checked)) for (const problem of messageProblems(value, slotsOf(ref.collection, fieldPath), language)) problems.push(at(fieldPath, problem));
  }
  const sentence = (value: string) => messageProblems(value, PLACEHOLDER_SLOTS, language);
  const links: OurLink[] = [];
  const ourLink = (href: string, row: number, column: number) => {
    if (href.startsWith('/')) links.push({ href, at: (problem) => line(row + bodyLine - 1, column, 'text', problem) });
  };
  const body = collection.format === 'markdown' ? markdownBlocks(bodyText, (row, column, problem) => problems.push(line(row + bodyLine - 1, column, 'text', problem)), sentence, ourLink) : [];
  if (problems.length > before) return undefined;
  return { ref, path, data: checked, body, at, links };
}

/**
 * A file's first YAML mistake, said as the person who made it would fix it:
 * one per file, as the mistakes after the first mostly follow from it (a
 * tab before a list item is one mistake, which the parser reports on every
 * line after it). Where the parser notices a mistake is not always where it
 * was made: an unclosed quote or bracket is reported where it opened, a line
 * indented too far at that line.
 */
function firstSyntaxError(source: string, errors: readonly YAMLError[]): { offset: number; problem: string } | undefined {
  // A tab used to indent is the mistake whatever else the parser then finds.
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const first = sorted.find((error) => error.code === 'TAB_AS_INDENT') ?? sorted[0];
  if (!first) return undefined;
  const offset = first.pos[0];
  if (first.code === 'TAB_AS_INDENT') return { offset, problem: 'this line is indented with a tab: indent with spaces' };
  const opened = unclosedBefore(source, offset);
  if (opened !== undefined) return { offset: opened, problem: `${first.message.split('\n')[0]} (opened here)` };
  if (first.code === 'BLOCK_AS_IMPLICIT_KEY' || first.code === 'MULTILINE_IMPLICIT_KEY') {
    const lineEnd = source.indexOf('\n', offset);
    const rest = source.slice(offset, lineEnd === -1 ? undefined : lineEnd);
    if (/:\s/.test(rest)) return { offset, problem: 'these words hold a colon and a space, which starts a field: put the words in double quotes' };
    const next = /\n( *)\S/.exec(source.slice(lineEnd));
    const indentOf = (at: number) => /^ */.exec(source.slice(source.lastIndexOf('\n', at - 1) + 1))![0].length;
    if (lineEnd !== -1 && next && next[1]!.length > indentOf(offset)) {
      return { offset: lineEnd + next.index + next[0].length - 1, problem: 'this line is indented further than the field above it: line it up with the fields around it' };
    }
  }
  return { offset, problem: first.message.split('\n')[0]! };
}

/** Where the last quote or bracket that is never closed opens, before an offset. */
function unclosedBefore(source: string, offset: number): number | undefined {
  let opened: number | undefined;
  const check = (token: CST.Token | undefined) => {
    if (!token || token.offset > offset) return;
    if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
      const quote = token.source[0]!;
      if (token.source.length < 2 || !token.source.endsWith(quote)) opened = token.offset;
    }
    if (token.type === 'flow-collection' && !token.end.some((end) => end.type === 'flow-map-end' || end.type === 'flow-seq-end')) opened = token.offset;
  };
  for (const token of new Parser().parse(source)) {
    if (token.type !== 'document') continue;
    check(token.value);
    CST.visit(token, (item) => {
      check(item.key ?? undefined);
      check(item.value);
    });
  }
  return opened;
}

/** The node at a path, or the nearest one above it that exists (for a missing field). */
function nodeAt(doc: Document, path: readonly (string | number)[]): YamlNode | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
    if (node && typeof node === 'object' && 'range' in node) return node as YamlNode;
  }
  return undefined;
}

function keyAt(doc: Document, path: (string | number)[], key: string, where: (offset: number) => { row: number; column: number }, line: (r: number, c: number, f: string, p: string) => string): string {
  const parent = path.length === 0 ? doc.contents : doc.getIn(path, true);
  const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
  const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
  const { row, column } = range ? where(range[0]) : where(0);
  return line(row, column, fieldName([...path, key]), 'is not a field of this entry (a typo?)');
}

/** ["headings", 3, "heading"] → "headings[3].heading". */
export function fieldName(path: readonly (string | number)[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${part}`)).join('');
}

/** Words for the kinds of mistake a content edit makes; a schema's own message wins over these. */
function messageFor(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is missing';
      return `should be ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a group of fields' : `a ${issue.expected}`}, not ${JSON.stringify(issue.input)}`;
    case 'too_small':
      return issue.origin === 'string' ? 'is empty' : issue.origin === 'array' ? `needs at least ${issue.minimum}` : `should be at least ${issue.minimum}`;
    case 'invalid_format':
      return issue.format === 'date' ? `${JSON.stringify(issue.input)} is not a date written YYYY-MM-DD` : undefined;
    case 'invalid_value':
      return `should be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, not ${JSON.stringify(issue.input)}`;
    default:
      return undefined;
  }
}

function* strings(value: unknown, path: (string | number)[] = []): Generator<[(string | number)[], string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, [...path, index]);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key]);
}

/** Entries in their `order`, each number used once. */
function inOrder<K extends 'categories' | 'legal'>(whole: Entry<K>[], problems: string[]): Entry<K>[] {
  unique(whole, (entry) => String(entry.data.order), 'order', (entry) => `${entry.data.order} is also the order of`, problems);
  return whole.sort((a, b) => a.data.order - b.data.order);
}

/** Reports each entry whose key an earlier one has, naming that one's file. */
function unique<K extends CollectionKey>(entries: Entry<K>[], key: (entry: Entry<K>) => string, field: string, says: (entry: Entry<K>) => string, problems: string[]): void {
  const first = new Map<string, Entry<K>>();
  for (const entry of entries) {
    const earlier = first.get(key(entry));
    if (earlier) problems.push(entry.at([field], `${says(entry)} ${earlier.path}`));
    else first.set(key(entry), entry);
  }
}
