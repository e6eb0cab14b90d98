/**
 * Documents for readers other than people in browsers (docs/readers.md):
 * security.txt (RFC 9116) as its parser would read it, llms.txt, and every
 * page as Markdown with the HTML page's headings, text and links
 * (invariants.ts), for the live content whatever its words.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRaw } from '../scripts/build/export.ts';
import { markdownAddress, text as markdownText } from '../server/render/page-markdown.ts';
import { OPTIONAL } from '../server/render/readers.ts';
import { aliasesOf, LEGAL_PATH, PRODUCTS_PATH } from '../shared/paths.ts';
import { fillSite } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { defaultLanguageOnly, liveSite, listening, testApp, twoLanguages } from './helpers.ts';
import { llmsTxtListsEveryPage, markdownHasThePage } from './invariants.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://readers.example.org', generalEmail: 'security-desk@example.org' };
const config = { nodeEnv: 'test' as const, trustProxy: () => false, site };
const app = testApp({ config });
const live = liveSite(app, site);
const { editions } = live;
/** The pages of two languages (twoLanguages): each Markdown page is made by the same code in every language. */
const routes = twoLanguages(editions).flatMap((edition) => edition.routes);
const YEAR_MS = 365 * 86_400_000;
// With its encodings, for each Markdown page in brotli and gzip: made the same way in every language, so of
// the default language's pages (an app's encodings are most of its start, and every language's, three times that).
const encoded = testApp({ config, precompress: true, content: defaultLanguageOnly });

let origin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  await encoded.prepareAll();
  const server = await listening(encoded);
  origin = `http://127.0.0.1:${server.port}`;
  close = server.close;
});
afterAll(() => close());

/**
 * RFC 9116, section 4: lines are fields ("Name: value", the name case-insensitive),
 * comments ("#…") or empty. Returns the values of each field by lower-cased name.
 */
function parseSecurityTxt(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
    if (!match) throw new Error(`Not a field line: ${JSON.stringify(line)}`);
    const name = match[1]!.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]!]);
  }
  return fields;
}

describe('security.txt', () => {
  it.each(['/.well-known/security.txt', '/security.txt'])('GET %s is a valid RFC 9116 file, revalidated with its ETag', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe((await request(app).get('/home')).headers['content-security-policy']);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await request(app).get(path).set('If-None-Match', res.headers.etag!).expect(304);
    const fields = parseSecurityTxt(res.text);
    // Contact: at least once; Expires: exactly once (section 2.5.3); Preferred-Languages at most once.
    expect(fields.get('contact')).toEqual([`mailto:${site.generalEmail}`]);
    expect(fields.get('expires')).toHaveLength(1);
    const expires = fields.get('expires')![0]!;
    // An RFC 3339 date-time (section 2.5.5).
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const remaining = Date.parse(expires) - Date.now();
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(YEAR_MS);
    // Section 2.5.8: a comma-separated list of the languages reports may be written in, ours.
    expect(fields.get('preferred-languages')).toEqual([editions.map((edition) => edition.language.code).join(', ')]);
    expect(fields.get('canonical')).toEqual([`${site.publicUrl}/.well-known/security.txt`]);
  });

  it('is the only file under /.well-known: other dotfile addresses stay a plain 404', async () => {
    for (const path of ['/.well-known/other.txt', '/.well-known/security.txt?x=1', '/.well-known/security.txt/']) {
      const res = await request(app).get(path).expect(404);
      expect(res.text, path).toBe('Not Found\n');
    }
  });
});

// Each language's root, whose Markdown is its home page's (/index.html.md, /fr/index.html.md, /fr.md).
const aliases = Object.entries(aliasesOf(routes));

describe('llms.txt', () => {
  it.each(editions.map((edition) => [`${edition.prefix}/llms.txt`, edition] as const))('%s has the brand as its title, the About page’s summary in a quote, and its language’s sections of links', async (address, { content, routes: table }) => {
    const res = await request(app).get(address).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.text;
    const blocks = text.split('\n\n');
    expect(blocks[0]).toBe(`# ${site.brandName}`);
    // One paragraph, quoted: the summary of the service the About page's words hold (spec.test.ts: that it states the spec's facts).
    expect(blocks[1]).toBe(`> ${markdownText((content.about ?? editions[0]!.content.about!).summary)}`);
    // Sections of links: the pages, each parent's children under its title, and Legal under Optional; those of the
    // Products and Legal pages where the language has them, as one translated in part may not (docs/editing.md).
    const products = table.find((route) => route.key === PRODUCTS_PATH);
    const category = products && table.find((route) => route.parent === products.path);
    const legal = table.find((route) => route.key === LEGAL_PATH);
    expect(text).toContain(`\n## ${markdownText(content.labels.readers.pages)}\n`);
    if (products && category) expect(text).toContain(`\n## ${markdownText(products.title)}\n\n- [${markdownText(category.title)}]`);
    // The format's own name for what a short context may skip (https://llmstxt.org/#format), in every language.
    if (legal) expect(text).toContain(`\n## ${OPTIONAL}\n\n- [${markdownText(legal.menuLabel!)}]`);
  });

  it('each links its language’s pages and names the others’ llms.txt', () => llmsTxtListsEveryPage(live));
});

describe('every page as Markdown', () => {
  it.each(routes.map((route) => [markdownAddress(route.path), route.path, route] as const))('GET %s has the headings of %s, its whole text and none of its chrome, and links that lead somewhere', (_md, _path, route) => markdownHasThePage(live, route));

  it.each(routes.filter((route) => route.document).map((route) => [markdownAddress(route.path), route.document!] as const))('%s has its legal document alone, under its title', async (address, document) => {
    const markdown = (await request(app).get(address)).text;
    expect(markdown.match(/^## .+$/gm)).toEqual([`## ${markdownText(document.title)}`]);
  });

  it.each(aliases.map(([alias, target]) => [markdownAddress(alias), markdownAddress(target)]))('answers %s as %s, its page’s Markdown', async (alias, target) => {
    const index = await request(app).get(alias).expect(200);
    expect(index.text).toBe((await request(app).get(target)).text);
    expect(index.headers['content-language']).toBe((await request(app).get(target)).headers['content-language']);
  });

  it.each([...fillSite(site, defaultLanguageOnly).routes.map((route) => markdownAddress(route.path)), '/index.html.md'])('GET %s comes in brotli and gzip, and revalidates with its ETag', async (path) => {
    const identity = await fetchRaw(origin, path, { 'accept-encoding': 'identity' });
    const br = await fetchRaw(origin, path, { 'accept-encoding': 'br' });
    const gzip = await fetchRaw(origin, path, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body)).toEqual(identity.body);
    expect(gunzipSync(gzip.body)).toEqual(identity.body);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const again = await fetchRaw(origin, path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('is not in the sitemap, and robots.txt does not keep crawlers from it', async () => {
    const sitemap = (await request(app).get('/sitemap.xml')).text;
    expect(sitemap).not.toMatch(/\.md<|llms|security\.txt/);
    const robots = (await request(app).get('/robots.txt')).text;
    expect(robots).not.toMatch(/^Disallow: *\/./m);
  });

  it('an unknown .md address is the not-found page, as any unknown address', async () => {
    await request(app).get('/nope.md').expect(404);
    await request(app).get('/about.md?x=1').expect(404);
  });
});
