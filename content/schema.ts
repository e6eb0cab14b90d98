/**
 * The shape of the content files beside this one, one zod schema per
 * collection; the types the screens use are inferred from them. From these
 * schemas come the check that `npm run build` and `npm run dev` run
 * (scripts/content/load.ts), the JSON Schemas editors validate against as
 * one types (schemas/, `npm run schemas`), and the browser editor's fields
 * (scripts/content/cms.ts). Nothing here renders, and no bundle carries it.
 *
 * `.meta({ title, description })` is what an editor sees beside a field;
 * `widget: 'text'` asks the browser editor for a box of several lines.
 */
import { z } from 'zod';

/** Text a reader will see: never empty or blank. */
const words = z.string().trim().min(1);
const longWords = words.meta({ widget: 'text' });
const paragraphs = z.array(longWords).min(1);
const orderField = z.int().min(1).meta({ title: 'Order', description: 'Where it comes among the others: 1 first.' });

/** A page's own fields: the title (browser tab, search results), the description (search results, link previews) and its menu entry. */
const pageFields = {
  title: words.meta({ title: 'Title', description: 'The page title, shown in the browser tab, in search results and on its share image.' }),
  description: longWords.meta({ title: 'Description', description: 'One or two sentences for search results and link previews.' }),
  menuLabel: words.nullable().meta({ title: 'Menu label', description: 'Its link in the menu; empty (null) for a page the menu does not list.' }),
};

const textSection = z.strictObject({
  heading: words,
  paragraphs,
  /** An optional bulleted list shown after the paragraphs. */
  list: z.array(words).min(1).optional(),
});
export type TextSection = z.infer<typeof textSection>;
const titledText = z.strictObject({ title: words, text: longWords });

export const homePage = z.strictObject({
  ...pageFields,
  tagline: words.meta({ title: 'Tagline', description: 'The large headline.' }),
  lead: longWords,
  cta: words.meta({ title: 'Button', description: 'The words on the button to the About page.' }),
  ctaDestination: words.meta({ title: 'Button destination', description: 'Where the button goes, said after its words to screen readers: READ MORE about us.' }),
  shareLine: words.meta({ title: 'Share image line', description: 'The line under the title on the share images of pages other than product pages.' }),
  heroAlt: longWords.meta({ title: 'Illustration text', description: 'What the illustration shows, for people who cannot see it.' }),
});

export const aboutPage = z.strictObject({
  ...pageFields,
  /** The service in one paragraph, for readers that want the gist (llms.txt). */
  summary: longWords.meta({ title: 'Summary', description: 'The service in one paragraph, for AI assistants (llms.txt).' }),
  lead: longWords,
  aboutUs: textSection,
  process: z.strictObject({ heading: words, steps: z.array(titledText).min(1) }),
  values: textSection.extend({ items: z.array(titledText).min(1) }),
  whatWeProvide: textSection,
});

export const productsPage = z.strictObject({
  ...pageFields,
  readMore: words.meta({ title: 'Card button', description: 'The words on each card’s button.' }),
});

export const legalPage = z.strictObject({
  ...pageFields,
  tabsLabel: words.meta({ title: 'Tabs label', description: 'The name screen readers give the row of tabs.' }),
  lastUpdated: words,
  homeButton: words,
});

export const category = z.strictObject({
  order: orderField,
  /** Last part of the route, /products/{slug}. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is not lowercase letters, digits and single hyphens')
    .meta({ title: 'Address', description: 'The last part of the page address, /products/…: lowercase words joined by hyphens.' }),
  title: words,
  subtitle: words,
  description: longWords.meta({ description: 'One or two sentences for the card on Our Products.' }),
  intro: longWords.meta({ description: 'The opening paragraph of the category page.' }),
  image: z.strictObject({
    file: z.string().regex(/^[\w-]+\.svg$/, 'is not an .svg file name').meta({ title: 'Illustration', description: 'A file of client/assets/art, 480 × 320.' }),
    alt: words.meta({ title: 'Illustration text', description: 'What the illustration shows, for people who cannot see it.' }),
  }),
  headings: z.array(z.strictObject({ heading: words, items: z.array(words).min(1) })).min(1),
});
export type Category = z.infer<typeof category>;

/** The front matter of a legal document; its text is the Markdown below it. */
export const legalDocument = z.strictObject({
  order: orderField,
  tabLabel: words.meta({ title: 'Tab', description: 'The words on its tab.' }),
  title: words,
  updated: z.iso.date().meta({ title: 'Last updated', description: 'A date written YYYY-MM-DD.' }),
});

/** The front matter of a page written in Markdown; it gets its own address. */
export const markdownPage = z.strictObject({
  path: z
    .string()
    .regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, 'is not an address like /questions: a slash, then lowercase words joined by hyphens')
    .meta({ title: 'Address', description: 'The page address, e.g. /questions.' }),
  ...pageFields,
});

export const hours = z.strictObject({
  days: z
    .array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']))
    .min(1)
    .meta({ title: 'Open on', description: 'The days we are open, Monday first.' }),
  opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ description: 'HH:MM, 24-hour clock.' }),
  closes: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time written HH:MM (24-hour clock)').meta({ description: 'HH:MM, 24-hour clock.' }),
  // The visitor's local-hours line and the structured data count from GMT.
  timeZone: z.literal('GMT', 'must be GMT: the hours are kept in GMT all year'),
  closed: words.meta({ description: 'When we are closed besides the days above.' }),
});
export type Hours = z.infer<typeof hours>;

const navLabels = z.strictObject({ home: words, primary: words, openMenu: words, closeMenu: words, menu: words, site: words });
export const labels = z.strictObject({
  skipLink: words,
  notFound: words,
  notFoundTitle: words,
  badRequest: words,
  errorHeading: words,
  errorTitle: words,
  errorDescription: words,
  errorHomeLink: words,
  nav: navLabels,
  breadcrumb: words,
  readMoreAbout: words.meta({ description: 'After a Read More button, for screen readers: "Read More about Textiles".' }),
  footer: z.strictObject({ heading: words, hours: words, contact: words, generalInquiries: words, sales: words, follow: words, linkedIn: words, legal: words, copyright: words }),
  hours: z.strictObject({ openNow: words, closedNow: words, nextDay: words, in: words, yourTimeZone: words }),
  shareImageAlt: words,
});
export type Labels = z.infer<typeof labels>;

/**
 * Every collection: where its files are, which schema each follows, and
 * whether its files are YAML or Markdown with front matter. A folder
 * collection holds any number of files (a category, a page); a file
 * collection names its files.
 */
export const COLLECTIONS = {
  categories: { label: 'Product categories', folder: 'categories', format: 'yaml', schema: category },
  legal: { label: 'Legal documents', folder: 'legal', format: 'markdown', schema: legalDocument },
  pages: { label: 'Pages in Markdown', folder: 'pages', format: 'markdown', schema: markdownPage },
  home: { label: 'Home page', file: 'home.yaml', format: 'yaml', schema: homePage },
  about: { label: 'About page', file: 'about.yaml', format: 'yaml', schema: aboutPage },
  products: { label: 'Our Products page', file: 'products.yaml', format: 'yaml', schema: productsPage },
  legalPage: { label: 'Legal page', file: 'legal.yaml', format: 'yaml', schema: legalPage },
  hours: { label: 'Business hours', file: 'hours.yaml', format: 'yaml', schema: hours },
  labels: { label: 'Interface labels', file: 'interface.yaml', format: 'yaml', schema: labels },
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

/** The names content may hold in braces, e.g. "{brandName}"; each is filled when a page is made. */
export const PLACEHOLDERS = ['brandName', 'generalEmail', 'salesEmail', 'publicUrl', 'linkedInUrl', 'categoryCount', 'categoryList'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Markdown as the screens get it: headings, paragraphs, lists, links and emphasis, nothing else. */
export type Inline = string | { type: 'emphasis' | 'strong'; children: Inline[] } | { type: 'link'; href: string; children: Inline[] };
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

/** The whole content, checked: what the screens get. */
export interface Content {
  home: HomePage;
  about: AboutPage;
  products: ProductsPage;
  legalPage: LegalPage;
  hours: Hours;
  labels: Labels;
  /** In their order. */
  categories: Category[];
  legal: LegalDocument[];
  pages: MarkdownPage[];
}
