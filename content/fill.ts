/**
 * Placeholders filled, lists and counts written out: how the words of the
 * content files become the words on a page. The settings (brand name,
 * e-mails, public URL, profile link) are known only when the server starts,
 * so every page is filled then, once (server/app.ts).
 */
import type { Placeholder } from './schema.ts';

export type Values = Record<Placeholder, string>;

/** "A, B and C", as British English writes a list. */
export function listOf(items: readonly string[]): string {
  return new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(items);
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A small count as a word ("five"), a larger one in digits, as style guides ask. */
export function countOf(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** "{brandName} on LinkedIn" → "Example Sourcing on LinkedIn". The build has checked that every name is known. */
export function fill(text: string, values: Values): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name as Placeholder] : whole));
}

/** Every string in a value filled: a copy, of the same shape. */
export function fillAll<T>(value: T, values: Values): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fillAll(item, values)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, values)])) as T;
  return value;
}
