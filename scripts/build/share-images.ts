/**
 * The share image of each page (Open Graph, X), drawn at build time: an SVG
 * of ours (the page's title and a line under it, the logo mark, and the
 * category's picture or three quotation cards, in the site's colours)
 * rendered to 1200×630 by resvg (@resvg/resvg-js, prebuilt, no install
 * script): a PNG, or beside a photo a JPEG, a tenth of its PNG's size. What each shows comes from shareImage()
 * (shared/share-image.ts); where its words go, and in which fonts, from the
 * layout the content check measured (shared/share-image-layout.ts), drawn
 * line by line as measured. The fonts are npm packages' TrueType files, so
 * the build needs no system fonts and downloads nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import * as hb from 'harfbuzzjs';
import sharp from 'sharp';
import { PICTURE_SLOTS } from '../../content/art.ts';
import { escapeXml } from '../../server/render/documents.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from '../../server/render/metadata.ts';
import { SHARE_IMAGE, type ShareImage } from '../../shared/share-image.ts';
import { isolatedText } from '../../shared/writing.ts';
import { codeKey, keptOrMade } from './kept.ts';
import { derived, fallbackFormat } from './pictures.ts';
import { createShareImageFit, fontsFor, SHARE_FONT_FAMILIES, SHARE_LAYOUT, type ShareFont, type ShareImageLayout } from '../../shared/share-image-layout.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
/** This module's code, in every kept image's key: a change of how images are drawn draws them anew. */
const CODE = codeKey(import.meta.url);

/** A share-image font's file in node_modules. */
export function fontPath(font: ShareFont): string {
  return require.resolve(`${font.package}/${font.file}`);
}

/** The share images' fit as the build measures it: HarfBuzz with the fonts read from node_modules. */
export const shareImageFit = createShareImageFit(hb, async (font) => new Uint8Array(await readFile(fontPath(font))));

/** The site's ink and paper (server/render/metadata.ts); client/styles.css: --ink-2; the mark's accent; the muted blue of the illustrations. */
const INK = THEME_COLOR;
const INK_2 = '#1a2e4a';
const PAPER = BACKGROUND_COLOR;
const ACCENT = '#c0873f';
const MUTED = '#9fb0c6';

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE;
const { left: LEFT } = SHARE_LAYOUT;

/**
 * One page's share image, its words laid out as the content check measured
 * them (call shareImageFit.prepare first), in its type (a PNG, or a JPEG
 * beside a photo). One drawn before from the same SVG, fonts and code is read
 * back from node_modules/.cache/share-images: every build draws them, the
 * dev server's at each start, and few change between two.
 */
export async function renderShareImage(image: ShareImage, { artDir = join(root, 'content', 'art') }: { artDir?: string } = {}): Promise<Buffer> {
  const layout = shareImageFit.layout(image);
  const svg = shareImageSvg(image, layout, await picture(image.art, artDir));
  // Only the fonts its words need: each Resvg reads every font file it is given.
  const fonts = [...new Set([...fontsFor(image.title, SHARE_LAYOUT.title.weight), ...fontsFor(image.line, SHARE_LAYOUT.line.weight)].map(fontPath))];
  const key = createHash('sha256').update(JSON.stringify([svg, CODE, fonts.map((font) => [font, statSync(font).size])])).digest('hex');
  return keptOrMade('share-images', `${key}.${image.type.slice('image/'.length)}`, async () => {
    const png = new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: fonts, defaultFontFamily: 'Inter' }, logLevel: 'off' }).render().asPng();
    return image.type === 'image/jpeg' ? await sharp(png).jpeg({ quality: 85, mozjpeg: true }).toBuffer() : png;
  });
}

/** A category's picture as the SVG takes it: an SVG of ours nested, a photo as the build makes it for the box (a JPEG, or a PNG where it may be transparent). */
async function picture(art: string | undefined, artDir: string): Promise<string | undefined> {
  if (!art) return undefined;
  const path = join(artDir, art);
  const box = { x: 660, y: 155, width: PICTURE_SLOTS.category.width, height: PICTURE_SLOTS.category.height };
  if (art.endsWith('.svg')) return nested(readFileSync(path, 'utf8'), box.x, box.y, box.width, box.height, `0 0 ${box.width} ${box.height}`);
  const master = readFileSync(path);
  const format = await fallbackFormat(art, master);
  const made = await derived(art, master, { slot: 'category', width: box.width, format });
  return `<image x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" href="data:image/${format};base64,${made.toString('base64')}"/>`;
}

/**
 * The words as resvg is given them: without emoji skin tones (U+1F3FB–U+1F3FF), which Noto Emoji, drawn in one
 * colour, joins to the emoji and does not show (HarfBuzz, which measures the words, draws the emoji alone), and
 * which resvg, given them, draws as boxes, the emoji too.
 */
const drawnAs = (text: string) => text.replace(/[\u{1F3FB}-\u{1F3FF}]/gu, '');

export function shareImageSvg(image: ShareImage, { title: { lines, size }, line }: ShareImageLayout, art: string | undefined): string {
  const lineHeight = Math.round(size * 1.08);
  const titleTop = 330 - ((lines.length - 1) * lineHeight) / 2;
  const columnEnd = image.art ? SHARE_LAYOUT.columnEnd.art : SHARE_LAYOUT.columnEnd.cards;
  // In a language written right to left (languages.yaml), a line is set from the column's right edge, in an
  // isolate of its own (resvg's paragraphs run left to right, whatever direction="rtl" says), so "مواد CE-2024"
  // reads in its order, and each run of another script in it is an isolate too (resvg lays a line out with the
  // Unicode Bidirectional Algorithm, isolates included), so "ملح أمين 2,4-D" reads 2,4-D, not D-2,4.
  const rtl = image.writing.direction === 'rtl';
  const placed = () => (rtl ? `x="${columnEnd}" text-anchor="end"` : `x="${LEFT}"`);
  const words = (text: string) => escapeXml(rtl ? `\u2067${isolatedText(drawnAs(text), image.writing)}\u2069` : drawnAs(text));
  const family = SHARE_FONT_FAMILIES.map((name) => (name.includes(' ') ? `'${name}'` : name)).join(', ');
  const title = lines.map((text, index) => `<text ${placed()} y="${titleTop + index * lineHeight}" font-size="${size}" font-weight="${SHARE_LAYOUT.title.weight}">${words(text)}</text>`);
  const ruleY = titleTop + (lines.length - 1) * lineHeight + 40;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${INK}"/>`,
    nested(logoMark(), LEFT, 72, 96, 96, '0 0 32 32'),
    art ?? nested(source('client/icon-sources/share-offers.svg'), 0, 0, WIDTH, HEIGHT, `0 0 ${WIDTH} ${HEIGHT}`),
    `<g font-family="${family}" fill="${PAPER}">${title.join('')}</g>`,
    `<rect x="${rtl ? columnEnd - 56 : LEFT}" y="${ruleY}" width="56" height="4" rx="2" fill="${ACCENT}"/>`,
    `<text ${placed()} y="${ruleY + 62}" font-family="${family}" font-size="${line.size}" font-weight="${SHARE_LAYOUT.line.weight}" fill="${MUTED}">${words(image.line)}</text>`,
    '</svg>',
  ].join('\n');
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
