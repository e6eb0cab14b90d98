/**
 * `npm run schemas`: writes the JSON Schemas of content/schemas from the zod
 * schemas (content/json-schemas.ts) and the editor's English words, and gives every content file the first
 * line that names its schema (content/load.ts, schemaLine), keeping the rest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { entryOf, schemaLine } from '../../content/load.ts';
import { jsonSchemaPath, jsonSchemas } from '../../content/json-schemas.ts';
import { COLLECTIONS, type CollectionKey } from '../../content/schema.ts';
import { readEditorWordsFolder, readSources, REPO_ROOT } from '../../content/read.ts';
import { ORIGINAL_WORDS } from '../../content/editor-words.ts';

// Titled and described in the editor's own English (content/editor-words/en.yaml).
for (const [key, text] of Object.entries(jsonSchemas(readEditorWordsFolder()[ORIGINAL_WORDS]!)) as Array<[CollectionKey, string]>) {
  const path = join(REPO_ROOT, jsonSchemaPath(key));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
for (const { path, text } of readSources().files) {
  const ref = entryOf(path);
  if (!ref) continue;
  const markdown = COLLECTIONS[ref.collection].format === 'markdown';
  const lines = text.split('\n');
  const at = markdown ? 1 : 0;
  if (markdown && lines[0]?.trimEnd() !== '---') continue;
  const line = schemaLine(ref.collection, path);
  if (lines[at] === line) continue;
  if (lines[at]?.startsWith('# yaml-language-server:')) lines[at] = line;
  else lines.splice(at, 0, line);
  writeFileSync(join(REPO_ROOT, path), lines.join('\n'));
  console.log(`${path}: first line set to ${line}`);
}
