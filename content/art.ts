/**
 * The pictures of content/art, as the content names them: their kinds, the
 * slots they are shown in, and the size each slot needs. Apart from the
 * schemas, so that the screens can read the sizes without the bundles
 * carrying zod.
 */
import type { Content } from './schema.ts';

/**
 * Where a picture is shown. `width` × `height` is the slot's shape: the
 * size an SVG is drawn at, the `width` and `height` of its <img>, and the
 * aspect a photo is cropped to. `largest` is the widest client/styles.css
 * ever shows it, in CSS pixels: a category's card alone in its row at a
 * 715 px window (.card__art, 656 px; its page's .page-header__art is 420 px
 * at most), the hero's max-width (.hero__art).
 */
export const PICTURE_SLOTS = {
  category: { name: 'a category picture', width: 480, height: 320, largest: 656 },
  hero: { name: 'the home page picture', width: 640, height: 480, largest: 640 },
} as const;
export type PictureSlot = keyof typeof PICTURE_SLOTS;

/** Every picture the content shows, once per slot: the home page's and each category's, in every language (the same file in each). */
export function picturesShown(editions: ReadonlyArray<Pick<Content, 'home' | 'categories'>>): Array<{ file: string; slot: PictureSlot }> {
  const uses = editions.flatMap(({ home, categories }) => [
    { file: home.image.file, slot: 'hero' as const },
    ...categories.map((category) => ({ file: category.image.file, slot: 'category' as const })),
  ]);
  return uses.filter((use, index) => uses.findIndex((other) => other.file === use.file && other.slot === use.slot) === index);
}

/** The folder of the pictures, relative to the repository, as every message names it. */
export const ART_FOLDER = 'content/art';

/** The smallest photo a slot takes: its largest width on a screen of twice the density, in the slot's shape. */
export function pictureNeed(slot: PictureSlot): { width: number; height: number } {
  const { width, height, largest } = PICTURE_SLOTS[slot];
  return { width: largest * 2, height: Math.ceil((largest * 2 * height) / width) };
}

/**
 * The widths the build makes of a photo for a slot: about a phone's width
 * (375 px) and a desktop card's (353 px) at 1×, a desktop category page's
 * picture (420 px) at 1×, a phone's at 2×, a tablet's card or a desktop
 * category page's at 2×, and the largest the slot needs.
 */
export function pictureWidths(slot: PictureSlot): number[] {
  const need = pictureNeed(slot).width;
  return [...[360, 480, 720, 960].filter((width) => width < need), need];
}

/** The kinds of picture content/art holds, by extension: photos (.jpeg read as .jpg) and drawings. */
export const ART_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.svg'] as const;

/** A picture's file name: a portable name (names.ts: lowercase words joined by hyphens), and one of those extensions. */
export const ART_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:jpg|jpeg|png|webp|avif|svg)$/;

/**
 * The largest master worth keeping: more pixels than this on the long side
 * (about twice the most a slot needs), or more bytes, only make the repository heavier.
 * The check says so as a notice; it does not refuse.
 */
export const MASTER_LIMITS = { longSide: 2560, bytes: 25 * 1024 * 1024 } as const;
