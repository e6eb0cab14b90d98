/**
 * The JSON Schema of each collection, generated from its zod schema
 * (shared/content/schema.ts) into shared/content/schemas/, where the first
 * line of every content file points the YAML language server (VS Code's YAML
 * extension and others) to it, so fields are checked and completed as one
 * types. `npm run schemas` writes them and puts the right first line in any
 * file that lacks it; tests/content.test.ts fails when they are out of date.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { COLLECTIONS, type CollectionName } from '../../shared/content/schema.ts';
import { CONTENT_DIR, schemaLine } from './load.ts';

export const SCHEMA_DIR = join(CONTENT_DIR, 'schemas');

/** Each collection's JSON Schema, as the text of its file. */
export function jsonSchemas(): Record<CollectionName, string> {
  return Object.fromEntries(
    Object.entries(COLLECTIONS).map(([name, collection]) => {
      const schema = { ...z.toJSONSchema(collection.schema, { target: 'draft-7', io: 'input' }), title: collection.label };
      return [name, `${JSON.stringify(schema, null, 2)}\n`];
    }),
  ) as Record<CollectionName, string>;
}

/** Every content file with the collection it belongs to. */
export function contentFiles(dir = CONTENT_DIR): Array<{ name: CollectionName; file: string }> {
  return Object.entries(COLLECTIONS).flatMap(([name, collection]) => {
    if ('file' in collection) return [{ name: name as CollectionName, file: join(dir, collection.file) }];
    const folder = join(dir, collection.folder);
    const extension = collection.format === 'yaml' ? '.yaml' : '.md';
    let files: string[] = [];
    try {
      files = readdirSync(folder).filter((file) => file.endsWith(extension));
    } catch {}
    return files.map((file) => ({ name: name as CollectionName, file: join(folder, file) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [name, text] of Object.entries(jsonSchemas())) writeFileSync(join(SCHEMA_DIR, `${name}.json`), text);
  for (const { name, file } of contentFiles()) {
    const text = readFileSync(file, 'utf8');
    const markdown = file.endsWith('.md');
    const lines = text.split('\n');
    const at = markdown ? 1 : 0;
    if (markdown && lines[0] !== '---') continue;
    const line = schemaLine(name, file);
    if (lines[at] === line) continue;
    if (lines[at]?.startsWith('# yaml-language-server:')) lines[at] = line;
    else lines.splice(at, 0, line);
    writeFileSync(file, lines.join('\n'));
    console.log(`${relative(process.cwd(), file)}: first line set to ${line}`);
  }
}
