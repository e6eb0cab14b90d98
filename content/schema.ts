/**
 * The shape of the files in content/text, one zod schema per collection;
 * the types the screens use are inferred from them. From these schemas come
 * the content check (load.ts), the JSON Schemas editors validate against as
 * one types (schemas/, `npm run schemas`), and the browser editor's fields
 * (editor-config.ts). Nothing here renders; the site's bundles carry none of it,
 * the browser editor's does (it checks an entry before saving it).
 *
 * What an editor sees beside a field, its label and hint, is the editor's
 * words (content/editor-words/<code>.yaml `fields`), in the owner's language;
 * `.meta({ widget: 'text' })` asks the browser editor for a box of several lines,
 * `widget: 'image'` for a picture chosen from, or uploaded to, content/art
 * (with `slot`, where it is shown: the editor's media library refuses a
 * picture too small for it before it is chosen),
 * `widget: 'hidden'` for a field the editor keeps but does not show.
 */
import * as z from 'zod';
import { ART_EXTENSIONS, ART_FILE, type PictureSlot } from './art.ts';
import type { Slot, Slots } from './messages.ts';

/** Text a reader will see: never empty or blank. */
const text = z.string().trim().min(1);
const longText = text.meta({ widget: 'text' });
const paragraphs = z.array(longText).min(1);
/**
 * `same: true` marks a field written once, in the default language's file
 * (an order, an address, a picture, the hours' days and times): a
 * translation holds only what is translated, and the content check gives it
 * the original's values (translations.ts) and refuses it in a translation;
 * the browser editor writes it in the default language's form only.
 */
const orderField = z.int().min(1).meta({ same: true });

/** A page's own fields: the title (browser tab, search results), the description (search results, link previews) and its menu entry. */
const pageFields = {
  title: text,
  description: longText,
  menuLabel: text.nullable(),
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
  return z.strictObject({
    file: z
      .string()
      .regex(ART_FILE, `is not the name of a picture in content/art (${ART_EXTENSIONS.join(', ')})`)
      .meta({ widget: 'image', slot, same: true }),
    alt: text,
  });
}

export const homePage = z.strictObject({
  ...pageFields,
  tagline: text,
  lead: longText,
  cta: text,
  ctaDestination: text,
  shareLine: text,
  image: picture('hero'),
});

export const aboutPage = z.strictObject({
  ...pageFields,
  /** The service in one paragraph, for readers that want the gist (llms.txt). */
  summary: longText,
  lead: longText,
  aboutUs: textSection,
  process: z.strictObject({ heading: text, steps: z.array(titledText).min(1) }),
  values: textSection.extend({ items: z.array(titledText).min(1) }),
  whatWeProvide: textSection,
});

export const productsPage = z.strictObject({
  ...pageFields,
  readMore: text,
});

export const legalPage = z.strictObject({
  ...pageFields,
  tabsLabel: text,
  homeButton: text,
});

export const category = z.strictObject({
  order: orderField,
  /** Last part of the route, /products/{slug}. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is not lowercase letters, digits and single hyphens')
    .meta({ same: true }),
  title: text,
  subtitle: text,
  description: longText,
  intro: longText,
  image: picture('category'),
  headings: z.array(z.strictObject({ heading: text, items: z.array(text).min(1) })).min(1),
});
/** A category as the screens get it: its fields, and its file's name. */
export type Category = z.infer<typeof category> & { id: string };

/** The front matter of a legal document; its text is the Markdown below it. */
export const legalDocument = z.strictObject({
  order: orderField,
  tabLabel: text,
  title: text,
  description: longText,
  updated: z.iso.date(),
});

/** An address of the site as the default language has it: slashes, each before lowercase words joined by hyphens. */
const ADDRESS = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

/** The front matter of a page written in Markdown; it gets its own address. */
export const markdownPage = z.strictObject({
  path: z
    .string()
    .regex(ADDRESS, 'is not an address like /questions: a slash, then lowercase words joined by hyphens')
    .meta({ same: true }),
  ...pageFields,
});

export const hours = z.strictObject({
  days: z
    .array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']))
    .min(1)
    .meta({ same: true }),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ same: true }),
  closes: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ same: true }),
  // The visitor's local-hours line and the structured data count from GMT.
  timeZone: z.literal('GMT', 'must be GMT: the hours are kept in GMT all year').meta({ same: true }),
  closed: text,
});
export type Hours = z.infer<typeof hours>;

/** A slot of words, or a number, in a template: what the site puts there, in the owners' words. */
const words = (says: string, optional?: true): Slot => ({ kind: 'text', says, ...(optional && { optional }) });
const number = (says: string, optional?: true): Slot => ({ kind: 'number', says, ...(optional && { optional }) });

/**
 * The sentences the site makes with words of its own (a date, the hours, a
 * page's title), one ICU MessageFormat template each with the slots it
 * fills (content/messages.ts checks them): templates.<code>.yaml. Each slot
 * a template must have is marked so by being required; a language that
 * writes a date or a time otherwise than Intl picks the parts it needs.
 */
export const TEMPLATES = {
  pageTitle: { slots: { page: words('the page’s own title'), brandName: words('the company name') } },
  homeTitle: { slots: { page: words('the home page’s title'), brandName: words('the company name') } },
  date: {
    slots: { date: words('the date as the locale writes it', true), day: number('the day of the month', true), month: words('the month’s name as a date has it', true), year: words('the year', true) },
  },
  time: {
    slots: { time: words('the time as the locale writes it', true), hour: number('the hour, 0 to 23', true), minutes: words('the minutes, two digits', true) },
  },
  dayRange: { slots: { first: words('the first day’s name'), last: words('the last day’s name') } },
  openingHours: { slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the time zone’s name (labels: hours.zone)') } },
  localHours: { slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the visitor’s time zone as the language names it') } },
  localHoursOvernight: { slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the visitor’s time zone as the language names it') } },
  localDays: { slots: { days: words('the days in the visitor’s time zone'), hours: words('the hours in the visitor’s time zone') } },
  localStatus: { slots: { hours: words('the hours in the visitor’s time zone'), status: words('Open now or Closed now (labels: hours)') } },
  lastUpdated: { slots: { date: words('the date it was last updated') } },
  readMore: { slots: { label: words('the button’s words'), title: words('the category’s title') } },
  linkName: { slots: { label: words('the button’s words'), destination: words('where it leads (home: ctaDestination)') } },
  generalInquiries: { slots: { email: words('the general inquiries address, as a link') } },
  sales: { slots: { email: words('the sales address, as a link') } },
  shareImageAlt: { slots: { title: words('the page’s title'), line: words('the line under it (home: shareLine)'), picture: words('what the picture shows (labels: shareImageAlt)') } },
  categoryShareImageAlt: { slots: { title: words('the category’s title'), subtitle: words('its subtitle'), picture: words('what its picture shows') } },
  readersHours: { slots: { days: words('the days we are open'), hours: words('the hours we are open'), closed: words('when we are closed (hours: closed)') } },
  readersContact: { slots: { generalEmail: words('the general inquiries address'), salesEmail: words('the sales address') } },
} as const satisfies Record<string, { slots: Slots }>;
export type TemplateKey = keyof typeof TEMPLATES;

export const templates = z.strictObject(Object.fromEntries(Object.keys(TEMPLATES).map((key) => [key, text])) as Record<TemplateKey, typeof text>);
export type Templates = Record<TemplateKey, string>;

const navLabels = z.strictObject({
  home: text,
  primary: text,
  openMenu: text,
  closeMenu: text,
  menu: text,
  site: text,
  language: text,
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
  footer: z.strictObject({ heading: text, hours: text, contact: text, follow: text, linkedIn: text, legal: text, copyright: text }),
  hours: z.strictObject({
    openNow: text,
    closedNow: text,
    zone: text,
  }),
  shareImageAlt: text,
  listStyle: z
    .enum(['conjunction', 'unit'])
    ,
  readers: z.strictObject({
    pages: text,
    languages: text,
  }),
});
export type Labels = z.infer<typeof labels>;

/** A language of the site: its code (the address prefix and the pages' lang), its own name, its direction, how it writes dates and times, and how its script is set. */
export const language = z.strictObject({
  code: z
    .string()
    .refine(isLanguageTag, 'is not a language tag such as fr, ar or pt-BR (BCP 47: a language, then a script or region if needed, as Intl writes them)')
    ,
  name: text,
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
    ,
  letters: z
    .enum(['separate', 'joined'])
    .optional()
    ,
  punctuation: z
    .enum(['plain', 'spaced'])
    .optional()
    ,
});

/** A BCP 47 language tag as Intl writes it (fr, pt-BR, zh-Hant), without extensions: what an address prefix and a file name carry. */
export function isLanguageTag(code: string): boolean {
  try {
    return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code) && !/-[a-z0-9]-/i.test(`${code}-`) && Intl.getCanonicalLocales(code)[0] === code;
  } catch {
    return false;
  }
}
export type Language = z.infer<typeof language>;

export const languages = z.strictObject({
  default: z.string(),
  languages: z.array(language).min(1),
});

/**
 * The old addresses and the pages they lead to, and every address the site
 * has published: addresses of the default language without a language
 * prefix, each redirect applying in every language that has its page. The
 * route table's checks (shared/site-check.ts) hold that a published address is
 * still a page or a redirect's `from`.
 */
const oldOrNew = z.string().regex(ADDRESS, 'is not an address like /products/energy-and-fuel: a slash, then lowercase words joined by hyphens, without a language prefix');
export const redirects = z.strictObject({
  redirects: z
    .array(
      z.strictObject({
        from: oldOrNew,
        to: oldOrNew,
      }),
    )
    // None may be left out, as the browser editor writes an empty list.
    .default([])
    ,
  published: z
    .array(oldOrNew)
    .meta({ widget: 'hidden' }),
});
export type Redirects = z.infer<typeof redirects>;

/**
 * Every collection, by the name the screens know its content by: where its
 * files are under content/words, which schema each follows, and whether
 * they are YAML or Markdown with front matter. A folder collection holds any
 * number of files (a category, a page); a file collection is one file. The
 * editor's words name each (content/editor-words/<code>.yaml). Its
 * JSON Schema (schemas/) and its editor collection are named after the file
 * or folder, so each idea has one name (collectionName).
 */
export const COLLECTIONS = {
  categories: { folder: 'categories', format: 'yaml', schema: category },
  legal: { folder: 'legal', format: 'markdown', schema: legalDocument },
  pages: { folder: 'pages', format: 'markdown', schema: markdownPage },
  home: { file: 'home.yaml', format: 'yaml', schema: homePage },
  about: { file: 'about.yaml', format: 'yaml', schema: aboutPage },
  products: { file: 'products.yaml', format: 'yaml', schema: productsPage },
  legalPage: { file: 'legal-page.yaml', format: 'yaml', schema: legalPage },
  hours: { file: 'hours.yaml', format: 'yaml', schema: hours },
  labels: { file: 'labels.yaml', format: 'yaml', schema: labels },
  templates: { file: 'templates.yaml', format: 'yaml', schema: templates },
  languages: { file: 'languages.yaml', format: 'yaml', schema: languages, untranslated: true },
  redirects: { file: 'redirects.yaml', format: 'yaml', schema: redirects, untranslated: true },
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

/**
 * The top-level field of a translation (of its front matter, in Markdown)
 * that records the version of its original it translates, a blob id
 * (keep-up.ts): the file's, never the site's; the content check takes it
 * out before the schema.
 */
export const RECORD_FIELD = 'translates';
/** A blob id as git writes it: 40 lowercase hexadecimal digits. */
export const BLOB_ID = /^[0-9a-f]{40}$/;

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

/** The placeholders as slots of any text but the templates': each may be left out; {categoryCount} is a number, which a plural counts. */
export const PLACEHOLDER_SLOTS: Slots = {
  brandName: { kind: 'text', says: 'the company name', optional: true },
  generalEmail: { kind: 'text', says: 'the general inquiries address', optional: true },
  salesEmail: { kind: 'text', says: 'the sales address', optional: true },
  publicUrl: { kind: 'text', says: 'the site’s address', optional: true },
  linkedInUrl: { kind: 'text', says: 'the LinkedIn page', optional: true },
  categoryCount: { kind: 'number', says: 'how many product categories there are', optional: true, counts: true },
  categoryList: { kind: 'text', says: 'the categories’ titles as a list', optional: true },
} satisfies Record<Placeholder, Slot>;

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
  templates: Templates;
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
