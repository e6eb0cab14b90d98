/**
 * What the type checker cannot see about the content: run by `npm run build`
 * (which stops on any problem) and by the dev server when it starts. Pure:
 * the caller passes the data and a way to read files under client/assets,
 * and gets one line per problem naming the file, the entry and the field.
 */
import type { SiteConfig } from '../site.ts';
import { ART_SIZE } from '../ui/CategoryArt.tsx';
import { emailProblem, httpsUrlProblem, originProblem } from '../validate.ts';
import type { LegalDocument, ProductCategory } from './types.ts';

export interface ContentInput {
  products: readonly ProductCategory[];
  legal: readonly LegalDocument[];
  /** The contact details the site falls back to (shared/site.ts). */
  site: SiteConfig;
  /** The text of a file under client/assets by its name there ("art/textiles.svg"), or undefined when there is none. */
  readAsset: (name: string) => string | undefined;
}

export const CONTENT_FILES = {
  products: 'shared/content/products.ts',
  legal: 'shared/content/legal.ts',
  site: 'shared/site.ts',
} as const;

/** Lowercase words joined by single hyphens: safe in a URL as it is, one spelling per category. */
const URL_SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function checkContent(input: ContentInput): string[] {
  return [...checkProducts(input), ...checkLegal(input.legal), ...checkSite(input.site)];
}

function checkProducts({ products, readAsset }: ContentInput): string[] {
  const problems: string[] = [];
  const problem = (entry: string, field: string, text: string) => problems.push(`${CONTENT_FILES.products}: ${entry}: ${field}: ${text}`);
  const slugs = new Set<string>();
  products.forEach((category, index) => {
    const entry = category.slug || `category ${index + 1}`;
    if (!URL_SAFE_SLUG.test(category.slug)) problem(entry, 'slug', `${JSON.stringify(category.slug)} is not URL-safe (lowercase letters, digits and single hyphens)`);
    if (slugs.has(category.slug)) problem(entry, 'slug', `${JSON.stringify(category.slug)} is used by another category`);
    slugs.add(category.slug);

    const name = `art/${category.image.file}`;
    const svg = readAsset(name);
    if (svg === undefined) problem(entry, 'illustration', `client/assets/${name} is missing`);
    else {
      const size = svgSize(svg);
      if (!size.width || !size.height) problem(entry, 'illustration', `client/assets/${name} has no width and height on its <svg> element`);
      else if (size.width !== ART_SIZE.width || size.height !== ART_SIZE.height) {
        problem(entry, 'illustration', `client/assets/${name} is ${size.width} × ${size.height}, not the ${ART_SIZE.width} × ${ART_SIZE.height} it is shown at`);
      }
    }
    if (!category.image.alt.trim()) problem(entry, 'illustration alt', 'is empty');

    const headings = new Set<string>();
    category.headings.forEach((group, position) => {
      const heading = group.heading.trim();
      const field = heading ? `heading ${JSON.stringify(heading)}` : `heading ${position + 1}`;
      if (!heading) problem(entry, field, 'is empty');
      else if (headings.has(heading.toLowerCase())) problem(entry, field, 'appears twice in this category');
      headings.add(heading.toLowerCase());
      if (group.items.length === 0) problem(entry, field, 'has no items');
      if (group.items.some((item) => !item.trim())) problem(entry, field, 'has an empty item');
    });
    if (category.headings.length === 0) problem(entry, 'headings', 'there are none');
  });
  return problems;
}

function checkLegal(documents: readonly LegalDocument[]): string[] {
  const problems: string[] = [];
  for (const doc of documents) {
    const problem = (field: string, text: string) => problems.push(`${CONTENT_FILES.legal}: ${doc.id}: ${field}: ${text}`);
    if (!isIsoDate(doc.updated)) problem('updated', `${JSON.stringify(doc.updated)} is not a date written YYYY-MM-DD`);
    if (doc.sections.length === 0) problem('sections', 'there are none; a legal document needs at least one');
    doc.sections.forEach((section, index) => {
      if (!section.heading.trim()) problem(`section ${index + 1}`, 'has an empty heading');
    });
  }
  return problems;
}

function checkSite(site: SiteConfig): string[] {
  const checks = [
    ['publicUrl', originProblem],
    ['generalEmail', emailProblem],
    ['salesEmail', emailProblem],
    ['linkedInUrl', httpsUrlProblem],
  ] as const;
  return checks.flatMap(([field, check]) => {
    const expected = check(site[field]);
    return expected ? [`${CONTENT_FILES.site}: defaultSite: ${field}: ${JSON.stringify(site[field])} is not ${expected}`] : [];
  });
}

/** The width and height attributes of the root <svg> element, in user units (a plain number or px). */
function svgSize(svg: string): { width?: number; height?: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(?:px)?\\s*["']`).exec(tag)?.[1];
    const number = value === undefined ? NaN : Number(value);
    return number > 0 ? number : undefined;
  };
  return { width: attribute('width'), height: attribute('height') };
}

function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
