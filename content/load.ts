/**
 * Reads the content files of shared/content, checks each against its
 * collection's schema (shared/content/schema.ts) and returns the plain data
 * the screens get. Every mistake is one line, `file:line:column: field:
 * problem`, pointing into the file as the editor wrote it: YAML and front
 * matter syntax, empty, missing or unknown fields, wrong types, an unknown
 * {placeholder}, Markdown beyond headings, paragraphs, lists, links and
 * emphasis (raw HTML above all), a repeated slug, order or address (naming
 * both files), and missing or mis-sized art. Synchronous, so that
 * shared/content/index.ts can call it when tsx or vitest import the site;
 * the build runs it once and bundles what it returned instead.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { imageSize } from 'image-size';
import { CST, isMap, isScalar, LineCounter, parseDocument, Parser, type Document, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { ABOUT_PATH, aliases, HOME_PATH, LEGAL_PATH, PRODUCTS_PATH } from '../../shared/paths.ts';
import { ART_SIZE } from '../../shared/ui/CategoryArt.tsx';
import { COLLECTIONS, PLACEHOLDERS, type Block, type CollectionName, type Content } from '../../shared/content/schema.ts';
import { markdownBlocks, unknownPlaceholders } from './markdown.ts';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const CONTENT_DIR = join(REPO_ROOT, 'shared', 'content');
export const ART_DIR = join(REPO_ROOT, 'client', 'assets', 'art');

export interface ContentDirs {
  content: string;
  art: string;
  /** Files are named relative to it in the messages. */
  root: string;
}
const DEFAULT_DIRS: ContentDirs = { content: CONTENT_DIR, art: ART_DIR, root: REPO_ROOT };

/** Thrown by loadContent: one line per problem. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`);
    this.name = 'ContentError';
  }
}

export function loadContent(dirs: ContentDirs = DEFAULT_DIRS): Content {
  const { content, problems } = readContent(dirs);
  if (!content) throw new ContentError(problems);
  return content;
}

/** The content, or every problem found in it. */
export function readContent(dirs: ContentDirs = DEFAULT_DIRS): { content?: Content; problems: string[]; at: Locate } {
  const problems: string[] = [];
  const entries = new Map<object, Entry<unknown>>();
  const at: Locate = (data, path, problem) => entries.get(data)?.at(path, problem) ?? `${fieldName(path)}: ${problem}`;
  const read = <N extends keyof typeof COLLECTIONS>(name: N, file: string) => {
    const entry = readEntry(name, file, dirs, problems);
    if (entry) entries.set(entry.data as object, entry);
    return entry;
  };
  const single = <N extends keyof typeof COLLECTIONS>(name: N) => {
    const collection = COLLECTIONS[name];
    return 'file' in collection ? read(name, join(dirs.content, collection.file)) : undefined;
  };
  const many = <N extends 'categories' | 'legal' | 'pages'>(name: N) => {
    const folder = join(dirs.content, COLLECTIONS[name].folder);
    const extension = COLLECTIONS[name].format === 'yaml' ? '.yaml' : '.md';
    const files = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith(extension)).sort() : [];
    return files.map((file) => read(name, join(folder, file))).filter((entry) => entry !== undefined);
  };

  const home = single('home');
  const about = single('about');
  const products = single('products');
  const legalPage = single('legalPage');
  const hours = single('hours');
  const labels = single('labels');
  const categories = sortByOrder(many('categories'), problems);
  const legal = sortByOrder(many('legal'), problems);
  const pages = many('pages').filter((entry) => entry !== undefined);

  unique(categories, (entry) => entry.data.slug.toLowerCase(), 'slug', (entry) => `"${entry.data.slug}" is also the slug of`, problems);
  // Every address: the built-in pages', each category's and each Markdown page's.
  const builtIn = [HOME_PATH, ABOUT_PATH, PRODUCTS_PATH, LEGAL_PATH, ...Object.keys(aliases)];
  for (const page of pages) {
    if (builtIn.includes(page.data.path)) problems.push(page.at(['path'], `${page.data.path} is the address of a built-in page`));
    const category = categories.find((entry) => `${PRODUCTS_PATH}/${entry.data.slug}` === page.data.path);
    if (category) problems.push(page.at(['path'], `${page.data.path} is also the address of ${category.file}`));
  }
  unique(pages, (entry) => entry.data.path, 'path', (entry) => `${entry.data.path} is also the address of`, problems);
  for (const category of categories) problems.push(...artProblems(category, dirs));
  if (legal.length === 0 && problems.length === 0) problems.push(`${relative(dirs.root, join(dirs.content, COLLECTIONS.legal.folder))}: the Legal page needs at least one document`);
  if (categories.length === 0 && problems.length === 0) problems.push(`${relative(dirs.root, join(dirs.content, COLLECTIONS.categories.folder))}: Our Products needs at least one category`);

  if (problems.length > 0 || !home || !about || !products || !legalPage || !hours || !labels) return { problems, at };
  const withBody = <T extends object>(entry: Entry<T>) => {
    const data = { id: entry.id, ...entry.data, body: entry.body };
    entries.set(data, entry as Entry<unknown>);
    return data;
  };
  return {
    problems,
    at,
    content: {
      home: home.data,
      about: about.data,
      products: products.data,
      legalPage: legalPage.data,
      hours: hours.data,
      labels: labels.data,
      categories: categories.map((entry) => entry.data),
      legal: legal.map(withBody),
      pages: pages.map(withBody),
    },
  };
}

/** "file:line:column: field: problem" for a field of an entry the content holds (its data object, as returned). */
export type Locate = (data: object, path: readonly (string | number)[], problem: string) => string;

/** One file, checked: its data, its Markdown body, and a way to point at one of its fields. */
interface Entry<T> {
  id: string;
  file: string;
  data: T;
  body: Block[];
  at: (path: readonly (string | number)[], problem: string) => string;
}

type DataOf<N extends keyof typeof COLLECTIONS> = z.infer<(typeof COLLECTIONS)[N]['schema']>;

function readEntry<N extends keyof typeof COLLECTIONS>(name: N, path: string, dirs: ContentDirs, problems: string[]): Entry<DataOf<N>> | undefined {
  const collection = COLLECTIONS[name];
  const file = relative(dirs.root, path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    problems.push(`${file}:1:1: the file is missing`);
    return undefined;
  }
  const line = (row: number, column: number, field: string, problem: string) => `${file}:${row}:${column}: ${field ? `${field}: ` : ''}${problem}`;
  const before = problems.length;

  // A Markdown file is front matter between two lines of ---, then the text.
  let yamlText = text;
  let yamlLine = 1;
  let bodyText = '';
  let bodyLine = 1;
  if (collection.format === 'markdown') {
    const match = /^---\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(text);
    if (!text.startsWith('---') || !match) {
      problems.push(line(1, 1, '', 'a Markdown file starts with its front matter: a line ---, its fields, and another line ---'));
      return undefined;
    }
    yamlText = match[1]!;
    yamlLine = 2;
    bodyText = text.slice(match[0].length);
    bodyLine = match[0].split('\n').length;
  }

  const lines = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const where = (offset: number) => {
    const pos = lines.linePos(offset);
    return { row: pos.line + yamlLine - 1, column: pos.col };
  };
  for (const error of doc.errors) {
    // The parser notices an unclosed quote or bracket where the file ends; the editor's mistake is where it opened.
    const opened = unclosedBefore(yamlText, error.pos[0]);
    const { row, column } = where(opened ?? error.pos[0]);
    problems.push(line(row, column, '', `YAML: ${error.message.split('\n')[0]}${opened === undefined ? '' : ' (opened here)'}`));
  }
  if (problems.length > before) return undefined;

  const expected = schemaLine(name, path, dirs.content);
  if (yamlText.split(/\r?\n/, 1)[0] !== expected) {
    problems.push(line(yamlLine, 1, '', `the first line${collection.format === 'markdown' ? ' of the front matter' : ''} must be "${expected}", which lets editors check the fields as you type`));
  }

  const at = (fieldPath: readonly (string | number)[], problem: string) => {
    const { node, missing } = nodeAt(doc, fieldPath);
    const { row, column } = node?.range ? where(node.range[0]) : { row: yamlLine, column: 1 };
    return line(row, column, fieldName(fieldPath), missing && problem === 'is missing' ? problem : problem);
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
  const data = result.data as DataOf<N>;
  for (const [fieldPath, value] of strings(data)) {
    for (const unknown of unknownPlaceholders(value)) problems.push(at(fieldPath, `{${unknown}} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`));
  }
  const body = collection.format === 'markdown' ? markdownBlocks(bodyText, (row, column, problem) => problems.push(line(row + bodyLine - 1, column, 'text', problem))) : [];
  if (problems.length > before) return undefined;
  return { id: basename(path).replace(/\.(yaml|md)$/, ''), file, data, body, at };
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

/** The first line of a content file (of its front matter, in Markdown): where the YAML language server finds its schema. */
export function schemaLine(name: CollectionName, file: string, contentDir = CONTENT_DIR): string {
  const path = relative(join(file, '..'), join(contentDir, 'schemas', `${name}.json`));
  return `# yaml-language-server: $schema=${path.startsWith('.') ? path : `./${path}`}`;
}

/** The node at a path, or the nearest one above it that exists (for a missing field). */
function nodeAt(doc: Document, path: readonly (string | number)[]): { node: YamlNode | undefined; missing: boolean } {
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
    if (node && typeof node === 'object' && 'range' in node) return { node: node as YamlNode, missing: length < path.length };
  }
  return { node: undefined, missing: true };
}

function keyAt(doc: Document, path: (string | number)[], key: string, where: (offset: number) => { row: number; column: number }, line: (r: number, c: number, f: string, p: string) => string): string {
  const parent = path.length === 0 ? doc.contents : doc.getIn(path, true);
  const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
  const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
  const { row, column } = range ? where(range[0]) : where(0);
  return line(row, column, fieldName([...path, key]), 'is not a field of this entry (a typo?)');
}

/** ["headings", 3, "heading"] → "headings[3].heading". */
function fieldName(path: readonly (string | number)[]): string {
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
function sortByOrder<T extends { order: number }>(whole: Entry<T>[], problems: string[]): Entry<T>[] {
  unique(whole, (entry) => String(entry.data.order), 'order', (entry) => `${entry.data.order} is also the order of`, problems);
  return whole.sort((a, b) => a.data.order - b.data.order);
}

/** Reports each entry whose key an earlier one has, naming that one's file. */
function unique<T>(entries: Entry<T>[], key: (entry: Entry<T>) => string, field: string, says: (entry: Entry<T>) => string, problems: string[]): void {
  const first = new Map<string, Entry<T>>();
  for (const entry of entries) {
    const earlier = first.get(key(entry));
    if (earlier) problems.push(entry.at([field], `${says(entry)} ${earlier.file}`));
    else first.set(key(entry), entry);
  }
}

function artProblems(category: Entry<z.infer<typeof COLLECTIONS.categories.schema>>, dirs: ContentDirs): string[] {
  const art = relative(dirs.root, join(dirs.art, category.data.image.file));
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(join(dirs.art, category.data.image.file));
  } catch {
    return [category.at(['image', 'file'], `${art} is missing`)];
  }
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return [category.at(['image', 'file'], `${art} is not an image image-size can read`)];
  }
  if (size.width === ART_SIZE.width && size.height === ART_SIZE.height) return [];
  return [category.at(['image', 'file'], `${art} is ${size.width ?? '?'} × ${size.height ?? '?'}, not the ${ART_SIZE.width} × ${ART_SIZE.height} it is shown at`)];
}
