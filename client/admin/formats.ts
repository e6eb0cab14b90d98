/**
 * How the editor reads and writes a content file: YAML, or front matter and
 * a Markdown body, with the collection's `# yaml-language-server: $schema=…`
 * as the first line, which the content check requires
 * (content/load.ts). Registered per collection with Decap's
 * registerCustomFormat, so the local backend and GitHub both write it.
 * A file broken elsewhere still opens: what its YAML holds up to the mistake
 * fills the form, and the check (banner.tsx, the preview) says what is wrong.
 * The schema the first line names is read into SCHEMA_FIELD, which the
 * collections of the single files are filtered by, and is never written.
 */
import { parseDocument, stringify } from 'yaml';
import { SCHEMA_FIELD, type CmsFormat } from '../../content/editor.ts';
import { splitFrontMatter } from '../../content/markdown.ts';

type Data = Record<string, unknown>;

export interface Formatter {
  fromFile(text: string): Data;
  toFile(data: Data, sortedKeys?: string[]): string;
}

export function formatter(format: CmsFormat): Formatter {
  return {
    fromFile(text) {
      if (!format.markdown) return fields(text);
      // The same split as the content check: a line ---, the fields, a line ---, then the text.
      const split = splitFrontMatter(text);
      if (!split) return { body: text };
      return { ...fields(split.yaml), body: split.body.replace(/^\s*\n/, '') };
    },
    toFile(data, sortedKeys = []) {
      const { body, [SCHEMA_FIELD]: _schema, ...fields } = cleaned(data, format.nullable, format.defaults) as Data;
      // A field the form does not have (a misspelt one, from a file edited elsewhere) is one the check refuses, and the owner cannot see it to fix it: it goes.
      const known = Object.entries(fields).filter(([key]) => sortedKeys.length === 0 || sortedKeys.includes(key));
      const ordered = Object.fromEntries(known.sort(([a], [b]) => rank(sortedKeys, a) - rank(sortedKeys, b)));
      const yaml = `${format.schemaLine}\n${stringify(ordered, { lineWidth: 0 })}`;
      if (!format.markdown) return yaml;
      return `---\n${yaml}---\n\n${typeof body === 'string' ? body.trim() : ''}\n`;
    },
  };
}

/** The fields a YAML text holds, as far as they can be read (a group of fields, or none), and the name of the schema its first line names. */
function fields(yaml: string): Data {
  const schema = SCHEMA_LINE.exec(yaml.split(/\r?\n/, 1)[0]!)?.[1];
  let value: unknown;
  try {
    value = parseDocument(yaml, { uniqueKeys: false }).toJS();
  } catch {
    value = undefined;
  }
  const data = value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};
  return schema ? { ...data, [SCHEMA_FIELD]: schema } : data;
}

/** A first line as content/load.ts's schemaLine writes it, from any folder: the schema's name. */
const SCHEMA_LINE = /^# yaml-language-server: \$schema=(?:\.\.\/)*schemas\/([\w-]+)\.json$/;

/** Fields in the editor's order. */
function rank(sortedKeys: readonly string[], key: string): number {
  const index = sortedKeys.indexOf(key);
  return index === -1 ? sortedKeys.length : index;
}

/**
 * An optional field left empty is left out (a nullable one is null, one
 * with a default, its default): the editor keeps "" and [] for them, which
 * the schemas refuse as empty words or lists.
 */
function cleaned(value: unknown, nullable: readonly string[] = [], defaults: Readonly<Record<string, unknown>> = {}): unknown {
  if (Array.isArray(value)) return value.map((item) => cleaned(item));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Data).flatMap(([key, item]): Array<[string, unknown]> => {
    const empty = item === undefined || item === null || item === '' || (Array.isArray(item) && item.length === 0);
    if (empty) return nullable.includes(key) ? [[key, null]] : Object.hasOwn(defaults, key) ? [[key, defaults[key]]] : [];
    return [[key, cleaned(item)]];
  });
  return Object.fromEntries(entries);
}
