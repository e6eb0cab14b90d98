/**
 * The browser editor's files (client/admin/): its page and one bundle,
 * Decap CMS with our React, the collections generated from the schemas
 * (content/editor.ts) and the preview with the content as data. Never
 * loaded by the site's pages, and nothing of it in dist/server: the server
 * serves these files only when the editor is turned on (server/admin.ts).
 * `npm run build` writes them to dist/admin; `npm run dev` builds them on
 * the first request for /admin.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { AdminSetup } from '../client/admin/setup.ts';
import { cmsSetup } from '../content/editor.ts';
import type { Content } from '../content/schema.ts';
import type { BuildManifest } from '../server/assets.ts';
import type { SiteConfig } from '../shared/site.ts';
import { contentAsData } from './content-as-data.ts';

const root = join(import.meta.dirname, '..');

export interface AdminFiles {
  html: string;
  script: Uint8Array;
}

export async function bundleAdmin(manifest: BuildManifest, site: SiteConfig, content: Content): Promise<AdminFiles> {
  const setup: AdminSetup = { ...cmsSetup(), site, assets: Object.fromEntries(Object.entries(manifest.files).map(([name, file]) => [name, file.url])) };
  const setupAsData: esbuild.Plugin = {
    name: 'admin-setup-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]client[\\/]admin[\\/]setup\.ts$/ }, () => ({ loader: 'js', contents: `export const setup = ${JSON.stringify(setup)};` }));
    },
  };
  const result = await esbuild.build({
    entryPoints: [join(root, 'client/admin/admin.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    // Decap's dependencies were written for webpack, which provides these two.
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    legalComments: 'none',
    write: false,
    outdir: join(root, 'dist', 'admin'),
    plugins: [setupAsData, contentAsData(content)],
    logLevel: 'warning',
  });
  return { html: readFileSync(join(root, 'client/admin/index.html'), 'utf8'), script: result.outputFiles[0]!.contents };
}

/** dist/admin: index.html, admin.js and its gzip (brotli at the site's quality would take longer than the rest of the build). */
export async function buildAdmin(manifest: BuildManifest, site: SiteConfig, content: Content, outDir = join(root, 'dist', 'admin')): Promise<void> {
  const files = await bundleAdmin(manifest, site, content);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'index.html'), files.html);
  await writeFile(join(outDir, 'admin.js'), files.script);
  await writeFile(join(outDir, 'admin.js.gz'), gzipSync(files.script, { level: 9 }));
}
