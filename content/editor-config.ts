/**
 * The browser editor's collections (Decap CMS), generated from the same
 * JSON Schemas the YAML language server checks the files with
 * (json-schemas.ts): one field per schema property, required as the schema
 * says, labelled in the owner's language by the editor's words
 * (`labelled`, content/editor-words/<code>.yaml). Every language is
 * edited in the same collection, side by side (Decap's i18n, its
 * multiple_files structure: name.<code>.yaml), the languages those of
 * languages.yaml; a field marked `same` is written in the default
 * language's file only (i18n: false). Built into the editor bundle (scripts/build/editor-bundle.ts);
 * tests/editor.test.ts compares them with the schemas. Decision:
 * docs/decisions/0005-browser-editor.md.
 */
import * as z from 'zod';
import { PICTURE_SLOTS, type PictureSlot } from './art.ts';
import { PICTURE_PLACEHOLDERS, wordsOfCollection, wordsOfField, type ContentWords } from './field-words.ts';
import { structureSchemas } from './json-schemas.ts';
import { ART_FOLDER, schemaLine, WORDS_FOLDER } from './load.ts';
import { collectionName, COLLECTIONS, RECORD_FIELD, TEMPLATES, type CollectionKey, type Language } from './schema.ts';

/** The part of a JSON Schema (z.toJSONSchema, draft 7) the fields are made from. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  /** `.meta({ widget: 'text' })`: a box of several lines; `'image'`: a picture of the media folder; `'hidden'`: kept, not shown. */
  widget?: string;
  /** An image's `.meta({ slot })`: where the picture is shown (art.ts), which the media library checks it against. */
  slot?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  /** `.default([])`: what a field left out holds. */
  default?: unknown;
  /** `.meta({ same: true })`: every language holds the default language's value (schema.ts). */
  same?: boolean;
}

/**
 * The widgets the editor registers (client/editor/start.tsx), and the only ones its fields use;
 * `hidden` is Decap's core's own, which it neither shows nor validates (https://decapcms.org/docs/widgets/#hidden);
 * `file-text` is ours, for a file corrected as text.
 */
export const EDITOR_WIDGETS = ['string', 'text', 'number', 'select', 'list', 'object', 'markdown', 'image', 'hidden', 'file-text'] as const;

/** The text box a file is corrected in as text: Decap's text widget, one line of the file to a line of the box (client/editor/widgets.tsx). */
export const FILE_TEXT_WIDGET = 'file-text';

/** A Decap field, as its configuration documents it (https://decapcms.org/docs/widgets/). */
export interface CmsField {
  name: string;
  label: string;
  widget: (typeof EDITOR_WIDGETS)[number];
  required?: boolean;
  hint?: string;
  pattern?: [string, string];
  value_type?: 'int';
  min?: number;
  options?: string[];
  multiple?: boolean;
  default?: unknown;
  field?: CmsField;
  fields?: CmsField[];
  /** A list's collapsed items: "{{fields.items}}" shows each item's own words. */
  summary?: string;
  /** An image field: chosen from, or uploaded to, the media folder only. */
  choose_url?: boolean;
  /** An image field: one picture, and the slot it is shown in, which Decap hands the media library's `show()` (https://decapcms.org/docs/widgets/image/). */
  media_library?: { allow_multiple: false; config: { slot: PictureSlot } };
  buttons?: string[];
  editor_components?: string[];
  /**
   * In a translated collection: `true`, written in each language; `false`, written in the default
   * language's file only, not shown in the others' forms (Decap's i18n: false, "none": its translations'
   * files never hold it; the content check gives them the original's value, content/translations.ts).
   */
  i18n?: boolean;
}

export interface CmsCollection {
  /** The collection's name (collectionName): its file's or folder's. */
  name: string;
  /** Its key in the content. */
  key: CollectionKey;
  label: string;
  /** One entry of a folder collection, in "New …". */
  label_singular?: string;
  /** A custom format per collection (client/editor/formats.ts): it writes the collection's schema line first. */
  format: string;
  extension: 'yaml' | 'md';
  folder?: string;
  create?: boolean;
  slug?: string;
  identifier_field?: string;
  /** Entries whose field has this value only: one single file among the others of content/words. */
  filter?: { field: string; value: string };
  delete?: boolean;
  /** What the list of entries shows for each. */
  summary?: string;
  /** Edited in every language of the editor's `i18n`. */
  i18n?: true;
  /** Not in the list of collections: a folder's files as their text, opened from a link (textCollections). */
  hide?: true;
  files?: Array<{ name: string; label: string; file: string; fields: CmsField[] }>;
  fields?: CmsField[];
}

/** A collection of files opened as their text: of no collection of the content. */
export type CmsTextCollection = Omit<CmsCollection, 'key'>;

/** Decap's i18n (https://decapcms.org/docs/i18n/): every language's file beside the others, name.<code>.yaml. */
export interface CmsI18n {
  structure: 'multiple_files';
  locales: string[];
  default_locale: string;
}

/** What the editor bundle's custom formats need to know about a collection. */
export interface CmsFormat {
  name: string;
  extension: 'yaml' | 'md';
  markdown: boolean;
  /** `# yaml-language-server: $schema=…`, which the loader requires as the first line (of the front matter). */
  schemaLine: string;
  /** Fields that are null when left empty (`.nullable()`), rather than left out. */
  nullable: string[];
  /** Fields written with their default when left empty (`.default([])`: no redirects), rather than left out. */
  defaults: Record<string, unknown>;
  /** The collection's fields: a file holding anything else cannot be shown in its form, and opens as text. */
  fields: CmsField[];
}

export interface EditorConfig {
  i18n: CmsI18n;
  /** Each language's direction (languages.yaml), which its fields are typed in. */
  directions: Record<string, Language['direction']>;
  collections: CmsCollection[];
  textCollections: CmsTextCollection[];
  formats: CmsFormat[];
  media_folder: string;
  public_folder: string;
  /** The media library of ours (client/editor/media-library.tsx) in place of Decap's, by the name it is registered under. */
  media_library: { name: typeof MEDIA_LIBRARY };
  /**
   * How Decap names a new entry's file from its title (https://decapcms.org/docs/configuration-options/#slug-type):
   * letters without their accents, ASCII only, a hyphen for anything else, so that the name is portable (content/names.ts)
   * and the check never refuses a name the editor made.
   */
  slug: typeof SLUG;
}

const SLUG = { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' } as const;

/** The name the editor's media library is registered under and config.yml names (client/editor/media-library.tsx). */
export const MEDIA_LIBRARY = 'site-pictures';

/** Only what the content check accepts in a body (content/markdown-blocks.ts): no images, code, quotes or HTML. */
export const MARKDOWN_BUTTONS = ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list'];

/** The one field for a schema property, with its `i18n` in a translated collection, its label and hint left to `labelled`; throws on a kind of schema it has no widget for, naming it. */
export function fieldFor(name: string, node: JsonSchema, required: boolean, where = name, translated = false): CmsField {
  const nullable = node.anyOf?.length === 2 && node.anyOf.some((option) => option.type === 'null');
  const schema = nullable ? node.anyOf!.find((option) => option.type !== 'null')! : node;
  const base = {
    name,
    label: '',
    // A field written once is required of the default language's file, though its JSON Schema does not (json-schemas.ts).
    ...((required || node.same) && !nullable ? {} : { required: false }),
    ...(translated && { i18n: !node.same }),
  };
  // What the editor keeps for the site (the addresses published), whatever its type: not a field of the form.
  if (schema.widget === 'hidden') return { ...base, widget: 'hidden' };
  if (schema.const !== undefined) return { ...base, widget: 'select', options: [String(schema.const)], default: schema.const };
  if (schema.enum) return { ...base, widget: 'select', options: schema.enum.map(String) };
  switch (schema.type) {
    case 'string':
      // Its file name is checked by the content check, which says so in words; the media library checks the picture for its slot.
      if (schema.widget === 'image') {
        if (!schema.slot || !Object.hasOwn(PICTURE_SLOTS, schema.slot)) throw new Error(`${where}: a picture needs the slot it is shown in (${Object.keys(PICTURE_SLOTS).join(', ')}): picture(slot) in content/schema.ts`);
        return { ...base, widget: 'image', choose_url: false, media_library: { allow_multiple: false, config: { slot: schema.slot as PictureSlot } } };
      }
      return {
        ...base,
        widget: schema.widget === 'text' ? 'text' : 'string',
        // Decap's message when the pattern does not match: the field's hint (`labelled`).
        ...(schema.pattern && { pattern: [schema.pattern, ''] }),
      };
    case 'integer':
      return { ...base, widget: 'number', value_type: 'int', ...(schema.minimum !== undefined && { min: schema.minimum }) };
    case 'array': {
      const items = schema.items ?? {};
      const min = schema.minItems !== undefined && { min: schema.minItems };
      if (items.enum) return { ...base, widget: 'select', multiple: true, options: items.enum.map(String), ...min };
      if (items.type === 'object') return { ...base, widget: 'list', ...min, fields: fieldsOf(items, where, translated) };
      return { ...base, widget: 'list', ...min, summary: `{{fields.${name}}}`, field: fieldFor(name, items, true, `${where}[]`, translated) };
    }
    case 'object':
      // Decap reads an object's i18n from each of its fields (a picture's file copied, its description translated).
      return { ...base, widget: 'object', fields: fieldsOf(schema, where, translated) };
    default:
      throw new Error(`${where}: no editor field for a schema of type ${JSON.stringify(schema.type ?? schema)}`);
  }
}

/** One field per property of an object schema, in its order. */
export function fieldsOf(schema: JsonSchema, where = '', translated = false): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, node]) => fieldFor(name, node, required.has(name), where ? `${where}.${name}` : name, translated));
}

/**
 * The field the formats fill with the name of the schema a file's first line
 * names (`…schemas/home.json`: home), a name no schema property can have:
 * the collection of a single file of content/words lists, of that folder's
 * files, those that follow its schema (client/editor/formats.ts).
 */
export const SCHEMA_FIELD = '$schema';

/**
 * The field the formats keep a file's whole text in when its form cannot
 * show it as written (a YAML mistake, a field the form does not have), and
 * write back unchanged: such a file is changed as text only (TEXT_FORMAT).
 */
export const TEXT_FIELD = '$text';

/** The format of the collections that open a file as its text: the text is the one field, `text`, and is written as it is. */
export const TEXT_FORMAT = 'text';

/**
 * The collections that open each file of a folder as its text, to correct
 * what its form cannot show: one per folder of content/words, not listed
 * (`hide`: Decap's, https://decapcms.org/docs/configuration-options/#hide),
 * reached from the links of the banner and the preview; each file on its
 * own, its entry named as the file is, language included (`about.en`). A
 * save goes through the same backend and check as a form's.
 */
export function textCollections(collections: readonly CmsCollection[]): CmsTextCollection[] {
  const folders = new Map(collections.flatMap((collection) => (collection.folder ? [[collection.folder, collection] as const] : [])));
  return [...folders.values()].map(({ folder, extension }) => ({
    name: textCollectionName(folder!),
    // Named in the owner's language, as its field is (client/editor/start.tsx).
    label: folder!,
    format: TEXT_FORMAT,
    extension,
    folder: folder!,
    hide: true,
    create: false,
    delete: false,
    // Decap names an entry by a field: the text is the only one.
    identifier_field: 'text',
    // Its label and hint are the editor's words in the owner's language (client/editor/start.tsx).
    fields: [{ name: 'text', label: 'Text', widget: FILE_TEXT_WIDGET }],
  }));
}

/** content/words/categories → text-categories; content/words → text-words. */
export function textCollectionName(folder: string): string {
  return `text-${folder.split('/').at(-1)}`;
}

/** Each collection of the content as a Decap collection, and its format: made from the JSON Schemas, in no language, their labels left to `labelled`. */
function editorCollections(schemas: Record<CollectionKey, JsonSchema>): { collections: CmsCollection[]; formats: CmsFormat[] } {
  const collections: CmsCollection[] = [];
  const formats: CmsFormat[] = [];
  for (const [key, collection] of Object.entries(COLLECTIONS) as Array<[CollectionKey, (typeof COLLECTIONS)[CollectionKey]]>) {
    const name = collectionName(key);
    const parsed = schemas[key];
    // A translation's record of its original's version is the save's to write (client/editor/gate.ts), never the form's.
    const { [RECORD_FIELD]: _record, ...properties } = parsed.properties ?? {};
    const schema = { ...parsed, properties };
    const translated = !('untranslated' in collection);
    const markdown = collection.format === 'markdown';
    const extension: CmsCollection['extension'] = markdown ? 'md' : 'yaml';
    const fields = fieldsOf(schema, name, translated);
    if (markdown) fields.push({ name: 'body', label: '', widget: 'markdown', buttons: MARKDOWN_BUTTONS, editor_components: [], ...(translated && { i18n: true as const }) });
    const nullable = Object.entries(schema.properties ?? {}).flatMap(([field, node]) => (node.anyOf?.some((option) => option.type === 'null') ? [field] : []));
    const format = `${markdown ? 'frontmatter' : 'yaml'}-${name}`;
    // The first line is the same for every file of a folder; a file's own is computed from where it is.
    const path = 'file' in collection ? `${WORDS_FOLDER}/${collection.file}` : `${WORDS_FOLDER}/${collection.folder}/entry.${extension}`;
    const defaults = Object.fromEntries(Object.entries(schema.properties ?? {}).flatMap(([field, node]) => (node.default === undefined ? [] : [[field, node.default]])));
    formats.push({ name: format, extension, markdown, schemaLine: schemaLine(key, path), nullable, defaults, fields });
    const common = { name, key, label: '', format, extension };
    if (!translated) {
      // Decap sets the format per collection, and a format is not told which file it writes: so one
      // collection per file, each with its own schema line (docs/decisions/0005-browser-editor.md).
      collections.push({ ...common, files: [{ name, label: '', file: path, fields }] });
    } else if ('file' in collection) {
      // Its entry's name is the file's, before the language (home.en.yaml: home); it is there, and stays.
      const filter = { field: SCHEMA_FIELD, value: name };
      collections.push({ ...common, folder: WORDS_FOLDER, filter, create: false, delete: false, summary: '', i18n: true, fields });
    } else {
      collections.push({
        ...common,
        label_singular: '',
        folder: `${WORDS_FOLDER}/${collection.folder}`,
        create: true,
        identifier_field: 'title',
        // A category's file is named after its address; a document or a page after its title.
        slug: 'slug' in (schema.properties ?? {}) ? '{{fields.slug}}' : '{{slug}}',
        i18n: true,
        fields,
      });
    }
  }
  return { collections, formats };
}

/**
 * The collections with their labels and hints in one language's editor
 * words (content/editor-words/<code>.yaml): each collection's name, and one
 * entry's; each field's label and hint by its path (image.file), a picture's
 * hint with its slot's sizes, a pattern's message the field's hint. The
 * editor labels its collections so in the owner's language as it starts
 * (client/editor/start.tsx); the build, in each (scripts/build/editor-bundle.ts).
 */
export function labelled(collections: readonly CmsCollection[], words: ContentWords): CmsCollection[] {
  return collections.map((collection) => {
    const { label, one } = wordsOfCollection(words, collection.name);
    if (collection.label_singular !== undefined && !one) throw new Error(`The editor's words do not name one entry of the collection ${collection.name}`);
    const labelFields = (fields: readonly CmsField[], prefix = ''): CmsField[] =>
      fields.map((field) => {
        const path = prefix + field.name;
        const said = wordsOfField(words, collection.name, path, field.media_library?.config.slot);
        if (field.pattern && !said.hint) throw new Error(`The editor's words have no hint for ${collection.name}: ${path}, which Decap says when its pattern does not match`);
        return {
          ...field,
          label: said.label,
          ...(said.hint && { hint: said.hint }),
          ...(field.pattern && { pattern: [field.pattern[0], said.hint!] as [string, string] }),
          // A list of words: each item is the list's.
          ...(field.field && { field: { ...field.field, label: said.label } }),
          ...(field.fields && { fields: labelFields(field.fields, `${path}.`) }),
        };
      });
    return {
      ...collection,
      label,
      ...(collection.label_singular !== undefined && { label_singular: one! }),
      ...(collection.summary !== undefined && { summary: label }),
      ...(collection.fields && { fields: labelFields(collection.fields) }),
      ...(collection.files && { files: collection.files.map((file) => ({ ...file, label, fields: labelFields(file.fields) })) }),
    };
  });
}

/** What the editor's words hold of a field: its path, the placeholders its hint may fill, the template slots it must name, and whether it needs a hint (a pattern's message). */
export interface FieldWordsShape {
  path: string;
  placeholders: readonly string[];
  slots: readonly string[];
  hint: 'required' | 'optional';
}

/**
 * What each language's editor words must name (content/editor-words.ts checks
 * them against it): every collection, by name, with `one` for a folder
 * collection whose entries can be added, and every field of its form.
 */
export function wordsShape(collections: readonly CmsCollection[] = editorCollections(structureSchemas()).collections): Record<string, { one: boolean; fields: FieldWordsShape[] }> {
  const shapeOf = (collection: CmsCollection, fields: readonly CmsField[], prefix = ''): FieldWordsShape[] =>
    fields.flatMap((field) => {
      const path = prefix + field.name;
      const slots = collection.key === 'templates' && !prefix ? Object.keys(TEMPLATES[field.name as keyof typeof TEMPLATES].slots) : [];
      const shape: FieldWordsShape = { path, placeholders: field.media_library ? PICTURE_PLACEHOLDERS : [], slots, hint: field.pattern || slots.length > 0 ? 'required' : 'optional' };
      return [shape, ...(field.fields ? shapeOf(collection, field.fields, `${path}.`) : [])];
    });
  return Object.fromEntries(
    collections.map((collection) => [collection.name, { one: collection.label_singular !== undefined, fields: shapeOf(collection, collection.fields ?? collection.files![0]!.fields) }]),
  );
}

/**
 * The collections, their formats and the media folder, from the shape of the
 * content's schemas (json-schemas.ts), in the languages of languages.yaml (the default
 * first: readLanguages). Decap edits a file collection's languages in one
 * file only (single_file), so each single file is a folder collection of
 * content/words whose entries are filtered to its own: every collection but
 * languages.yaml's, which is written once, has the same side-by-side
 * editing and files name.<code>.yaml.
 */
export function editorConfig(languages: readonly Pick<Language, 'code' | 'direction'>[], schemas: Record<CollectionKey, JsonSchema> = structureSchemas()): EditorConfig {
  const [first] = languages;
  if (!first) throw new Error('The editor needs at least one language');
  const { collections, formats } = editorCollections(schemas);
  const i18n: CmsI18n = { structure: 'multiple_files', locales: languages.map((language) => language.code), default_locale: first.code };
  const directions = Object.fromEntries(languages.map((language) => [language.code, language.direction]));
  // An image field's value is the picture's file name: public_folder '' joins nothing before it.
  return { i18n, directions, collections, textCollections: textCollections(collections), formats, media_folder: ART_FOLDER, public_folder: '', media_library: { name: MEDIA_LIBRARY }, slug: SLUG };
}

/**
 * The editor's configuration, checked when the bundle is built rather than
 * by Decap when it starts: Decap's own check compiles its validators with
 * `new Function`, which the editor's CSP does not allow, so the bundle
 * leaves it out (scripts/build/editor-bundle.ts) and this one covers what we generate,
 * the shape of every collection and field (Decap's documented options) and
 * what the shape cannot say: unique names, formats that exist.
 */
const cmsField: z.ZodType<CmsField> = z.lazy(() =>
  z.strictObject({
    name: z.string().regex(/^[A-Za-z_][\w-]*$/),
    label: z.string().min(1),
    widget: z.enum(EDITOR_WIDGETS),
    required: z.boolean().optional(),
    hint: z.string().optional(),
    pattern: z.tuple([z.string(), z.string()]).optional(),
    value_type: z.literal('int').optional(),
    min: z.number().optional(),
    options: z.array(z.string()).min(1).optional(),
    multiple: z.boolean().optional(),
    default: z.unknown().optional(),
    field: cmsField.optional(),
    fields: uniquelyNamed(cmsField).optional(),
    summary: z.string().optional(),
    choose_url: z.boolean().optional(),
    media_library: z.strictObject({ allow_multiple: z.literal(false), config: z.strictObject({ slot: z.enum(Object.keys(PICTURE_SLOTS) as [PictureSlot]) }) }).optional(),
    buttons: z.array(z.string()).optional(),
    editor_components: z.array(z.string()).optional(),
    i18n: z.boolean().optional(),
  }),
);

function uniquelyNamed<T extends { name: string }>(item: z.ZodType<T>) {
  return z.array(item).check((context) => {
    const names = context.value.map((entry) => entry.name);
    for (const name of names.filter((candidate, index) => names.indexOf(candidate) !== index)) context.issues.push({ code: 'custom', message: `"${name}" is named twice`, input: context.value });
  });
}

const cmsConfig = z.strictObject({
  backend: z.optional(z.union([
    z.strictObject({ name: z.literal('proxy'), proxy_url: z.string().min(1) }),
    z.strictObject({ name: z.literal('github'), repo: z.string().regex(/^[^/]+\/[^/]+$/), branch: z.string().min(1), api_root: z.url(), base_url: z.url() }),
  ])),
  // Drafts, reviewed and published as pull requests (https://decapcms.org/docs/editorial-workflows/).
  publish_mode: z.optional(z.literal('editorial_workflow')),
  i18n: z.strictObject({
    structure: z.literal('multiple_files'),
    // Decap's own limits on a locale's name.
    locales: z.array(z.string().regex(/^[a-zA-Z-_]{2,10}$/)).min(1),
    default_locale: z.string(),
  }),
  media_folder: z.string().min(1),
  public_folder: z.string(),
  media_library: z.strictObject({ name: z.literal(MEDIA_LIBRARY) }),
  // New entries' files named portably (content/names.ts): Decap's default keeps accents and any script.
  slug: z.strictObject({ encoding: z.literal('ascii'), clean_accents: z.literal(true), sanitize_replacement: z.literal('-') }),
  collections: uniquelyNamed(
    z.strictObject({
      name: z.string().regex(/^[a-z][a-z-]*$/),
      key: z.string().optional(),
      label: z.string().min(1),
      label_singular: z.string().min(1).optional(),
      format: z.string(),
      extension: z.enum(['yaml', 'md']),
      folder: z.string().min(1).optional(),
      create: z.boolean().optional(),
      slug: z.string().optional(),
      identifier_field: z.string().optional(),
      filter: z.strictObject({ field: z.string().min(1), value: z.string().min(1) }).optional(),
      delete: z.boolean().optional(),
      summary: z.string().optional(),
      i18n: z.literal(true).optional(),
      hide: z.literal(true).optional(),
      files: uniquelyNamed(z.strictObject({ name: z.string(), label: z.string().min(1), file: z.string().min(1), fields: uniquelyNamed(cmsField) })).optional(),
      fields: uniquelyNamed(cmsField).optional(),
    }),
  ),
});

/** Every problem of the configuration Decap will run with (the bundle's collections; with config.yml's backend and publish mode, when given), one line each. */
export function editorConfigProblems(config: { backend?: unknown; publish_mode?: unknown; collections: readonly CmsTextCollection[] } & Omit<EditorConfig, 'formats' | 'directions' | 'collections' | 'textCollections'>, formats: readonly CmsFormat[]): string[] {
  const result = cmsConfig.safeParse(config);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  for (const collection of config.collections) {
    if (collection.format !== TEXT_FORMAT && !formats.some((format) => format.name === collection.format)) problems.push(`collections.${collection.name}.format: no format is named "${collection.format}"`);
    if (!collection.folder === !collection.files) problems.push(`collections.${collection.name}: a collection has a folder or files, one of the two`);
    // Decap refuses it at start: it edits a file collection's languages in one file only (single_file).
    if (collection.i18n && collection.files) problems.push(`collections.${collection.name}.i18n: Decap edits the languages of a file collection in one file, not in name.<code>.yaml beside it`);
  }
  if (config.i18n && !config.i18n.locales.includes(config.i18n.default_locale)) problems.push(`i18n.default_locale: "${config.i18n.default_locale}" is not one of the locales`);
  return problems;
}
