/**
 * The static export, served by nginx with docs/nginx/static-site.conf, shows a
 * visitor what the Node server shows, in every language: each page's body and
 * status, the security headers, Content-Language, each language's 404 page,
 * the trailing-slash redirects, those of old addresses (redirects.yaml) and
 * those of a page a language has no translation of yet,
 * Markdown and llms.txt, content types, br and gzip, and nothing of the
 * browser editor unless it is asked for (export-editor.test.ts). What only the server does is listed in
 * docs/decisions/0004-static-export.md and not compared here.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { responseHeaders } from '../server/security.ts';
import { fixedDocuments } from '../server/render/documents.ts';
import { aliasesOf } from '../shared/paths.ts';
import { siteContent } from '../content/index.ts';
import { WORDS_FOLDER } from '../content/load.ts';
import { readContent } from '../content/read.ts';
import { fillSite } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { EDITOR_INCLUDE, exportSite, fetchRaw } from '../scripts/build/export.ts';
import { nginxMissing } from '../harness/harness.ts';
import { contentCopy, listening, serveExport, testApp, type ExportServer } from './helpers.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://static.example.net' };
// The site's content with three old addresses in redirects.yaml: a category's, the first legal document's (whose old
// ?tab= addresses lead to the others), and the About page's, which the second language has no translation of.
const live = fillSite(site, siteContent).routes;
const about = live.find((route) => route.source.collection === 'about')!;
const OLD = [live.find((route) => route.category)!, live.find((route) => route.queryRedirects)!, about].map((route) => ({ from: `${route.key}-formerly`, to: route }));
const copy = contentCopy();
copy.redirect(OLD.map(({ from, to }) => [from, to.key]));
// The second language of languages.yaml without its About page and its legal pages, whose old ?tab= addresses then lead
// to the default language's documents.
const [, second] = fillSite(site, siteContent).editions;
const untranslatedFiles = ['about', 'legal-page', ...second!.content.legal.map((document) => `legal/${document.id}`)];
for (const file of untranslatedFiles) unlinkSync(join(copy.root, WORDS_FOLDER, `${file}.${second!.language.code}.${file.startsWith('legal/') ? 'md' : 'yaml'}`));
const content = readContent(copy.root).content!;
// With its encodings: nginx's answers are compared with the server's in each encoding.
const app = testApp({ config: { nodeEnv: 'production', trustProxy: () => false, site }, content, precompress: true });
const assets = loadAssets(defaultClientDir());
const filled = fillSite(site, content);
const { routes, editions } = filled;
const addresses = routes.map((route) => route.path);
/** /, /fr/ and /fr: each language's home. */
const aliases = Object.keys(aliasesOf(routes));
const securityHeaders = responseHeaders(assets.urls.styles).map(([name]) => name);
/** None, each encoding alone, and what a browser sends. */
const ACCEPT_ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd'];

const missing = nginxMissing();
const haveNginx = missing === undefined;
if (!haveNginx && !process.env.CI) console.warn(`Skipping tests/export.test.ts: ${missing}`);

describe.skipIf(!haveNginx && !process.env.CI)('the static export served by nginx', () => {
  let outDir: string;
  let siteDir: string;
  let nginxDir: string;
  let files: Array<{ url: string }>;
  let nginx: ExportServer;
  let nginxOrigin: string;
  let node: Awaited<ReturnType<typeof listening>>;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'site-export-'));
    ({ siteDir, nginxDir, files } = await exportSite({ outDir, site, content }));
    await app.prepareAll();
    node = await listening(app);

    // The template as an operator installs it: its include beside it, our port and root.
    nginx = await serveExport({ outDir, siteDir, nginxDir });
    nginxOrigin = nginx.origin;
  });

  afterAll(async () => {
    await nginx?.stop();
    await node?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
    copy.remove();
  });

  /** Asks both servers, in every encoding, and expects the same status, headers (Content-Language too) and bytes. */
  async function expectSameAnswers(urls: string[]): Promise<void> {
    for (const url of urls) {
      for (const encoding of ACCEPT_ENCODINGS) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const [fromNode, fromNginx] = await Promise.all([fetchRaw(`http://127.0.0.1:${node.port}`, url, headers), fetchRaw(nginxOrigin, url, headers)]);
        const label = `${url} (Accept-Encoding: ${encoding ?? 'none'})`;
        expect(fromNginx.status, label).toBe(fromNode.status);
        // nginx words its own redirect body: where it leads is what counts. Vary is
        // compared where a cache needs it, on an encoded body: brotli_static names it
        // only to clients that accept br (docs/decisions/0004-static-export.md).
        const redirect = fromNode.status === 301 || fromNode.status === 302;
        const vary = fromNode.headers['content-encoding'] ? ['vary'] : [];
        const compared = [...securityHeaders, 'cache-control', 'content-language', ...(redirect ? ['location'] : ['content-type', 'content-encoding', ...vary])];
        for (const name of compared) expect(fromNginx.headers[name], `${label}: ${name}`).toBe(fromNode.headers[name]);
        if (!redirect) expect(fromNginx.body.equals(fromNode.body), `${label}: the same bytes`).toBe(true);
      }
    }
    expect(nginx.log.join('')).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  }

  it('shows every page of every language, and each language\'s home at /, /fr/ and /fr, as the server does, whatever query comes with it, and leads a legal document\'s old ?tab= address to its page', async () => {
    const documents = routes.filter((route) => route.document).map((route) => route.document!.id);
    const queried = editions.flatMap(({ prefix }) => [`${prefix}/legal?tab=bogus`, `${prefix}/legal?x=1&tab=${documents.at(-1)}`, `${prefix}/legal?tab=${documents[1]}&tab=${documents.at(-1)}`, `${prefix}/about?utm_source=mail`]);
    await expectSameAnswers([...addresses, ...aliases, ...queried]);
  });

  it('shows the home screen with 404 for unknown addresses, in the language of their prefix, and a plain 404 for a missing built file', async () => {
    const unknown = editions.flatMap(({ prefix }) => [`${prefix}/nope`, `${prefix}/products/unknown`, `${prefix}/About`, `${prefix}/home/extra`, `${prefix}/about.html`, `${prefix}/nope.md`]);
    // Addresses that only look like a language's: /frx and /FR/about are the default language's.
    const lookalikes = editions.filter(({ prefix }) => prefix).flatMap(({ prefix }) => [`${prefix}x`, `${prefix}x/about`, prefix.toUpperCase() + '/about']);
    await expectSameAnswers([...unknown, ...lookalikes, '/assets/missing.js', '/assets/']);
  });

  it('redirects a trailing slash to the one address, and a legal document\'s old ?tab= address to its page', async () => {
    const slashed = addresses.map((address) => address.replace(/(\?|$)/, '/$1'));
    const last = routes.filter((route) => route.document).at(-1)!.document!.id;
    const others = editions.flatMap(({ prefix }) => [`${prefix}/about//`, `${prefix}/legal/?tab=bogus&x=1`, `${prefix}/legal/?tab=${last}`, `${prefix}/nope/`]);
    await expectSameAnswers([...slashed, ...others]);
  });

  it('leads each old address to its page in every language, in one step from a trailing slash, and with a legal document\'s ?tab= to that document', async () => {
    // In each language that has the page: one translated in part has no page there to lead to (docs/editing.md).
    const old = editions.flatMap(({ prefix, routes: its }) =>
      OLD.filter(({ to }) => its.some((route) => route.key === to.key)).flatMap(({ from, to }) => {
        const moved = to.queryRedirects;
        const tabs = moved ? [`?${moved.param}=${Object.keys(moved.to).at(-1)}`, `?${moved.param}=bogus`] : [];
        return [prefix + from, `${prefix}${from}/`, `${prefix}${from}//`, `${prefix}${from}.md`, ...tabs.map((tab) => prefix + from + tab)];
      }),
    );
    for (const url of old) expect((await fetchRaw(`http://127.0.0.1:${node.port}`, url)).status, url).toBe(301);
    await expectSameAnswers(old);
  });

  it('leads the address of a page a language has no translation of, and its old address, to the page in the default language for now (302)', async () => {
    const untranslated = [second!.prefix + about.key, `${second!.prefix}${about.key}/`, `${second!.prefix}${about.key}-formerly`];
    const asMarkdown = untranslated.filter((url) => !url.endsWith('/')).map((url) => `${url}.md`);
    for (const url of [...untranslated, ...asMarkdown]) {
      const { status, headers } = await fetchRaw(`http://127.0.0.1:${node.port}`, url);
      expect([status, headers.location], url).toEqual([302, url.endsWith('.md') ? `${about.key}.md` : about.key]);
    }
    // A legal document's old ?tab= address there: the document in the default language.
    const documents = routes.filter((route) => route.document && !route.prefix);
    const tab = `${second!.prefix}${documents[0]!.key}?tab=${documents.at(-1)!.document!.id}`;
    expect((await fetchRaw(`http://127.0.0.1:${node.port}`, tab)).headers.location).toBe(documents.at(-1)!.path);
    await expectSameAnswers([...untranslated, ...asMarkdown, tab]);
  });

  it('has nothing of the editor without EDITOR_GITHUB_REPO: no admin/ files, no editor locations for nginx', () => {
    expect(existsSync(join(siteDir, 'admin'))).toBe(false);
    expect(existsSync(join(outDir, 'editor'))).toBe(false);
    expect(existsSync(join(nginxDir, EDITOR_INCLUDE))).toBe(false);
    expect(files.filter(({ url }) => url.startsWith('/admin'))).toEqual([]);
  });

  it('serves the fixed documents and built files with their content types', async () => {
    const documents = fixedDocuments({ ...filled, site, assets: assets.urls }).map((doc) => doc.path);
    await expectSameAnswers([...documents, ...assets.files.map((file) => file.url)]);
  });
});
