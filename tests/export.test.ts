/**
 * The static export: every page and asset is on disk with its encodings, and
 * nginx, serving the export with the generated config, answers every request
 * as the Node server does (status, body, and the headers that matter).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { responseHeaders } from '../server/security.ts';
import { fixedDocuments } from '../shared/documents.ts';
import { routeAddresses } from '../shared/paths.ts';
import { routes } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { addressFile, exportSite, fetchRaw, type ExportResult, type RawResponse } from '../scripts/export.ts';
import { NGINX, standaloneNginxConfig } from '../scripts/nginx.ts';
import { testApp } from './helpers.ts';

const site: SiteConfig = { ...defaultSite, publicUrl: 'https://static.example.net' };
const app = testApp({ config: { nodeEnv: 'production', trustProxy: false, site } });
const assets = loadAssets(defaultClientDir());
const addresses = routes.flatMap(routeAddresses);
const documents = fixedDocuments({ routes, site, assets: assets.urls }).map((doc) => doc.path);

let outDir: string;
let exported: ExportResult;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'site-export-'));
  exported = await exportSite({ outDir, site });
});

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('npm run export', () => {
  it.each(addresses)('writes %s as HTML with .br and .gz beside it, all the page the server sends', async (address) => {
    const file = join(exported.siteDir, addressFile(address));
    const html = await readFile(file);
    const served = await request(app).get(address).set('Accept-Encoding', 'identity').expect(200);
    expect(html.toString('utf8')).toBe(served.text);
    expect(brotliDecompressSync(await readFile(`${file}.br`))).toEqual(html);
    expect(gunzipSync(await readFile(`${file}.gz`))).toEqual(html);
  });

  it('writes the not-found page as 404.html and the bad-request page as 400.html', async () => {
    const notFound = await request(app).get('/no-such-page').expect(404);
    expect(await readFile(join(exported.siteDir, '404.html'), 'utf8')).toBe(notFound.text);
    const badRequest = await request(app).get('/%FF').expect(400);
    expect(await readFile(join(exported.siteDir, '400.html'), 'utf8')).toBe(badRequest.text);
  });

  it('writes every built file byte for byte, and the fixed documents', async () => {
    for (const file of assets.files) expect(await readFile(join(exported.siteDir, file.url))).toEqual(file.body);
    for (const path of documents) {
      const served = await request(app).get(path).set('Accept-Encoding', 'identity').expect(200);
      expect(await readFile(join(exported.siteDir, path), 'utf8')).toBe(served.text);
    }
  });

  it('writes the documents for other readers, and nginx serves each with its content type', async () => {
    const server = await readFile(join(exported.nginxDir, 'site-server.conf'), 'utf8');
    const expected: Array<[string, string]> = [
      ['/.well-known/security.txt', 'text/plain; charset=utf-8'],
      ['/security.txt', 'text/plain; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/about.md', 'text/markdown; charset=utf-8'],
      ['/index.html.md', 'text/markdown; charset=utf-8'],
      ['/products/textiles.md', 'text/markdown; charset=utf-8'],
    ];
    for (const [path, type] of expected) {
      expect(exported.files, path).toContainEqual({ url: path, file: path.slice(1) });
      expect(server, path).toContain(`location = ${path} {\n    default_type "${type}";`);
    }
  });

  it('puts the site and the nginx config in two folders and nothing else', async () => {
    expect((await readdir(outDir)).sort()).toEqual(['nginx', 'site']);
    expect((await readdir(exported.nginxDir)).sort()).toEqual(['nginx.conf', 'site-headers.conf', 'site-http.conf', 'site-server.conf']);
  });
});

const haveNginx = NGINX !== undefined;
if (!haveNginx && !process.env.CI) {
  console.warn('Skipping the nginx half of tests/export.test.ts: no nginx (install it with: apt-get install -y nginx-light)');
}

/** Request headers that choose each representation: none, one encoding, what a browser sends, and a refusal. */
const ACCEPT_ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd', 'br;q=0, gzip', 'gzip;q=0'];

/** Everything the comparison asks both servers, beyond the route addresses. */
function requestTargets(): string[] {
  const firstAsset = assets.files[0]!.url;
  return [
    ...addresses,
    '/',
    // Trailing slashes redirect to the one address, keeping only a known variant.
    ...addresses.map((address) => address.replace(/(\?|$)/, '/$1')),
    '/about//',
    '/legal/?tab=bogus&x=1',
    // Variants: unknown values, other parameters, the first of two.
    '/legal?tab=bogus',
    '/legal?x=1&tab=disclaimer',
    '/legal?tab=privacy&tab=disclaimer',
    '/legal?tab',
    '/about?utm_source=newsletter',
    // Unknown addresses show the home screen with 404.
    '/nope',
    '/products/unknown',
    '/About',
    '/home/extra',
    '//evil.example/x',
    '//about',
    '/products//textiles',
    '/./about',
    '/about/.',
    '/home.html',
    '/404.html',
    '/__site/not-found',
    '/about/../about',
    '/caf%C3%A9',
    '/ab%6Fut',
    '/assets',
    '/robots.txt?x=1',
    // Addresses that cannot be decoded are bad requests.
    '/%FF',
    '/%E0%A4%A',
    '/%zz',
    '/%ED%A0%80',
    // Fixed documents and built files; a missing built file is a plain 404.
    ...documents,
    ...assets.files.map((file) => file.url),
    '/assets/',
    '/assets/missing.js',
    '/assets/%FF',
    // Dotfiles are never ours: a plain 404.
    '/.env',
    '/.well-known/other.txt',
    '/.well-known/security.txt?x=1',
    '/security.txt?x=1',
    '/about/.hidden',
    // Health checks, as Express matches them.
    '/healthz',
    '/livez',
    '/readyz',
    '/HEALTHZ',
    '/livez/',
    '/healthz/',
    '/healthz?probe=1',
    '/healthz//',
    `${firstAsset}?v=1`,
    `/assets/../about`,
  ];
}

describe.skipIf(!haveNginx && !process.env.CI)('the export served by nginx', () => {
  let nginx: ChildProcess;
  let nginxOrigin: string;
  let node: Server;
  let nodeOrigin: string;
  const nginxLog: string[] = [];
  const common = responseHeaders({ site, routes, assets: assets.urls }).map(([name]) => name);
  /** Headers that must be equal, besides the common set. */
  const compared = [...common, 'content-type', 'content-encoding', 'cache-control', 'vary', 'location', 'allow'];

  beforeAll(async () => {
    await app.prepared;
    node = createServer(app);
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    nodeOrigin = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;

    const prefix = join(outDir, 'nginx-run');
    await mkdir(join(prefix, 'conf'), { recursive: true });
    await cp(exported.nginxDir, join(prefix, 'conf'), { recursive: true });
    const port = await freePort();
    await writeFile(
      join(prefix, 'conf', 'test.conf'),
      standaloneNginxConfig(
        prefix,
        `  include site-http.conf;
  server {
    listen 127.0.0.1:${port};
    root ${exported.siteDir};
    include site-server.conf;
  }`,
        { errorLog: 'stderr' },
      ),
    );
    nginx = spawn(NGINX!, ['-p', prefix, '-c', 'conf/test.conf'], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr!.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
    nginxOrigin = `http://127.0.0.1:${port}`;
    await waitFor(nginxOrigin, nginx, nginxLog);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
    }
    await new Promise((resolve) => node?.close(resolve));
  });

  /**
   * nginx rejects an address with a malformed escape while reading the request
   * line, before it has read the headers: it answers with our bad-request page,
   * but uncompressed whatever the client accepts.
   */
  const REJECTED_BEFORE_HEADERS = new Set(['/%E0%A4%A', '/%zz']);

  function expectSameResponse(url: string, what: string, fromNode: RawResponse, fromNginx: RawResponse) {
    const label = `${what} ${url}`;
    const sameEncoding = !REJECTED_BEFORE_HEADERS.has(url);
    expect(fromNginx.status, label).toBe(fromNode.status);
    for (const name of compared) {
      // A 204 has no body to describe, and nginx words its own redirect body.
      if (name === 'content-type' && (fromNode.status === 204 || fromNode.status === 301)) continue;
      if (name === 'content-encoding' && !sameEncoding) continue;
      expect(fromNginx.headers[name], `${label}: ${name}`).toBe(fromNode.headers[name]);
    }
    expect(fromNginx.headers['x-request-id'], `${label}: x-request-id`).toBeTruthy();
    if (fromNode.status === 301) return;
    if (sameEncoding) expect(fromNginx.body.equals(fromNode.body), `${label}: body`).toBe(true);
    else expect(decoded(fromNginx).equals(decoded(fromNode)), `${label}: decoded body`).toBe(true);
  }

  it('answers every address in every encoding with the same status, body and headers as the server', async () => {
    for (const url of requestTargets()) {
      for (const acceptEncoding of ACCEPT_ENCODINGS) {
        const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        const [fromNode, fromNginx] = await Promise.all([fetchRaw(nodeOrigin, url, headers), fetchRaw(nginxOrigin, url, headers)]);
        expectSameResponse(url, `GET (Accept-Encoding: ${acceptEncoding ?? 'none'})`, fromNode, fromNginx);
      }
    }
    expect(nginxLog.join('')).not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });

  it('answers HEAD like GET without a body, and refuses other methods the same way', async () => {
    for (const [method, url] of [
      ['HEAD', '/about'],
      ['HEAD', '/nope'],
      ['HEAD', assets.urls.stylesheet],
      ['POST', '/about'],
      ['DELETE', assets.urls.stylesheet],
      ['OPTIONS', '/about'],
    ] as const) {
      const headers = { 'accept-encoding': 'gzip' };
      const [fromNode, fromNginx] = await Promise.all([fetchRaw(nodeOrigin, url, headers, method), fetchRaw(nginxOrigin, url, headers, method)]);
      expectSameResponse(url, method, fromNode, fromNginx);
      if (method === 'HEAD') expect(fromNginx.headers['content-length']).toBe(fromNode.headers['content-length']);
    }
  });

  it('revalidates with ETags: each server answers 304 to its own validator', async () => {
    for (const url of ['/about', '/legal?tab=privacy', '/sitemap.xml', assets.urls.stylesheet]) {
      for (const origin of [nodeOrigin, nginxOrigin]) {
        const first = await fetchRaw(origin, url, { 'accept-encoding': 'br' });
        const etag = String(first.headers.etag);
        expect(etag, `${origin}${url}`).toMatch(/^"[^"]+"$/);
        const again = await fetchRaw(origin, url, { 'accept-encoding': 'br', 'if-none-match': etag });
        expect(again.status, `${origin}${url}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      }
    }
  });

  it('echoes a well-formed X-Request-Id as the server does', async () => {
    for (const origin of [nodeOrigin, nginxOrigin]) {
      const res = await fetchRaw(origin, '/about', { 'x-request-id': 'trace-123.abc' });
      expect(res.headers['x-request-id']).toBe('trace-123.abc');
    }
  });
});

function decoded(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  return encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(origin: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log.join('')}`);
    try {
      await fetchRaw(origin, '/home');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not start: ${log.join('')}`);
}
