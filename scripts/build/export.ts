/**
 * `npm run export`: the whole site as static files, for nginx or a CDN without Node.
 *
 * One source of truth: nothing is rendered here. The export starts the
 * server's own createApp() on a loopback port, asks it for every route address
 * (from the route table), each language's not-found page, the fixed documents and every
 * built asset, in each encoding it offers, and writes down what it answered.
 * Every language is there: /fr/about is fr/about.html, its not-found page fr/404.html.
 * nginx serves the files with the hand-written docs/nginx/static-site.conf and
 * one generated include: the headers every response carries, each address's
 * language (Content-Language, and which not-found page) and the content
 * types, as the server sends them, and the redirects of the old addresses
 * (redirects.yaml's, and each legal document's old /legal?tab= address),
 * and those of pages a language has no translation of yet.
 * What only the server does is listed in docs/decisions/0004-static-export.md.
 *
 *   export/site/    about.html (+ .br, .gz), legal.html (/legal, the first legal document), legal/privacy.html,
 *                   404.html, index.html (/), robots.txt, assets/…
 *                   fr/about.html, fr/404.html, fr/index.html (/fr/), fr.html (/fr), fr/about.md, fr/llms.txt, …
 *   export/nginx/   static-site.conf (the template, copied) and static-site-headers.conf
 *
 * With EDITOR_GITHUB_REPO set, also the browser editor, on its own origin
 * (EDITOR_ORIGIN): export/editor/ (its files under admin/) and
 * export/nginx/static-site-editor.conf, the nginx server for that host, with
 * the editor's own headers.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../server/app.ts';
import { defaultClientDir, loadAssets } from '../../server/assets.ts';
import { readConfig } from '../../server/config.ts';
import { EDITOR_CONFIG_PATH, EDITOR_PATH, defaultEditorDir, gitHostSources, type EditorSettings } from '../../server/editor-site.ts';
import { editorHeaders, responseHeaders, type HeaderList } from '../../server/security.ts';
import { fixedDocuments } from '../../server/render/documents.ts';
import { splitUrl } from '../../server/render/render.tsx';
import { markdownAddress } from '../../server/render/page-markdown.ts';
import { ASSET_PREFIX } from '../../server/table.ts';
import { aliasesOf } from '../../shared/paths.ts';
import { siteContent } from '../../content/index.ts';
import type { SiteContent } from '../../content/schema.ts';
import { editionAt, fillSite, type Edition, type FilledSite, type Route } from '../../shared/routes.ts';
import type { SiteConfig } from '../../shared/site.ts';

export interface ExportOptions {
  outDir: string;
  site: SiteConfig;
  clientDir?: string;
  /** The checked content: the site's own unless a test makes another. */
  content?: SiteContent;
  /** The browser editor (EDITOR_GITHUB_REPO): its files in export/editor and nginx's server for its origin, or, unset, nothing of it. */
  editor?: EditorSettings;
}

export interface ExportResult {
  siteDir: string;
  nginxDir: string;
  /** export/editor, when the editor is on. */
  editorDir?: string;
  /** Each request target we saved, with the file it was saved as. */
  files: Array<{ url: string; file: string }>;
}

/** The nginx config, hand-written; the export copies it beside the include it writes. */
const NGINX_TEMPLATE = fileURLToPath(new URL('../../docs/nginx/static-site.conf', import.meta.url));
export const HEADERS_INCLUDE = 'static-site-headers.conf';
/** Written only with the editor on; the template includes it by a pattern, which matches nothing otherwise. */
export const EDITOR_INCLUDE = 'static-site-editor.conf';
/** An address no route has, after a language's prefix: the server answers it with that language's not-found page. */
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
  /** Path of the file under export/site (export/editor for the editor's), without a leading slash. */
  file: string;
  status: number;
  /** The Host it is asked for: the editor's origin's, for its files. */
  host?: string;
}

export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const { outDir, site, clientDir = defaultClientDir(), content, editor } = options;
  const siteDir = join(outDir, 'site');
  const nginxDir = join(outDir, 'nginx');
  const filled = fillSite(site, content ?? siteContent);
  const { routes, editions } = filled;
  const assets = loadAssets(clientDir);
  const fixedPaths = [...fixedDocuments({ ...filled, site, assets: assets.urls }).map((doc) => doc.path), ...assets.files.map((file) => file.url)];
  const targets: Target[] = [
    ...[...routes.map((route) => route.path), ...Object.keys(aliasesOf(routes))].map((url) => ({ url, file: addressFile(url), status: 200 })),
    ...editions.map(({ prefix }) => ({ url: prefix + NOT_FOUND_PROBE, file: addressFile(prefix + NOT_FOUND_PROBE), status: 404 })),
    ...fixedPaths.map((url) => ({ url, file: url.slice(1), status: 200 })),
  ];
  // The editor's files, asked of its own origin (the Host it is served to), written to a root of their own.
  const editorTargets: Target[] = editor
    ? [`${EDITOR_PATH}/`, EDITOR_CONFIG_PATH, ...(await readdir(defaultEditorDir(clientDir))).filter((name) => !name.endsWith('.gz')).map((name) => `${EDITOR_PATH}/${name}`)]
        .filter((url, index, all) => all.indexOf(url) === index && url !== `${EDITOR_PATH}/index.html`)
        .map((url) => ({ url, file: url.endsWith('/') ? `${url.slice(1)}index.html` : url.slice(1), status: 200, host: new URL(editor.origin).host }))
    : [];

  const app = createApp({ config: { nodeEnv: 'production', trustProxy: () => false, site, editor }, clientDir, content });
  // Brotli is made in the background after start-up; the export wants every encoding.
  await app.prepareAll();
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await rm(outDir, { recursive: true, force: true });
  /** nginx chooses a content type by the file's extension: one type per extension. */
  const types = new Map<string, string>();
  /** The Content-Language of each address (none: ''), as the server sent it. */
  const languages = new Map<string, string>();
  const editorTypes = new Map<string, string>();
  const editorDir = join(outDir, 'editor');
  try {
    for (const target of targets) {
      const { type, language } = await save(origin, target, siteDir);
      // static-site.conf gives built files no language.
      if (!target.url.startsWith(ASSET_PREFIX)) languages.set(splitUrl(target.url).path, language);
      const extension = extname(target.file).slice(1);
      const other = types.get(extension);
      if (other && other !== type) throw new Error(`The server sends .${extension} files as ${other} and as ${type}; nginx can give an extension one type`);
      types.set(extension, type);
    }
    for (const target of editorTargets) editorTypes.set(extname(target.file).slice(1), (await save(origin, target, editorDir)).type);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  await mkdir(nginxDir, { recursive: true });
  await copyFile(NGINX_TEMPLATE, join(nginxDir, 'static-site.conf'));
  await writeFile(join(nginxDir, HEADERS_INCLUDE), headersInclude(responseHeaders(assets.urls.styles), languageLines(editions, languages), types, redirectLines(filled, routes)));
  if (editor) await writeFile(join(nginxDir, EDITOR_INCLUDE), editorServer(editor, editorHeaders(gitHostSources(editor.apiRoot)), editorTypes));
  return { siteDir, nginxDir, ...(editor && { editorDir }), files: [...targets, ...editorTargets].map(({ url, file }) => ({ url, file })) };
}

/**
 * nginx's server for the editor's own origin (EDITOR_ORIGIN), with the headers
 * the server sends it (its own CSP): the editor at /admin/, / leading there,
 * nothing else. Its root is export/editor/, installed at /var/www/static-editor.
 */
function editorServer(editor: EditorSettings, headers: HeaderList, types: ReadonlyMap<string, string>): string {
  const url = new URL(editor.origin);
  return [
    '# Written by `npm run export` with EDITOR_GITHUB_REPO set (scripts/build/export.ts): the browser editor on its own',
    '# origin, with the headers the server sends it (its own CSP). Included by static-site.conf after its server.',
    'server {',
    `    listen ${url.port || 80};`,
    `    server_name ${url.hostname};`,
    '    root /var/www/static-editor;',
    '    absolute_redirect off;',
    ...headers.map(([name, value]) => `    add_header ${name} ${quote(value)} always;`),
    '    add_header Cache-Control "public, no-cache" always;',
    '    types {',
    ...[...types].map(([extension, type]) => `        ${quote(type)} ${extension};`),
    '    }',
    '    location = / {',
    `        return 302 ${EDITOR_PATH}/;`,
    '    }',
    `    location = ${EDITOR_PATH} {`,
    `        rewrite ^ ${EDITOR_PATH}/ last;`,
    '    }',
    `    location ^~ ${EDITOR_PATH}/ {`,
    '        index index.html;',
    '        try_files $uri $uri/ =404;',
    '    }',
    '    location / {',
    '        return 404;',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** "/about" → about.html, "/" → index.html, "/fr/" → fr/index.html. */
function addressFile(path: string): string {
  return `${path.endsWith('/') ? `${path.slice(1)}index` : path.slice(1)}.html`;
}

/** Writes the server's answer, and beside it each encoding the server offers; returns its content type and language ('' for none). */
async function save(origin: string, { url, file, status, host }: Target, siteDir: string): Promise<{ type: string; language: string }> {
  const path = join(siteDir, file);
  await mkdir(dirname(path), { recursive: true });
  const to: Record<string, string> = host ? { host } : {};
  const identity = await fetchRaw(origin, url, { 'accept-encoding': 'identity', ...to });
  if (identity.status !== status) throw new Error(`${url} answered ${identity.status}, expected ${status}`);
  await writeFile(path, identity.body);
  for (const [encoding, suffix] of ENCODINGS) {
    const encoded = await fetchRaw(origin, url, { 'accept-encoding': encoding, ...to });
    // The server leaves out an encoding that would not make the body smaller; so does the export.
    if (encoded.headers['content-encoding'] === encoding) await writeFile(path + suffix, encoded.body);
  }
  return { type: String(identity.headers['content-type']), language: identity.headers['content-language'] ?? '' };
}

/**
 * The language of each address, read by static-site.conf for Content-Language and
 * the not-found page: that of the language whose prefix starts it, as the server's
 * (editionAt), except for the files the server sent in another language or in none.
 */
function languageLines(editions: readonly Edition[], languages: ReadonlyMap<string, string>): string[] {
  const [first, ...others] = editions;
  const exceptions = [...languages].filter(([path, language]) => language !== editionAt(editions, path).language.code);
  return [
    '# The language of an address (Content-Language, and the not-found page under $language_prefix): by its prefix, as the server decides it.',
    `set $language ${quote(first!.language.code)};`,
    'set $language_prefix "";',
    // A code is two or three letters (content/schema.ts): nothing in the pattern for nginx to read otherwise.
    ...others.map(({ prefix, language }) => `if ($uri ~ "^${prefix}(/|$)") { set $language ${quote(language.code)}; set $language_prefix ${quote(prefix)}; }`),
    '# Files the server sends in another language than their prefix\'s, or in none.',
    ...exceptions.map(([path, language]) => `if ($uri = ${quote(path)}) { set $language ${quote(language)}; }`),
  ];
}

/**
 * Each old address of every language (redirects.yaml, in each language that
 * has the page) leads to its page in one step, with or without a trailing
 * slash, and from its Markdown to its page's, as the server's do; an address of a page a language has no
 * translation of yet leads to the page in the default language, for now
 * (302); and a page's old addresses by a query (/legal?tab=privacy,
 * Route.queryRedirects) to theirs. An exact location wins over the
 * template's own.
 */
function redirectLines({ redirects, untranslated }: Pick<FilledSite, 'redirects' | 'untranslated'>, routes: readonly Route[]): string[] {
  const locations = (leads: Readonly<Record<string, string>>, status: 301 | 302) =>
    Object.entries(leads).flatMap(([from, to]) => {
      const moved = routes.find((route) => route.path === to)?.queryRedirects;
      const page = [from, `${from}/`].map((old) => `location = ${old} { ${byQuery(moved, status)}return ${status} ${to}; }`);
      return [...page, `location = ${markdownAddress(from)} { return ${status} ${markdownAddress(to)}; }`];
    });
  const lines = locations(redirects, 301);
  const forNow = locations(untranslated, 302);
  const byQueries = routes.flatMap(({ path, queryRedirects }) =>
    queryRedirects ? [`location = ${path} { ${byQuery(queryRedirects)}try_files $uri.html =404; }`, `location = ${path}/ { ${byQuery(queryRedirects)}return 301 ${path}; }`] : [],
  );
  return [
    ...(lines.length > 0 ? ['# The old addresses of content/words/redirects.yaml, each to its page in one step.', ...lines] : []),
    ...(forNow.length > 0 ? ['# The addresses of pages a language has no translation of yet, each to the page in the default language for now.', ...forNow] : []),
    ...(byQueries.length > 0 ? ['# The old addresses of a page\'s documents by a query (/legal?tab=privacy), each to its own page.', ...byQueries] : []),
  ];
}

/** nginx's redirects of a page's old addresses by a query, before what the location does otherwise: 301, or `status` for one that leads there. */
function byQuery(moved: Route['queryRedirects'], status: 301 | 302 = 301): string {
  return moved ? Object.entries(moved.to).map(([value, to]) => `if ($arg_${moved.param} = ${quote(value)}) { return ${status} ${to}; } `).join('') : '';
}

function headersInclude(headers: HeaderList, languages: readonly string[], types: ReadonlyMap<string, string>, redirects: readonly string[]): string {
  const extensions = new Map<string, string[]>();
  for (const [extension, type] of types) extensions.set(type, [...(extensions.get(type) ?? []), extension]);
  return [
    '# Written by `npm run export` (scripts/build/export.ts); included by static-site.conf.',
    '# The headers every response carries (server/security.ts), as the server sends them.',
    ...headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
    ...languages,
    '# Content types by extension, as the server sends each file.',
    'types {',
    ...[...extensions].map(([type, names]) => `    ${quote(type)} ${names.join(' ')};`),
    '}',
    ...redirects,
    '',
  ].join('\n');
}

/** A string nginx reads back as it is: no escapes, no variables. */
function quote(value: string): string {
  if (/[\\$\n\r]/.test(value) || (value.includes('"') && value.includes("'"))) throw new Error(`Cannot quote ${JSON.stringify(value)} for nginx`);
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = fileURLToPath(new URL('../../export', import.meta.url));
  const started = performance.now();
  const { site, editor } = readConfig(process.env);
  const result = await exportSite({ outDir, site, editor });
  const editorLine = editor ? `, the browser editor for ${editor.repo} (for ${editor.origin}) to ${result.editorDir}` : '';
  console.log(`Exported ${result.files.length} addresses for ${site.publicUrl}${editorLine} to ${result.siteDir}, and the nginx config to ${result.nginxDir}, in ${Math.round(performance.now() - started)} ms`);
}
