/**
 * A translation against its original (the default language's file of the
 * same entry): the same fields, and lists of the same length, so nothing the
 * original says is left out and nothing is added; each text with the
 * placeholders its original's has (a template's slots are its own to
 * check: content/messages.ts); and the fields marked `same` (schema.ts:
 * orders, addresses, pictures, hours) with the original's values. Each
 * problem is one line at the translation's field.
 */
import { z } from 'zod';
import { slotNames } from './messages.ts';

type Path = (string | number)[];

interface Side {
  path: string;
  data: unknown;
}

export function translationProblems(schema: z.ZodType, original: Side, translation: Side & { at: (field: Path, problem: string) => string }, { placeholders = true } = {}): string[] {
  const problems: string[] = [];
  const walk = (node: z.ZodType, left: unknown, right: unknown, path: Path) => {
    if ((node.meta() as { same?: boolean } | undefined)?.same) {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
