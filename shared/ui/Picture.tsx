import type { ImgHTMLAttributes } from 'react';
import { PICTURE_SLOTS, type PictureSlot } from '../../content/art.ts';
import type { PageContext } from '../screens/context.ts';

/**
 * A picture as the build made it (PageContext.picture): one file drawn at
 * any size (an SVG; in the editor's preview, the master as uploaded), or
 * the same photo in each format at the slot's widths, the fallback last.
 */
export type BuiltPicture = { src: string } | { formats: Array<{ type: string; files: Array<{ width: number; url: string }> }> };

/**
 * Where pictures are shown, each with its slot (content/art.ts) and how
 * wide client/styles.css draws it at each window width, so that the browser
 * picks a file before it lays the page out: the card alone in its row
 * below 45rem, two or three to a row above (353 px once the page stops
 * growing at 76rem); the category page's picture at most 420 px, beside
 * the words from 56rem; the hero at most 640 px, beside the words from 56rem.
 */
export const PLACES = {
  card: { slot: 'category', className: 'card__art', sizes: '(min-width: 76rem) 354px, (min-width: 69rem) 30vw, (min-width: 45rem) 46vw, calc(100vw - 2.5rem)' },
  header: { slot: 'category', className: 'page-header__art', sizes: '(min-width: 71rem) 420px, (min-width: 56rem) 38vw, (min-width: 28.75rem) 420px, calc(100vw - 2.5rem)' },
  hero: { slot: 'hero', className: 'hero__art', sizes: '(min-width: 76rem) 506px, (min-width: 56rem) 42vw, (min-width: 43.5rem) 640px, calc(100vw - 2.5rem)' },
} as const satisfies Record<string, { slot: PictureSlot; className: string; sizes: string }>;

interface PictureProps {
  ctx: PageContext;
  place: keyof typeof PLACES;
  image: { file: string; alt: string };
  /** The page's first picture, often its largest paint: fetched before anything else; the others wait until they are near the window. */
  first: boolean;
}

/** A picture of content/art in its place: a photo as <picture> (AVIF, WebP, then its own kind, each at every width), an SVG as one <img>. */
export function Picture({ ctx, place, image, first }: PictureProps) {
  const { slot, className, sizes } = PLACES[place];
  const built = ctx.picture(image.file, slot);
  const { width, height } = PICTURE_SLOTS[slot];
  const shared: ImgHTMLAttributes<HTMLImageElement> = { className, width, height, alt: image.alt, decoding: 'async', ...(first ? { fetchPriority: 'high' } : { loading: 'lazy' }) };
  if ('src' in built) return <img src={built.src} {...shared} />;
  const srcSet = (files: Array<{ width: number; url: string }>) => files.map((file) => `${file.url} ${file.width}w`).join(', ');
  const fallback = built.formats.at(-1)!;
  return (
    <picture>
      {built.formats.slice(0, -1).map((format) => (
        <source key={format.type} type={format.type} srcSet={srcSet(format.files)} sizes={sizes} />
      ))}
      <img src={fallback.files.at(-1)!.url} srcSet={srcSet(fallback.files)} sizes={sizes} {...shared} />
    </picture>
  );
}
