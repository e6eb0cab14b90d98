/**
 * `npm run export`: the whole site as static files, for nginx or a CDN without Node.
 *
 * One source of truth: nothing is rendered here. The export starts the
 * server's own createApp() on a loopback port, asks it for every route address
 * (from the route table), the not-found page, the fixed documents and every
 * built asset, in each encoding it offers, and writes down what it answered.
 * nginx serves the files with the hand-written docs/nginx/static-site.conf and
 * one generated include: the headers every response carries and the content
 * types, as the server sends them. What only the server does is listed in
 * docs/decisions/0004-static-export.md.
 *
 *   export/site/    about.html (+ .br, .gz), legal.tab-privacy.html, 404.html, robots.txt, assets/…
 *   export/nginx/   static-site.conf (the template, copied) and static-site-headers.conf
 *
 * With CMS_GITHUB_REPO set, also the browser editor: export/site/admin/ and
 * export/nginx/static-site-admin.conf, its locations with its own headers.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app.ts';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { readConfig } from '../server/config.ts';
import { ADMIN_CONFIG_PATH, ADMIN_PATH, ADMIN_SCRIPT_PATH, GITHUB_API, type CmsSettings } from '../server/admin.ts';
import { adminHeaders, responseHeaders, type HeaderList } from '../server/security.ts';
import { fixedDocuments } from '../server/render/documents.ts';
import { aliases, routeAddresses } from '../shared/paths.ts';
import { content as siteContent } from '../content/index.ts';
import type { Content } from '../content/schema.ts';
import { fillSite, type Route } from '../shared/routes.ts';
import type { SiteConfig } from '../shared/site.ts';

export interface ExportOptions {
  outDir: string;
  site: SiteConfig;
  clientDir?: string;
  /** The checked content: the site's own unless a test makes another. */
  content?: Content;
  /** The browser editor (CMS_GITHUB_REPO): its files under admin/ and their own headers, or, unset, nothing of it. */
  cms?: CmsSettings;
}

export interface ExportResult {
  siteDir: string;
  nginxDir: string;
  /** Each request target we saved, with the file it was saved as. */
  files: Array<{ url: string; file: string }>;
}

/** The nginx config, hand-written; the export copies it beside the include it writes. */
const NGINX_TEMPLATE = fileURLToPath(new URL('../docs/nginx/static-site.conf', import.meta.url));
export const HEADERS_INCLUDE = 'static-site-headers.conf';
/** Written only with the editor on; the template includes it by a pattern, which matches nothing otherwise. */
export const ADMIN_INCLUDE = 'static-site-admin.conf';
/** An address no route has: the server answers it with the not-found page. */
const NOT_FOUND_PROBE = '/404';
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over HTTP, the body as it came (no decompression). */
export function fetchRaw(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Target {
  url: string;
  /** Path of the file under export/site, without a leading slash. */
  file: string;
  status: number;
}

export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const { outDir, site, clientDir = defaultClientDir(), content, cms } = options;
  const siteDir = join(outDir, 'site');
  const nginxDir = join(outDir, 'nginx');
  const filled = fillSite(site, content ?? siteContent);
  const { routes } = filled;
  expectVariantsInTemplate(await readFile(NGINX_TEMPLATE, 'utf8'), routes);
  const assets = loadAssets(clientDir);
  const fixedPaths = [...fixedDocuments({ ...filled, site, assets: assets.urls }).map((doc) => doc.path), ...assets.files.map((file) => file.url)];
  const targets: Target[] = [
    ...[...routes.flatMap(routeAddresses), ...Object.keys(aliases)].map((url) => ({ url, file: addressFile(url), status: 200 })),
    { url: NOT_FOUND_PROBE, file: '404.html', status: 404 },
    ...fixedPaths.map((url) => ({ url, file: url.slice(1), status: 200 })),
    ...(cms ? ADMIN_FILES.map(([url, file]) => ({ url, file, status: 200 })) : []),
  ];

  const app = createApp({ config: { nodeEnv: 'production', trustProxy: false, site, cms }, clientDir, content });
  // Brotli is made in the background after start-up; the export wants every encoding.
  await app.prepared;
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await rm(outDir, { recursive: true, force: true });
  /** nginx chooses a content type by the file's extension: one type per extension. */
  const types = new Map<string, string>();
  try {
    for (const target of targets) {
      const type = await save(origin, target, siteDir);
      const extension = extname(target.file).slice(1);
      const other = types.get(extension);
      if (other && other !== type) throw new Error(`The server sends .${extension} files as ${other} and as ${type}; nginx can give an extension one type`);
      types.set(extension, type);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  await mkdir(nginxDir, { recursive: true });
  await copyFile(NGINX_TEMPLATE, join(nginxDir, 'static-site.conf'));
  await writeFile(join(nginxDir, HEADERS_INCLUDE), headersInclude(responseHeaders({ site, ...filled, assets: assets.urls }), types));
  if (cms) await writeFile(join(nginxDir, ADMIN_INCLUDE), adminInclude(adminHeaders(GITHUB_API)));
  return { siteDir, nginxDir, files: targets.map(({ url, file }) => ({ url, file })) };
}

/** The editor's addresses and files: /admin and /admin/ are one page. */
const ADMIN_FILES = [
  [`${ADMIN_PATH}/`, 'admin/index.html'],
  [ADMIN_SCRIPT_PATH, 'admin/admin.js'],
  [ADMIN_CONFIG_PATH, 'admin/config.yml'],
] as const;

/**
 * The editor's locations, with its own headers (server/admin.ts): nginx's
 * add_header in a location replaces the server's, so the whole set is here.
 */
function adminInclude(headers: HeaderList): string {
  return [
    '# Written by `npm run export` with CMS_GITHUB_REPO set (scripts/export.ts): the browser editor,',
    '# with the headers the server sends it (its own CSP). Included by static-site.conf.',
    `location = ${ADMIN_PATH} {`,
    `    rewrite ^ ${ADMIN_PATH}/ last;`,
    '}',
    `location ^~ ${ADMIN_PATH}/ {`,
    ...headers.map(([name, value]) => `    add_header ${name} ${quote(value)} always;`),
    '    add_header Cache-Control "public, no-cache" always;',
    '    types {',
    '        "text/html; charset=utf-8" html;',
    '        "text/javascript; charset=utf-8" js;',
    '        "text/yaml; charset=utf-8" yml;',
    '    }',
    '    index index.html;',
    '    try_files $uri $uri/ =404;',
    '}',
    '',
  ].join('\n');
}

/** "/about" → about.html, "/legal?tab=privacy" → legal.tab-privacy.html, "/" → index.html. */
function addressFile(address: string): string {
  const [path = '/', query] = address.split('?', 2);
  const base = path === '/' ? 'index' : path.slice(1);
  const variant = query ? [...new URLSearchParams(query)].map(([name, value]) => `.${name}-${value}`).join('') : '';
  return `${base}${variant}.html`;
}

/** Writes the server's answer, and beside it each encoding the server offers; returns its content type. */
async function save(origin: string, { url, file, status }: Target, siteDir: string): Promise<string> {
  const path = join(siteDir, file);
  await mkdir(dirname(path), { recursive: true });
  const identity = await fetchRaw(origin, url, { 'accept-encoding': 'identity' });
  if (identity.status !== status) throw new Error(`${url} answered ${identity.status}, expected ${status}`);
  await writeFile(path, identity.body);
  for (const [encoding, suffix] of ENCODINGS) {
    const encoded = await fetchRaw(origin, url, { 'accept-encoding': encoding });
    // The server leaves out an encoding that would not make the body smaller; so does the export.
    if (encoded.headers['content-encoding'] === encoding) await writeFile(path + suffix, encoded.body);
  }
  return String(identity.headers['content-type']);
}

/** The template finds a variant's file by its query parameter (`map $arg_tab`); any other parameter would show the default silently. */
function expectVariantsInTemplate(template: string, routes: readonly Route[]): void {
  for (const { path, variants } of routes) {
    if (variants && !template.includes(`map $arg_${variants.param} `)) {
      throw new Error(`${path} has variants by ?${variants.param}=, which ${NGINX_TEMPLATE} does not read`);
    }
  }
}

function headersInclude(headers: HeaderList, types: ReadonlyMap<string, string>): string {
  const extensions = new Map<string, string[]>();
  for (const [extension, type] of types) extensions.set(type, [...(extensions.get(type) ?? []), extension]);
  return [
    '# Written by `npm run export` (scripts/export.ts); included by static-site.conf.',
    '# The headers every response carries (server/security.ts), as the server sends them.',
    ...headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
    '# Content types by extension, as the server sends each file.',
    'types {',
    ...[...extensions].map(([type, names]) => `    ${quote(type)} ${names.join(' ')};`),
    '}',
    '',
  ].join('\n');
}

/** A string nginx reads back as it is: no escapes, no variables. */
function quote(value: string): string {
  if (/[\\$\n\r]/.test(value) || (value.includes('"') && value.includes("'"))) throw new Error(`Cannot quote ${JSON.stringify(value)} for nginx`);
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = fileURLToPath(new URL('../export', import.meta.url));
  const started = performance.now();
  const { site, cms } = readConfig(process.env);
  const result = await exportSite({ outDir, site, cms });
  const editor = cms ? `, the browser editor for ${cms.repo} under /admin/` : '';
  console.log(`Exported ${result.files.length} addresses for ${site.publicUrl}${editor} to ${result.siteDir}, and the nginx config to ${result.nginxDir}, in ${Math.round(performance.now() - started)} ms`);
}
