/** Lists and counts written out in the copy, so that copy derived from data reads like the rest. */

/** "A, B and C", as British English writes a list. */
export function listOf(items: readonly string[]): string {
  return new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(items);
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** A small count as a word ("five"), a larger one in digits, as style guides ask. */
export function countOf(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}
