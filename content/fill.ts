/**
 * The one place placeholders are filled: the content as the files hold it
 * in, the words a visitor reads out. The site's settings (brand name,
 * e-mails, public URL, profile link) come first; then the categories' count
 * and list, made from their filled titles. Everything after this sees the
 * filled words: the screens, the titles and descriptions, the structured
 * data, the Markdown pages, llms.txt, the share images and their fit check
 * (shared/words.ts is where the site calls it).
 */
import type { Content, Placeholder, SettingPlaceholder } from './schema.ts';

/** The value of each placeholder that comes from the site's settings. */
export type SettingValues = Readonly<Record<SettingPlaceholder, string>>;

/** "A, B and C", as the language writes a list ("A, B et C"), in the labels' style (Arabic's "A، وB، وC" is a unit list). */
export function listOf(items: readonly string[], { language, labels }: Pick<Content, 'language' | 'labels'>): string {
  return new Intl.ListFormat(language.locale, { type: labels.listStyle, style: 'long' }).format(items);
}

/** A small count as the labels' word for it ("five"), a larger one in the language's digits, as style guides ask. */
export function countOf(count: number, { numbers, language }: Pick<Content, 'language'> & { numbers: readonly string[] }): string {
  return numbers[count] ?? new Intl.NumberFormat(language.locale).format(count);
}

/** The content with every {placeholder} in every string filled: a copy, of the same shape. */
export function fillContent(content: Content, settings: SettingValues): Content {
  const fromSettings = fillAll(content, settings as Partial<Record<Placeholder, string>>);
  const titles = fromSettings.categories.map((category) => category.title);
  const count = countOf(titles.length, { numbers: fromSettings.labels.numbers, language: content.language });
  return fillAll(fromSettings, { categoryCount: count, categoryList: listOf(titles, fromSettings) });
}

/** "{brandName} on LinkedIn" → "Example Sourcing on LinkedIn"; a name not given is left as it is (the check has refused unknown ones). */
function fill(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name as Placeholder] ?? whole);
}

function fillAll<T>(value: T, values: Partial<Record<Placeholder, string>>): T {
  if (typeof value === 'string') return fill(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fillAll(item, values)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(item, values)])) as T;
  return value;
}
