/**
 * The shape of the site's content, as zod schemas; the types the components
 * use are inferred from them. `npm run build` and `npm run dev` parse the
 * content with these (scripts/check-content.ts), so an empty or missing field,
 * a wrong type or an unknown key stops them with one line naming the file,
 * the entry and the field. Nothing here renders.
 */
import { z } from 'zod';

/** Text a reader will see: never empty or blank. */
const words = z.string().trim().min(1);
const paragraphs = z.array(words).min(1);

export const textSection = z.strictObject({
  heading: words,
  paragraphs,
  /** An optional bulleted list shown after the paragraphs. */
  list: z.array(words).min(1).optional(),
});
export type TextSection = z.infer<typeof textSection>;

/** The spec's three legal documents, in the order of their tabs. */
export const LEGAL_DOCUMENT_IDS = ['terms', 'privacy', 'disclaimer'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENT_IDS)[number];

export const legalDocument = z.strictObject({
  id: z.enum(LEGAL_DOCUMENT_IDS),
  /** Words on the tab button, e.g. "Terms of Use". */
  tabLabel: words,
  /** Heading of the document body. */
  title: words,
  /** Shown as "Last updated". */
  updated: z.iso.date(),
  intro: paragraphs,
  sections: z.array(textSection).min(1),
});
export type LegalDocument = z.infer<typeof legalDocument>;

export const legalDocuments = z
  .array(legalDocument)
  .refine((docs) => docs.map((doc) => doc.id).join() === LEGAL_DOCUMENT_IDS.join(), `must be ${LEGAL_DOCUMENT_IDS.join(', ')}, in that order`);

export const productHeading = z.strictObject({
  /** One of the spec's headings, word for word. */
  heading: words,
  /** Representative items we source under that heading. */
  items: z.array(words).min(1),
});

export const productCategory = z.strictObject({
  /** Last part of the route, /products/{slug}: lowercase words joined by single hyphens, safe in a URL as it is. */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is not lowercase letters, digits and single hyphens'),
  title: words,
  subtitle: words,
  /** One or two sentences for the card on /products. */
  description: words,
  /** Opening paragraph of the category page. */
  intro: words,
  /** A file of client/assets/art, drawn at ART_SIZE (shared/ui/CategoryArt.tsx). */
  image: z.strictObject({ file: z.string().regex(/^[\w-]+\.svg$/, 'is not an .svg file name'), alt: words }),
  headings: z
    .array(productHeading)
    .min(1)
    .superRefine((headings, ctx) => repeated(headings.map((group) => group.heading), ctx, 'heading', 'appears twice in this category')),
});
export type ProductCategory = z.infer<typeof productCategory>;

export const productCategories = z
  .array(productCategory)
  .min(1)
  .superRefine((categories, ctx) => repeated(categories.map((category) => category.slug), ctx, 'slug', 'is used by another category'));

const titledText = z.strictObject({ title: words, text: words });

export const aboutContent = z.strictObject({
  /** Lead under the page's h1. */
  lead: words,
  aboutUs: textSection,
  /** The numbered steps of how a request runs, from LOI to three offers, under their own heading. */
  process: z.strictObject({ heading: words, steps: z.array(titledText).min(1) }),
  values: textSection.extend({ items: z.array(titledText).min(1) }),
  whatWeProvide: textSection,
});
export type AboutContent = z.infer<typeof aboutContent>;

export const homeContent = z.strictObject({
  tagline: words,
  lead: words,
  cta: words,
  /** The line under the title on the share images of pages other than product pages. */
  shareLine: words,
  heroAlt: words,
});
export type HomeContent = z.infer<typeof homeContent>;

/** The facts a text may need about the company; they come from the site configuration. */
export interface CompanyFacts {
  brandName: string;
  generalEmail: string;
  salesEmail: string;
  publicUrl: string;
}

/** Adds an issue at [index, field] for each value seen before in the list (letter case aside). */
function repeated(values: string[], ctx: z.RefinementCtx, field: string, message: string): void {
  const lower = values.map((value) => value.toLowerCase());
  lower.forEach((value, index) => {
    if (lower.indexOf(value) !== index) ctx.addIssue({ code: 'custom', path: [index, field], message: `${JSON.stringify(values[index])} ${message}` });
  });
}
