/**
 * One definition per page: a category file and a Markdown page added to a copy of the content show up in everything
 * derived from them, nothing else edited. Their names are ones no real entry would take, so the content can grow.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOf } from '../content/fill.ts';
import { categories, content as english } from '../content/index.ts';
import { readContent, REPO_ROOT } from '../content/read.ts';
import type { SiteContent } from '../content/schema.ts';
import { buildClient } from '../scripts/build/build.ts';
import type { BuildManifest } from '../server/assets.ts';
import { checkSite } from '../scripts/build/check-content.ts';
import { exportSite } from '../scripts/build/export.ts';
import { fillSite } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';
import { testApp } from './helpers.ts';

const CATEGORY = {
  slug: 'zz-made-up-supplies',
  title: 'Made-up Supplies',
  subtitle: 'Goods no real category sells',
  heading: 'Imaginary Consumables',
  items: ['Invisible gloves', 'Weightless dressings'],
};
// The title holds a placeholder: everything made from it, the share image included, shows it filled.
const PAGE = { path: '/zz-made-up-questions', title: 'Made-up Questions for {brandName}', description: 'What nobody asks, answered by the test.', menuLabel: 'Made-up Questions' };
const filledTitle = PAGE.title.replace('{brandName}', defaultSite.brandName);

const categoryFile = `# yaml-language-server: $schema=../../schemas/categories.json
order: 999
slug: ${CATEGORY.slug}
title: ${CATEGORY.title}
subtitle: ${CATEGORY.subtitle}
description: Items the test sources from nowhere.
intro: We source made-up goods for the test suite.
image:
  file: ${categories[0]!.image.file}
  alt: Illustration of nothing at all
headings:
  - heading: ${CATEGORY.heading}
    items:
${CATEGORY.items.map((item) => `      - ${item}`).join('\n')}
`;
const pageFile = `---
# yaml-language-server: $schema=../../schemas/pages.json
path: ${PAGE.path}
title: ${PAGE.title}
description: ${PAGE.description}
menuLabel: ${PAGE.menuLabel}
---

Buyers who write to {generalEmail} ask *nothing* of this kind.

## Who sees my request?

Suppliers see **our** company name, not yours. See [the About page](/about).

- Confidential
- Free to the buyer
`;

// A copy of content/ (the words and the art) with the two files added.
const root = mkdtempSync(join(tmpdir(), 'derived-'));
const words = join(root, 'content', 'words');
const site = defaultSite;
let content: SiteContent;
let clientDir: string;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  cpSync(join(REPO_ROOT, 'content'), join(root, 'content'), { recursive: true });
  // In the default language only: in the others they are not translated, so not there (the last case).
  writeFileSync(join(words, 'categories', `${CATEGORY.slug}.en.yaml`), categoryFile);
  mkdirSync(join(words, 'pages'), { recursive: true });
  writeFileSync(join(words, 'pages', 'zz-made-up-questions.en.md'), pageFile);
  // Their addresses published, as docs/editing.md asks of a page added by hand.
  const redirects = join(words, 'redirects.yaml');
  writeFileSync(redirects, readFileSync(redirects, 'utf8').replace(/^published:\n/m, `published:\n  - /products/${CATEGORY.slug}\n  - ${PAGE.path}\n`));
  const checked = readContent(root);
  expect(checked.problems).toEqual([]);
  content = checked.content!;
  clientDir = mkdtempSync(join(tmpdir(), 'derived-client-'));
  await buildClient({ outDir: clientDir, compress: false, site: fillSite(site, content) });
  app = testApp({ content, clientDir });
}, 60_000);
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

const get = async (path: string) => (await request(app).get(path).expect(200)).text;
const categoryPath = `/products/${CATEGORY.slug}`;

describe('a category file and a Markdown page file added to the content', () => {
  it('pass the content check, which names what a page file lacks', async () => {
    expect((await checkSite(readContent(root), site)).problems).toEqual([]);
    writeFileSync(join(words, 'pages', 'zz-made-up-broken.en.md'), pageFile.replace(/^description: .+\n/m, '').replace(PAGE.path, `${PAGE.path}-2`));
    try {
      expect((await checkSite(readContent(root), site)).problems).toEqual(['content/words/pages/zz-made-up-broken.en.md:3:1: description: is missing']);
    } finally {
      rmSync(join(words, 'pages', 'zz-made-up-broken.en.md'));
    }
  });

  it('are pages, each with its title, its body and the menu that lists the new page', async () => {
    const page = parse(await get(PAGE.path));
    expect(page.querySelector('h1')?.text).toBe(filledTitle);
    expect(page.querySelector('title')?.text).toBe(`${filledTitle} | ${site.brandName}`);
    const main = page.querySelector('main')!;
    expect(main.querySelector('h2')?.text).toBe('Who sees my request?');
    expect(main.querySelector('p')?.text).toBe(`Buyers who write to ${site.generalEmail} ask nothing of this kind.`);
    expect(main.querySelector('em')?.text).toBe('nothing');
    expect(main.querySelector('a[href="/about"]')?.text).toBe('the About page');
    expect(main.querySelectorAll('li').map((item) => item.text)).toEqual(['Confidential', 'Free to the buyer']);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(PAGE.description);
    const category = parse(await get(categoryPath));
    expect(category.querySelectorAll('main .heading-group li').map((item) => item.text)).toEqual(CATEGORY.items);
    for (const path of ['/home', '/about', PAGE.path, categoryPath]) {
      const menu = parse(await get(path)).querySelectorAll('#site-menu nav a');
      expect(menu.map((link) => [link.getAttribute('href'), link.text]), path).toContainEqual([PAGE.path, PAGE.menuLabel]);
    }
  });

  it('are in the copy that lists the categories: the cards, the /products description and the About page', async () => {
    const titles = [...categories.map((category) => category.title), CATEGORY.title];
    const products = parse(await get('/products'));
    expect(products.querySelectorAll('.card h2').map((title) => title.text)).toEqual(titles);
    expect(products.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(listOf(titles, english));
    // The About page's sentence that lists them, counted anew (its plural chosen by the new count).
    const about = fillSite(site, content).editions[0]!.content.about!;
    const sentence = [about.lead, ...about.whatWeProvide.paragraphs, ...about.aboutUs.paragraphs].find((text) => text.includes(listOf(titles, english)));
    expect(sentence).toBeDefined();
    expect(parse(await get('/about')).querySelector('main')?.text).toContain(sentence);
  });

  it('have their whole body as Markdown, a line in llms.txt and one in the sitemap', async () => {
    const markdown = await get(`${PAGE.path}.md`);
    expect(markdown).toContain(`# ${filledTitle}`);
    expect(markdown).toContain('## Who sees my request?\n\nSuppliers see **our** company name, not yours.');
    expect(markdown).toContain('- Confidential\n- Free to the buyer');
    expect(await get(`${categoryPath}.md`)).toContain(`## ${CATEGORY.heading}\n\n- ${CATEGORY.items[0]}`);
    const llms = await get('/llms.txt');
    expect(llms).toContain(`- [${PAGE.menuLabel}](${site.publicUrl}${PAGE.path}.md): ${PAGE.description}`);
    expect(llms).toMatch(new RegExp(`\\n(- .+\\n)*- \\[${CATEGORY.title}\\]\\(${site.publicUrl}${categoryPath}\\.md\\)`));
    const sitemap = await get('/sitemap.xml');
    for (const path of [PAGE.path, categoryPath]) expect(sitemap).toContain(`<loc>${site.publicUrl}${path}</loc>`);
  });

  it('have a share image of their own, drawn by the build', async () => {
    const images = new Set<string>();
    for (const path of [PAGE.path, categoryPath, `/products/${categories[0]!.slug}`]) {
      const url = parse(await get(path)).querySelector('meta[property="og:image"]')!.getAttribute('content')!;
      const image = await request(app).get(url.slice(site.publicUrl.length)).expect(200);
      // A PNG, or a JPEG beside a photo (share-images.test.ts).
      expect(image.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
      images.add(url);
    }
    expect(images.size).toBe(3);
  });

  it('draw their share image with the filled title, and a server whose settings would fill it otherwise does not start', async () => {
    const manifest = JSON.parse(readFileSync(join(clientDir, 'manifest.json'), 'utf8')) as BuildManifest;
    const drawn = Object.values(manifest.shareImages).map((image) => image.title);
    expect(drawn).toContain(filledTitle);
    expect(drawn.join('\n')).not.toContain('{');
    const other = { ...site, brandName: 'Another Sourcing' };
    expect(() => testApp({ content, clientDir, config: { nodeEnv: 'test', trustProxy: () => false, site: other } })).toThrow(
      `The share image of ${PAGE.path} says "${filledTitle}", as the build filled its title, but the site's settings make it "Made-up Questions for Another Sourcing"`,
    );
  });

  it('are in the static export', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'derived-export-'));
    // Of the default language, which they are in: every language's export is tests/export.test.ts's, and the export encodes every page it saves.
    const defaultLanguage = { ...content, languages: content.languages.slice(0, 1), editions: content.editions.slice(0, 1) };
    try {
      const { files } = await exportSite({ outDir, site, clientDir, content: defaultLanguage });
      const saved = files.map((file) => file.url);
      for (const url of [PAGE.path, `${PAGE.path}.md`, categoryPath, `${categoryPath}.md`]) expect(saved).toContain(url);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('are in no other language, which has no translation of them: no page, card, menu link, Markdown, llms.txt line or sitemap entry there, their addresses there lead to the default language\'s pages for now, and a notice says so', async () => {
    const checked = readContent(root);
    for (const edition of content.editions.slice(1)) {
      const { code, name } = edition.language;
      expect(checked.notices).toContain(`content/words/categories/${CATEGORY.slug}.${code}.yaml: not translated into ${name} (${code}), so that page is not in ${name}`);
      expect(checked.notices).toContain(`content/words/pages/zz-made-up-questions.${code}.md: not translated into ${name} (${code}), so that page is not in ${name}`);
      for (const path of [PAGE.path, categoryPath]) {
        const res = await request(app).get(`/${code}${path}`);
        expect([res.status, res.headers.location]).toEqual([302, path]);
        const markdown = await request(app).get(`/${code}${path}.md`);
        expect([markdown.status, markdown.headers.location]).toEqual([302, `${path}.md`]);
      }
      // The cards, in a language that has the Products page: one translated in part may not (docs/editing.md).
      if (edition.products) {
        const products = parse(await get(`/${code}/products`));
        expect(products.querySelectorAll('.card a').map((link) => link.getAttribute('href'))).not.toContain(`/${code}${categoryPath}`);
      }
      expect(parse(await get(`/${code}/home`)).querySelectorAll('#site-menu a').map((link) => link.getAttribute('href'))).not.toContain(`/${code}${PAGE.path}`);
      expect(await get(`/${code}/llms.txt`)).not.toMatch(/zz-made-up/);
    }
    expect(await get('/sitemap.xml')).not.toMatch(new RegExp(`/(${content.editions.slice(1).map((edition) => edition.language.code).join('|')})/[^<"]*zz-made-up`));
  });
});
