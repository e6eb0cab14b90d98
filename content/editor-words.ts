/**
 * The browser editor's own words, beyond Decap's phrases: the names of the
 * collections and the labels and hints of their fields, the notices at the
 * foot of its screens, the preview's, the text view's and the "New …"
 * button, one file per language the editor speaks
 * (content/editor-words/<code>.yaml), each with every phrase of the schema
 * below and no other. The editor build reads them (read.ts, then
 * scripts/build/editor-bundle.ts) and stops on a phrase missing, extra or without its
 * placeholders, one line `file:line:column: phrase: problem` each, as the
 * content check says its own. Placeholders are written %{name}, as Decap's are.
 */
import decapEnglish from 'decap-cms-locales/dist/esm/en/index.js';
import { LineCounter, parseDocument } from 'yaml';
import * as z from 'zod';
import { PICTURE_SLOTS, type PictureSlot } from './art.ts';
import { wordsShape, type FieldWordsShape } from './editor-config.ts';
import type { ContentWords } from './field-words.ts';
import { fieldName } from './load.ts';

export const EDITOR_WORDS_FOLDER = 'content/editor-words';
/** The language the editor speaks when the owner's browser asks for none it has, and which every other's words follow, hint for hint. */
export const ORIGINAL_WORDS = 'en';

/** A phrase with exactly these placeholders, each once or more. */
function phrase(...placeholders: string[]) {
  return z
    .string()
    .trim()
    .min(1, 'is empty')
    .check((context) => {
      const used = new Set([...context.value.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!));
      const missing = placeholders.filter((name) => !used.has(name));
      const extra = [...used].filter((name) => !placeholders.includes(name));
      if (missing.length + extra.length === 0) return;
      const message = placeholders.length === 0 ? 'should hold no placeholder: the editor fills none in here' : `should hold ${placeholders.map((name) => `%{${name}}`).join(' and ')}, which the editor fills in`;
      context.issues.push({ code: 'custom', message, input: context.value });
    });
}

/** A field's label, and its hint: with the placeholders a picture's fills, naming each slot of a template, required where it is a pattern's message. */
function fieldWords({ placeholders, slots, hint }: FieldWordsShape) {
  const said = phrase(...placeholders).check((context) => {
    const missing = slots.filter((slot) => !context.value.includes(`{${slot}}`));
    if (missing.length > 0) context.issues.push({ code: 'custom', message: `should name ${missing.map((slot) => `{${slot}}`).join(' and ')}, which the template's sentence holds`, input: context.value });
  });
  return z.strictObject({ label: phrase(), hint: hint === 'required' ? said : said.optional() });
}

/** Decap's own phrases, nested as decap-cms-locales has them. */
export interface DecapPhrases {
  [key: string]: string | DecapPhrases;
}

/** Decap's phrases in a language it has none for: each of its English ones, with the same placeholders. A count's forms are split by ||||, as many as the language has; the check does not count them. */
function decapPhrases(english: DecapPhrases): z.ZodType<DecapPhrases> {
  const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!))];
  return z.strictObject(Object.fromEntries(Object.entries(english).map(([key, value]) => [key, typeof value === 'string' ? phrase(...placeholdersOf(value)) : decapPhrases(value)]))) as unknown as z.ZodType<DecapPhrases>;
}

/** What the editor's words say of the content: every collection's name (and one entry's, for a folder whose entries are added) and every field's label, by the shape of the forms (editor-config.ts). */
function contentWords() {
  const shape = Object.entries(wordsShape());
  return {
    collections: z.strictObject(Object.fromEntries(shape.map(([name, { one }]) => [name, z.strictObject({ label: phrase(), ...(one && { one: phrase() }) })]))),
    fields: z.strictObject(Object.fromEntries(shape.map(([name, { fields }]) => [name, z.strictObject(Object.fromEntries(fields.map((field) => [field.path, fieldWords(field)])))]))),
  };
}

const phrases = z.strictObject({
  /** How the editor lays its own words out in this language. */
  direction: z.enum(['ltr', 'rtl']),
  /** In place of Decap's "＋ %{collectionLabel}": a character many system fonts lack, and a name for screen readers that is not the words seen. */
  newButton: phrase('collectionLabel'),
  /** The box at the foot of every screen (client/editor/banner.tsx), and the message of a save GitHub refused for the sign-in. */
  notices: z.strictObject({
    checkLabel: phrase(),
    refused: phrase(),
    problems: phrase(),
    unreadable: phrase('why'),
    open: phrase(),
    openAsText: phrase(),
    hide: phrase(),
    signInLabel: phrase(),
    signInFailed: phrase(),
    signInSaid: phrase('why'),
    signedOut: phrase(),
    signedOutShort: phrase(),
    /** A write that waited in vain for another editor's (client/editor/write-lock.ts). */
    busy: phrase(),
    /** A save of files changed since the entry was opened (client/editor/repository.ts, ChangedElsewhere), above their paths. */
    changedElsewhere: phrase(),
    /** A commit of ours the branch moved under, pushed to from outside the editor (client/editor/github.ts). */
    branchMoved: phrase(),
    /** A publish of a draft whose branch is gone, deleted or published meanwhile (client/editor/github.ts). */
    draftGone: phrase(),
    /** The commit messages of what the gate writes beside a change (client/editor/repository.ts). */
    addressesCommit: phrase(),
    unusedCommit: phrase(),
  }),
  /** Above the page in the preview (client/editor/preview.tsx). */
  preview: z.strictObject({
    notReady: phrase(),
    cannotDraw: phrase('why'),
    waiting: phrase(),
    reading: phrase(),
    asText: phrase('file'),
    openAsText: phrase(),
    accepted: phrase(),
    /** A translation behind its original (content/keep-up.ts): the heading, a line per field that changed, or why what changed cannot be said; one not recorded. */
    behind: phrase('file'),
    changed: phrase('field', 'was', 'now'),
    /** A field in those lines: its label, and where it is in the file (headings[0].items[1]). */
    fieldAt: phrase('label', 'path'),
    behindUnread: phrase('file'),
    notRecorded: phrase('file'),
  }),
  /** The media library (client/editor/media-library.tsx, uploads.ts): its dialog, what it says of an upload, and the commit messages of its writes. */
  library: z.strictObject({
    title: phrase(),
    forSlot: phrase('slot', 'width', 'height', 'drawingWidth', 'drawingHeight'),
    /** Each place a picture is shown (content/art.ts PICTURE_SLOTS), as %{slot} names it. */
    slots: z.strictObject(Object.fromEntries(Object.keys(PICTURE_SLOTS).map((slot) => [slot, phrase()])) as Record<PictureSlot, ReturnType<typeof phrase>>),
    rules: phrase('limit', 'longSide'),
    upload: phrase(),
    close: phrase(),
    loading: phrase(),
    none: phrase(),
    preparing: phrase('file'),
    saving: phrase('name'),
    deleting: phrase('name'),
    size: phrase('width', 'height', 'bytes'),
    inField: phrase(),
    use: phrase(),
    useLabel: phrase('name'),
    delete: phrase(),
    deleteLabel: phrase('name'),
    savedDrawing: phrase('file', 'name'),
    savedPhoto: phrase('file', 'name', 'width', 'height'),
    converted: phrase('kind'),
    chooseIt: phrase(),
    replaced: phrase('name'),
    deleted: phrase('name'),
    replaceQuestion: phrase('name', 'file'),
    replaceYes: phrase(),
    replaceNo: phrase(),
    deleteQuestion: phrase('name'),
    deleteYes: phrase(),
    deleteNo: phrase(),
    notTaken: phrase(),
    notForSlot: phrase(),
    refusedUpload: phrase(),
    refusedDelete: phrase(),
    failed: phrase(),
    notOpened: phrase(),
    tooLarge: phrase('file', 'bytes', 'limit'),
    heic: phrase('file'),
    otherKind: phrase('file'),
    unreadable: phrase('file'),
    masterTooLarge: phrase('name', 'bytes', 'longSide'),
    notWritten: phrase('kind'),
    uploadCommit: phrase('path'),
    deleteCommit: phrase('path'),
  }),
  /** The one field of a file opened as its text. */
  /** The collections that open a file as its text: their name (Decap's "Writing in … collection"), and the one field's label and hint. */
  asText: z.strictObject({ collection: phrase(), label: phrase(), hint: phrase() }),
});
export type EditorWords = z.infer<typeof phrases> & ContentWords & { decap?: DecapPhrases };

let schema: z.ZodType<EditorWords> | undefined;
/** The schema of a file of the editor's words: made once, when first asked for, from the content's schemas. */
export function editorWords(): z.ZodType<EditorWords> {
  // Decap's own phrases, for a language decap-cms-locales has none for (Arabic): every one of its English ones.
  schema ??= phrases.extend({ ...contentWords(), decap: decapPhrases(decapEnglish as unknown as DecapPhrases).optional() }) as unknown as z.ZodType<EditorWords>;
  return schema;
}

/** A file of the editor's words, checked (against the `original`'s hints, when given): its words, or its problems, one line each naming the line and the phrase. */
export function readEditorWords(path: string, text: string, original?: EditorWords): { words?: EditorWords; problems: string[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number | undefined, field: readonly PropertyKey[], problem: string) => {
    const { line, col } = lines.linePos(offset ?? 0);
    return `${path}:${line}:${col}: ${field.length > 0 ? `${fieldName(field as (string | number)[])}: ` : ''}${problem}`;
  };
  // The first mistake only: those after it mostly follow from it.
  const [mistake] = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  if (mistake) return { problems: [at(mistake.pos[0], [], `YAML: ${mistake.message.split('\n')[0]}`)] };
  const result = editorWords().safeParse(doc.toJS() ?? {}, { error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is missing' : undefined) });
  // A phrase is found where it is written; a missing one where the group it belongs in starts.
  const nodeAt = (field: readonly PropertyKey[]) => {
    for (let length = field.length; length >= 0; length--) {
      const node = length === 0 ? doc.contents : doc.getIn(field.slice(0, length), true);
      if (node && typeof node === 'object' && 'range' in node) return node as { range?: [number, number, number] };
    }
    return undefined;
  };
  if (result.success) {
    // A hint the original gives is the owner's in every language; one it does not give, in none.
    const words = result.data;
    const problems = Object.entries(words.fields).flatMap(([collection, fields]) =>
      Object.entries(fields).flatMap(([field, { hint }]) => {
        const wanted = original?.fields[collection]?.[field]?.hint;
        if (!original || Boolean(hint) === Boolean(wanted)) return [];
        const where = ['fields', collection, field];
        return [at(nodeAt(hint ? [...where, 'hint'] : where)?.range?.[0], where, hint ? `has a hint, which ${ORIGINAL_WORDS}.yaml does not give` : `has no hint, where ${ORIGINAL_WORDS}.yaml gives one`)];
      }),
    );
    return problems.length > 0 ? { problems } : { words, problems };
  }
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [at(nodeAt(issue.path)?.range?.[0], issue.path, issue.message)];
    return issue.keys.map((key) => {
      const parent = doc.getIn(issue.path, true) ?? doc.contents;
      const pair = parent && typeof parent === 'object' && 'items' in parent ? (parent.items as Array<{ key?: { value?: unknown; range?: [number, number, number] } }>).find((item) => item.key?.value === key) : undefined;
      const what = issue.path[0] === 'fields' ? (issue.path.length === 1 ? 'is not a collection of the editor' : 'is not a field of its form') : issue.path[0] === 'collections' ? 'is not a collection of the editor' : 'is not a phrase the editor shows';
      return at(pair?.key?.range?.[0], [...issue.path, key], `${what} (a typo?)`);
    });
  });
  return { problems };
}
