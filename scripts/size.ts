/**
 * `npm run size`: what a first visit to each page transfers with brotli, per
 * kind of file, against the budgets of issue 4, and the browser editor's
 * bundle against its own (issue 29). Exits non-zero when a budget is
 * exceeded.
 */
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { parse } from 'node-html-parser';
import { createApp } from '../server/app.ts';
import { defaultAdminDir } from '../server/admin.ts';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { routeAddresses } from '../shared/paths.ts';
import { routes } from '../tools/harness.ts';
import { defaultSite } from '../shared/site.ts';
import { fetchRaw } from './export.ts';

const KB = 1024;
const BUDGET = { html: 12 * KB, css: 10 * KB, js: 65 * KB, ownJs: 6 * KB, homeImages: 60 * KB, editorJs: 1.2 * KB * KB };
/** What a first response can carry before the client's first acknowledgement (ten TCP segments): the page and its inline CSS. */
const FIRST_ROUND_TRIP = 14 * KB;

spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
const app = createApp({ config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite } });
await app.prepared;
const server: Server = createServer(app).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const port = (server.address() as { port: number }).port;
// Every page has the same script: the entry, and the chunk with React and the islands it loads on the first interaction.
const scripts = loadAssets(defaultClientDir()).files.filter((file) => file.url.endsWith('.js')).map((file) => file.url);

/** Bytes on the wire for one request with Accept-Encoding: br, and the decoded text. */
async function transfer(path: string): Promise<{ bytes: number; text: string; encoding: string }> {
  const { headers, body } = await fetchRaw(`http://127.0.0.1:${port}`, path, { 'accept-encoding': 'br' });
  const encoding = String(headers['content-encoding'] ?? 'identity');
  return { bytes: body.length, text: encoding === 'br' ? decode(body) : body.toString(), encoding };
}

function decode(body: Buffer): string {
  return brotliDecompressSync(body).toString();
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mark = (value: number, budget: number) => (value <= budget ? '' : ' ✗');
let failed = false;
let largestPage = 0;

console.log('| Page | HTML | CSS | JS | Images | Total |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const address of routes.flatMap(routeAddresses)) {
  const html = await transfer(address);
  const doc = parse(html.text);
  const sum = async (urls: string[]) => (await Promise.all([...new Set(urls)].map((url) => transfer(url)))).reduce((total, file) => total + file.bytes, 0);
  // The stylesheet is inline, so its bytes travel inside the HTML's: shown on its own, compressed alone, and not added twice to the total.
  const inlineCss = doc.querySelectorAll('style').reduce((total, style) => total + brotliCompressSync(style.text).length, 0);
  const css = inlineCss + (await sum(doc.querySelectorAll('link[rel="stylesheet"]').map((link) => link.getAttribute('href')!)));
  const js = await sum([...doc.querySelectorAll('script[src]').map((script) => script.getAttribute('src')!), ...scripts]);
  const images = await sum(doc.querySelectorAll('img').map((img) => img.getAttribute('src')!));
  const over = html.bytes > BUDGET.html || css > BUDGET.css || js > BUDGET.js || (address === '/home' && images > BUDGET.homeImages);
  failed ||= over;
  largestPage = Math.max(largestPage, html.bytes);
  console.log(
    `| ${address} | ${kb(html.bytes)}${mark(html.bytes, BUDGET.html)} | ${kb(css)}${mark(css, BUDGET.css)} | ${kb(js)}${mark(js, BUDGET.js)} | ${kb(images)}${address === '/home' ? mark(images, BUDGET.homeImages) : ''} | ${kb(html.bytes + css - inlineCss + js + images)} |`,
  );
}

// The page's bytes include its inline stylesheet, so the largest page is the largest first round trip.
failed ||= largestPage > FIRST_ROUND_TRIP;
console.log(`\nFirst round trip (a page with its inline CSS), the largest: ${kb(largestPage)}${mark(largestPage, FIRST_ROUND_TRIP)} of ${kb(FIRST_ROUND_TRIP)}`);
const stylesheet = loadAssets(defaultClientDir()).urls.styles;
const brotli = (text: string) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
const parts = [/@media ?\(prefers-color-scheme: ?dark\)/, /@media ?print/].map((start) => mediaBlock(stylesheet, start));
console.log(`The CSS column is the whole stylesheet, ${kb(brotli(stylesheet))} alone; in it the dark scheme ${kb(brotli(parts[0]!))} and print ${kb(brotli(parts[1]!))} (each compressed alone).`);

/** An at-rule block of minified CSS, from its start to its matching brace. */
function mediaBlock(css: string, start: RegExp): string {
  const from = css.search(start);
  if (from === -1) throw new Error(`The stylesheet has no ${start.source}`);
  let depth = 0;
  for (let at = css.indexOf('{', from); at < css.length; at++) {
    if (css[at] === '{') depth++;
    if (css[at] === '}' && --depth === 0) return css.slice(from, at + 1);
  }
  throw new Error(`${start.source} is not closed`);
}

// Our own code: the same entry bundled with React left out, minified and brotli-compressed.
const own = await esbuild.build({
  entryPoints: ['client/entry.tsx'],
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  jsx: 'automatic',
  external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  logLevel: 'error',
});
const ownBytes = brotliCompressSync(own.outputFiles[0]!.contents, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
failed ||= ownBytes > BUDGET.ownJs;
console.log(`\nOur own JavaScript (React excluded), brotli: ${kb(ownBytes)}${mark(ownBytes, BUDGET.ownJs)}`);
// The browser editor's bundle (dist/admin/admin.js), loaded only by the editor's own origin, served gzipped.
const editorBytes = statSync(join(defaultAdminDir(defaultClientDir()), 'admin.js.gz')).size;
failed ||= editorBytes > BUDGET.editorJs;
console.log(`The browser editor's bundle, gzip: ${(editorBytes / KB / KB).toFixed(2)} MB${mark(editorBytes, BUDGET.editorJs)}`);
console.log(`Budgets: HTML ${kb(BUDGET.html)}, CSS ${kb(BUDGET.css)}, JS ${kb(BUDGET.js)} (own ${kb(BUDGET.ownJs)}), home images ${kb(BUDGET.homeImages)}, the editor ${(BUDGET.editorJs / KB / KB).toFixed(1)} MB.`);
server.close();
if (failed) {
  console.log('A budget is exceeded (✗).');
  process.exitCode = 1;
}
