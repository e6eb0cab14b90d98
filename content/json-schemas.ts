/**
 * The JSON Schema of each collection, generated from its zod schema
 * (schema.ts) into content/schemas/, where the first line of every content
 * file points the YAML language server (VS Code's YAML extension and others)
 * to it, so fields are checked and completed as one types; the browser
 * editor's fields are made from them too (editor-config.ts). `npm run schemas`
 * writes them and puts the right first line in any file that lacks it;
 * tests/content.test.ts fails when they are out of date.
 */
import * as z from 'zod';
import { BLOB_ID, collectionName, COLLECTIONS, RECORD_FIELD, type CollectionKey } from './schema.ts';

/** Each collection's JSON Schema, as the text of its file, by collection. */
export function jsonSchemas(): Record<CollectionKey, string> {
  return Object.fromEntries(
    (Object.keys(COLLECTIONS) as CollectionKey[]).map((key) => {
      const collection = COLLECTIONS[key];
      const generated = sameOptional(z.toJSONSchema(collection.schema, { target: 'draft-7', io: 'input' }));
      const schema = { ...('untranslated' in collection ? generated : withRecord(generated)), title: collection.label };
      return [key, `${JSON.stringify(schema, null, 2)}\n`];
    }),
  ) as Record<CollectionKey, string>;
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
