/**
 * What a file an owner uploads becomes in content/art, as rules with no
 * browser in them (the media library, media-library.tsx, applies them; a
 * table in tests/editor.test.ts tries them): which files are taken, the name
 * the picture gets (names.ts), and a photo's master: at most
 * MASTER_LIMITS.longSide on its long side, never enlarged, in a kind every
 * browser's canvas writes. JPEG stays JPEG and PNG stays PNG; a WebP or
 * AVIF becomes JPEG, or PNG when it has see-through parts: `toBlob` writes
 * JPEG and PNG in Chromium, Firefox and WebKit, WebP not in WebKit, AVIF in
 * none (each falls back to PNG).
 */
import { MASTER_LIMITS } from '../../content/art.ts';
import { portableName, portablePictureName } from '../../content/names.ts';
import { fill, library, wordsLanguage } from './locale.ts';

/** The kinds of file the library takes, as image-size names what it reads in the bytes. */
export const TAKEN_KINDS = ['jpg', 'png', 'webp', 'avif', 'svg'] as const;
export type TakenKind = (typeof TAKEN_KINDS)[number];

/** What the file picker offers. */
export const TAKEN_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/svg+xml';

/** A drawing is kept as it is; a photo is drawn again, upright, at its master's size, and written as JPEG or PNG. */
export interface DrawingMaster {
  name: string;
  type: 'image/svg+xml';
}
export interface PhotoMaster {
  name: string;
  type: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}
export type PhotoKind = Exclude<TakenKind, 'svg'>;

/**
 * A size in the owner's words, rounded up so that a file just past a limit never reads as at it: "812 kB", "25.1 MB",
 * "25,1 Mo" (of 1,024 × 1,024 bytes, as MASTER_LIMITS counts them).
 */
export function bytesInWords(bytes: number, language: string = wordsLanguage): string {
  const [amount, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.ceil(bytes / 1024), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1, roundingMode: 'ceil' }).format(amount);
}

/** Why a file is not taken, from its size and its kind as read in its bytes (undefined: unreadable), before it is drawn; undefined when it is taken. */
export function uploadRefusal(fileName: string, bytes: number, kind: string | undefined): string | undefined {
  if (bytes > MASTER_LIMITS.bytes) return fill(library.tooLarge, { file: fileName, bytes: bytesInWords(bytes), limit: bytesInWords(MASTER_LIMITS.bytes) });
  if (kind === 'heic' || kind === 'heif') return fill(library.heic, { file: fileName });
  if (kind === undefined) return fill(library.unreadable, { file: fileName });
  if (!(TAKEN_KINDS as readonly string[]).includes(kind)) return fill(library.otherKind, { file: fileName });
  return undefined;
}

/** A photo's size as its master: the long side at most MASTER_LIMITS.longSide, the shape kept, never enlarged. */
export function masterSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MASTER_LIMITS.longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A file as the library is given it (a File): its name, and when it was last saved, in ms since 1970. */
export type Taken = Pick<File, 'name' | 'lastModified'>;

/**
 * What a taken file becomes: its name (portable, with the extension of what
 * it is written as: a `.jpeg` stays `.jpeg`), and a photo's kind and size
 * from its size upright and whether it has see-through parts. A name with no
 * letter or digit to keep (写真.jpg, 📷.png) is named by when the file was
 * saved, as cameras name theirs: picture-20261128-093015.jpg (UTC).
 */
export function masterOf(file: Taken, kind: 'svg'): DrawingMaster;
export function masterOf(file: Taken, kind: PhotoKind, photo: { width: number; height: number; transparent: boolean }): PhotoMaster;
export function masterOf(file: Taken, kind: TakenKind, photo = { width: 0, height: 0, transparent: false }): DrawingMaster | PhotoMaster {
  // An extension is the last dot's few letters ("IMG_1234 Été.JPG"); "v1.2 final" has none.
  const extension = /\.[a-z0-9]{1,5}$/i.exec(file.name)?.[0].toLowerCase() ?? '';
  const given = file.name.slice(0, file.name.length - extension.length);
  const stem = portableName(given) === '' ? `picture ${new Date(file.lastModified).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', ' ')}` : given;
  const name = (written: string) => portablePictureName(`${stem}${written}`);
  if (kind === 'svg') return { name: name('.svg'), type: 'image/svg+xml' };
  const size = masterSize(photo.width, photo.height);
  if (kind === 'png' || (kind !== 'jpg' && photo.transparent)) return { name: name('.png'), type: 'image/png', ...size };
  return { name: name(kind === 'jpg' && extension === '.jpeg' ? '.jpeg' : '.jpg'), type: 'image/jpeg', ...size };
}
