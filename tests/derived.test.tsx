/**
 * One definition per page: a page added to a copy of the route table and a
 * category added to a copy of the content show up in everything derived
 * from them, with nothing else edited: the page and its Markdown with the
 * whole body, llms.txt, the sitemap, the share image, the menu, the copy
 * that lists the categories, and the static export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../scripts/build.ts';
import { checkContent, contentProblems } from '../scripts/check-content.ts';
import { exportSite } from '../scripts/export.ts';
import { aboutContent } from '../shared/content/about.ts';
import { homeContent } from '../shared/content/home.ts';
import { legalDocuments } from '../shared/content/legal.ts';
import { productCategories } from '../shared/content/products.ts';
import type { ProductCategory } from '../shared/content/schema.ts';
import { siteRoutes, type Route } from '../shared/routes.ts';
import type { PageContext } from '../shared/screens/context.ts';
import { defaultSite } from '../shared/site.ts';
import { testApp } from './helpers.ts';

const medical: ProductCategory = {
  slug: 'medical-supplies',
  title: 'Medical Supplies',
  subtitle: 'Consumables and equipment for clinics',
  description: 'Gloves, dressings, instruments and diagnostic equipment from certified manufacturers.',
  intro: 'We source medical consumables and equipment for clinics and distributors, with the certificates each market asks for.',
  image: { file: 'textiles.svg', alt: 'Illustration of a roll of fabric' },
  headings: [{ heading: 'Consumables', items: ['Nitrile examination gloves', 'Sterile gauze dressings', 'Disposable syringes'] }],
};

const questions = [
  { question: 'What does the service cost the buyer?', answer: 'Nothing: the supplier pays our commission.' },
  { question: 'Who sees my request?', answer: 'Suppliers see our company name, not yours.' },
];

function Faq({ ctx }: { ctx: PageContext }) {
  return (
    <div className="page">
      <h1>{ctx.route.title}</h1>
      {questions.map((entry) => (
        <section key={entry.question}>
          <h2>{entry.question}</h2>
          <p>{entry.answer}</p>
        </section>
      ))}
    </div>
  );
}

const faq: Route = {
  path: '/faq',
  screen: Faq,
  title: 'Questions and Answers',
  description: 'What buyers ask us before they send a Letter of Intent.',
  chrome: 'normal',
  footer: true,
  menuLabel: 'Questions',
};
const table = [...siteRoutes([...productCategories, medical]), faq];
const site = defaultSite;

let clientDir: string;
let app: ReturnType<typeof testApp>;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'derived-client-'));
  await buildClient({ outDir: clientDir, compress: false, routes: table });
  app = testApp({ routes: table, clientDir });
  await app.prepared;
}, 60_000);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const get = async (path: string) => (await request(app).get(path).expect(200)).text;

describe('a page and a category added to the table and the content', () => {
  it('pass the content check', async () => {
    expect(await contentProblems()).toEqual([]);
    const products = [...productCategories, medical];
    const problems = await checkContent({
      productCategories: products,
      legalDocuments: legalDocuments(site),
      aboutContent: aboutContent(site, products),
      homeContent,
      readArt: (file) => (file === medical.image.file ? Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"/>') : undefined),
    });
    expect(problems.filter((line) => line.includes(medical.slug))).toEqual([]);
  });

  it('are pages, each with its title, its body and the menu that lists the new page', async () => {
    const page = parse(await get('/faq'));
    expect(page.querySelector('h1')?.text).toBe(faq.title);
    expect(page.querySelector('main')?.text).toContain(questions[1]!.answer);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(faq.description);
    const category = parse(await get('/products/medical-supplies'));
    expect(category.querySelectorAll('main .heading-group li').map((item) => item.text)).toEqual(medical.headings[0]!.items);
    for (const path of ['/home', '/about', '/faq', '/products/medical-supplies']) {
      const menu = parse(await get(path)).querySelectorAll('#site-menu nav a').map((link) => link.getAttribute('href'));
      expect(menu, path).toContain('/faq');
    }
  });

  it('are in the copy that lists the categories: the cards, the /products description and the About page', async () => {
    const products = parse(await get('/products'));
    expect(products.querySelectorAll('.card h2').map((title) => title.text).at(-1)).toBe(medical.title);
    expect(products.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Textiles and Medical Supplies, sourced/);
    expect(parse(await get('/about')).querySelector('main')?.text).toContain('six categories: Energy and Fuel, Agricultural Inputs, Industrial Chemicals, Construction Materials, Textiles and Medical Supplies');
  });

  it('have their whole body as Markdown, a line in llms.txt and one in the sitemap', async () => {
    const markdown = await get('/faq.md');
    expect(markdown).toContain(`# ${faq.title}`);
    for (const entry of questions) expect(markdown).toContain(`## ${entry.question}\n\n${entry.answer}`);
    expect(await get('/products/medical-supplies.md')).toContain(`## Consumables\n\n- ${medical.headings[0]!.items[0]}`);
    const llms = await get('/llms.txt');
    expect(llms).toContain(`- [Questions](${site.publicUrl}/faq.md): ${faq.description}`);
    expect(llms).toMatch(new RegExp(`## Our Products\\n\\n(- .+\\n)*- \\[Medical Supplies\\]\\(${site.publicUrl}/products/medical-supplies\\.md\\)`));
    const sitemap = await get('/sitemap.xml');
    for (const path of ['/faq', '/products/medical-supplies']) expect(sitemap).toContain(`<loc>${site.publicUrl}${path}</loc>`);
  });

  it('have a share image of their own, drawn by the build', async () => {
    const images = new Set<string>();
    for (const path of ['/faq', '/products/medical-supplies', '/products/textiles']) {
      const url = parse(await get(path)).querySelector('meta[property="og:image"]')!.getAttribute('content')!;
      const image = await request(app).get(url.slice(site.publicUrl.length)).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      images.add(url);
    }
    expect(images.size).toBe(3);
  });

  it('are in the static export', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'derived-export-'));
    try {
      const { files } = await exportSite({ outDir, site, clientDir, routes: table });
      const saved = files.map((file) => file.url);
      for (const url of ['/faq', '/faq.md', '/products/medical-supplies', '/products/medical-supplies.md']) expect(saved).toContain(url);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
