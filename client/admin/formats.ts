/**
 * How the editor reads and writes a content file: YAML, or front matter and
 * a Markdown body, with the collection's `# yaml-language-server: $schema=…`
 * as the first line, which the content check requires
 * (content/load.ts). Registered per collection with Decap's
 * registerCustomFormat, so the local backend and GitHub both write it.
 */
import { parse, stringify } from 'yaml';
import type { CmsFormat } from '../../content/editor.ts';
import { splitFrontMatter } from '../../content/markdown.ts';

type Data = Record<string, unknown>;

export interface Formatter {
  fromFile(text: string): Data;
  toFile(data: Data, sortedKeys?: string[]): string;
}

export function formatter(format: CmsFormat): Formatter {
  return {
    fromFile(text) {
      if (!format.markdown) return (parse(text) as Data | null) ?? {};
      // The same split as the content check: a line ---, the fields, a line ---, then the text.
      const split = splitFrontMatter(text);
      if (!split) return { body: text };
      return { ...((parse(split.yaml) as Data | null) ?? {}), body: split.body.replace(/^\s*\n/, '') };
    },
    toFile(data, sortedKeys = []) {
      const { body, ...fields } = cleaned(data, format.nullable) as Data;
      const ordered = Object.fromEntries(
        Object.entries(fields).sort(([a], [b]) => rank(sortedKeys, a) - rank(sortedKeys, b)),
      );
      const yaml = `${format.schemaLine}\n${stringify(ordered, { lineWidth: 0 })}`;
      if (!format.markdown) return yaml;
      return `---\n${yaml}---\n\n${typeof body === 'string' ? body.trim() : ''}\n`;
    },
  };
}

/** Fields in the editor's order; any it does not know after them, as they were. */
function rank(sortedKeys: readonly string[], key: string): number {
  const index = sortedKeys.indexOf(key);
  return index === -1 ? sortedKeys.length : index;
}

/**
 * An optional field left empty is left out (a nullable one is null): the
 * editor keeps "" and [] for them, which the schemas refuse as empty words
 * or lists.
 */
function cleaned(value: unknown, nullable: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => cleaned(item));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Data).flatMap(([key, item]): Array<[string, unknown]> => {
    const empty = item === undefined || item === null || item === '' || (Array.isArray(item) && item.length === 0);
    if (empty) return nullable.includes(key) ? [[key, null]] : [];
    return [[key, cleaned(item)]];
  });
  return Object.fromEntries(entries);
}
