/**
 * The shape of the files in content/text, one zod schema per collection;
 * the types the screens use are inferred from them. From these schemas come
 * the content check (load.ts), the JSON Schemas editors validate against as
 * one types (schemas/, `npm run schemas`), and the browser editor's fields
 * (editor-config.ts). Nothing here renders; the site's bundles carry none of it,
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
import { slotList, type Slot, type Slots } from './messages.ts';

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
  title: text.meta({ title: 'Title', description: 'Its heading, and its page’s title in the browser tab, in search results and on its share image.' }),
  description: longText.meta({ title: 'Description', description: 'One or two sentences for search results and link previews of its page.' }),
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
  pageTitle: { description: 'A page’s title in the browser tab and in search results.', slots: { page: words('the page’s own title'), brandName: words('the company name') } },
  homeTitle: { description: 'The home page’s title in the browser tab and in search results.', slots: { page: words('the home page’s title'), brandName: words('the company name') } },
  date: {
    description: 'A date as the language writes it. {date} is the date as its locale writes it; a language that writes it otherwise uses its parts: {day} (a number, which selectordinal can count: "{day, selectordinal, one {#er} other {#}}"), {month} and {year}.',
    slots: { date: words('the date as the locale writes it', true), day: number('the day of the month', true), month: words('the month’s name as a date has it', true), year: words('the year', true) },
  },
  time: {
    description: 'A time of day as the language writes it. {time} is the time as its locale writes it (9:00 am, 09:00); a language that writes it otherwise uses {hour} (a number, 0 to 23) and {minutes} (00 to 59): "{hour} h{minutes, select, 00 {} other { {minutes}}}" gives 9 h and 18 h 30.',
    slots: { time: words('the time as the locale writes it', true), hour: number('the hour, 0 to 23', true), minutes: words('the minutes, two digits', true) },
  },
  dayRange: { description: 'The days we are open, from the first to the last (the footer, llms.txt).', slots: { first: words('the first day’s name'), last: words('the last day’s name') } },
  openingHours: { description: 'The hours we are open, in the footer and llms.txt.', slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the time zone’s name (labels: hours.zone)') } },
  localHours: { description: 'The hours in the visitor’s own time zone, under the footer’s hours.', slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the visitor’s time zone as the language names it') } },
  localHoursOvernight: { description: 'The same, when we close after midnight in the visitor’s time zone.', slots: { opens: words('the opening time'), closes: words('the closing time'), zone: words('the visitor’s time zone as the language names it') } },
  localDays: { description: 'The visitor’s hours, when their days are not ours (Sunday to Thursday in Honolulu).', slots: { days: words('the days in the visitor’s time zone'), hours: words('the hours in the visitor’s time zone') } },
  localStatus: { description: 'The visitor’s hours, then whether we are open now.', slots: { hours: words('the hours in the visitor’s time zone'), status: words('Open now or Closed now (labels: hours)') } },
  lastUpdated: { description: 'Above a legal document.', slots: { date: words('the date it was last updated') } },
  readMore: { description: 'The whole name of a category card’s button, for screen readers and search engines: {label} is the button’s words, the rest is said after them.', slots: { label: words('the button’s words'), title: words('the category’s title') } },
  linkName: { description: 'The whole name of the home page’s button: {label} is its words, {destination} where it leads.', slots: { label: words('the button’s words'), destination: words('where it leads (home: ctaDestination)') } },
  generalInquiries: { description: 'In the footer.', slots: { email: words('the general inquiries address, as a link') } },
  sales: { description: 'In the footer.', slots: { email: words('the sales address, as a link') } },
  shareImageAlt: { description: 'What the share image of a page says to people who cannot see it.', slots: { title: words('the page’s title'), line: words('the line under it (home: shareLine)'), picture: words('what the picture shows (labels: shareImageAlt)') } },
  categoryShareImageAlt: { description: 'What the share image of a category says to people who cannot see it.', slots: { title: words('the category’s title'), subtitle: words('its subtitle'), picture: words('what its picture shows') } },
  readersHours: { description: 'The hours in llms.txt, the summary for AI assistants.', slots: { days: words('the days we are open'), hours: words('the hours we are open'), closed: words('when we are closed (hours: closed)') } },
  readersContact: { description: 'How to reach us in llms.txt.', slots: { generalEmail: words('the general inquiries address'), salesEmail: words('the sales address') } },
} as const satisfies Record<string, { description: string; slots: Slots }>;
export type TemplateKey = keyof typeof TEMPLATES;

export const templates = z.strictObject(
  Object.fromEntries(
    Object.entries(TEMPLATES).map(([key, { description, slots }]) => [key, text.meta({ description: `${description} Slots: ${slotList(slots)}.` })]),
  ) as Record<TemplateKey, typeof text>,
);
export type Templates = Record<TemplateKey, string>;

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
  errorDescription: text.meta({ description: 'What the error screen says happened (the error itself is never shown on the site).' }),
  errorHomeLink: text,
  nav: navLabels,
  breadcrumb: text,
  footer: z.strictObject({ heading: text, hours: text, contact: text, follow: text, linkedIn: text, legal: text, copyright: text }),
  hours: z.strictObject({
    openNow: text,
    closedNow: text,
    zone: text.meta({ description: 'The time zone of the hours as the language names it: GMT, بتوقيت غرينتش.' }),
  }),
  shareImageAlt: text.meta({ description: 'What the share images of pages other than categories show besides their words, for people who cannot see them.' }),
  listStyle: z
    .enum(['conjunction', 'unit'])
    .meta({ title: 'List style', description: 'How {categoryList} joins the titles: conjunction ("A, B and C") or unit ("A، وB، وC", clearer in Arabic, where a title may hold "and").' }),
  readers: z.strictObject({
    pages: text.meta({ description: 'The heading of the main pages in llms.txt, the summary for AI assistants.' }),
    languages: text.meta({ description: 'The heading of the other languages in llms.txt.' }),
  }),
});
export type Labels = z.infer<typeof labels>;

/** A language of the site: its code (the address prefix and the pages' lang), its own name, its direction, how it writes dates and times, and how its script is set. */
export const language = z.strictObject({
  code: z
    .string()
    .refine(isLanguageTag, 'is not a language tag such as fr, ar or pt-BR (BCP 47: a language, then a script or region if needed, as Intl writes them)')
    .meta({ description: 'The language tag (BCP 47): fr, ar, pt-BR. Its pages are at /code/…, its files name.code.yaml.' }),
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
    .meta({ description: 'How dates, times, lists, numbers and plurals are written (BCP 47, with a region: en-GB-u-hc-h12 is British English on a 12-hour clock, ar-EG-u-nu-latn Arabic with Western digits); its region also names the Open Graph locale.' }),
  letters: z
    .enum(['separate', 'joined'])
    .optional()
    .meta({ description: 'joined for a script whose letters join (Arabic): its words are never letter-spaced or set in capitals. separate when left out.' }),
  punctuation: z
    .enum(['plain', 'spaced'])
    .optional()
    .meta({ description: 'spaced for a language that sets a narrow no-break space before : ; ! ? and inside « » (French): a plain space typed there becomes one. plain when left out.' }),
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
  default: z.string().meta({ title: 'Default language', description: 'Its pages keep the addresses without a language prefix.' }),
  languages: z.array(language).min(1).meta({ title: 'Languages', description: 'One line each; every language but the default is at /code/….' }),
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
  templates: { label: 'Sentences with slots', file: 'templates.yaml', format: 'yaml', schema: templates },
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
