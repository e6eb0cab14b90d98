/**
 * `npm run export`: the whole site as static files, plus an nginx config that
 * serves them the way the Node server does.
 *
 * One source of truth: the files and headers are not rendered again here. The
 * export starts the server's own createApp() on a loopback port, asks it for
 * every route address (from the route table), the not-found and bad-request
 * pages, the fixed documents and every built asset, in each encoding it
 * offers, and writes down exactly what it answered. The nginx config is
 * generated from those answers and the route table; what nginx cannot take
 * from a file (routing, status codes, headers) is spelt out in it.
 *
 *   export/site/    what a static host or CDN serves: about.html (+ .br, .gz), assets/…
 *   export/nginx/   nginx.conf (an example main config) and the site-*.conf it includes
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app.ts';
import { defaultClientDir, loadAssets } from '../server/assets.ts';
import { readConfig } from '../server/config.ts';
import { responseHeaders } from '../server/security.ts';
import { HEALTH_PATH, LIVE_PATH, READY_PATH } from '../server/table.ts';
import { fixedDocuments } from '../shared/documents.ts';
import { aliases, routeAddresses } from '../shared/paths.ts';
import { resolveUrl, type RenderOptions } from '../shared/render.tsx';
import { routes as defaultRoutes, type Route } from '../shared/routes.ts';
import type { SiteConfig } from '../shared/site.ts';

export interface ExportOptions {
  outDir: string;
  site: SiteConfig;
  clientDir?: string;
  routes?: readonly Route[];
}

export interface ExportResult {
  siteDir: string;
  nginxDir: string;
  /** Each request target we saved, with the file it was saved as. */
  files: Array<{ url: string; file: string }>;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: ReadonlyArray<{ encoding: Encoding; suffix: string }> = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** Addresses that resolve to the not-found and the bad-request page (checked against resolveUrl below). */
const NOT_FOUND_PROBE = '/404';
const BAD_REQUEST_PROBE = '/%';
/** The process's health checks (server/table.ts); nginx answers them as a server that is always ready. */
const HEALTH_CHECKS = [HEALTH_PATH, LIVE_PATH, READY_PATH];

/**
 * Headers nginx makes itself for each response (length, validators, date,
 * request id, ranges) or that the config sets by other means (content-type by
 * default_type, content-encoding by the file served, location by return).
 */
const NGINX_MADE = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'accept-ranges',
  'x-request-id',
  'location',
]);

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
  kind: 'page' | 'alias' | 'not-found' | 'bad-request' | 'document' | 'asset' | 'probe';
  url: string;
  /** Path of the file under export/site, without a leading slash. */
  file: string;
  status: number;
}

interface Saved extends Target {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const { outDir, site, clientDir = defaultClientDir(), routes = defaultRoutes } = options;
  const siteDir = join(outDir, 'site');
  const nginxDir = join(outDir, 'nginx');
  const assets = loadAssets(clientDir);
  const renderOptions: RenderOptions = { site, routes, assets: assets.urls };
  expectResolution(NOT_FOUND_PROBE, 'not-found', routes);
  expectResolution(BAD_REQUEST_PROBE, 'bad-request', routes);

  const targets: Target[] = [
    ...routes.flatMap((route) => routeAddresses(route).map((url) => ({ kind: 'page' as const, url, file: addressFile(url), status: 200 }))),
    ...Object.keys(aliases).map((url) => ({ kind: 'alias' as const, url, file: addressFile(url), status: 200 })),
    { kind: 'not-found', url: NOT_FOUND_PROBE, file: '404.html', status: 404 },
    { kind: 'bad-request', url: BAD_REQUEST_PROBE, file: '400.html', status: 400 },
    ...fixedDocuments({ routes, site, assets: assets.urls }).map((doc) => ({ kind: 'document' as const, url: doc.path, file: doc.path.slice(1), status: 200 })),
    ...assets.files.map((file) => ({ kind: 'asset' as const, url: file.url, file: file.url.slice(1), status: 200 })),
    ...HEALTH_CHECKS.map((url) => ({ kind: 'probe' as const, url, file: '', status: 200 })),
  ];

  const app = createApp({ config: { nodeEnv: 'production', trustProxy: false, site }, clientDir, routes });
  // Brotli is made in the background after start-up; the export wants every encoding.
  await app.prepared;
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await rm(outDir, { recursive: true, force: true });
  const saved: Saved[] = [];
  try {
    for (const target of targets) saved.push(await save(origin, target, siteDir));
    const redirect = await fetchRaw(origin, `${routes[0]!.path}/`);
    if (redirect.status !== 301) throw new Error(`Expected ${routes[0]!.path}/ to redirect, got ${redirect.status}`);
    await mkdir(nginxDir, { recursive: true });
    const config = nginxConfig({ saved, routes, common: responseHeaders(renderOptions), redirectHeaders: redirect.headers });
    for (const [name, text] of Object.entries(config)) await writeFile(join(nginxDir, name), text);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return { siteDir, nginxDir, files: saved.filter((entry) => entry.file).map(({ url, file }) => ({ url, file })) };
}

/** "/about" → about.html, "/legal?tab=privacy" → legal.tab-privacy.html, "/" → index.html. */
export function addressFile(address: string): string {
  const [path = '/', query] = address.split('?', 2);
  const base = path === '/' ? 'index' : path.slice(1);
  const variant = query ? [...new URLSearchParams(query)].map(([name, value]) => `.${name}-${value}`).join('') : '';
  return `${base}${variant}.html`;
}

async function save(origin: string, target: Target, siteDir: string): Promise<Saved> {
  const identity = await fetchRaw(origin, target.url, { 'accept-encoding': 'identity' });
  if (identity.status !== target.status) throw new Error(`${target.url} answered ${identity.status}, expected ${target.status}`);
  if (target.kind === 'probe') return { ...target, headers: identity.headers, body: identity.body };
  const path = join(siteDir, target.file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, identity.body);
  for (const { encoding, suffix } of ENCODINGS) {
    const encoded = await fetchRaw(origin, target.url, { 'accept-encoding': encoding });
    // The server leaves out an encoding that would not make the body smaller; so does the export.
    if (encoded.headers['content-encoding'] !== encoding) continue;
    await writeFile(path + suffix, encoded.body);
  }
  return { ...target, headers: identity.headers, body: identity.body };
}

function expectResolution(url: string, kind: string, routes: readonly Route[]): void {
  const resolution = resolveUrl(url, routes);
  if (resolution.kind !== kind) throw new Error(`The export expects ${url} to be ${kind}, but the route table makes it ${resolution.kind}`);
}

// ---------------------------------------------------------------- nginx

interface NginxInput {
  saved: Saved[];
  routes: readonly Route[];
  /** The headers every response carries (responseHeaders(), as createApp uses them). */
  common: ReadonlyArray<readonly [string, string]>;
  redirectHeaders: IncomingHttpHeaders;
}

const GENERATED = '# Generated by `npm run export` (scripts/export.ts) from the route table and the\n# answers of the Node server. Do not edit: change the site and export again.\n';

/**
 * Percent-encoded UTF-8 that decodeURIComponent accepts (no overlong forms,
 * no surrogates, nothing above U+10FFFF): a path with any other % sequence is
 * a bad request for the server (shared/render.tsx, isWellEncoded).
 */
const VALID_PERCENT_UTF8 = [
  '%[0-7][0-9a-f]',
  '%c[2-9a-f]%[89ab][0-9a-f]',
  '%d[0-9a-f]%[89ab][0-9a-f]',
  '%e0%[ab][0-9a-f]%[89ab][0-9a-f]',
  '%e[1-9a-cef]%[89ab][0-9a-f]%[89ab][0-9a-f]',
  '%ed%[89][0-9a-f]%[89ab][0-9a-f]',
  '%f0%[9ab][0-9a-f](?:%[89ab][0-9a-f]){2}',
  '%f[1-3](?:%[89ab][0-9a-f]){3}',
  '%f4%8[0-9a-f](?:%[89ab][0-9a-f]){2}',
].join('|');

/** An Accept-Encoding that accepts `token` with a quality above zero, as server/responses.ts reads it. */
function accepts(token: string): string {
  return `~*(^|,)\\s*${token}\\s*(;(?![^,]*q=\\s*0*(\\.0*)?\\s*(;|,|$))[^,]*)?(,|$)`;
}

function nginxConfig({ saved, routes, common, redirectHeaders }: NginxInput): Record<string, string> {
  const byUrl = new Map(saved.map((entry) => [entry.url, entry]));
  const commonNames = new Set(common.map(([name]) => name));
  for (const entry of saved) {
    for (const [name, value] of common) {
      if (entry.headers[name] !== value) throw new Error(`${entry.url} does not carry the common header ${name}`);
    }
  }
  /** The headers of one saved answer that nginx must add itself, beyond the common ones. */
  const ownHeaders = (headers: IncomingHttpHeaders) =>
    Object.entries(headers)
      .filter(([name]) => !commonNames.has(name) && !NGINX_MADE.has(name))
      .map(([name, value]) => `    add_header ${headerName(name)} ${quote(String(value))} always;`);

  const fileLocation = (match: string, entry: Saved, file = `/${entry.file}`) =>
    [
      `location ${match} {`,
      `    default_type ${quote(String(entry.headers['content-type']))};`,
      // The server offers byte ranges for built files only.
      ...(entry.kind === 'asset' ? [] : ['    max_ranges 0;']),
      `    try_files ${tryEncoded(file)};`,
      '    include site-headers.conf;',
      ...ownHeaders(entry.headers),
      '}',
    ].join('\n');

  const ofKind = (kind: Target['kind']) => saved.filter((entry) => entry.kind === kind);
  const probeLocation = (entry: Saved) =>
    [
      `location ~* ^${escapeRegex(entry.url)}/?$ {`,
      `    default_type ${quote(String(entry.headers['content-type']))};`,
      '    include site-headers.conf;',
      ...ownHeaders(entry.headers),
      `    return ${entry.status} ${quote(entry.body.toString('utf8'))};`,
      '}',
    ].join('\n');
  const variantMaps: string[] = [];
  const pageLocations: string[] = [];
  for (const route of routes) {
    const addresses = routeAddresses(route);
    const page = byUrl.get(route.path)!;
    const variants = route.variants;
    if (!variants) {
      pageLocations.push(fileLocation(`= ${route.path}`, page));
      pageLocations.push(redirectLocation(route.path, route.path, redirectHeaders));
      continue;
    }
    // The variant comes from the first `param=` in the query, as URLSearchParams.get reads it.
    const name = route.path.slice(1).replace(/[^A-Za-z0-9]+/g, '_');
    const fileVar = `$site_variant_file_${name}`;
    const queryVar = `$site_variant_query_${name}`;
    const firstIs = (value: string) =>
      quoteRegex(`~^(?:(?!${escapeRegex(variants.param)}(?:=|&|$))[^&]*&)*${escapeRegex(`${variants.param}=${value}`)}(?:&|$)`);
    const base = addressFile(route.path).slice(0, -'.html'.length);
    const entries = addresses.slice(1).map((address) => {
      const value = new URLSearchParams(address.split('?')[1]).get(variants.param)!;
      return { value, file: addressFile(address).slice(base.length, -'.html'.length), query: address.slice(route.path.length) };
    });
    variantMaps.push(
      `# ${route.path}: which ${variants.param} to show (the first "${variants.param}=" in the query; anything else shows the default).`,
      `map $args ${fileVar} {\n    default "";\n${entries.map((entry) => `    ${firstIs(entry.value)} ${quote(entry.file)};`).join('\n')}\n}`,
      `map $args ${queryVar} {\n    default "";\n${entries.map((entry) => `    ${firstIs(entry.value)} ${quote(entry.query)};`).join('\n')}\n}`,
    );
    pageLocations.push(fileLocation(`= ${route.path}`, page, `/${base}${fileVar}.html`));
    pageLocations.push(redirectLocation(route.path, `${route.path}${queryVar}`, redirectHeaders));
  }
  const aliasLocations = ofKind('alias').map((entry) => fileLocation(`= ${entry.url}`, entry));

  const [notFound] = ofKind('not-found');
  const [badRequest] = ofKind('bad-request');
  const documents = ofKind('document');
  const assets = ofKind('asset');
  const plainNotFound = ['    include site-headers.conf;', `    add_header Cache-Control "no-store" always;`];

  const http = `${GENERATED}
# Include inside http { }. The variables are read by site-server.conf.

# Which pre-compressed file to try first and second: br, then gzip, among what
# the client accepts with q > 0 (server/responses.ts, chooseEncoding).
map $http_accept_encoding $site_encoding_first {
    default "";
    ${quoteRegex(accepts('br'))} ".br";
    ${quoteRegex(accepts('gzip'))} ".gz";
}
map $http_accept_encoding $site_encoding_second {
    default "";
    ${quoteRegex(accepts('gzip'))} ".gz";
}
# After try_files, $uri is the file served: say how it is encoded.
map $uri $site_content_encoding {
    volatile;
    default "";
    "~\\.br$" br;
    "~\\.gz$" gzip;
}

# The server echoes a well-formed X-Request-Id and makes one up otherwise.
map $http_x_request_id $site_request_id {
    default $request_id;
    "~^[\\w.:-]{1,128}$" $http_x_request_id;
}

map $request_method $site_method {
    default refuse;
    GET "";
    HEAD "";
    OPTIONS options;
}
map $request_method $site_allow {
    default "GET, HEAD";
    GET "";
    HEAD "";
}

# The server matches addresses as they were sent; nginx would first decode
# %XX and resolve dot segments. So decide on the raw request line what the
# server would (server/app.ts): a malformed escape is a bad request; built
# files only at their exact address and dotfiles (/.env, /..) are a plain 404;
# fixed documents only without a query; any other escape or dot segment is
# not one of our addresses.
map $request_uri $site_raw {
    default "";
    # A fixed document at its exact address is ours, even under a dot segment (/.well-known/…).
${documents.map((entry) => `    ${quote(entry.url)} "";`).join('\n')}
    "~*^(?:[^%?]|${VALID_PERCENT_UTF8})*+%" bad-request;
    "~^/assets/[^?]*(\\?|%|/\\.)" plain-not-found;
    "~^[^?]*/\\.[^/?]" plain-not-found;
    "~^(${documents.map((entry) => escapeRegex(entry.url)).join('|')})\\?" not-found;
    "~^[^?]*(%|/\\.(/|\\?|$))" not-found;
}
# …but not again once we are showing an error page.
map $uri $site_showing_error {
    volatile;
    default "";
    "~^/__site/" yes;
}
map "$site_showing_error:$site_raw" $site_reject {
    volatile;
    default "";
    ":plain-not-found" plain-not-found;
    ":not-found" not-found;
    ":bad-request" bad-request;
}

${variantMaps.join('\n')}
`;

  const server = `${GENERATED}
# Include inside server { } after listen and root (root = the export's site/ folder).

# Addresses are matched exactly as sent: no merging of //, no absolute redirects.
merge_slashes off;
absolute_redirect off;
server_tokens off;
etag on;
# The files are compressed already; on-the-fly gzip (on in many distributions' http { }) would do it twice.
gzip off;
# Every location says its own content type; file extensions decide nothing.
types { }
default_type "text/plain; charset=utf-8";

error_page 404 /__site/not-found;
error_page 400 /__site/bad-request;

# What the server answers before routing: other methods, and raw addresses.
include site-headers.conf;
add_header Allow $site_allow always;
add_header Cache-Control "no-store" always;
if ($site_method = options) {
    return 204;
}
if ($site_method = refuse) {
    return 405 "Method Not Allowed\\n";
}
if ($site_reject = bad-request) {
    return 400;
}
if ($site_reject = not-found) {
    return 404;
}
if ($site_reject = plain-not-found) {
    return 404 "Not Found\\n";
}

# Pages, one per route address, and their trailing-slash spellings (301).
${pageLocations.join('\n\n')}

${aliasLocations.join('\n\n')}

# Fixed documents.
${documents.map((entry) => fileLocation(`= ${entry.url}`, entry)).join('\n\n')}

# Built files, named by content hash (cached for a year).
${assets.map((entry) => fileLocation(`= ${entry.url}`, entry)).join('\n\n')}

# Health checks, as Express matches them: any case, one optional trailing slash.
${ofKind('probe').map(probeLocation).join('\n\n')}

# A built file we do not have is a plain 404: a browser expecting a script must not get a page.
location ^~ /assets/ {
${plainNotFound.join('\n')}
    return 404 "Not Found\\n";
}

# Any other address shows the home screen with 404 (and noindex).
location / {
    return 404;
}

${fileLocation('= /__site/not-found', notFound!).replace('{\n', '{\n    internal;\n')}

${fileLocation('= /__site/bad-request', badRequest!).replace('{\n', '{\n    internal;\n')}
`;

  const headers = `${GENERATED}
# The headers every response carries (server/security.ts responseHeaders()), and two
# that depend on the request. Included in each location, as add_header does not
# inherit into a location that adds its own.
${common.map(([name, value]) => `add_header ${headerName(name)} ${quote(value)} always;`).join('\n')}
add_header X-Request-Id $site_request_id always;
add_header Content-Encoding $site_content_encoding always;
`;

  const main = `${GENERATED}
# An example main config. Copy site-*.conf beside it (or adjust the includes),
# and point root at the export's site/ folder.
worker_processes auto;
events {
    worker_connections 1024;
}
http {
    sendfile on;
    tcp_nopush on;
    # The files never change under a running nginx: keep their descriptors and metadata.
    open_file_cache max=1000 inactive=10m;
    open_file_cache_valid 10m;
    include site-http.conf;
    server {
        listen 8080;
        root /usr/share/nginx/site;
        include site-server.conf;
    }
}
`;
  return { 'nginx.conf': main, 'site-http.conf': http, 'site-server.conf': server, 'site-headers.conf': headers };
}

function redirectLocation(path: string, target: string, headers: IncomingHttpHeaders): string {
  return [
    `location ~ ^${escapeRegex(path)}/+$ {`,
    '    include site-headers.conf;',
    `    add_header Cache-Control ${quote(String(headers['cache-control']))} always;`,
    `    return 301 ${target};`,
    '}',
  ].join('\n');
}

function tryEncoded(file: string): string {
  return `${file}$site_encoding_first ${file}$site_encoding_second ${file} =500`;
}

function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** A string nginx reads back as it is: no escapes, no variables. */
function quote(value: string): string {
  if (/[\\$\n\r\t]/.test(value) || (value.includes('"') && value.includes("'"))) {
    throw new Error(`Cannot quote ${JSON.stringify(value)} for nginx`);
  }
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

function quoteRegex(pattern: string): string {
  if (pattern.includes('"') || pattern.includes('\\\\')) throw new Error(`Cannot quote the pattern ${pattern} for nginx`);
  return `"${pattern}"`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = join(root, 'export');
  const started = performance.now();
  const { site } = readConfig(process.env);
  const result = await exportSite({ outDir, site });
  console.log(
    `Exported ${result.files.length} files for ${site.publicUrl} to ${result.siteDir} and the nginx config to ${result.nginxDir} in ${Math.round(performance.now() - started)} ms`,
  );
}
