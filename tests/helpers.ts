import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parseContentSecurityPolicy from 'content-security-policy-parser';
import { expect, vi } from 'vitest';
import { EDITOR_INCLUDE, HEADERS_INCLUDE, fetchRaw } from '../scripts/build/export.ts';
import { BROTLI_STATIC_MODULE, freePort, NGINX, standaloneNginxConfig } from '../harness/harness.ts';
import { createApp, type App, type AppOptions } from '../server/app.ts';
import { siteContent } from '../content/index.ts';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { ART_FOLDER, checkContent, ContentError, entryOf, LANGUAGES_FILE, REDIRECTS_FILE, WORDS_FOLDER } from '../content/load.ts';
import { readContent, readSources, REPO_ROOT } from '../content/read.ts';
import type { SiteContent } from '../content/schema.ts';
import { fillSite, type FilledSite } from '../shared/routes.ts';
import { defaultSite, type SiteConfig } from '../shared/site.ts';

// Shared with the scripts: defined in harness/harness.ts.
export { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort, listening, THROWN_MESSAGE, throwingRoute, withThrowingRoute } from '../harness/harness.ts';

/** The built server's code (npm run build, which npm test runs first): main.js and every file it may import, as one text. */
export function serverBundle(): string {
  const dir = join(REPO_ROOT, 'dist', 'server');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}

/** A text for a RegExp that matches it as it is (a file's path, with its dots). */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The site's app with no precompressed pages unless a test asks: their ~0.4 s of CPU would hold up the worker's other requests. */
export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({
    config: { nodeEnv: 'test', trustProxy: () => false, site: defaultSite },
    precompress: false,
    ...overrides,
  });
}

/** A Content-Security-Policy header's directives and their sources, parsed as the CSP spec says (helmet's parser). */
export function cspDirectives(header: unknown): Map<string, string[]> {
  if (typeof header !== 'string') throw new Error(`no Content-Security-Policy header: ${String(header)}`);
  return parseContentSecurityPolicy(header);
}

/** The default language alone, for apps testing what no language changes: an app renders every language's pages on start, and starts in a third of the time. */
export const defaultLanguageOnly: SiteContent = { ...siteContent, languages: siteContent.languages.slice(0, 1), editions: siteContent.editions.slice(0, 1) };

let shared: App | undefined;
/** The default app, made once per worker for the files that only read from it (isolate: false); a test that changes an app makes its own. */
export function sharedApp(): App {
  shared ??= testApp();
  return shared;
}

/** Every language's pages, and each language's content, with the default settings in their placeholders, as the pages show them. */
export const { routes: filledRoutes, editions } = fillSite(defaultSite, siteContent);
/** For a check of what no language changes: the default language and the first right-to-left one (another direction, script and digits). */
export function twoLanguages<T extends { language: { direction: string } }>(all: readonly T[]): T[] {
  const rtl = all.find((edition) => edition.language.direction === 'rtl');
  return rtl && rtl !== all[0] ? [all[0]!, rtl] : all.slice(0, 1);
}

/** The default language's content, filled. */
export const content = editions[0]!.content;

/**
 * The default language's category pages, those no redirect of the owners' leads to first (in their order otherwise):
 * a test that moves or removes one leaves the owners' redirects as they hold.
 */
export const categoryRoutes = (() => {
  const ledTo = new Set(siteContent.redirects.redirects.map(({ to }) => to));
  return editions[0]!.routes.filter((route) => route.category).sort((a, b) => Number(ledTo.has(a.key)) - Number(ledTo.has(b.key)));
})();
/** Their categories, in the same order. */
export const categories = categoryRoutes.map((route) => route.category!);
/** `wanted`, or `wanted-2`, `wanted-3`…: the address and file name of no category of the content, for a test's new one. */
export function unusedSlug(wanted: string): string {
  const taken = new Set(categories.flatMap(({ id, slug }) => [id, slug]));
  let slug = wanted;
  for (let count = 2; taken.has(slug); count++) slug = `${wanted}-${count}`;
  return slug;
}

/** The content as shipped, frozen, which the spec's words are checked against, as owners edit the live files (docs/testing.md). */
export const SHIPPED_ROOT = join(import.meta.dirname, 'fixtures', 'shipped');

/** A site as the tests check it: every language's content filled with its settings and its pages, and its app. */
export interface SiteUnderTest extends FilledSite {
  app: App;
  site: SiteConfig;
}

/** The live content's site, with these settings, served by `app` (made with the same settings). */
export function liveSite(app: App, site: SiteConfig = defaultSite): SiteUnderTest {
  return { ...fillSite(site, siteContent), app, site };
}

/** The app for the content under `root`, made as the build makes it: once the whole check passes, with a client build of its own (its pictures, not dist/'s). */
export async function siteAt(root: string, { site = defaultSite }: { site?: SiteConfig } = {}): Promise<SiteUnderTest & { remove: () => void }> {
  // Imported here, not above: most files that import the helpers never check the share images or build (resvg, esbuild).
  const [{ checkSite }, { buildClient }] = await Promise.all([import('../scripts/build/check-content.ts'), import('../scripts/build/build.ts')]);
  const checked = readContent(root);
  const { filled, problems } = await checkSite(checked, site);
  // Each line names its file under `root`: the fixture's or a copy's, not the live one of the same name.
  if (!filled || !checked.content) throw new ContentError(problems.map((problem) => `${root}/${problem}`));
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  await buildClient({ outDir: clientDir, compress: false, site: filled, artDir: join(root, ART_FOLDER) });
  const app = testApp({ content: checked.content, clientDir, config: { nodeEnv: 'test', trustProxy: () => false, site } });
  return { ...filled, app, site, remove: () => rmSync(clientDir, { recursive: true, force: true }) };
}

/** A copy of the content/ under `from` (the repository's, or the fixture's) in a temporary folder, for a test to edit; `remove` when done. */
export function contentCopy(from = REPO_ROOT) {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  cpSync(join(from, 'content'), join(root, 'content'), { recursive: true });
  const path = (file: string) => join(root, WORDS_FOLDER, file);
  return {
    root,
    art: join(root, ART_FOLDER),
    ...editing(
      (file) => readFileSync(path(file), 'utf8'),
      (file, text) => {
        mkdirSync(join(path(file), '..'), { recursive: true });
        writeFileSync(path(file), text);
      },
    ),
    /** Each file's own problems (content/load.ts). */
    problems: () => readContent(root).problems,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Reading, writing and editing the content files of a copy, by their path under content/words. */
function editing(read: (file: string) => string, write: (file: string, text: string) => void) {
  return {
    read,
    write,
    /** Replaces the first `from` in a content file; the test fails if there is none. */
    edit(file: string, from: string | RegExp, to: string) {
      expect(read(file)).toMatch(from);
      write(file, read(file).replace(from, to));
    },
    /** Adds redirects to redirects.yaml, first in its list: those the owners made stay, and still hold. */
    redirect(redirects: ReadonlyArray<readonly [from: string, to: string]>) {
      const listed = redirects.map(([from, to]) => `  - from: ${from}\n    to: ${to}\n`).join('');
      const file = REDIRECTS_FILE.slice(WORDS_FOLDER.length + 1);
      expect(read(file)).toMatch(/^redirects:(?: \[\])?\n/m);
      write(file, read(file).replace(/^redirects:(?: \[\])?\n/m, `redirects:\n${listed}`));
    },
    /** Adds an address to published in redirects.yaml, first in its list, as docs/editing.md asks of a page added by hand. */
    publish(address: string) {
      const file = REDIRECTS_FILE.slice(WORDS_FOLDER.length + 1);
      expect(read(file)).toMatch(/^published:\n/m);
      write(file, read(file).replace(/^published:\n/m, `published:\n  - ${address}\n`));
    },
    /** "line:column" of the first `needle` in a content file as it is now. */
    at(file: string, needle: string) {
      const offset = read(file).indexOf(needle);
      expect(offset, `${needle} in ${file}`).toBeGreaterThanOrEqual(0);
      const before = read(file).slice(0, offset).split('\n');
      return `${before.length}:${before.at(-1)!.length + 1}`;
    },
  };
}

/** The content's files in memory, for a table of what checkContent says of each edit; the default language alone unless `everyLanguage`, as each language costs a third more to check. */
export function contentInMemory({ everyLanguage = false } = {}) {
  const { files, art } = readSources();
  const words = new Map(files.map((file) => [file.path, file.text]));
  if (!everyLanguage) {
    const languages = parseDocument(words.get(LANGUAGES_FILE)!);
    const only = languages.get('default') as string;
    const listed = languages.get('languages') as YAMLSeq<YAMLMap>;
    listed.items = listed.items.filter((item) => item.get('code') === only);
    words.set(LANGUAGES_FILE, languages.toString());
    for (const path of words.keys()) {
      const language = entryOf(path)?.language;
      if (language !== undefined && language !== only) words.delete(path);
    }
  }
  const path = (file: string) => `${WORDS_FOLDER}/${file}`;
  const checked = () => checkContent({ files: [...words].map(([file, text]) => ({ path: file, text })), art });
  return {
    art,
    ...editing(
      (file) => words.get(path(file)) ?? expect.fail(`no ${path(file)}`),
      (file, text) => void words.set(path(file), text),
    ),
    remove: (file: string) => void words.delete(path(file)),
    checked,
    problems: () => checked().problems,
  };
}

/**
 * A phone's photo: upright red over blue, in blotches of noise (a photo's detail at any width), with EXIF and GPS;
 * `sideways`: stored turned a quarter with orientation 6, as phones store one taken upright.
 */
export async function photo(width: number, height: number, { format = 'jpeg', sideways = false }: { format?: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'; sideways?: boolean } = {}): Promise<Buffer> {
  const stored = sideways ? { width: height, height: width } : { width, height };
  const blotch = Math.max(1, Math.round(stored.width / 500));
  const small = { width: Math.ceil(stored.width / blotch), height: Math.ceil(stored.height / blotch) };
  const pixels = Buffer.alloc(small.width * small.height * 3);
  let seed = 1;
  for (let at = 0; at < pixels.length; at += 3) {
    const x = (at / 3) % small.width;
    const y = Math.floor(at / 3 / small.width);
    // Stored sideways, what is shown at the top is stored at the left (orientation 6: turned a quarter clockwise to be shown).
    const red = sideways ? x < small.width / 2 : y < small.height / 2;
    seed = (seed * 48271) % 2147483647;
    const noise = (seed % 81) - 40;
    pixels[at] = (red ? 190 : 50) + noise;
    pixels[at + 1] = 60 + noise;
    pixels[at + 2] = (red ? 50 : 190) + noise;
  }
  const { default: sharp } = await import('sharp');
  const raw = await sharp(pixels, { raw: { ...small, channels: 3 } }).resize(stored.width, stored.height, { kernel: 'cubic' }).raw().toBuffer();
  return sharp(raw, { raw: { ...stored, channels: 3 } })
    .withMetadata({ orientation: sideways ? 6 : 1 })
    .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toFormat(format, format === 'avif' ? { effort: 0 } : {})
    .toBuffer();
}

/** A raw TCP connection, for what supertest and fetch cannot send or see: all it received, and when the server closed it. */
export async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A server that resets the connection (a forced shutdown) is an outcome the tests read from `closed` and `received`.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  const received = () => Buffer.concat(chunks);
  /** Resolves once what was received, as latin1 text, satisfies `predicate`; after 10 s without it, fails saying whether the server closed. */
  const receivedUntil = (predicate: (text: string) => boolean) =>
    vi.waitFor(
      () => {
        if (predicate(received().toString('latin1'))) return;
        throw new Error(`${isClosed ? 'the connection closed' : 'still waiting'} after ${received().length} bytes`);
      },
      { timeout: 10_000, interval: 5 },
    );
  return { socket, closed, received, receivedUntil };
}

/** Sends raw bytes on a new connection and returns, as latin1 text, everything the server sent until it closed the connection. */
export async function rawRequest(port: number, payload: string | Buffer): Promise<string> {
  const connection = await rawConnection(port);
  connection.socket.write(payload);
  await connection.closed;
  return connection.received().toString('latin1');
}

/** The error a new connection to `port` meets (ECONNREFUSED once a server has stopped listening). */
export function connectionError(port: number): Promise<NodeJS.ErrnoException> {
  return new Promise((resolve) => connect(port, '127.0.0.1').once('error', resolve));
}

/** nginx serving an export (scripts/build/export.ts) as an operator installs it: the includes in snippets/, our port and roots. */
export interface ExportServer {
  origin: string;
  /** What nginx wrote to its error log (stderr) so far. */
  log: readonly string[];
  stop: () => Promise<void>;
}

/** Starts nginx with the export's static-site.conf and includes (the editor's with `editorDir`); fails with its log if it exits or 10 s pass. */
export async function serveExport({ outDir, siteDir, nginxDir, editorDir }: { outDir: string; siteDir: string; nginxDir: string; editorDir?: string }): Promise<ExportServer> {
  const run = join(outDir, 'run');
  const conf = join(run, 'conf');
  mkdirSync(join(conf, 'snippets'), { recursive: true });
  const port = await freePort();
  const installed = (text: string, root: string) => text.replace(/listen \d+;/, `listen 127.0.0.1:${port};`).replace(/root \S+;/, `root ${root};`);
  writeFileSync(join(conf, 'snippets', HEADERS_INCLUDE), readFileSync(join(nginxDir, HEADERS_INCLUDE)));
  if (editorDir) writeFileSync(join(conf, 'snippets', EDITOR_INCLUDE), installed(readFileSync(join(nginxDir, EDITOR_INCLUDE), 'utf8'), editorDir));
  writeFileSync(join(conf, 'static-site.conf'), installed(readFileSync(join(nginxDir, 'static-site.conf'), 'utf8'), siteDir));
  writeFileSync(join(conf, 'nginx.conf'), standaloneNginxConfig(run, '  include static-site.conf;', { errorLog: 'stderr', modules: [BROTLI_STATIC_MODULE!] }));
  const child = spawn(NGINX!, ['-p', run, '-c', join(conf, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const log: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log.join('')}`);
      await fetchRaw(origin, '/');
    },
    { timeout: 10_000, interval: 50 },
  );
  return {
    origin,
    log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** A language the owners have not added, as they would add one (its code, name in itself and locale): the first of these that `listed` (codes) lacks. */
export function unlistedLanguage(listed: readonly string[]): { code: string; name: string; locale: string } {
  return [
    { code: 'de', name: 'Deutsch', locale: 'de-DE' },
    { code: 'es', name: 'Español', locale: 'es-ES' },
    { code: 'it', name: 'Italiano', locale: 'it-IT' },
  ].find(({ code }) => !listed.includes(code))!;
}
