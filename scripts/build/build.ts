/**
 * Production build: the client bundle and stylesheet (esbuild), the images
 * and each page's share image, each named by a content hash and
 * pre-compressed, a manifest the server reads at start-up, the browser
 * editor (scripts/build/editor-bundle.ts, served only when turned on), and the server
 * bundle that `npm start` runs with plain node.
 * First the content check (scripts/build/check-content.ts), which reads the content once:
 * any problem stops the build. The share images are drawn from the content
 * filled with the site's settings as this process has them; the server
 * bundle gets the checked content as data (contentAsData), without its
 * parsers, and fills it with its own at start-up (server/app.ts checks that
 * they draw the same words).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { picturesShown } from '../../content/art.ts';
import { ContentError } from '../../content/load.ts';
import type { SiteContent } from '../../content/schema.ts';
import type { BuildManifest } from '../../server/assets.ts';
import type { FilledSite } from '../../shared/routes.ts';
import { shareImage } from '../../shared/share-image.ts';
import { contentAsData } from './content-as-data.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const ASSET_PREFIX = '/assets/';
const CLIENT_TARGET = ['es2022', 'chrome111', 'firefox115', 'safari16'];
/** Types worth compressing; PNGs are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

export interface ClientBuildOptions {
  /** Where the client build goes: dist/client, or the dev server's own directory. */
  outDir?: string;
  /** Writes .br and .gz beside each file; the dev server skips it (brotli at quality 11 takes most of the build). */
  compress?: boolean;
  /** The pictures: content/art, or those of a copy of the content (the tests'). Only those the content shows are built (scripts/build/pictures.ts). */
  artDir?: string;
  /**
   * The filled content and its route table, whose share images to draw; a
   * promise, so the bundles can be built while the content is checked.
   * Undefined (the check found problems): no share images.
   */
  site: FilledSite | Promise<FilledSite | undefined>;
}

export async function buildClient({ outDir = join(dist, 'client'), compress = true, artDir = join(root, 'content', 'art'), site }: ClientBuildOptions): Promise<BuildManifest> {
  const assetsOut = join(outDir, 'assets');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(assetsOut, { recursive: true });
  const manifest: BuildManifest = { builtAt: new Date().toISOString(), files: {}, shareImages: {}, pictures: {} };
  const emit = (name: string, body: Buffer, hashedName?: string) => emitAsset({ manifest, assetsOut, compress }, name, body, hashedName);
  const localHours = await buildLocalHours(emit, manifest);

  const bundle = await esbuild.build({
    entryPoints: { entry: join(root, 'client/entry.tsx'), styles: join(root, 'client/styles.css') },
    bundle: true,
    minify: true,
    format: 'esm',
    // The islands (React and all) are a chunk of their own, which the entry imports on the first interaction.
    splitting: true,
    chunkNames: '[name].[hash]',
    target: CLIENT_TARGET,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    write: false,
    outdir: assetsOut,
    plugins: [localHours],
    logLevel: 'warning',
  });
  for (const file of bundle.outputFiles) {
    const output = bundle.metafile.outputs[relative(root, file.path)];
    const source = output?.entryPoint ? basename(output.entryPoint).replace(/\.tsx?$/, '.js') : basename(file.path);
    // The entry and the stylesheet are named by the pages through the manifest, so they get our
    // hash; a chunk is named inside the entry, so it keeps the hashed name esbuild gave it there.
    const named = source === 'entry.js' || source === 'styles.css';
    await emit(source, Buffer.from(file.contents), named ? undefined : relative(assetsOut, file.path));
  }

  // The icons.
  const icons = join(root, 'client', 'assets');
  for (const file of await listFiles(icons)) await emit(relative(icons, file).split('\\').join('/'), await readFile(file));
  // The pictures the content shows, and each page's share image, drawn from the filled words; the manifest keeps what each says, for the server to compare.
  const filled = await site;
  if (filled) {
    const [{ renderShareImage, shareImageFit }, { buildPictures }] = await Promise.all([import('./share-images.ts'), import('./pictures.ts')]);
    manifest.pictures = await buildPictures(picturesShown(filled.editions.map((edition) => edition.content)), artDir, emit);
    const images = new Map(filled.editions.flatMap(({ routes, content }) => routes.map((route) => shareImage(route, content))).map((image) => [image.name, image]));
    await shareImageFit.prepare([...images.values()]);
    for (const image of images.values()) {
      await emit(image.name, await renderShareImage(image, { artDir }));
      manifest.shareImages[image.name] = { title: image.title, line: image.line };
    }
  }
  await writeFile(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** The stylesheet alone, built as buildClient builds it: the dev server swaps it into open pages. */
export async function buildStyles(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(root, 'client/styles.css')],
    bundle: true,
    minify: true,
    target: CLIENT_TARGET,
    write: false,
    outdir: join(dist, 'styles'),
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The footer's hours in the visitor's time zone (client/local-hours.ts), bundled
 * on their own, and a plugin that points the entry's import of them at the
 * built file. Inside the split build, any second module in the entry makes
 * esbuild move its runtime helpers to a chunk of their own that the entry and
 * the islands would fetch too (https://github.com/evanw/esbuild/issues/1892).
 */
async function buildLocalHours(emit: (name: string, body: Buffer) => Promise<void>, manifest: BuildManifest): Promise<esbuild.Plugin> {
  const built = await esbuild.build({
    entryPoints: [join(root, 'client/local-hours.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: CLIENT_TARGET,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  });
  await emit('local-hours.js', Buffer.from(built.outputFiles[0]!.contents));
  const url = manifest.files['local-hours.js']!.url;
  return {
    name: 'local-hours',
    setup(build) {
      build.onResolve({ filter: /^\.\/local-hours\.ts$/ }, () => ({ path: `./${relative(ASSET_PREFIX, url)}`, external: true }));
    },
  };
}

export async function buildServer(content: SiteContent): Promise<void> {
  await rm(join(dist, 'server'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(root, 'server/main.ts'), join(root, 'server/tracing.ts')],
    outdir: join(dist, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // What main.ts imports only when a setting asks (the tracing SDK, prom-client) is a file of
    // its own, read only then: inlined, every start would parse it.
    splitting: true,
    // The oldest Node line package.json's engines accept.
    target: 'node22',
    jsx: 'automatic',
    // React's production build, whatever NODE_ENV the process runs with: the
    // development build is slower and its warnings are for the test suite.
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    // Dependencies are bundled too: a few files load several times faster than node_modules' hundreds.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    // Node maps a stack (NODE_OPTIONS=--enable-source-maps) with the mappings and the sources' names; their text, 5 MB of the maps' 8, it would only quote.
    sourcesContent: false,
    plugins: [contentAsData(content)],
    logLevel: 'warning',
  });
}

/**
 * Writes one asset under a content-hashed name (or `hashedName`, when the
 * bundler has hashed it already), with .br and .gz beside it where they help.
 */
async function emitAsset(
  { manifest, assetsOut, compress }: { manifest: BuildManifest; assetsOut: string; compress: boolean },
  name: string,
  body: Buffer,
  hashedName = withHash(name, body),
): Promise<void> {
  const ext = extname(name);
  const out = join(assetsOut, hashedName);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, body);
  if (compress && COMPRESSIBLE.has(ext)) {
    const br = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) await writeFile(`${out}.br`, br);
    if (gz.length < body.length) await writeFile(`${out}.gz`, gz);
  }
  manifest.files[name] = {
    url: ASSET_PREFIX + hashedName,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
  };
}

function withHash(name: string, body: Buffer): string {
  const ext = extname(name);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return `${name.slice(0, -ext.length)}.${hash}${ext}`;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat().sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const [{ readSiteOrExit }, { checkOwnContent, reportProblems }] = await Promise.all([import('../../server/config.ts'), import('./check-content.ts')]);
  // Before anything is built: a problem in the content stops the build with one line each.
  const site = readSiteOrExit(process.env);
  const { filled, problems } = await checkOwnContent(site);
  if (!filled) {
    reportProblems(problems);
    console.error(`Build stopped: ${problems.length} content problem${problems.length === 1 ? '' : 's'} (npm run check says the same).`);
    process.exit(1);
  }
  const [{ siteContent }, { buildEditor }] = await Promise.all([import('../../content/index.ts'), import('./editor-bundle.ts')]);
  // The server's bundle needs the content alone: esbuild makes it while this process draws and compresses the client's files.
  const [manifest] = await Promise.all([buildClient({ site: filled }), buildServer(siteContent)]).catch((error: unknown) => {
    // A picture that cannot be read to the end is found only once it is made (scripts/build/pictures.ts).
    if (!(error instanceof ContentError)) throw error;
    reportProblems(error.problems);
    console.error('Build stopped: a picture cannot be made.');
    process.exit(1);
  });
  await buildEditor(manifest, site);
  await writeFile(join(dist, '.build-stamp'), new Date().toISOString());
  console.log(`Built ${Object.keys(manifest.files).length} assets and the server in ${Math.round(performance.now() - started)} ms`);
}
