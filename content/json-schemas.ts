/**
 * The JSON Schema of each collection, generated from its zod schema
 * (schema.ts) into content/schemas/, where the first line of every content
 * file points the YAML language server (VS Code's YAML extension and others)
 * to it, so fields are checked and completed as one types, with the English
 * editor's labels and hints as titles and descriptions; the browser
 * editor's fields are made from them too (editor-config.ts). `npm run schemas`
 * writes them and puts the right first line in any file that lacks it;
 * tests/content.test.ts fails when they are out of date.
 */
import * as z from 'zod';
import type { JsonSchema } from './editor-config.ts';
import type { PictureSlot } from './art.ts';
import { wordsOfCollection, wordsOfField, type ContentWords } from './field-words.ts';
import { BLOB_ID, collectionName, COLLECTIONS, RECORD_FIELD, type CollectionKey } from './schema.ts';

/** Each collection's JSON Schema, in no language: its shape alone, by collection. */
export function structureSchemas(): Record<CollectionKey, JsonSchema> {
  return Object.fromEntries(
    (Object.keys(COLLECTIONS) as CollectionKey[]).map((key) => {
      const collection = COLLECTIONS[key];
      const generated = sameOptional(z.toJSONSchema(collection.schema, { target: 'draft-7', io: 'input' })) as JsonSchema;
      return [key, 'untranslated' in collection ? generated : withRecord(generated)];
    }),
  ) as Record<CollectionKey, JsonSchema>;
}

/** Each collection's JSON Schema, as the text of its file, by collection: titled and described in `words`, the editor's English. */
export function jsonSchemas(words: ContentWords): Record<CollectionKey, string> {
  const schemas = structureSchemas();
  return Object.fromEntries(
    (Object.keys(schemas) as CollectionKey[]).map((key) => {
      const name = collectionName(key);
      const described = { ...describe(schemas[key], (path, slot) => wordsOfField(words, name, path, slot as PictureSlot | undefined)), title: wordsOfCollection(words, name).label };
      return [key, `${JSON.stringify(described, null, 2)}\n`];
    }),
  ) as Record<CollectionKey, string>;
}

/** Every property of `schema` with the title and description `said` gives its path (image.file; a list's items share the list's). */
function describe(schema: JsonSchema, said: (path: string, slot?: JsonSchema['slot']) => { label: string; hint?: string }, prefix = ''): JsonSchema {
  if (!schema.properties) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, node]) => {
      // The record is the save's to write, never a field of the form: its description is its own.
      if (name === RECORD_FIELD && !prefix) return [name, node];
      const path = prefix + name;
      const { label, hint } = said(path, node.slot);
      const inner = (child: JsonSchema) => describe(child, said, `${path}.`);
      const items = node.items?.type === 'object' ? { items: inner(node.items) } : {};
      return [name, { ...inner(node), ...items, title: label, ...(hint && { description: hint }) }];
    }),
  );
  return { ...schema, properties };
}

/**
 * A field written once, in the default language's file (`same`), is not
 * required by the schema every language's file is checked with as one types:
 * a translation leaves it out (the content check requires it of the
 * original, and refuses it in a translation).
 */
function sameOptional<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(sameOptional) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, sameOptional(value)])) as Record<string, unknown>;
  const properties = node.properties as Record<string, { same?: boolean }> | undefined;
  if (properties && Array.isArray(node.required)) node.required = (node.required as string[]).filter((name) => !properties[name]?.same);
  return node as T;
}

/** A translated collection's schema with the record a translation keeps of its original's version (keep-up.ts), which the site never reads. */
function withRecord<T extends { properties?: object }>(schema: T): T {
  const record = { type: 'string', pattern: BLOB_ID.source, description: 'In a translation: the version of its original it translates, the id git gives that file. The editor writes it when the translation is saved; npm run translations -- --record <file> writes today’s.' };
  return { ...schema, properties: { ...schema.properties, [RECORD_FIELD]: record } };
}

/** Where a collection's JSON Schema is written, relative to the repository. */
export function jsonSchemaPath(key: CollectionKey): string {
  return `content/schemas/${collectionName(key)}.json`;
}
