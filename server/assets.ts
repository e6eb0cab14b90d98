/** The build's client files, read into memory once at start-up. */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { AssetUrls } from './render/render.tsx';

/** dist/client/manifest.json: source name → hashed public URL and SRI digest. */
export interface BuildManifest {
  /** When the build was made (ISO 8601). */
  builtAt: string;
  files: Record<string, { url: string; integrity: string }>;
  /** What each share image says, by its source name: drawn with the words the build filled, which the server's must match. */
  shareImages: Record<string, { title: string; line: string }>;
  /** Each photo of content/art as built for a slot, by "slot/file": its files' source names in each format, the fallback last (scripts/build/pictures.ts). */
  pictures: Record<string, Array<{ type: string; files: Array<{ width: number; name: string }> }>>;
}

export interface AssetFile {
  url: string;
  body: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  contentType: string;
}

export interface LoadedAssets {
  urls: AssetUrls;
  files: AssetFile[];
  shareImages: BuildManifest['shareImages'];
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * dist/client, seen from this module: beside it once bundled into
 * dist/server/main.js, under dist/ when run from source (tests, dev).
 */
export function defaultClientDir(): string {
  const candidates = [join(import.meta.dirname, '..', 'client'), join(import.meta.dirname, '..', 'dist', 'client')];
  return candidates.find((dir) => existsSync(join(dir, 'manifest.json'))) ?? candidates[1]!;
}

export function loadAssets(clientDir: string): LoadedAssets {
  const manifestPath = join(clientDir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${clientDir}: run \`npm run build\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
  const entry = (name: string) => {
    const file = manifest.files[name];
    if (!file) throw new Error(`The client build has no "${name}"; rebuild with \`npm run build\`.`);
    return file;
  };
  const files = Object.values(manifest.files).map(({ url }): AssetFile => {
    const path = join(clientDir, url);
    const optional = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined);
    const br = optional('.br');
    const gzip = optional('.gz');
    return {
      url,
      body: readFileSync(path),
      encoded: { ...(br && { br }), ...(gzip && { gzip }) },
      contentType: CONTENT_TYPES[extname(url)] ?? 'application/octet-stream',
    };
  });
  const script = entry('entry.js');
  const stylesheet = entry('styles.css').url;
  const styles = files.find((file) => file.url === stylesheet)!.body.toString('utf8');
  if (/<\/style/i.test(styles)) throw new Error('The built stylesheet contains "</style", which would end the inline <style> early.');
  return {
    files,
    shareImages: manifest.shareImages ?? {},
    urls: {
      stylesheet,
      styles,
      script: { src: script.url, integrity: script.integrity },
      url: (name) => entry(name).url,
      // An SVG is served as it is; a photo the build did not make is a build out of date, said at once.
      picture: (file, slot) => {
        if (file.endsWith('.svg')) return { src: entry(`art/${file}`).url };
        const formats = manifest.pictures?.[`${slot}/${file}`];
        if (!formats) throw new Error(`The client build has no ${slot} picture "${file}"; rebuild with \`npm run build\`.`);
        return { formats: formats.map(({ type, files }) => ({ type, files: files.map(({ width, name }) => ({ width, url: entry(name).url })) })) };
      },
      builtAt: manifest.builtAt,
    },
  };
}
