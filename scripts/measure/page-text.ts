/**
 * The words of the whole site as a visitor and a reader get them: every
 * address of the sitemap (title, description, visible text, structured data),
 * each page's Markdown and llms.txt, fetched from the built server. Two runs
 * compare a change that should keep the words, e.g. content moved between
 * files: `npm run build && npx tsx scripts/measure/page-text.ts > before.txt`, then
 * the same after the change and `diff before.txt after.txt` (docs/development.md).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parse } from 'node-html-parser';

const root = join(import.meta.dirname, '..', '..');
const server = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const origin = await new Promise<string>((resolve, reject) => {
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const port = /"port":(\d+)/.exec(chunk)?.[1];
    if (port) resolve(`http://127.0.0.1:${port}`);
  });
  server.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)));
});

try {
  const get = async (path: string) => {
    const res = await fetch(origin + path);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.text();
  };
  const sitemap = await get('/sitemap.xml');
  const addresses = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')).pathname + new URL(match[1]!.replace(/&amp;/g, '&')).search);
  for (const address of addresses) {
    const html = parse(await get(address));
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    console.log(`== ${address}`);
    console.log(`title: ${html.querySelector('title')?.text}`);
    console.log(`description: ${html.querySelector('meta[name=description]')?.getAttribute('content')}`);
    for (const image of html.querySelectorAll('img')) console.log(`img: ${image.getAttribute('alt')}`);
    for (const json of html.querySelectorAll('script[type="application/ld+json"]')) console.log(`json-ld: ${json.text}`);
    // One line per block-level element's text, so a diff points at the sentence.
    for (const block of html.querySelectorAll('body h1, body h2, body h3, body p, body li, body a, body button, body time')) {
      console.log(`${block.tagName.toLowerCase()}: ${words(block.text)}`);
    }
    for (const labelled of html.querySelectorAll('body [aria-label]')) console.log(`label: ${labelled.getAttribute('aria-label')}`);
    if (!address.includes('?')) console.log(`-- markdown\n${await get(`${address === '/' ? '/index.html' : address}.md`)}`);
  }
  console.log(`== /llms.txt\n${await get('/llms.txt')}`);
} finally {
  server.kill();
  await once(server, 'exit');
}
