/**
 * What the build makes of the photos of content/art, with sharp: for each
 * slot a photo is shown in (content/art.ts), the photo upright, cropped to
 * the slot's shape around what draws the eye (sharp's attention strategy)
 * and scaled to each of the slot's widths, never above the master's, in
 * AVIF, WebP and a fallback of its own kind (JPEG; PNG for a PNG, or for a
 * WebP or AVIF with transparency), with no metadata (sharp keeps none
 * unless asked). Each file is kept in node_modules/.cache/pictures (kept.ts) by the
 * master's bytes, what was asked and this module's code, so that a rebuild,
 * the dev server's included, makes none of them again. SVGs are copied as
 * they are, and drawn by the browser at any size.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ART_FOLDER, MASTER_LIMITS, pictureNeed, pictureWidths, type PictureSlot } from '../../content/art.ts';
import { ContentError } from '../../content/load.ts';
import type { BuildManifest } from '../../server/assets.ts';
import { codeKey, keptOrMade } from './kept.ts';

/** This module's code, in every cached file's key: a change of how pictures are made makes them anew. */
const CODE = codeKey(import.meta.url);

/** The formats a photo is made in, each with its encoder's settings: AVIF at effort 2 takes a tenth of the default's time for files 5 % larger. */
const FORMATS = {
  avif: { type: 'image/avif', extension: 'avif', options: { effort: 2 } },
  webp: { type: 'image/webp', extension: 'webp', options: {} },
  jpeg: { type: 'image/jpeg', extension: 'jpg', options: { mozjpeg: true } },
  png: { type: 'image/png', extension: 'png', options: {} },
} as const;
export type PictureFormat = keyof typeof FORMATS;

/** A picture the content shows, and in which slot. */
export interface PictureUse {
  file: string;
  slot: PictureSlot;
}

/**
 * Emits every picture the content shows: an SVG as it is (under art/), a
 * photo as its files for each slot it is shown in (under art/<slot>/), and
 * returns what the server needs to name the photos' files.
 */
export async function buildPictures(uses: readonly PictureUse[], artDir: string, emit: (name: string, body: Buffer) => Promise<void>): Promise<BuildManifest['pictures']> {
  const pictures: BuildManifest['pictures'] = {};
  await Promise.all(
    uses.map(async ({ file, slot }) => {
      const master = await readFile(join(artDir, file));
      if (file.endsWith('.svg')) return emit(`art/${file}`, master);
      const formats = ['avif', 'webp', await fallbackFormat(file, master)] as const;
      const made = await Promise.all(
        formats.map(async (format) => ({
          type: FORMATS[format].type,
          files: await Promise.all(
            pictureWidths(slot).map(async (width) => {
              const name = `art/${slot}/${file}-${width}.${FORMATS[format].extension}`;
              await emit(name, await derived(file, master, { slot, width, format }));
              return { width, name };
            }),
          ),
        })),
      );
      pictures[`${slot}/${file}`] = made;
    }),
  );
  return pictures;
}

/** The fallback a browser without AVIF and WebP gets: the master's own kind, or JPEG for a WebP or AVIF without transparency. */
export async function fallbackFormat(file: string, master: Buffer): Promise<PictureFormat> {
  if (file.endsWith('.png')) return 'png';
  if (file.endsWith('.jpg') || file.endsWith('.jpeg')) return 'jpeg';
  return (await sharp(master).metadata()).hasAlpha ? 'png' : 'jpeg';
}

/**
 * One file made of a photo: upright, cropped to its slot's shape, `width`
 * wide (no wider than the content check let the master be), in `format`.
 * Read from the cache when it was made before.
 */
export async function derived(file: string, master: Buffer, { slot, width, format }: { slot: PictureSlot; width: number; format: PictureFormat }): Promise<Buffer> {
  const need = pictureNeed(slot);
  const height = Math.round((width * need.height) / need.width);
  const key = createHash('sha256').update(master).update(JSON.stringify([CODE, sharp.versions, slot, width, height, format])).digest('hex');
  return keptOrMade('pictures', `${key}.${FORMATS[format].extension}`, async () => {
    try {
      return await sharp(master)
        .autoOrient()
        .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: true })
        .toFormat(format, FORMATS[format].options)
        .toBuffer();
    } catch (error) {
      throw new ContentError([unreadable(file, error)]);
    }
  });
}

/** The line of a photo that cannot be decoded (a file cut short, its header whole): the check's and the build's. */
function unreadable(file: string, error: unknown): string {
  return `${ART_FOLDER}/${file}: cannot be read to the end (${(error as Error).message}): upload it again`;
}

/**
 * Why a photo cannot be made into the site's files, or undefined: each is
 * decoded whole, as the build will, so that a file cut short with a header
 * that reads (which image-size, and so the content check, take as a
 * picture) is refused by the check, not found by the build. A photo read
 * to its end once is kept as such (kept.ts), so a rebuild decodes none again.
 */
export async function readProblem(file: string, bytes: Uint8Array): Promise<string | undefined> {
  if (file.endsWith('.svg')) return undefined;
  const key = createHash('sha256').update(bytes).update(JSON.stringify(sharp.versions)).digest('hex');
  let problem: string | undefined;
  // stats() decodes every pixel without keeping them; what is kept is that it could. Nothing is kept of a picture
  // that cannot be decoded: it is refused again until it is replaced. A cache that cannot be written is thrown.
  await keptOrMade('decoded', key, async () => {
    problem = await sharp(bytes).stats().then(
      () => undefined,
      (error: unknown) => unreadable(file, error),
    );
    if (problem) throw new ContentError([problem]);
    return Buffer.alloc(0);
  }).catch((error: unknown) => {
    if (!problem) throw error;
  });
  return problem;
}

/**
 * What the check says of a photo without stopping the build: that it
 * carries metadata (the site's copies drop it, the repository keeps it),
 * or is larger than a master needs to be (MASTER_LIMITS).
 */
export async function masterNotices(uses: readonly PictureUse[], art: ReadonlyMap<string, Uint8Array>): Promise<string[]> {
  const files = [...new Set(uses.map((use) => use.file).filter((file) => !file.endsWith('.svg') && art.has(file)))];
  const notices = await Promise.all(
    files.map(async (file) => {
      const master = art.get(file)!;
      const bytes = master.length;
      const { width = 0, height = 0, exif, xmp, iptc, comments, autoOrient } = await sharp(master).metadata();
      const shown = `${ART_FOLDER}/${file}`;
      const megabytes = (count: number) => `${(count / 1024 / 1024).toFixed(1)} MB`;
      return [
        ...(exif || xmp || iptc || comments
          ? [`${shown}: carries metadata (${[exif && 'EXIF', xmp && 'XMP', iptc && 'IPTC', comments && 'comments'].filter(Boolean).join(', ')}: the camera, often where and when it was taken): the site's copies leave it out, but the file in the repository keeps it`]
          : []),
        ...(Math.max(width, height) > MASTER_LIMITS.longSide
          ? [`${shown}: is ${autoOrient.width} × ${autoOrient.height}, more than the ${MASTER_LIMITS.longSide} pixels on its long side a picture needs: a smaller copy keeps the repository light`]
          : []),
        ...(bytes > MASTER_LIMITS.bytes ? [`${shown}: is ${megabytes(bytes)}, more than the ${megabytes(MASTER_LIMITS.bytes)} a picture may be`] : []),
      ];
    }),
  );
  return notices.flat();
}
