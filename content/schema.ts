/**
 * The shape of the files in content/text, one zod schema per collection;
 * the types the screens use are inferred from them. From these schemas come
 * the content check (load.ts), the JSON Schemas editors validate against as
 * one types (schemas/, `npm run schemas`), and the browser editor's fields
 * (editor.ts). Nothing here renders; the site's bundles carry none of it,
 * the browser editor's does (it checks an entry before saving it).
 *
 * `.meta({ title, description })` is what an editor sees beside a field;
 * `widget: 'text'` asks the browser editor for a box of several lines,
 * `widget: 'image'` for a picture chosen from, or uploaded to, content/art
 * (with `slot`, where it is shown: the editor's media library refuses a
 * picture too small for it before it is chosen),
 * `widget: 'hidden'` for a field the editor keeps but does not show.
 */
import * as z from 'zod';
import { ART_EXTENSIONS, ART_FILE, pictureNeed, PICTURE_SLOTS, type PictureSlot } from './art.ts';

/** Text a reader will see: never empty or blank. */
const text = z.string().trim().min(1);
const longText = text.meta({ widget: 'text' });
const paragraphs = z.array(longText).min(1);
/**
 * `same: true` marks a field every language's file holds with the default
 * language's value (an order, an address, a picture, the hours): the content
 * check holds them equal, the browser editor copies it into the translations.
 */
const orderField = z.int().min(1).meta({ title: 'Order', description: 'Where it comes among the others: 1 first.', same: true });

/** A page's own fields: the title (browser tab, search results), the description (search results, link previews) and its menu entry. */
const pageFields = {
  title: text.meta({ title: 'Title', description: 'The page title, shown in the browser tab, in search results and on its share image.' }),
  description: longText.meta({ title: 'Description', description: 'One or two sentences for search results and link previews.' }),
  menuLabel: text.nullable().meta({ title: 'Menu label', description: 'Its link in the menu; empty (null) for a page the menu does not list.' }),
};

const textSection = z.strictObject({
  heading: text,
  paragraphs,
  /** An optional bulleted list shown after the paragraphs. */
  list: z.array(text).min(1).optional(),
});
export type TextSection = z.infer<typeof textSection>;
const titledText = z.strictObject({ title: text, text: longText });

/** A picture of content/art and what it shows, for a slot (art.ts): a photo at least the slot's need, cropped to its shape, or an SVG drawn at its size. */
function picture(slot: PictureSlot) {
  const { width, height } = PICTURE_SLOTS[slot];
  const need = pictureNeed(slot);
  return z.strictObject({
    file: z
      .string()
      .regex(ART_FILE, `is not the name of a picture in content/art (${ART_EXTENSIONS.join(', ')})`)
      .meta({
        title: 'Illustration',
        description: `A photo of at least ${need.width} × ${need.height} (JPEG, PNG, WebP or AVIF; cropped to this shape), or an SVG drawing of ${width} × ${height}, uploaded here or under Media.`,
        widget: 'image',
        slot,
        same: true,
      }),
    alt: text.meta({ title: 'Illustration text', description: 'What the illustration shows, for people who cannot see it.' }),
  });
}

export const homePage = z.strictObject({
  ...pageFields,
  tagline: text.meta({ title: 'Tagline', description: 'The large headline.' }),
  lead: longText,
  cta: text.meta({ title: 'Button', description: 'The words on the button to the About page.' }),
  ctaDestination: text.meta({ title: 'Button destination', description: 'Where the button goes, said after its words to screen readers: READ MORE about us.' }),
  shareLine: text.meta({ title: 'Share image line', description: 'The line under the title on the share images of pages other than product pages.' }),
  image: picture('hero'),
});

export const aboutPage = z.strictObject({
  ...pageFields,
  /** The service in one paragraph, for readers that want the gist (llms.txt). */
  summary: longText.meta({ title: 'Summary', description: 'The service in one paragraph, for AI assistants (llms.txt).' }),
  lead: longText,
  aboutUs: textSection,
  process: z.strictObject({ heading: text, steps: z.array(titledText).min(1) }),
  values: textSection.extend({ items: z.array(titledText).min(1) }),
  whatWeProvide: textSection,
});

export const productsPage = z.strictObject({
  ...pageFields,
  readMore: text.meta({ title: 'Card button', description: 'The words on each card’s button.' }),
});

export const legalPage = z.strictObject({
  ...pageFields,
  tabsLabel: text.meta({ title: 'Tabs label', description: 'The name screen readers give the row of tabs.' }),
  lastUpdated: text,
  homeButton: text,
});

export const category = z.strictObject({
  order: orderField,
  /** Last part of the route, /products/{slug}. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is not lowercase letters, digits and single hyphens')
    .meta({ title: 'Address', description: 'The last part of the page address, /products/…: lowercase words joined by hyphens.', same: true }),
  title: text,
  subtitle: text,
  description: longText.meta({ description: 'One or two sentences for the card on Our Products.' }),
  intro: longText.meta({ description: 'The opening paragraph of the category page.' }),
  image: picture('category'),
  headings: z.array(z.strictObject({ heading: text, items: z.array(text).min(1) })).min(1),
});
/** A category as the screens get it: its fields, and its file's name. */
export type Category = z.infer<typeof category> & { id: string };

/** The front matter of a legal document; its text is the Markdown below it. */
export const legalDocument = z.strictObject({
  order: orderField,
  tabLabel: text.meta({ title: 'Tab', description: 'The words on its tab.' }),
  title: text,
  updated: z.iso.date().meta({ title: 'Last updated', description: 'A date written YYYY-MM-DD.' }),
});

/** An address of the site as the default language has it: slashes, each before lowercase words joined by hyphens. */
const ADDRESS = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/** The front matter of a page written in Markdown; it gets its own address. */
export const markdownPage = z.strictObject({
  path: z
    .string()
    .regex(ADDRESS, 'is not an address like /questions: a slash, then lowercase words joined by hyphens')
    .meta({ title: 'Address', description: 'The page address, e.g. /questions.', same: true }),
  ...pageFields,
});

export const hours = z.strictObject({
  days: z
    .array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']))
    .min(1)
    .meta({ title: 'Open on', description: 'The days we are open, Monday first.', same: true }),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ description: 'HH:MM, 24-hour clock.', same: true }),
  closes: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ description: 'HH:MM, 24-hour clock.', same: true }),
  // The visitor's local-hours line and the structured data count from GMT.
  timeZone: z.literal('GMT', 'must be GMT: the hours are kept in GMT all year').meta({ same: true }),
  closed: text.meta({ description: 'When we are closed besides the days above.' }),
});
export type Hours = z.infer<typeof hours>;

const navLabels = z.strictObject({
  home: text,
  primary: text,
  openMenu: text,
  closeMenu: text,
  menu: text,
  site: text,
  language: text.meta({ description: 'The name screen readers give the list of languages.' }),
});
export const labels = z.strictObject({
  skipLink: text,
  notFound: text,
  notFoundTitle: text,
  badRequest: text,
  errorHeading: text,
  errorTitle: text,
  errorDescription: text,
  errorHomeLink: text,
  nav: navLabels,
  breadcrumb: text,
  readMoreAbout: text.meta({ description: 'After a Read More button, for screen readers: "Read More about Textiles".' }),
  footer: z.strictObject({ heading: text, hours: text, contact: text, generalInquiries: text, sales: text, follow: text, linkedIn: text, legal: text, copyright: text }),
  hours: z.strictObject({
    openNow: text,
    closedNow: text,
    nextDay: text,
    in: text,
    yourTimeZone: text,
    through: text.meta({ description: 'Between a first and a last day, and an opening and a closing time: Monday "to" Friday.' }),
    comma: text.meta({ description: 'After the visitor\'s days, before their hours, as the language writes a comma: "Sunday to Thursday, 11:00 pm".' }),
  }),
  shareImageAlt: text,
  listStyle: z
    .enum(['conjunction', 'unit'])
    .meta({ title: 'List style', description: 'How {categoryList} joins the titles: conjunction ("A, B and C") or unit ("A، وB، وC", clearer in Arabic, where a title may hold "and").' }),
  numbers: z
    .array(text)
    .length(13, 'needs the words for 0 to 12, thirteen of them')
    .meta({ title: 'Numbers', description: 'The words for 0 to 12 as {categoryCount} says them; larger counts are written in digits.' }),
});
export type Labels = z.infer<typeof labels>;

/** A language of the site: its code (the address prefix and the pages' lang), its own name, its direction, and how it writes dates and times. */
export const language = z.strictObject({
  code: z.string().regex(/^[a-z]{2,3}$/, 'is not a language code such as fr or ar'),
  name: text.meta({ description: 'The language named in itself: Français, العربية.' }),
  direction: z.enum(['ltr', 'rtl']),
  locale: z
    .string()
    .refine((tag) => {
      try {
        return new Intl.Locale(tag).region !== undefined;
      } catch {
        return false;
      }
    }, 'is not a locale with a region such as fr-FR (BCP 47)')
    .meta({ description: 'How dates, times, lists and numbers are written (BCP 47, with a region: en-GB-u-hc-h12 is British English on a 12-hour clock); its region also names the Open Graph locale.' }),
});
export type Language = z.infer<typeof language>;

export const languages = z.strictObject({
  default: z.string().meta({ title: 'Default language', description: 'Its pages keep the addresses without a language prefix.' }),
  languages: z.array(language).min(1).meta({ title: 'Languages', description: 'One line each; every language but the default is at /code/….' }),
});

/**
 * The old addresses and the pages they lead to, and every address the site
 * has published: addresses of the default language without a language
 * prefix, each redirect applying in every language that has its page. The
 * route table's checks (shared/check.ts) hold that a published address is
 * still a page or a redirect's `from`.
 */
const oldOrNew = z.string().regex(ADDRESS, 'is not an address like /products/energy-and-fuel: a slash, then lowercase words joined by hyphens, without a language prefix');
export const redirects = z.strictObject({
  redirects: z
    .array(
      z.strictObject({
        from: oldOrNew.meta({ title: 'Old address', description: 'An address no page has any more, without a language prefix: /products/fuel.' }),
        to: oldOrNew.meta({ title: 'New address', description: 'The page it leads to: /products/energy-and-fuel. In every language that has that page.' }),
      }),
    )
    // None may be left out, as the browser editor writes an empty list.
    .default([])
    .meta({ title: 'Redirects', description: 'Old addresses, each leading to the page now at its new address (a permanent redirect).' }),
  published: z
    .array(oldOrNew)
    .meta({ title: 'Published addresses', description: 'Every address the site has had, in order: each must stay a page or be redirected. The editor adds new pages at each save.', widget: 'hidden' }),
});
export type Redirects = z.infer<typeof redirects>;

/**
 * Every collection, by the name the screens know its content by: where its
 * files are under content/words, which schema each follows, and whether
 * they are YAML or Markdown with front matter. A folder collection holds any
 * number of files (a category, a page), `one` naming one of them ("New
 * Product category"); a file collection is one file. Its
 * JSON Schema (schemas/) and its editor collection are named after the file
 * or folder, so each idea has one name (collectionName).
 */
export const COLLECTIONS = {
  categories: { label: 'Product categories', one: 'Product category', folder: 'categories', format: 'yaml', schema: category },
  legal: { label: 'Legal documents', one: 'Legal document', folder: 'legal', format: 'markdown', schema: legalDocument },
  pages: { label: 'Pages in Markdown', one: 'Page in Markdown', folder: 'pages', format: 'markdown', schema: markdownPage },
  home: { label: 'Home page', file: 'home.yaml', format: 'yaml', schema: homePage },
  about: { label: 'About page', file: 'about.yaml', format: 'yaml', schema: aboutPage },
  products: { label: 'Our Products page', file: 'products.yaml', format: 'yaml', schema: productsPage },
  legalPage: { label: 'Legal page', file: 'legal-page.yaml', format: 'yaml', schema: legalPage },
  hours: { label: 'Business hours', file: 'hours.yaml', format: 'yaml', schema: hours },
  labels: { label: 'Interface labels', file: 'labels.yaml', format: 'yaml', schema: labels },
  languages: { label: 'Languages', file: 'languages.yaml', format: 'yaml', schema: languages, untranslated: true },
  redirects: { label: 'Redirects', file: 'redirects.yaml', format: 'yaml', schema: redirects, untranslated: true },
} as const;
/** The collections written once per language, as name.code.yaml (or .md) beside the default language's. */
export type TranslatedKey = { [K in CollectionKey]: (typeof COLLECTIONS)[K] extends { untranslated: true } ? never : K }[CollectionKey];
export type CollectionKey = keyof typeof COLLECTIONS;
export type Collection = (typeof COLLECTIONS)[CollectionKey];

/** "legal-page" for legalPage: the name of its file or folder, its JSON Schema's and its editor collection's. */
export function collectionName(key: CollectionKey): string {
  const collection: Collection = COLLECTIONS[key];
  return 'file' in collection ? collection.file.replace(/\.yaml$/, '') : collection.folder;
}

/** One entry of the content: its collection, and its file's name without extension (the collection's own name for a file collection). */
export interface EntryRef {
  collection: CollectionKey;
  id: string;
  /** The language code of a translated collection's file; absent for a file written once (languages.yaml, redirects.yaml). */
  language?: string;
}

/** The names content may hold in braces, e.g. "{brandName}": the site's settings, then what the categories give (fill.ts). */
export const SETTING_PLACEHOLDERS = ['brandName', 'generalEmail', 'salesEmail', 'publicUrl', 'linkedInUrl'] as const;
export const PLACEHOLDERS = [...SETTING_PLACEHOLDERS, 'categoryCount', 'categoryList'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type SettingPlaceholder = (typeof SETTING_PLACEHOLDERS)[number];

/** Markdown as the screens get it: headings, paragraphs, lists, links and emphasis, nothing else; a string is text, a break a hard line break. */
export type Inline = string | { type: 'break' } | { type: 'emphasis' | 'strong'; children: Inline[] } | { type: 'link'; href: string; children: Inline[] };
export type Block =
  | { type: 'heading'; depth: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Block[][] };

export type HomePage = z.infer<typeof homePage>;
export type AboutPage = z.infer<typeof aboutPage>;
export type ProductsPage = z.infer<typeof productsPage>;
export type LegalPage = z.infer<typeof legalPage>;
export type LegalDocument = z.infer<typeof legalDocument> & { id: string; body: Block[] };
export type MarkdownPage = z.infer<typeof markdownPage> & { id: string; body: Block[] };

/** One language's content, checked: what the screens get. */
export interface Content {
  language: Language;
  home: HomePage;
  /** A page the language has no translation of is not in it (undefined here). */
  about?: AboutPage;
  products?: ProductsPage;
  legalPage?: LegalPage;
  hours: Hours;
  labels: Labels;
  /** In their order. */
  categories: Category[];
  legal: LegalDocument[];
  pages: MarkdownPage[];
}

/** The whole content, checked: the languages, each one's content, the default language's first, and the redirects of every language. */
export interface SiteContent {
  languages: Language[];
  editions: Content[];
  redirects: Redirects;
}
