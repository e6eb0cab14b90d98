/**
 * The content check (scripts/check-content.ts, with the schemas of
 * shared/content/schema.ts): the site's content passes, each kind of mistake
 * in a broken copy is one line naming file, entry and field, and
 * `npm run build` stops on it with exit code 1 and no stack trace.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aboutContent } from '../shared/content/about.ts';
import { homeContent } from '../shared/content/home.ts';
import { legalDocuments } from '../shared/content/legal.ts';
import { productCategories } from '../shared/content/products.ts';
import { defaultSite } from '../shared/site.ts';
import { checkContent, contentProblems, type ContentInput } from '../scripts/check-content.ts';
import { copyProject } from '../scripts/sandbox.ts';

const ART = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320"></svg>';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field, broken on purpose
type Loose = Record<string, any>;

/** The real content, each piece a deep copy the test may break, with every illustration present. */
function content() {
  return {
    products: structuredClone(productCategories) as unknown as Loose[],
    legal: structuredClone(legalDocuments(defaultSite)) as unknown as Loose[],
    about: structuredClone(aboutContent(defaultSite, productCategories)) as Loose,
    home: { ...homeContent } as Loose,
    art: new Map<string, string | undefined>(),
  };
}
type Content = ReturnType<typeof content>;

function check(c: Content): Promise<string[]> {
  const input: ContentInput = {
    productCategories: c.products,
    legalDocuments: c.legal,
    aboutContent: c.about,
    homeContent: c.home,
    readArt: (file) => {
      const svg = c.art.has(file) ? c.art.get(file) : ART;
      return svg === undefined ? undefined : Buffer.from(svg);
    },
  };
  return checkContent(input);
}

describe('the content check', () => {
  it('finds nothing wrong with the site’s content and illustrations', async () => {
    expect(await contentProblems()).toEqual([]);
  });

  const products = 'shared/content/products.ts';
  it.each<[string, (c: Content) => void, string]>([
    ['an empty description', (c) => (c.products[1]!.description = ''), `${products}: agriculture-inputs: description: is empty`],
    ['a blank intro', (c) => (c.products[2]!.intro = '   '), `${products}: industrial-chemicals: intro: is empty`],
    ['a missing subtitle', (c) => delete c.products[0]!.subtitle, `${products}: energy-and-fuel: subtitle: is missing`],
    ['a missing image', (c) => delete c.products[4]!.image, `${products}: textiles: image: is missing`],
    ['a title of the wrong type', (c) => (c.products[3]!.title = 5), `${products}: construction-materials: title: should be a string, not 5`],
    ['an unknown key (a typo)', (c) => (c.products[0]!.subtitel = 'x'), `${products}: energy-and-fuel: subtitel: is not a field of this entry`],
    ['a repeated slug', (c) => (c.products[1]!.slug = 'energy-and-fuel'), `${products}: energy-and-fuel: slug: "energy-and-fuel" is used by another category`],
    ['a slug that is not URL-safe', (c) => (c.products[4]!.slug = 'Textiles & Fabrics'), `${products}: Textiles & Fabrics: slug: is not lowercase letters, digits and single hyphens`],
    ['a missing illustration', (c) => c.art.set('textiles.svg', undefined), `${products}: textiles: image.file: client/assets/art/textiles.svg is missing`],
    [
      'an illustration of another size',
      (c) => c.art.set('textiles.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>'),
      `${products}: textiles: image.file: client/assets/art/textiles.svg is 400 × 400, not the 480 × 320 it is shown at`,
    ],
    ['a file that is no image', (c) => c.art.set('textiles.svg', 'not an image'), `${products}: textiles: image.file: client/assets/art/textiles.svg is not an image image-size can read`],
    ['an empty alt text', (c) => (c.products[0]!.image.alt = ' '), `${products}: energy-and-fuel: image.alt: is empty`],
    ['an empty heading', (c) => (c.products[2]!.headings[3].heading = ''), `${products}: industrial-chemicals: headings[3].heading: is empty`],
    ['a heading twice in a category', (c) => (c.products[3]!.headings[1].heading = 'Basic Building Materials'), `${products}: construction-materials: headings[1].heading: "Basic Building Materials" appears twice in this category`],
    ['a heading without items', (c) => (c.products[0]!.headings[0].items = []), `${products}: energy-and-fuel: headings[0].items: needs at least 1`],
    [
      'a title too long for its share image',
      (c) => (c.products[4]!.title = 'Textiles, fabrics, yarns, fibres, leathers and every other material a garment maker could ever need'),
      `${products}: textiles: title: "Textiles, fabrics, yarns, fibres, leathers and every other material a garment maker could ever need" is too long for its share image (shorten it)`,
    ],
    ['an undated legal document', (c) => (c.legal[1]!.updated = '1 June 2023'), 'shared/content/legal.ts: privacy: updated: "1 June 2023" is not a date written YYYY-MM-DD'],
    ['an impossible date', (c) => (c.legal[0]!.updated = '2023-02-30'), 'shared/content/legal.ts: terms: updated: "2023-02-30" is not a date written YYYY-MM-DD'],
    ['a legal document without sections', (c) => (c.legal[2]!.sections = []), 'shared/content/legal.ts: disclaimer: sections: needs at least 1'],
    ['the legal documents out of order', (c) => c.legal.reverse(), 'shared/content/legal.ts: legalDocuments: must be terms, privacy, disclaimer, in that order'],
    ['an empty About paragraph', (c) => (c.about.values.paragraphs[1] = ''), 'shared/content/about.ts: aboutContent: values.paragraphs[1]: is empty'],
    ['a missing home tagline', (c) => delete c.home.tagline, 'shared/content/home.ts: homeContent: tagline: is missing'],
  ])('reports %s in one line naming the file, the entry and the field', async (_case, breakIt, expected) => {
    const c = content();
    expect(await check(c)).toEqual([]);
    breakIt(c);
    expect(await check(c)).toEqual([expected]);
  });

  it('reports every problem, not only the first', async () => {
    const c = content();
    c.products[0]!.slug = 'agriculture-inputs';
    c.legal[0]!.sections = [];
    c.home.lead = '';
    expect(await check(c)).toHaveLength(3);
  });
});

describe('npm run build with broken content', () => {
  it('stops with exit code 1 before building, one line per problem and no stack trace', () => {
    const sandbox = copyProject();
    const edit = (file: string, from: string, to: string) => {
      const path = join(sandbox.root, file);
      const text = readFileSync(path, 'utf8');
      expect(text).toContain(from);
      writeFileSync(path, text.replace(from, to));
    };
    try {
      edit('shared/content/products.ts', "file: 'textiles.svg'", "file: 'textile.svg'");
      edit('shared/content/products.ts', "subtitle: 'Fuels, power generation and storage',", "colour: 'red',");
      edit('shared/site.ts', "salesEmail: 'sales@example.com'", "salesEmail: 'sales at example.com'");
      const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: sandbox.root, encoding: 'utf8', timeout: 60_000 });
      expect(build.stderr.split('\n').filter(Boolean)).toEqual([
        'shared/content/products.ts: energy-and-fuel: subtitle: is missing',
        'shared/content/products.ts: energy-and-fuel: colour: is not a field of this entry',
        'shared/content/products.ts: textiles: image.file: client/assets/art/textile.svg is missing',
        'shared/site.ts: defaultSite: the default of SALES_EMAIL: "sales at example.com" is not an e-mail address such as sales@example.com',
        'Build stopped: 4 content problems (scripts/check-content.ts).',
      ]);
      expect(build.status).toBe(1);
      expect(build.stdout).not.toContain('Built');
    } finally {
      sandbox.remove();
    }
  });
});
