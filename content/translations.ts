/**
 * A translation against its original (the default language's file of the
 * same entry): the same fields, and lists of the same length, so nothing the
 * original says is left out and nothing is added; each text with the
 * placeholders its original's has (a template's slots are its own to
 * check: content/messages.ts). The fields marked `same` (schema.ts: orders,
 * addresses, pictures, the hours' days and times) are written once, in the
 * original: a translation holds only what is translated, and is given the
 * original's values (withOriginal), as the browser editor writes it
 * (Decap's i18n: false). Each problem is one line at the translation's field.
 */
import * as z from 'zod';
import { slotNames } from './messages.ts';

type Path = (string | number)[];

interface Side {
  path: string;
  data: unknown;
}

export function translationProblems(schema: z.ZodType, original: Side, translation: Side & { at: (field: Path, problem: string) => string }, { placeholders = true } = {}): string[] {
  const problems: string[] = [];
  const walk = (node: z.ZodType, left: unknown, right: unknown, path: Path) => {
    if (isSame(node)) {
      if (JSON.stringify(left) !== JSON.stringify(right)) problems.push(translation.at(path, `must be ${JSON.stringify(left)}, as in ${original.path}: it is the same in every language`));
      return;
    }
    if (placeholders && typeof left === 'string' && typeof right === 'string') {
      const theirs = new Set(slotNames(right));
      const absent = slotNames(left).filter((name) => !theirs.has(name));
      if (absent.length > 0) problems.push(translation.at(path, `${absent.map((name) => `{${name}}`).join(' and ')} ${absent.length === 1 ? 'is' : 'are'} missing: ${original.path} has ${absent.length === 1 ? 'it' : 'them'} here, and the translation says the same`));
      return;
    }
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) {
      if (left === undefined && right !== undefined) problems.push(translation.at(path, `is not in ${original.path}: a translation has the original’s fields, no more`));
      else if (left !== undefined && right === undefined) problems.push(translation.at(path.slice(0, -1), `${String(path.at(-1))}: is missing: ${original.path} has it, so it needs a translation`));
      else if (left !== null && left !== undefined && right !== null) walk(node.unwrap() as z.ZodType, left, right, path);
      return;
    }
    if (node instanceof z.ZodObject && isRecord(left) && isRecord(right)) {
      for (const [key, field] of Object.entries(node.shape as Record<string, z.ZodType>)) walk(field, left[key], right[key], [...path, key]);
      return;
    }
    if (node instanceof z.ZodArray && Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) {
        problems.push(translation.at(path, `has ${right.length} item${right.length === 1 ? '' : 's'} where ${original.path} has ${left.length}: translate each one, no more`));
        return;
      }
      left.forEach((item, index) => walk(node.element as z.ZodType, item, right[index], [...path, index]));
    }
  };
  walk(schema, original.data, translation.data, []);
  return problems;
}

/** Whether a field of a schema is written once, in the default language's file (`.meta({ same: true })`). */
export function isSame(node: z.ZodType): boolean {
  return (node.meta() as { same?: boolean } | undefined)?.same === true;
}

/**
 * A translation's data as its language has it: the original's values in
 * the fields written once (`same`), wherever they are in the entry (a
 * picture's file inside its group); `written` is told of each such field the
 * translation holds itself, by its path. The translation is not changed.
 */
export function withOriginal(schema: z.ZodType, original: unknown, translation: unknown, written: (path: Path) => void = () => undefined): unknown {
  const walk = (node: z.ZodType, left: unknown, right: unknown, path: Path): unknown => {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) return right === undefined || right === null ? right : walk(node.unwrap() as z.ZodType, left, right, path);
    if (node instanceof z.ZodObject && isRecord(right)) {
      const merged: Record<string, unknown> = { ...right };
      for (const [key, field] of Object.entries(node.shape as Record<string, z.ZodType>)) {
        const theirs = isRecord(left) ? left[key] : undefined;
        if (isSame(field)) {
          if (key in right) written([...path, key]);
          if (theirs !== undefined) merged[key] = structuredClone(theirs);
        } else if (key in right) merged[key] = walk(field, theirs, right[key], [...path, key]);
      }
      return merged;
    }
    if (node instanceof z.ZodArray && Array.isArray(right)) return right.map((item, index) => walk(node.element as z.ZodType, Array.isArray(left) ? left[index] : undefined, item, [...path, index]));
    return right;
  };
  return walk(schema, original, translation, []);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
