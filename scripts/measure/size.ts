/**
 * `npm run size`: what a first visit to each page transfers, as Chromium
 * fetches it at a phone's size (375 × 812 at 2×) and a desktop's (1440 × 900
 * at 1×), until the visitor's first key press has loaded the islands' chunk:
 * the page, its scripts and the pictures it shows, by their bytes on the
 * wire (brotli where the server offers it; pictures a page leaves lazy below
 * the fold are not fetched, so not counted). Each kind against its budget
 * (issue 4), and the browser editor's first script against its own (issue 42).
 * Exits non-zero when a budget is exceeded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { parse } from 'node-html-parser';
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { createApp } from '../../server/app.ts';
import { defaultEditorDir } from '../../server/editor-site.ts';
import { defaultClientDir, loadAssets } from '../../server/assets.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, routes } from '../../harness/harness.ts';
import { defaultSite } from '../../shared/site.ts';

const KB = 1024;
/**
 * `images`, measured with a phone's 4000 × 3000 photo for every picture: a
 * category page 20 KB at either width (its 720 px AVIF), /products 81 KB at
 * 375 px (the four cards near the window) and 40 KB at 1440 px (five 360 px
 * files); the noisiest photo tried makes each file half as large again.
 */
const BUDGET = { html: 12 * KB, css: 10 * KB, js: 65 * KB, images: 150 * KB, ownJs: 6 * KB, editorFirst: 600 * KB };
/** What a first response can carry before the client's first acknowledgement (ten TCP segments): the page and its inline CSS. */
const FIRST_ROUND_TRIP = 14 * KB;
const VIEWS: Record<string, BrowserContextOptions> = {
  '375': { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  '1440': { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};
/** What the page asks for, by Chromium's resource type; the icon, the manifest and the speculation rules are the browser's, once per site. */
const KINDS: Record<string, 'html' | 'js' | 'css' | 'images'> = { document: 'html', script: 'js', stylesheet: 'css', image: 'images' };

spawnSync('node', ['scripts/build/ensure-build.mjs'], { stdio: 'inherit' });
const app = createApp({ config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite } });
await app.prepareAll();
const server: Server = createServer(app).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

/** The bytes one visit fetched, by kind, in a browser of its own (nothing cached), and the page's inline stylesheet compressed alone. */
async function visit(address: string, view: BrowserContextOptions) {
  const context = await browser.newContext(view);
  const page = await context.newPage();
  const sizes: Array<Promise<[string, number]>> = [];
  page.on('requestfinished', (request) => sizes.push(request.sizes().then((size) => [request.resourceType(), size.responseBodySize])));
  const response = await page.goto(origin + address, { waitUntil: 'networkidle' });
  // The first interaction loads the islands' chunk (client/entry.tsx), which every page has.
  await Promise.all([page.waitForEvent('requestfinished', (request) => request.url().includes('/hydrate-islands.')), page.keyboard.press('Shift')]);
  const css = parse(await response!.text()).querySelectorAll('style').reduce((total, style) => total + brotliCompressSync(style.text).length, 0);
  const bytes = { html: 0, js: 0, css: 0, images: 0 };
  for (const [type, size] of await Promise.all(sizes)) if (KINDS[type]) bytes[KINDS[type]] += size;
  await context.close();
  return { ...bytes, inlineCss: css };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mark = (value: number, budget: number) => (value <= budget ? '' : ' ✗');
let failed = false;
let largestPage = 0;

console.log('| Page | Width | HTML | CSS | JS | Images | Total |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const address of routes.map((route) => route.path)) {
  for (const [width, view] of Object.entries(VIEWS)) {
    const { html, js, css, images, inlineCss } = await visit(address, view);
    // The stylesheet is inline, so its bytes travel inside the HTML's: shown on its own, compressed alone, and not added twice to the total.
    const allCss = css + inlineCss;
    failed ||= html > BUDGET.html || allCss > BUDGET.css || js > BUDGET.js || images > BUDGET.images;
    largestPage = Math.max(largestPage, html);
    console.log(
      `| ${address} | ${width} | ${kb(html)}${mark(html, BUDGET.html)} | ${kb(allCss)}${mark(allCss, BUDGET.css)} | ${kb(js)}${mark(js, BUDGET.js)} | ${kb(images)}${mark(images, BUDGET.images)} | ${kb(html + css + js + images)} |`,
    );
  }
}
await browser.close();

// The page's bytes include its inline stylesheet, so the largest page is the largest first round trip.
failed ||= largestPage > FIRST_ROUND_TRIP;
console.log(`\nFirst round trip (a page with its inline CSS), the largest: ${kb(largestPage)}${mark(largestPage, FIRST_ROUND_TRIP)} of ${kb(FIRST_ROUND_TRIP)}`);
const stylesheet = loadAssets(defaultClientDir()).urls.styles;
const brotli = (text: string | Uint8Array) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
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
// The browser editor (dist/editor), loaded only on its own origin: its first script is editor.js with the chunks it imports,
// all run before the editor shows anything; the rest are chunks imported when first needed (decision 0005).
const editorDir = defaultEditorDir(defaultClientDir());
const editorScripts = new Map(readdirSync(editorDir).filter((name) => name.endsWith('.js')).map((name) => [name, brotli(readFileSync(join(editorDir, name)))]));
const first = new Set(['editor.js']);
for (const name of first) for (const imported of await staticImports(join(editorDir, name))) first.add(imported);
const listed = (names: string[]) => names.map((name) => `${name} ${kb(editorScripts.get(name)!)}`).join(', ');
const editorFirst = [...first].reduce((total, name) => total + editorScripts.get(name)!, 0);
failed ||= editorFirst > BUDGET.editorFirst;
console.log(`The browser editor's first script, brotli: ${kb(editorFirst)}${mark(editorFirst, BUDGET.editorFirst)} (${listed([...first])})`);
console.log(`  and its chunks, each loaded when first needed: ${listed([...editorScripts.keys()].filter((name) => !first.has(name)))}`);
console.log(
  `Budgets per page and width: HTML ${kb(BUDGET.html)}, CSS ${kb(BUDGET.css)}, JS ${kb(BUDGET.js)} (own ${kb(BUDGET.ownJs)}), images ${kb(BUDGET.images)}; the editor's first script ${kb(BUDGET.editorFirst)}.`,
);

/** The scripts beside it that a built script imports before it runs (esbuild reads its imports). */
async function staticImports(file: string): Promise<string[]> {
  const { metafile } = await esbuild.build({ entryPoints: [file], bundle: true, write: false, metafile: true, external: ['*'], format: 'esm', platform: 'neutral', logLevel: 'error' });
  return Object.values(metafile.inputs)[0]!.imports.filter((imported) => imported.kind === 'import-statement' && imported.path.startsWith('./')).map((imported) => imported.path.slice(2));
}
server.close();
if (failed) {
  console.log('A budget is exceeded (✗).');
  process.exitCode = 1;
}
