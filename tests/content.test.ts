/**
 * The content check (shared/content/check.ts): the site's content passes,
 * each kind of mistake in a broken copy is one line naming file, entry and
 * field, and `npm run build` stops on it with exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, type ContentInput } from '../shared/content/check.ts';
import { legalDocuments } from '../shared/content/legal.ts';
import { productCategories } from '../shared/content/products.ts';
import type { LegalDocument, ProductCategory } from '../shared/content/types.ts';
import { defaultSite } from '../shared/site.ts';
import { contentProblems } from '../scripts/check-content.ts';
import { copyProject } from '../scripts/sandbox.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320"></svg>';

/** The real content, each piece a deep copy the test may break, with every illustration present. */
function content(overrides: Partial<ContentInput> = {}): ContentInput {
  return {
    products: structuredClone(productCategories) as ProductCategory[],
    legal: structuredClone(legalDocuments(defaultSite)) as LegalDocument[],
    site: { ...defaultSite },
    readAsset: () => SVG,
    ...overrides,
  };
}

const products = (input: ContentInput) => input.products as ProductCategory[];
const legal = (input: ContentInput) => input.legal as LegalDocument[];

describe('the content check', () => {
  it('finds nothing wrong with the site’s content and illustrations', () => {
    expect(contentProblems()).toEqual([]);
  });

  it.each<[string, (input: ContentInput) => void, string[]]>([
    ['a repeated slug', (c) => (products(c)[1]!.slug = 'energy-and-fuel'), ['shared/content/products.ts: energy-and-fuel: slug: "energy-and-fuel" is used by another category']],
    ['a slug that is not URL-safe', (c) => (products(c)[4]!.slug = 'Textiles & Fabrics'), ['shared/content/products.ts: Textiles & Fabrics: slug: "Textiles & Fabrics" is not URL-safe (lowercase letters, digits and single hyphens)']],
    [
      'a missing illustration',
      (c) => (c.readAsset = (name) => (name === 'art/textiles.svg' ? undefined : SVG)),
      ['shared/content/products.ts: textiles: illustration: client/assets/art/textiles.svg is missing'],
    ],
    [
      'an illustration without width and height',
      (c) => (c.readAsset = (name) => (name === 'art/textiles.svg' ? '<svg viewBox="0 0 480 320"></svg>' : SVG)),
      ['shared/content/products.ts: textiles: illustration: client/assets/art/textiles.svg has no width and height on its <svg> element'],
    ],
    [
      'an illustration of another size',
      (c) => (c.readAsset = (name) => (name === 'art/textiles.svg' ? '<svg width="400" height="400"></svg>' : SVG)),
      ['shared/content/products.ts: textiles: illustration: client/assets/art/textiles.svg is 400 × 400, not the 480 × 320 it is shown at'],
    ],
    ['an empty alt text', (c) => (products(c)[0]!.image.alt = ' '), ['shared/content/products.ts: energy-and-fuel: illustration alt: is empty']],
    ['an empty heading', (c) => (products(c)[2]!.headings[3]!.heading = ''), ['shared/content/products.ts: industrial-chemicals: heading 4: is empty']],
    [
      'a heading twice in a category',
      (c) => (products(c)[3]!.headings[1]!.heading = 'Basic Building Materials'),
      ['shared/content/products.ts: construction-materials: heading "Basic Building Materials": appears twice in this category'],
    ],
    ['a heading without items', (c) => (products(c)[0]!.headings[0]!.items = []), ['shared/content/products.ts: energy-and-fuel: heading "Fuels": has no items']],
    ['an undated legal document', (c) => (legal(c)[1]!.updated = '1 June 2023'), ['shared/content/legal.ts: privacy: updated: "1 June 2023" is not a date written YYYY-MM-DD']],
    ['an impossible date', (c) => (legal(c)[0]!.updated = '2023-02-30'), ['shared/content/legal.ts: terms: updated: "2023-02-30" is not a date written YYYY-MM-DD']],
    ['a legal document without sections', (c) => (legal(c)[2]!.sections = []), ['shared/content/legal.ts: disclaimer: sections: there are none; a legal document needs at least one']],
    [
      'an invalid contact address',
      (c) => Object.assign(c.site, { salesEmail: 'sales at example.com', linkedInUrl: 'http://www.linkedin.com/company/example' }),
      [
        'shared/site.ts: defaultSite: salesEmail: "sales at example.com" is not an e-mail address such as info@example.com',
        'shared/site.ts: defaultSite: linkedInUrl: "http://www.linkedin.com/company/example" is not an absolute https URL',
      ],
    ],
  ])('reports %s in one line naming the file, the entry and the field', (_case, breakIt, expected) => {
    const input = content();
    expect(checkContent(input)).toEqual([]);
    breakIt(input);
    expect(checkContent(input)).toEqual(expected);
  });

  it('reports every problem, not only the first', () => {
    const input = content();
    products(input)[0]!.slug = 'agriculture-inputs';
    legal(input)[0]!.sections = [];
    expect(checkContent(input)).toHaveLength(2);
  });
});

describe('npm run build with broken content', () => {
  it('stops with exit code 1 before building, printing the problem', () => {
    const sandbox = copyProject();
    try {
      const file = join(sandbox.root, 'shared/content/products.ts');
      writeFileSync(file, readFileSync(file, 'utf8').replace("file: 'textiles.svg'", "file: 'textile.svg'"));
      const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: sandbox.root, encoding: 'utf8', timeout: 30_000 });
      expect(build.stderr).toContain('shared/content/products.ts: textiles: illustration: client/assets/art/textile.svg is missing\n');
      expect(build.status).toBe(1);
      expect(build.stdout).not.toContain('Built');
    } finally {
      sandbox.remove();
    }
  });
});
