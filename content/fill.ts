/**
 * The one place placeholders are filled: the content as the files hold it
 * in, the words a visitor reads out. Every text is an ICU MessageFormat
 * sentence (messages.ts); its placeholders are the site's settings (brand
 * name, e-mails, public URL, profile link), then the categories' count (a
 * number, which a plural counts) and list, made from their filled titles.
 * The templates of templates.yaml keep their slots, which the code fills
 * where it makes the sentence. The language's punctuation is spaced here
 * (messages.ts, `punctuation: spaced`), once for every output. Everything
 * after this sees the filled words: the screens, the titles and
 * descriptions, the structured data, the Markdown pages, llms.txt, the share
 * images and their fit check (shared/routes.ts is where the site calls it).
 */
import { formatText, spacePunctuation } from './message-format.ts';
import { checkedAst, hasSlots } from './messages.ts';
import type { Content, Placeholder, SettingPlaceholder } from './schema.ts';

/** The value of each placeholder that comes from the site's settings. */
export type SettingValues = Readonly<Record<SettingPlaceholder, string>>;

/** "A, B and C", as the language writes a list ("A, B et C"), in the labels' style (Arabic's "A، وB، وC" is a unit list). */
export function listOf(items: readonly string[], { language, labels }: Pick<Content, 'language' | 'labels'>): string {
  return new Intl.ListFormat(language.locale, { type: labels.listStyle, style: 'long' }).format(items);
}

/** The content with every {placeholder} of every text filled and its punctuation spaced: a copy, of the same shape. */
export function fillContent(content: Content, settings: SettingValues): Content {
  const { locale, punctuation } = content.language;
  const fill = (text: string, values: Readonly<Record<string, string | number>>) => {
    const words = hasSlots(text) ? formatText(checkedAst(text), locale, values) : text;
    return punctuation === 'spaced' ? spacePunctuation(words) : words;
  };
  // A title holds no count or list (the content check says so): they are made from the titles.
  const titles = content.categories.map((category) => fill(category.title, settings));
  const values: Record<Placeholder, string | number> = { ...settings, categoryCount: titles.length, categoryList: listOf(titles, content) };
  const { templates, ...rest } = content;
  // A link's address holds placeholders ({generalEmail}) but is no sentence: its punctuation is not the language's.
  const filled = fillAll(rest, (text, key) => (key === 'href' ? (hasSlots(text) ? formatText(checkedAst(text), locale, values) : text) : fill(text, values)));
  // A template keeps its slots for the code; only its punctuation is the language's now.
  const spaced = punctuation === 'spaced' ? fillAll(templates, (text) => spacePunctuation(text)) : templates;
  return { ...filled, templates: spaced };
}

/** Every string of a value, through `fill`, told the name of the field it is in. */
function fillAll<T>(value: T, fill: (text: string, key: string | undefined) => string, key?: string): T {
  if (typeof value === 'string') return fill(value, key) as T;
  if (Array.isArray(value)) return value.map((item) => fillAll(item, fill, key)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillAll(item, fill, name)])) as T;
  return value;
}
