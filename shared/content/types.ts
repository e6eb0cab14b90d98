/** Shapes of the site's static content. Components lay these out; nothing here renders. */

/** The facts a text may need about the company; they come from the site configuration. */
export interface CompanyFacts {
  brandName: string;
  generalEmail: string;
  salesEmail: string;
  publicUrl: string;
}

export interface TextSection {
  heading: string;
  paragraphs: string[];
  /** An optional bulleted list shown after the paragraphs. */
  list?: string[];
}

export type LegalDocumentId = 'terms' | 'privacy' | 'disclaimer';

export interface LegalDocument {
  id: LegalDocumentId;
  /** Words on the tab button, e.g. "Terms of Use". */
  tabLabel: string;
  /** Heading of the document body. */
  title: string;
  /** ISO date, shown as "Last updated". */
  updated: string;
  intro: string[];
  sections: TextSection[];
}

export interface ProductHeading {
  /** One of the spec's headings, word for word. */
  heading: string;
  /** Representative items we source under that heading. */
  items: string[];
}

export interface ProductCategory {
  /** Last part of the route: /products/{slug}. */
  slug: string;
  title: string;
  subtitle: string;
  /** One or two sentences for the card on /products. */
  description: string;
  /** Opening paragraph of the category page. */
  intro: string;
  image: { file: string; alt: string };
  headings: ProductHeading[];
}

export interface AboutContent {
  /** Lead under the page's h1. */
  lead: string;
  aboutUs: TextSection;
  /** The numbered steps of how a request runs, from LOI to three offers, under their own heading. */
  process: { heading: string; steps: { title: string; text: string }[] };
  values: TextSection & { items: { title: string; text: string }[] };
  whatWeProvide: TextSection;
}

export interface HomeContent {
  tagline: string;
  lead: string;
  cta: string;
  /** The line under the title on the share images of pages other than product pages. */
  shareLine: string;
  heroAlt: string;
}
