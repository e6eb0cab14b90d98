/**
 * Documents for readers other than people in browsers (docs/readers.md):
 * security.txt (RFC 9116) as its parser would read it, llms.txt, and every
 * page as Markdown with the HTML page's headings.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRaw } from '../scripts/export.ts';
import { markdownAddress } from '../server/render/markdown.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { content, listening, testApp, filledRoutes as routes } from './helpers.ts';
import { SPEC_LEGAL_TABS, SPEC_SERVICE } from './spec.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://readers.example.org', generalEmail: 'security-desk@example.org' };
// With its encodings: each Markdown page is checked in brotli and gzip.
const app = testApp({ config: { nodeEnv: 'test', trustProxy: () => false, site }, precompress: true });
const YEAR_MS = 365 * 86_400_000;

let origin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  await app.prepared;
  const server = await listening(app);
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
  it.each(['/.well-known/security.txt', '/security.txt'])('GET %s is a valid RFC 9116 file', async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe((await request(app).get('/home')).headers['content-security-policy']);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
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
    expect(fields.get('preferred-languages')).toEqual(['en']);
    expect(fields.get('canonical')).toEqual([`${site.publicUrl}/.well-known/security.txt`]);
  });

  it('is revalidated with its ETag', async () => {
    const first = await request(app).get('/.well-known/security.txt');
    await request(app).get('/.well-known/security.txt').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('is the only file under /.well-known: other dotfile addresses stay a plain 404', async () => {
    for (const path of ['/.well-known/other.txt', '/.well-known/security.txt?x=1', '/.well-known/security.txt/']) {
      const res = await request(app).get(path).expect(404);
      expect(res.text, path).toBe('Not Found\n');
    }
  });
});

const MARKDOWN = 'text/markdown; charset=utf-8';
const markdownPaths = [...routes.map((route) => markdownAddress(route.path)), '/index.html.md'];

/** The text of each Markdown heading (levels 1 to 3), backslash escapes undone, as "## Title". */
function markdownHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^(#{1,3}) (.+)$/gm)].map(([, hashes, title]) => `${hashes} ${title!.replace(/\\(.)/g, '$1')}`);
}

/** The headings of the page's main content (chrome left out), every legal tab's included, in the same form. */
function htmlHeadings(html: string): string[] {
  const main = parse(html).querySelector('main')!;
  return main.querySelectorAll('h1, h2, h3').map((h) => `${'#'.repeat(Number(h.tagName[1]))} ${h.textContent.replace(/\s+/g, ' ').trim()}`);
}

/** The text of each paragraph and list item of the page's main content, but for its navigation (breadcrumb, tab list). */
function htmlBody(html: string): string[] {
  const main = parse(html).querySelector('main')!;
  return main
    .querySelectorAll('p, li')
    .filter((node) => !node.closest('nav') && !node.querySelector('p, h2, h3'))
    .map((node) => node.textContent.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe('llms.txt', () => {
  it('has the brand as its title, the service in a quote, and a link to every page’s Markdown with its description', async () => {
    const res = await request(app).get('/llms.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.text;
    const blocks = text.split('\n\n');
    expect(blocks[0]).toBe(`# ${site.brandName}`);
    // One paragraph, quoted, that says what the About page says: the LOI, three offers, free to the buyer, the commission.
    expect(blocks[1]).toMatch(/^> [^\n]+$/);
    for (const fact of Object.values(SPEC_SERVICE)) expect(blocks[1]).toContain(fact);
    const about = parse((await request(app).get('/about').expect(200)).text).querySelector('main')!.text;
    for (const fact of Object.values(SPEC_SERVICE)) expect(about).toContain(fact);
    // Sections of links.
    const links = [...text.matchAll(/^- \[([^\]]+)\]\((\S+)\): (.+)$/gm)].map(([, title, url, description]) => ({ title: title!, url: url!, description: description! }));
    expect(links.map((link) => link.url).sort()).toEqual(routes.map((route) => `${site.publicUrl}${markdownAddress(route.path)}`).sort());
    for (const route of routes) {
      const link = links.find((candidate) => candidate.url === `${site.publicUrl}${route.path}.md`)!;
      expect(link.description, route.path).toBe(route.description);
    }
    expect(text).toMatch(/^## Pages$/m);
    expect(text).toMatch(/^## Our Products$/m);
    expect(text).toMatch(/^## Optional\n\n- \[Legal\]/m);
    for (const link of links) {
      const served = await request(app).get(link.url.slice(site.publicUrl.length));
      expect(served.status, link.url).toBe(200);
      expect(served.headers['content-type'], link.url).toBe(MARKDOWN);
    }
  });
});

describe('every page as Markdown', () => {
  it.each(routes.map((route) => [markdownAddress(route.path), route.path]))('GET %s has the headings of %s and none of its chrome', async (mdPath, htmlPath) => {
    const res = await request(app).get(mdPath).expect(200);
    expect(res.headers['content-type']).toBe(MARKDOWN);
    expect(res.headers['content-security-policy']).toBeTruthy();
    const html = (await request(app).get(htmlPath!).expect(200)).text;
    const headings = markdownHeadings(res.text);
    expect(headings[0]).toMatch(/^# /);
    expect(headings).toEqual(htmlHeadings(html));
    // The whole body: every paragraph and list item of the page, in order.
    const text = res.text.replace(/\\(.)/g, '$1').replace(/\s+/g, ' ');
    let from = 0;
    for (const block of htmlBody(html)) {
      const at = text.indexOf(block, from);
      expect(at, `"${block}" in ${mdPath}`).toBeGreaterThanOrEqual(0);
      from = at + block.length;
    }
    for (const chrome of [content.labels.skipLink, content.labels.footer.hours, '©', content.labels.breadcrumb, '<']) expect(res.text, chrome).not.toContain(chrome);
    // Absolute links only, to our own Markdown.
    for (const [, url] of res.text.matchAll(/\]\((\S+)\)/g)) expect(url).toMatch(new RegExp(`^${site.publicUrl}/\\S+\\.md$`));
  });

  it('has the legal page’s three documents on one page', async () => {
    const headings = markdownHeadings((await request(app).get('/legal.md')).text);
    expect(headings.filter((heading) => heading.startsWith('## '))).toEqual(SPEC_LEGAL_TABS.map((tab) => `## ${tab}`));
  });

  it('answers / as /index.html.md, the home page’s Markdown', async () => {
    const index = await request(app).get('/index.html.md').expect(200);
    expect(index.text).toBe((await request(app).get('/home.md')).text);
  });

  it.each(markdownPaths)('GET %s comes in brotli and gzip, and revalidates with its ETag', async (path) => {
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
