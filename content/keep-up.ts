/**
 * Translations that keep up with their originals. Each translation records
 * which version of its original it translates: `translates: <id>`, the id
 * git itself gives the original's file (its blob id, sha1 of
 * "blob <length>\0" and the bytes; computed here, so no git is needed to
 * tell that an original changed). Where the original's file is no longer
 * that version, the translation is behind, unless none of the fields it
 * translates changed (only an order, a picture or the layout of the file);
 * what changed is read from the earlier version, by its id, where git's
 * history is there (`npm run check`, the editor: content/read.ts,
 * client/editor/repository.ts), and said without it where it is not.
 * The record is the translation file's own: the content check takes it out
 * before the schema (load.ts), the editor's form never holds it
 * (client/editor/formats.ts), and a save that changes a translation records
 * its original's version then (client/editor/gate.ts).
 */
import { parse } from 'yaml';
import * as z from 'zod';
import { markdownBlocks, splitFrontMatter } from './markdown-blocks.ts';
import { entryOf, fieldName, listedLanguages, LANGUAGES_FILE, pathOf, type SourceFile } from './load.ts';
import { COLLECTIONS, RECORD_FIELD, type EntryRef, type Language } from './schema.ts';
import { isSame } from './translations.ts';

export { RECORD_FIELD } from './schema.ts';
/** The field a Markdown file's text is named by, as the content check names it. */
const BODY = 'text';

/** Reads an earlier version of a file by its blob id: its text, or undefined where it cannot be read (no git, a shallow clone). */
export type ReadVersion = (id: string) => Promise<string | undefined>;

/** The id git gives a file of this text (`git hash-object`). */
export async function blobId(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const whole = new Uint8Array(header.length + bytes.length);
  whole.set(header);
  whole.set(bytes, header.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', whole));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A field of the original that changed: its path, and what it said then and says now, each one short line. */
export interface Change {
  field: (string | number)[];
  was: string;
  now: string;
}

/** Where a translation stands against its original. */
export type Standing =
  | { state: 'missing' }
  | { state: 'not recorded' }
  | { state: 'up to date' }
  /** `changes` undefined: the earlier version could not be read, so what changed cannot be said. */
  | { state: 'behind'; since: string; changes?: Change[] };

/**
 * The rule: no file is missing; a file without the record is not recorded;
 * one that records the original's version is up to date, and so is one whose
 * original changed none of the fields it translates since; any other is
 * behind, with the fields that changed when the earlier version could be read.
 */
export function standingOf(recorded: string | undefined | null, current: string, changes: Change[] | undefined): Standing {
  if (recorded === null) return { state: 'missing' };
  if (recorded === undefined) return { state: 'not recorded' };
  if (recorded === current || changes?.length === 0) return { state: 'up to date' };
  return { state: 'behind', since: recorded, ...(changes && { changes }) };
}

/** The YAML of a file: all of it, or its front matter in Markdown; with where it starts and ends in the text. */
function yamlOf(text: string, markdown: boolean): { start: number; end: number } | undefined {
  if (!markdown) return { start: 0, end: text.length };
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^---[ \t]*\r?$/m.exec(text.slice(open[0].length));
  return close ? { start: open[0].length, end: open[0].length + close.index } : undefined;
}

/** The version of its original a translation records, if it records one. */
export function recordOf(text: string, markdown: boolean): string | undefined {
  const yaml = yamlOf(text, markdown);
  try {
    const data = yaml && (parse(text.slice(yaml.start, yaml.end)) as Record<string, unknown> | null);
    const recorded = data?.[RECORD_FIELD];
    return typeof recorded === 'string' ? recorded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The translation's text recording `id`: its record line replaced, or one
 * put after the first line (the schema line, content/load.ts), the rest as
 * it is, byte for byte.
 */
export function withRecord(text: string, id: string, markdown: boolean): string {
  const yaml = yamlOf(text, markdown);
  if (!yaml) return text;
  const line = `${RECORD_FIELD}: ${id}`;
  const part = text.slice(yaml.start, yaml.end);
  // A field at the start of a line is a top-level one: a value's further lines are indented.
  const existing = new RegExp(`^${RECORD_FIELD}:.*$`, 'm');
  const recorded = existing.test(part) ? part.replace(existing, line) : part.replace(/^(#[^\n]*\n)?/, (first) => `${first}${line}\n`);
  return `${text.slice(0, yaml.start)}${recorded}${text.slice(yaml.end)}`;
}

/** What a value says, in one line. */
function said(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(said).join(' · ');
  return JSON.stringify(value);
}

/** The two texts cut short where they first differ, with some words before: each one short line. */
function shortened(was: string, now: string, room = 70): { was: string; now: string } {
  const [a, b] = [was, now].map((text) => text.replace(/\s+/g, ' ').trim()) as [string, string];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const start = Math.max(0, a.lastIndexOf(' ', Math.max(0, same - 20)) + 1);
  const cut = (text: string) => {
    const from = start > 0 ? `…${text.slice(start)}` : text;
    return from.length > room ? `${from.slice(0, room - 1)}…` : from;
  };
  return { was: cut(a), now: cut(b) };
}

/** An original's file as data, and its Markdown text, as far as it reads (an earlier version may not read by today's schema: it is not checked). */
function dataOf(text: string, markdown: boolean): { data: unknown; body?: string } {
  try {
    if (!markdown) return { data: parse(text) };
    const split = splitFrontMatter(text);
    return split ? { data: parse(split.yaml), body: split.body } : { data: {} };
  } catch {
    return { data: {} };
  }
}

/** The fields a translation translates (all but those written once) that differ between two versions of its original. */
export function changesBetween(schema: z.ZodType, markdown: boolean, earlier: string, later: string): Change[] {
  const changes: Change[] = [];
  const changed = (path: (string | number)[], was: unknown, now: unknown) => {
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field: path, ...shortened(said(was), said(now)) });
  };
  const walk = (node: z.ZodType, was: unknown, now: unknown, path: (string | number)[]) => {
    if (isSame(node)) return;
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
      if (was === undefined || was === null || now === undefined || now === null) changed(path, was, now);
      else walk(node.unwrap() as z.ZodType, was, now, path);
    } else if (node instanceof z.ZodObject && isRecord(was) && isRecord(now)) {
      for (const [key, field] of Object.entries(node.shape as Record<string, z.ZodType>)) walk(field, was[key], now[key], [...path, key]);
    } else if (node instanceof z.ZodArray && Array.isArray(was) && Array.isArray(now) && was.length === now.length) {
      was.forEach((item, index) => walk(node.element as z.ZodType, item, now[index], [...path, index]));
    } else changed(path, was, now);
  };
  const [before, after] = [dataOf(earlier, markdown), dataOf(later, markdown)];
  walk(schema, before.data, after.data, []);
  if (markdown) {
    // The first paragraph that differs: the text is long, and its line says where to look. Compared as the site
    // draws them, so a list's "*" where "-" was (as Decap's Markdown editor writes every list it saves) is no change.
    const paragraphs = (body = '') => body.trim().split(/\n\s*\n/);
    const [was, now] = [paragraphs(before.body), paragraphs(after.body)];
    const drawn = (paragraph: string) => JSON.stringify(markdownBlocks(paragraph, () => undefined));
    const index = was.findIndex((paragraph, at) => now[at] === undefined || (paragraph !== now[at] && drawn(paragraph) !== drawn(now[at])));
    const first = index === -1 ? (now.length > was.length ? was.length : -1) : index;
    if (first !== -1) changes.push({ field: [BODY], ...shortened(was[first] ?? '', now[first] ?? '') });
  }
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One translation, there or not, against its original. */
export interface TranslationState {
  ref: EntryRef;
  path: string;
  original: string;
  language: Language;
  standing: Standing;
}

/**
 * Every translation of every original of the default language, in each
 * other language of languages.yaml, as these files have them: missing, not
 * recorded, up to date or behind. Nothing when languages.yaml cannot be
 * read (the content check says why).
 */
export async function translationStates(files: readonly SourceFile[], readVersion: ReadVersion): Promise<TranslationState[]> {
  const listing = files.find((file) => file.path === LANGUAGES_FILE);
  const [first, ...others] = listing ? listedLanguages(listing).languages : [];
  if (!first) return [];
  const states: TranslationState[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const ref = entryOf(file.path);
    if (!ref || ref.language !== first.code) continue;
    for (const language of others) {
      const translationRef = { ...ref, language: language.code };
      states.push({ ref: translationRef, path: pathOf(translationRef), original: file.path, language, standing: (await standingIn(files, translationRef, first.code, readVersion))! });
    }
  }
  return states;
}

/** Where one translation (`ref`) stands against its original (the `original` language's file of its entry); undefined when there is no original. */
export async function standingIn(files: readonly SourceFile[], ref: EntryRef, original: string, readVersion: ReadVersion): Promise<Standing | undefined> {
  const originalText = files.find((file) => file.path === pathOf({ ...ref, language: original }))?.text;
  if (originalText === undefined) return undefined;
  const markdown = COLLECTIONS[ref.collection].format === 'markdown';
  const text = files.find((file) => file.path === pathOf(ref))?.text;
  const recorded = text === undefined ? null : recordOf(text, markdown);
  const current = await blobId(originalText);
  let changes: Change[] | undefined;
  if (recorded && recorded !== current) {
    const earlier = await readVersion(recorded);
    changes = earlier === undefined ? undefined : changesBetween(COLLECTIONS[ref.collection].schema, markdown, earlier, originalText);
  }
  return standingOf(recorded, current, changes);
}

/** "file:line:column: field: …" for a field of a translation (load.ts's Locate, or one that names line 1). */
export type LocateField = (ref: EntryRef, field: readonly (string | number)[], said: string) => string;

/**
 * What `npm run check` says of the translations that do not keep up, one
 * line each: a field of one behind, with what its original said and says;
 * one behind whose original's earlier version cannot be read; one not recorded.
 * Missing translations are the content check's own notices.
 */
export function keepUpLines(states: readonly TranslationState[], locate: LocateField, original: Language): string[] {
  return states.flatMap(({ ref, path, original: originalPath, standing }) => {
    switch (standing.state) {
      case 'behind':
        if (!standing.changes) return [locate(ref, [RECORD_FIELD], `behind ${originalPath}, changed since ${standing.since.slice(0, 7)}; what changed cannot be said here, where git's history of it is not at hand`)];
        return standing.changes.map((change) => locate(ref, change.field, `behind ${original.name}: "${change.was}" → "${change.now}"`));
      case 'not recorded':
        return [locate(ref, [], `${RECORD_FIELD}: which version of ${originalPath} this translates is not recorded: once it says what that file says, npm run translations -- --record ${path}`)];
      default:
        return [];
    }
  });
}

/** A locate for files only (no checked content at hand): line 1, the field named. */
export const atFirstLine: LocateField = (ref, field, text) => `${pathOf(ref)}:1:1: ${field.length > 0 ? `${fieldName(field)}: ` : ''}${text}`;
