/**
 * The share image of each page (Open Graph, X), drawn at build time: an SVG
 * of ours (the page's title and a line under it in Inter, the logo mark, and
 * the category's illustration or three quotation cards, in the site's
 * colours) rendered to a 1200×630 PNG by resvg (@resvg/resvg-js, prebuilt,
 * no install script). What each shows comes from shareImage() in
 * server/render/metadata.ts, which the pages' meta tags read too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { escapeXml } from '../server/render/documents.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from '../server/render/metadata.ts';
import { SHARE_IMAGE, type ShareImage } from '../shared/share-image.ts';
import type { ShareImageFit } from '../shared/check.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** Inter (SIL Open Font License) as TrueType, which resvg reads; an npm package, so the build needs no system fonts. */
const FONTS = ['400Regular/Inter_400Regular.ttf', '600SemiBold/Inter_600SemiBold.ttf'].map((file) => require.resolve(`@expo-google-fonts/inter/${file}`));
const RENDER: ResvgRenderOptions = { font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: 'Inter' }, logLevel: 'off' };

/** The site's ink and paper (server/render/metadata.ts); client/styles.css: --ink-2; the mark's accent; the muted blue of the illustrations. */
const INK = THEME_COLOR;
const INK_2 = '#1a2e4a';
const PAPER = BACKGROUND_COLOR;
const ACCENT = '#c0873f';
const MUTED = '#9fb0c6';

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE;
const LEFT = 96;

/**
 * The PNG of one page's share image. With `cacheDir`, an image drawn before
 * from the same SVG is read back: the dev server builds the client at every
 * start, and drawing these is most of that build.
 */
export function renderShareImage(image: ShareImage, cacheDir?: string): Buffer {
  const svg = shareImageSvg(image);
  const cached = cacheDir && join(cacheDir, `${createHash('sha256').update(svg).digest('hex')}.png`);
  if (cached && existsSync(cached)) return readFileSync(cached);
  const png = new Resvg(svg, RENDER).render().asPng();
  if (cached) writeFileSync(cached, png);
  return png;
}

/** Which text does not fit its share image, if any (the content check reports it before the build draws). */
export const shareImageFit: ShareImageFit = (image) => {
  const fitted = fit(image);
  if (!fitted.title) return { text: 'title', problem: `"${image.title}" is too long for its share image (shorten it)` };
  return fitted.line ? undefined : { text: 'line', problem: `"${image.line}" is too long for ${image.art ? 'its share image' : 'the share images'} (shorten it)` };
};

function fit(image: ShareImage) {
  // The text column ends where the illustration begins.
  const textWidth = (image.art ? 620 : 700) - LEFT;
  return {
    title: fitText(image.title, textWidth, { largest: 88, smallest: 44, weight: 600, maxLines: 3 }),
    line: fitText(image.line, textWidth, { largest: 32, smallest: 24, weight: 400, maxLines: 1 }),
  };
}

export function shareImageSvg(image: ShareImage): string {
  const fitted = fit(image);
  if (!fitted.title || !fitted.line) throw new Error(`The share image of "${image.title}" does not fit; the content check says which text`);
  const { title: { lines, size }, line } = fitted;
  const lineHeight = Math.round(size * 1.08);
  const titleTop = 330 - ((lines.length - 1) * lineHeight) / 2;
  const title = lines.map((text, index) => `<text x="${LEFT}" y="${titleTop + index * lineHeight}" font-size="${size}" font-weight="600" letter-spacing="-1">${escapeXml(text)}</text>`);
  const ruleY = titleTop + (lines.length - 1) * lineHeight + 40;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${INK}"/>`,
    nested(logoMark(), LEFT, 72, 96, 96, '0 0 32 32'),
    image.art ? nested(source(`content/art/${image.art}`), 660, 155, 480, 320, '0 0 480 320') : nested(source('client/icon-sources/share-offers.svg'), 0, 0, WIDTH, HEIGHT, `0 0 ${WIDTH} ${HEIGHT}`),
    `<g font-family="Inter" fill="${PAPER}">${title.join('')}</g>`,
    `<rect x="${LEFT}" y="${ruleY}" width="56" height="4" rx="2" fill="${ACCENT}"/>`,
    `<text x="${LEFT}" y="${ruleY + 62}" font-family="Inter" font-size="${line.size}" fill="${MUTED}">${escapeXml(image.line)}</text>`,
    '</svg>',
  ].join('\n');
}

/** The largest size, in steps of 2 px, at which the text fits the column in at most maxLines lines, broken between words; undefined if none. */
function fitText(text: string, maxWidth: number, fit: { largest: number; smallest: number; weight: number; maxLines: number }): { lines: string[]; size: number } | undefined {
  const words = text.split(/\s+/);
  for (let size = fit.largest; size >= fit.smallest; size -= 2) {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && textWidth(`${last} ${word}`, size, fit.weight) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= fit.maxLines && lines.every((line) => textWidth(line, size, fit.weight) <= maxWidth)) return { lines, size };
  }
  return undefined;
}

/** The rendered width of a line, as resvg lays it out with the same font. */
function textWidth(text: string, size: number, weight: number): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200"><text x="0" y="150" font-family="Inter" font-size="${size}" font-weight="${weight}"${weight === 600 ? ' letter-spacing="-1"' : ''}>${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, RENDER).getBBox()?.width ?? Infinity;
}

/** The site's mark (the favicon), on a raised square so it shows on the ink background. */
function logoMark(): string {
  return source('client/assets/icons/favicon.svg').replace(`fill="${INK}"`, `fill="${INK_2}"`);
}

/** An SVG file of ours placed as a nested <svg> at x, y in a box of width × height. */
function nested(svg: string, x: number, y: number, width: number, height: number, viewBox: string): string {
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="${viewBox}">${inner}</svg>`;
}

function source(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}
