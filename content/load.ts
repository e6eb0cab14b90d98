/**
 * The content check: the files of content/words, each checked against its
 * collection's schema (schema.ts), and the plain data the screens get, with
 * where each field is written. Every mistake is one line, `file:line:column:
 * field: problem`, pointing into the file as its author wrote it: YAML and
 * front matter syntax (one line per file: the first mistake, said as a
 * person would fix it), empty, missing or unknown fields, wrong types, an
 * unknown {placeholder}, Markdown beyond headings, paragraphs, lists, links
 * and emphasis, a repeated slug or order (naming both files), and missing,
 * unreadable or mis-sized pictures.
 *
 * It reads nothing itself: it is given the files' texts and the pictures'
 * bytes, so the same check runs in the build (read.ts gives it the folder),
 * in the dev server's local backend and in the browser editor before a save.
 */
import { imageSize } from 'image-size';
import { CST, isMap, isScalar, LineCounter, parse, parseDocument, Parser, type Document, type Node as YamlNode, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { markdownBlocks, PLACEHOLDER_LIST, splitFrontMatter, unknownPlaceholders } from './markdown.ts';
import { ART_EXTENSIONS, ART_SIZE } from './art.ts';
import { collectionName, COLLECTIONS, type Block, type CollectionKey, type Content, type EntryRef } from './schema.ts';

/** The folders of the room, relative to the repository, as every message names them. */
export const WORDS_FOLDER = 'content/words';
export const ART_FOLDER = 'content/art';
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
  content?: Content;
  problems: string[];
  locate: Locate;
}

/** Thrown where the content must be whole (content/index.ts): one line per problem. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    this.name = 'ContentError';
  }
}

/** The collection a file of content/words belongs to, and its id; undefined for a file of none. */
export function entryOf(path: string): EntryRef | undefined {
  const inside = path.startsWith(`${WORDS_FOLDER}/`) ? path.slice(WORDS_FOLDER.length + 1) : undefined;
  if (!inside) return undefined;
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) {
    const collection = COLLECTIONS[key];
    if ('file' in collection) {
      if (inside === collection.file) return { collection: key, id: key };
    } else {
      const extension = collection.format === 'yaml' ? '.yaml' : '.md';
      const name = inside.startsWith(`${collection.folder}/`) ? inside.slice(collection.folder.length + 1) : '';
      if (name.endsWith(extension) && !name.includes('/') && name.length > extension.length) return { collection: key, id: name.slice(0, -extension.length) };
    }
  }
  return undefined;
}

/** Where an entry's file is, relative to the repository. */
export function pathOf({ collection: key, id }: EntryRef): string {
  const collection = COLLECTIONS[key];
  if ('file' in collection) return `${WORDS_FOLDER}/${collection.file}`;
  return `${WORDS_FOLDER}/${collection.folder}/${id}.${collection.format === 'yaml' ? 'yaml' : 'md'}`;
}

/** The first line of a file (of its front matter, in Markdown): where the YAML language server finds its schema. */
export function schemaLine(key: CollectionKey, path: string): string {
  const depth = path.split('/').length - 2;
  return `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${collectionName(key)}.json`;
}

export function checkContent({ files, art }: CheckInput): Checked {
  const problems: string[] = [];
  const entries = new Map<string, Entry>();
  const keyOf = (ref: EntryRef) => `${ref.collection}/${ref.id}`;
  const locate: Locate = (ref, field, problem) => entries.get(keyOf(ref))?.at(field, problem) ?? `${pathOf(ref)}:1:1: ${fieldName(field)}: ${problem}`;

  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const ref = entryOf(file.path);
    if (!ref) {
      const name = file.path.split('/').at(-1)!;
      if (!name.startsWith('.')) problems.push(`${file.path}:1:1: is not a file of the content: ${strayHint(file.path)}`);
      continue;
    }
    const entry = readEntry(ref, file, problems);
    if (entry) entries.set(keyOf(ref), entry);
  }
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) {
    const collection = COLLECTIONS[key];
    if ('file' in collection && !files.some((file) => file.path === `${WORDS_FOLDER}/${collection.file}`)) problems.push(`${WORDS_FOLDER}/${collection.file}:1:1: the file is missing`);
  }

  const of = <K extends CollectionKey>(key: K) => [...entries.values()].filter((entry): entry is Entry<K> => entry.ref.collection === key);
  const categories = inOrder(of('categories'), problems);
  const legal = inOrder(of('legal'), problems);
  const pages = of('pages');
  unique(categories, (entry) => entry.data.slug, 'slug', (entry) => `"${entry.data.slug}" is also the slug of`, problems);
  // A page's address against the others' and the built-in pages' is the route table's to check (shared/check.ts).
  for (const category of categories) {
    for (const field of ['title'] as const) {
      for (const name of ['categoryList', 'categoryCount']) {
        if (category.data[field].includes(`{${name}}`)) problems.push(category.at([field], `{${name}} is made from the categories’ titles, so a title cannot hold it`));
      }
    }
    const artProblem = pictureProblem(category.data.image.file, art);
    if (artProblem) problems.push(category.at(['image', 'file'], artProblem));
  }
  if (problems.length === 0 && legal.length === 0) problems.push(`${WORDS_FOLDER}/${COLLECTIONS.legal.folder}: the Legal page needs at least one document`);
  if (problems.length === 0 && categories.length === 0) problems.push(`${WORDS_FOLDER}/${COLLECTIONS.categories.folder}: Our Products needs at least one category`);
  if (problems.length > 0) return { problems, locate };

  const single = <K extends 'home' | 'about' | 'products' | 'legalPage' | 'hours' | 'labels'>(key: K) => of(key)[0]!.data;
  const withBody = (entry: Entry<'legal' | 'pages'>) => ({ id: entry.ref.id, ...entry.data, body: entry.body });
  const content: Content = {
    home: single('home'),
    about: single('about'),
    products: single('products'),
    legalPage: single('legalPage'),
    hours: single('hours'),
    labels: single('labels'),
    categories: categories.map((entry) => ({ id: entry.ref.id, ...entry.data })),
    legal: legal.map(withBody) as Content['legal'],
    pages: pages.map(withBody) as Content['pages'],
  };
  return { content, problems, locate };
}

/** What a file of content/words that no collection holds should be instead. */
function strayHint(path: string): string {
  const folders = Object.values(COLLECTIONS).flatMap((collection) => ('folder' in collection ? [`${collection.folder}/ (${collection.format === 'yaml' ? '.yaml' : '.md'})`] : []));
  if (path.endsWith('.yml')) return 'name it .yaml';
  return `the content is the files ${Object.values(COLLECTIONS).flatMap((collection) => ('file' in collection ? [collection.file] : [])).join(', ')} and the folders ${folders.join(', ')}`;
}

/** Why a category's picture is refused, or undefined: it must be there, be a picture of its extension's kind, and be shown at its size. */
export function pictureProblem(name: string, art: ReadonlyMap<string, Uint8Array>): string | undefined {
  const bytes = art.get(name);
  if (!bytes) return `${ART_FOLDER}/${name} is missing: upload it in the Illustration field or under Media`;
  const kind = pictureKind(name, bytes);
  if ('problem' in kind) return kind.problem;
  const { width, height } = ART_SIZE;
  const fits = (factor: number) => kind.width === width * factor && kind.height === height * factor;
  if (fits(1) || (kind.type !== 'svg' && fits(2))) return undefined;
  const allowed = kind.type === 'svg' ? `${width} × ${height}` : `${width} × ${height} (or ${width * 2} × ${height * 2})`;
  return `${ART_FOLDER}/${name} is ${kind.width ?? '?'} × ${kind.height ?? '?'}, not the ${allowed} it is shown at`;
}

/** A picture's kind and size, or why it is not a picture content/art may hold (unreadable, or another kind than its extension says). */
export function pictureKind(name: string, bytes: Uint8Array): { type: string; width?: number; height?: number } | { problem: string } {
  const path = `${ART_FOLDER}/${name}`;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return { problem: `${path} is not a picture that can be read (${ART_EXTENSIONS.join(', ')})` };
  }
  const extension = name.slice(name.lastIndexOf('.'));
  if (`.${size.type}` !== extension) return { problem: `${path} is a ${String(size.type).toUpperCase()} picture named ${extension}: give it the extension of its kind` };
  return { type: size.type!, width: size.width, height: size.height };
}

/** The pictures the categories among these files name, as far as their YAML can be read (the check says what cannot). */
export function picturesNamed(files: readonly SourceFile[]): string[] {
  const names = files.flatMap((file) => {
    if (entryOf(file.path)?.collection !== 'categories') return [];
    try {
      const data = parse(file.text) as { image?: { file?: unknown } } | null;
      return typeof data?.image?.file === 'string' ? [data.image.file] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(names)];
}

type DataOf<K extends CollectionKey> = z.infer<(typeof COLLECTIONS)[K]['schema']>;

/** One file, checked: its data, its Markdown body, and a way to point at one of its fields. */
interface Entry<K extends CollectionKey = CollectionKey> {
  ref: EntryRef & { collection: K };
  path: string;
  data: DataOf<K>;
  body: Block[];
  at: (field: readonly (string | number)[], problem: string) => string;
}

function readEntry<K extends CollectionKey>(ref: EntryRef & { collection: K }, { path, text }: SourceFile, problems: string[]): Entry<K> | undefined {
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

  const result = collection.schema.safeParse(doc.toJS() ?? {}, { error: messageFor });
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
  const data = result.data as DataOf<K>;
  for (const [fieldPath, value] of strings(data)) {
    for (const unknown of unknownPlaceholders(value)) problems.push(at(fieldPath, `{${unknown}} is not a placeholder we know (${PLACEHOLDER_LIST})`));
  }
  const body = collection.format === 'markdown' ? markdownBlocks(bodyText, (row, column, problem) => problems.push(line(row + bodyLine - 1, column, 'text', problem))) : [];
  if (problems.length > before) return undefined;
  return { ref, path, data, body, at };
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
