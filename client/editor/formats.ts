/**
 * How the editor reads and writes a content file: YAML, or front matter and
 * a Markdown body, with the collection's `# yaml-language-server: $schema=…`
 * as the first line, which the content check requires
 * (content/load.ts). Registered per collection with Decap's
 * registerCustomFormat, so the local backend and GitHub both write it.
 * Nothing is lost: a file its form cannot show as written (a YAML mistake,
 * a field the form does not have) is read into TEXT_FIELD alone and written
 * back as it was, so the form cannot change it; it is corrected as text
 * (`asText`, the hidden text collections). A field the form does not have
 * that reaches a save anyway is written after the others, and the check
 * refuses it, naming it. The schema the first line names is read into
 * SCHEMA_FIELD, which the collections of the single files are filtered by,
 * and is never written. A translation's record of the version of its
 * original it translates (content/keep-up.ts) is left out of the form, and
 * written by the save (gate.ts).
 */
import { parseDocument, stringify } from 'yaml';
import { SCHEMA_FIELD, TEXT_FIELD, type CmsField, type CmsFormat } from '../../content/editor-config.ts';
import { splitFrontMatter } from '../../content/markdown-blocks.ts';
import { RECORD_FIELD } from '../../content/schema.ts';

type Data = Record<string, unknown>;

export interface Formatter {
  fromFile(text: string): Data;
  toFile(data: Data, sortedKeys?: string[]): string;
}

export function formatter(format: CmsFormat): Formatter {
  const { fields } = format;
  return {
    fromFile(text) {
      const schema = SCHEMA_LINE.exec(text.replace(/^---\r?\n/, '').split(/\r?\n/, 1)[0]!)?.[1];
      const data = readable(format, text);
      // The schema is read whatever the rest holds: a single file's collection lists it by that.
      const named = schema ? { [SCHEMA_FIELD]: schema } : {};
      return data && shown(fields, data) ? { ...data, ...named } : { [TEXT_FIELD]: text, ...named };
    },
    toFile(data, sortedKeys = []) {
      if (typeof data[TEXT_FIELD] === 'string') return data[TEXT_FIELD];
      const { body, [SCHEMA_FIELD]: _schema, ...values } = cleaned(data, format.nullable, format.defaults) as Data;
      // The form's fields in its order, then any other as it came: the check refuses it, naming it.
      const ordered = Object.fromEntries(Object.entries(values).sort(([a], [b]) => rank(sortedKeys, a) - rank(sortedKeys, b)));
      const yaml = `${format.schemaLine}\n${stringify(ordered, { lineWidth: 0 })}`;
      if (!format.markdown) return yaml;
      return `---\n${yaml}---\n\n${typeof body === 'string' ? body.trim() : ''}\n`;
    },
  };
}

/** The format of the text collections (TEXT_FORMAT): the file's text is the field `text`, written as it is. */
export const asText: Formatter = {
  fromFile: (text) => ({ text }),
  toFile: (data) => (typeof data.text === 'string' ? data.text : ''),
};

/** A file's fields, if its YAML (its front matter, then its body) reads without a mistake as a group of fields; else undefined. */
function readable(format: CmsFormat, text: string): Data | undefined {
  // The same split as the content check: a line ---, the fields, a line ---, then the text.
  const split = format.markdown ? splitFrontMatter(text) : { yaml: text, body: undefined };
  if (!split) return undefined;
  const doc = parseDocument(split.yaml);
  if (doc.errors.length > 0) return undefined;
  const value: unknown = doc.toJS() ?? {};
  if (!isGroup(value)) return undefined;
  // A translation's record of its original's version is the save's to write (gate.ts), never the form's.
  delete value[RECORD_FIELD];
  return split.body === undefined ? value : { ...value, body: split.body.replace(/^\s*\n/, '') };
}

/** Whether the form shows every value as written: no field it does not have, no list where it has a group of fields, or the other way round. */
function shown(fields: readonly CmsField[], data: Data): boolean {
  return Object.entries(data).every(([name, value]) => {
    const field = fields.find((candidate) => candidate.name === name);
    return field !== undefined && (value === null || value === undefined || shownAs(field, value));
  });
}

function shownAs(field: CmsField, value: unknown): boolean {
  if (field.widget === 'object') return isGroup(value) && shown(field.fields ?? [], value);
  if (field.widget === 'list' || (field.widget === 'select' && field.multiple)) {
    if (!Array.isArray(value)) return false;
    if (field.fields) return value.every((item) => isGroup(item) && shown(field.fields!, item));
    return field.field ? value.every((item) => shownAs(field.field!, item)) : value.every((item) => !isGroup(item) && !Array.isArray(item));
  }
  // What Decap's hidden field keeps, it keeps whatever it is.
  return field.widget === 'hidden' || (!isGroup(value) && !Array.isArray(value));
}

function isGroup(value: unknown): value is Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A first line as content/load.ts's schemaLine writes it, from any folder: the schema's name. */
const SCHEMA_LINE = /^# yaml-language-server: \$schema=(?:\.\.\/)*schemas\/([\w-]+)\.json$/;

/** Fields in the editor's order, the others after them as they came (a stable sort). */
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
