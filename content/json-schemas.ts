/**
 * The JSON Schema of each collection, generated from its zod schema
 * (schema.ts) into content/schemas/, where the first line of every content
 * file points the YAML language server (VS Code's YAML extension and others)
 * to it, so fields are checked and completed as one types; the browser
 * editor's fields are made from them too (editor.ts). `npm run schemas`
 * writes them and puts the right first line in any file that lacks it;
 * tests/content.test.ts fails when they are out of date.
 */
import * as z from 'zod';
import { collectionName, COLLECTIONS, type CollectionKey } from './schema.ts';

/** Each collection's JSON Schema, as the text of its file, by collection. */
export function jsonSchemas(): Record<CollectionKey, string> {
  return Object.fromEntries(
    (Object.keys(COLLECTIONS) as CollectionKey[]).map((key) => {
      const collection = COLLECTIONS[key];
      const schema = { ...z.toJSONSchema(collection.schema, { target: 'draft-7', io: 'input' }), title: collection.label };
      return [key, `${JSON.stringify(schema, null, 2)}\n`];
    }),
  ) as Record<CollectionKey, string>;
}

/** Where a collection's JSON Schema is written, relative to the repository. */
export function jsonSchemaPath(key: CollectionKey): string {
  return `content/schemas/${collectionName(key)}.json`;
}
