/**
 * What a page's share image (Open Graph, X) shows: the page's title, a line
 * under it, and beside them its category's illustration or, on other pages,
 * three quotation cards. The build draws it (scripts/build/share-images.ts), the
 * server names it in the page's head (server/render/metadata.ts), and the
 * content check makes sure it fits (shared/site-check.ts); all from the filled
 * words (fillSite).
 */
import type { Content, Language } from '../content/schema.ts';
import type { Route } from './routes.ts';
import { say } from './sentences.ts';
import { writingOf, type Writing } from './writing.ts';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface ShareImage {
  /** Source name of the built file, from the entry whose words it shows ("share/categories/textiles.png"). */
  name: string;
  /** A PNG, or a JPEG beside a photo: a PNG of one is ten times the size. */
  type: 'image/png' | 'image/jpeg';
  title: string;
  line: string;
  /** A picture of content/art, or undefined for the quotation cards. */
  art?: string;
  alt: string;
  /** The page's language's direction and script (languages.yaml): which edge its words are set from, and which runs in them keep their own order. */
  writing: Writing;
}

export function shareImage(route: Route, content: Pick<Content, 'home' | 'labels' | 'templates' | 'language'>): ShareImage {
  const { home, labels, language } = content;
  const category = route.category;
  const title = category?.title ?? route.title;
  // Named by its entry and language, never by its words: the server finds it whatever the words hold.
  const { collection, id } = route.source;
  const name = `share${route.prefix}/${collection}${id === collection ? '' : `/${id}`}`;
  if (category) {
    const photo = !category.image.file.endsWith('.svg');
    const alt = say(content, 'categoryShareImageAlt', { title, subtitle: category.subtitle, picture: category.image.alt });
    return { name: `${name}.${photo ? 'jpg' : 'png'}`, type: photo ? 'image/jpeg' : 'image/png', title, line: category.subtitle, art: category.image.file, alt, writing: writingOf(language) };
  }
  const alt = say(content, 'shareImageAlt', { title, line: home.shareLine, picture: labels.shareImageAlt });
  return { name: `${name}.png`, type: 'image/png', title, line: home.shareLine, alt, writing: writingOf(language) };
}
