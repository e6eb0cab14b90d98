/**
 * The browser editor's files (client/editor/): its page and its bundle in
 * chunks, Decap CMS with our React, the collections generated from the schemas
 * (content/editor-config.ts), the editor's own words (content/editor-words/), the
 * content check, and the preview. No content is
 * bundled: the editor reads the repository's (so it opens whatever state
 * the files are in). Never loaded by the site's pages, and nothing of it in
 * dist/server: the server serves these files only when the editor is
 * turned on (server/editor-site.ts). `npm run build` writes them to dist/editor;
 * `npm run dev` builds them on the first request for /admin.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { EditorSetup } from '../../client/editor/setup.ts';
import { editorConfigProblems, editorConfig, labelled } from '../../content/editor-config.ts';
import { readEditorWordsFolder, readLanguages } from '../../content/read.ts';
import { EDITOR_PATH } from '../../server/editor-paths.ts';
import type { BuildManifest } from '../../server/assets.ts';
import { SHARE_FONTS } from '../../shared/share-image-layout.ts';
import type { SiteConfig } from '../../shared/site.ts';

const root = join(import.meta.dirname, '..', '..');

/** The editor's files by name, all served under /admin/: its page, its first script (editor.js and the chunks it imports) and the chunks it loads when first needed (the Markdown editor, HarfBuzz), HarfBuzz's wasm and the share images' fonts. */
export type EditorFiles = Map<string, Uint8Array>;

const require = createRequire(import.meta.url);

/**
 * Modules of Decap's the bundle leaves out, each replaced by what the editor
 * needs of it. Each is named by its path in its package, which an upgrade
 * may move: the build then stops, saying so.
 */
const LEFT_OUT = [
  {
    // Decap checks its configuration when it starts with ajv, which compiles each validator with `new Function`: the CSP would need 'unsafe-eval' (decap-cms#2138). The build checks the configuration it generates instead (editorConfigProblems).
    module: /[\\/]decap-cms-core[\\/]dist[\\/]esm[\\/]constants[\\/]configSchema\.js$/,
    contents: '// Checked when the editor was built (scripts/build/editor-bundle.ts).\nexport function validateConfig() {}\n',
    gone: 'decap-cms-core has no dist/esm/constants/configSchema.js any more: find where it checks its configuration (ajv), so the editor can run without unsafe-eval',
  },
  {
    // The GitHub backend's GraphQL client (Apollo and graphql.js, 35.9 KB of the first script in brotli) runs only with `use_graphql`, which config.yml never sets (server/editor-site.ts): the REST API does everything.
    module: /[\\/]decap-cms-backend-github[\\/]dist[\\/]esm[\\/]GraphQLAPI\.js$/,
    contents: "export default class GraphQLAPI { constructor() { throw new Error('use_graphql is not in this build of the editor (scripts/build/editor-bundle.ts)'); } }\n",
    gone: 'decap-cms-backend-github has no dist/esm/GraphQLAPI.js any more: find where it loads its GraphQL client, so the editor leaves it out',
  },
  {
    // Decap's TOML format: our collections have formats of their own (formats.ts). Its parser, @iarna/toml, tries `eval` when loaded, which the CSP refuses and reports.
    module: /[\\/]decap-cms-core[\\/]dist[\\/]esm[\\/]formats[\\/]toml\.js$/,
    contents: "const none = () => { throw new Error('TOML is not in this build of the editor (scripts/build/editor-bundle.ts)'); };\nexport default { fromFile: none, toFile: none };\n",
    gone: 'decap-cms-core has no dist/esm/formats/toml.js any more: find where it loads its TOML parser, so the editor leaves it out',
  },
];
const leftOut: esbuild.Plugin = {
  name: 'left-out',
  setup(build) {
    const replaced = new Set<RegExp>();
    for (const { module, contents } of LEFT_OUT) {
      build.onLoad({ filter: module }, () => {
        replaced.add(module);
        return { loader: 'js', contents };
      });
    }
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      for (const { module, gone } of LEFT_OUT) if (!replaced.has(module)) result.errors.push({ text: gone } as esbuild.PartialMessage as esbuild.Message);
    });
  },
};

/** HarfBuzz's loader asks Node for `module`, `fs`, `path` and `url` only when it runs in Node: in the browser those imports stay unresolved and unrun. */
const harfbuzzInBrowser: esbuild.Plugin = {
  name: 'harfbuzz-in-browser',
  setup(build) {
    build.onResolve({ filter: /^(module|fs|path|url)$/ }, (args) => (/[\\/]harfbuzzjs[\\/]/.test(args.importer) ? { path: args.path, external: true } : undefined));
  },
};

/** The editor's files, for the site's built client in `clientDir` and the languages content/words/languages.yaml under `contentRoot` lists now (the editor's are the build's). */
export async function bundleEditor(manifest: BuildManifest, site: SiteConfig, clientDir = join(root, 'dist', 'client'), contentRoot = root): Promise<EditorFiles> {
  // The preview draws with the site's stylesheet, and the editor's own origin serves nothing of the site: it is one of the editor's files.
  const stylesheet = manifest.files['styles.css']!.url;
  const assets = { ...Object.fromEntries(Object.entries(manifest.files).map(([name, file]) => [name, file.url])), 'styles.css': `${EDITOR_PATH}/${basename(stylesheet)}` };
  // The editor's own words are checked here: a phrase missing or extra stops the build, naming it.
  const setup: EditorSetup = { ...editorConfig(readLanguages(contentRoot)), words: readEditorWordsFolder(contentRoot), site, assets };
  const { i18n, collections, textCollections, media_folder, public_folder, media_library, slug, formats } = setup;
  // The collections as the editor labels them in each language it speaks.
  const problems = Object.values(setup.words).flatMap((words) => editorConfigProblems({ i18n, collections: [...labelled(collections, words), ...textCollections], media_folder, public_folder, media_library, slug }, formats));
  if (problems.length > 0) throw new Error(`The editor's configuration is not one Decap accepts:\n${problems.join('\n')}`);
  const setupAsData: esbuild.Plugin = {
    name: 'editor-setup-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]client[\\/]editor[\\/]setup\.ts$/ }, () => ({ loader: 'js', contents: `export const setup = ${JSON.stringify(setup)};` }));
    },
  };
  const outdir = join(root, 'dist', 'editor');
  const result = await esbuild.build({
    entryPoints: [{ in: join(root, 'client/editor/start.tsx'), out: 'editor' }],
    bundle: true,
    minify: true,
    format: 'esm',
    // What is loaded when first needed (the Markdown editor, HarfBuzz for the check's measuring) is a chunk of its own.
    splitting: true,
    chunkNames: '[name].[hash]',
    target: ['es2022'],
    jsx: 'automatic',
    // Decap's dependencies were written for webpack, which provides these two.
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    legalComments: 'none',
    write: false,
    outdir,
    plugins: [setupAsData, leftOut, harfbuzzInBrowser],
    logLevel: 'warning',
  });
  const files: EditorFiles = new Map([['index.html', readFileSync(join(root, 'client/editor/index.html'))], [basename(stylesheet), readFileSync(join(clientDir, stylesheet))]]);
  for (const file of result.outputFiles) files.set(relative(outdir, file.path), file.contents);
  // harfbuzzjs finds its wasm beside the module that loads it (import.meta.url): the chunk, here.
  files.set('harfbuzz.wasm', readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz.wasm')));
  for (const font of SHARE_FONTS) files.set(`${font.id}.ttf`, readFileSync(require.resolve(`${font.package}/${font.file}`)));
  return files;
}

/** dist/editor: the editor's files, and a gzip of each script (brotli at the site's quality would take longer than the rest of the build). */
export async function buildEditor(manifest: BuildManifest, site: SiteConfig, outDir = join(root, 'dist', 'editor')): Promise<void> {
  const files = await bundleEditor(manifest, site);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const [name, bytes] of files) {
    await writeFile(join(outDir, name), bytes);
    if (name.endsWith('.js')) await writeFile(join(outDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  }
}
