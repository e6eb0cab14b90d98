/**
 * The share images' words (shared/share-image-layout.ts, scripts/build/share-images.ts): the fonts a text needs,
 * whether it fits, and every script the words may hold drawn, not boxed, beside a category's SVG or photo.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pictureNeed, PICTURE_SLOTS } from '../content/art.ts';
import { fontPath, renderShareImage, shareImageFit, shareImageSvg } from '../scripts/build/share-images.ts';
import type { ShareImage } from '../shared/share-image.ts';
import { fontsFor, SHARE_FONTS, SHARE_LAYOUT } from '../shared/share-image-layout.ts';
import { defaultSite } from '../shared/site.ts';
import { writingOf } from '../shared/writing.ts';
import { escapeXml } from '../server/render/documents.ts';
import { editions, photo } from './helpers.ts';

/** A language's direction and script, as languages.yaml gives them (writingOf). */
const WRITING = { ltr: { direction: 'ltr', script: 'Latn' }, arabic: { direction: 'rtl', script: 'Arab' }, hebrew: { direction: 'rtl', script: 'Hebr' } } as const;
const image = (title: string, line = 'Three offers. Free to the buyer.', art?: string, writing: ShareImage['writing'] = WRITING.ltr): ShareImage => ({ name: 'share/test.png', type: 'image/png', title, line, art, alt: '', writing });
const check = async (shown: ShareImage) => {
  await shareImageFit.prepare([shown]);
  return shareImageFit.check(shown);
};

/** How many pixels of a PNG differ between two renderings, by their raw pixels. */
async function differing(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let count = 0;
  for (let at = 0; at < left.length; at += 4) if (left.readUInt32LE(at) !== right.readUInt32LE(at)) count++;
  return count;
}

describe('the fonts a share image’s words need', () => {
  it.each([
    ['Latin, Greek and Cyrillic: Inter alone', 'Textiles, Υφάσματα, Ткани', ['inter-600']],
    ['Arabic: Inter and the Arabic font, in the title’s weight', 'مواد البناء', ['inter-600', 'noto-sans-arabic-600']],
    ['Hebrew', 'חומרי בניין', ['inter-600', 'noto-sans-hebrew-600']],
    ['Chinese and Japanese: the CJK font, in the one weight it comes in', '工业化学品 テキスタイル', ['inter-600', 'noto-sans-sc-400']],
    ['Korean', '건축 자재', ['inter-600', 'noto-sans-kr-400']],
    ['emoji', 'Energy ⚡', ['inter-600', 'noto-emoji-400']],
  ])('%s', (_what, text, fonts) => {
    expect(fontsFor(text, 600).map((font) => font.id)).toEqual(fonts);
  });
});

describe('whether a share image can be drawn', () => {
  it.each([
    ['a short title', 'Textiles'],
    ['an Arabic title', 'مواد البناء والتشييد'],
    ['a Hebrew title', 'חומרי בניין'],
    ['a Chinese title', '工业化学品采购'],
    ['a Japanese title', '繊維とテキスタイルの調達'],
    ['a Korean title', '건축 자재 조달'],
    ['a title with emoji', 'Energy ⚡ and Fuel 🛢️'],
    ['a Greek and Cyrillic title', 'Υφάσματα και Ткани'],
  ])('%s fits and has a font for every character', async (_what, title) => {
    expect(await check(image(title))).toBeUndefined();
  });

  it.each([
    ['title', 'for three lines', 'Textiles, fabrics, yarns, fibres, leathers and every other material a garment maker could ever need', 'its share image'],
    ['line', 'for one', 'Three offers from suppliers we have checked, free to the buyer, every time', 'the share images'],
  ] as const)('refuses a %s too long %s, saying how much of it fits: the most whole words from its start', async (text, _lines, long, where) => {
    const asTitle = (words: string) => (text === 'title' ? image(words) : image('Textiles', words));
    const refused = await check(asTitle(long));
    const [, fitting] = /: \d+ of its \d+ characters fit \("(.*)"\); shorten it$/.exec(refused?.problem ?? '') ?? [];
    expect(refused).toEqual({ text, problem: `"${long}" is too long for ${where}: ${fitting!.length} of its ${long.length} characters fit ("${fitting}"); shorten it` });
    expect(long.startsWith(`${fitting} `)).toBe(true);
    expect(await check(asTitle(fitting!))).toBeUndefined();
    expect(await check(asTitle(long.slice(0, long.indexOf(' ', fitting!.length + 1))))).toEqual(expect.objectContaining({ text }));
  });

  it('refuses a character no font draws, naming it and its code points', async () => {
    expect(await check(image('Hindi हिन्दी'))).toEqual({ text: 'title', problem: '"Hindi हिन्दी" has हि (U+0939 U+093F), which no font of the share images draws' });
    expect(await check(image('Textiles', 'ภาษาไทย'))).toEqual({ text: 'line', problem: '"ภาษาไทย" has ภ (U+0E20), which no font of the share images draws' });
  });

  it('balances a title’s lines: no word alone on the last', async () => {
    const shown = image('工业化学品采购');
    await shareImageFit.prepare([shown]);
    expect(shareImageFit.layout(shown).title.lines).toEqual(['工业化学', '品采购']);
  });
});

describe('a share image drawn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'share-images-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['Arabic, joined', 'مواد البناء', WRITING.arabic],
    ['Hebrew', 'חומרי בניין', WRITING.hebrew],
    ['Chinese', '工业化学品', WRITING.ltr],
    ['Korean', '건축 자재', WRITING.ltr],
    ['emoji', '⚡🛢️🔋', WRITING.ltr],
  ] as const)('draws %s with its font, not with boxes', async (_what, title, writing) => {
    const drawn = image(title, undefined, undefined, writing);
    await shareImageFit.prepare([drawn]);
    const png = await renderShareImage(drawn);
    // The same SVG drawn with Inter alone is what a missing font gives: boxes where the letters go.
    const inter = SHARE_FONTS.filter((font) => font.family === 'Inter').map(fontPath);
    const boxed = new Resvg(shareImageSvg(drawn, shareImageFit.layout(drawn), undefined), { font: { loadSystemFonts: false, fontFiles: inter, defaultFontFamily: 'Inter' }, logLevel: 'off' }).render().asPng();
    expect(await differing(png, Buffer.from(boxed))).toBeGreaterThan(2_000);
  });

  it('draws an emoji with a skin tone as its font does, the emoji alone (Noto Emoji draws no tones), not as boxes', async () => {
    const [toned, plain] = ['Thumbs 👍🏽', 'Thumbs 👍'].map((title) => image(title, undefined, undefined, WRITING.ltr));
    await shareImageFit.prepare([toned!, plain!]);
    const sizes = (shown: ShareImage) => [shareImageFit.layout(shown).title.size, shareImageFit.layout(shown).line.size];
    expect(sizes(toned!)).toEqual(sizes(plain!));
    expect(await differing(await renderShareImage(toned!), await renderShareImage(plain!))).toBe(0);
  });

  // The page's language says which edge the words start from (languages.yaml), whatever letters they hold: an English page's Arabic name is set from the left.
  it.each([
    ['ltr', 'مواد البناء', 'x="96"'],
    ['arabic', 'Textiles CE-2024', 'text-anchor="end"'],
  ] as const)('sets the words of a %s page from its edge: %s', (writing, title, placed) => {
    const drawn = image(title, 'Three offers.', undefined, WRITING[writing]);
    const svg = shareImageSvg(drawn, { title: { lines: [title], size: 60 }, line: { lines: ['Three offers.'], size: 30 } }, undefined);
    expect(svg.match(/<text [^>]*>/g)!.every((element) => element.includes(placed))).toBe(true);
  });

  // Each character of the run its own colour (a tspan each, which resvg lays out in the line as it is): where
  // its pixels fall in the words' column, left to right, is the order a reader sees.
  it.each(['2,4-D', '100% cotton', 'EN 471', defaultSite.salesEmail])('draws "%s" inside a right-to-left title in its own order', async (run) => {
    const arabic = editions.find((edition) => edition.language.direction === 'rtl')!;
    const title = `${arabic.content.categories[0]!.title} ${run}`;
    const drawn = image(title, arabic.content.categories[0]!.subtitle, undefined, writingOf(arabic.language));
    const svg = shareImageSvg(drawn, { title: { lines: [title], size: SHARE_LAYOUT.title.smallest }, line: { lines: [drawn.line], size: 30 } }, undefined);
    const colours = [...run].map((_, at) => [(at * 97) % 256, 255 - ((at * 53) % 256), at % 2 ? 255 : 0]);
    const spans = [...run].map((char, at) => `<tspan fill="rgb(${colours[at]!.join(',')})">${escapeXml(char)}</tspan>`).join('');
    expect(svg).toContain(escapeXml(run));
    const coloured = svg.replace(escapeXml(run), spans);
    const fonts = SHARE_FONTS.filter((font) => font.family === 'Inter' || font.family === 'Noto Sans Arabic').map(fontPath);
    const png = new Resvg(coloured, { font: { loadSystemFonts: false, fontFiles: fonts, defaultFontFamily: 'Inter' }, logLevel: 'off' }).render().asPng();
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const xs = colours.flatMap((colour, at) => {
      if (/\s/.test(run[at]!)) return [];
      const found: number[] = [];
      for (let y = 250; y < 360; y++)
        for (let x = 0; x < SHARE_LAYOUT.columnEnd.cards; x++) {
          const pixel = (y * info.width + x) * info.channels;
          if (colour.every((value, channel) => Math.abs(data[pixel + channel]! - value) < 8)) found.push(x);
        }
      expect(found.length, `${run[at]} drawn`).toBeGreaterThan(0);
      return [found.reduce((sum, x) => sum + x, 0) / found.length];
    });
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it.each(['svg', 'jpg', 'png', 'webp', 'avif'] as const)('draws a category’s %s picture beside the words', async (kind) => {
    // The same picture in each kind: a sand panel with a dark disc, 480 × 320, or a photo of it at the size a category needs.
    const { width, height } = PICTURE_SLOTS.category;
    const need = pictureNeed('category');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#e8e1d1"/><circle cx="240" cy="160" r="100" fill="#0f1f33"/></svg>`;
    const name = `picture.${kind}`;
    const format = kind === 'jpg' ? 'jpeg' : kind;
    const bytes = format === 'svg' ? Buffer.from(svg) : await sharp(Buffer.from(svg)).resize(need.width, need.height).toFormat(format).toBuffer();
    writeFileSync(join(dir, name), bytes);
    const shown = { ...image('Textiles', 'Fabrics for apparel and industry', name), type: format === 'svg' ? ('image/png' as const) : ('image/jpeg' as const) };
    await shareImageFit.prepare([shown]);
    const drawn = await renderShareImage(shown, { artDir: dir });
    expect((await sharp(drawn).metadata()).format).toBe(format === 'svg' ? 'png' : 'jpeg');
    // The disc's centre, in the picture's box (660, 155, 480 × 320): ink, not the sand around it (a JPEG's colours within a few steps).
    const { data, info } = await sharp(drawn).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const near = (colour: number[]) => colour.map((value) => expect.toBeOneOf([value - 3, value - 2, value - 1, value, value + 1, value + 2, value + 3]));
    expect(pixel(660 + 240, 155 + 160)).toEqual(near([0x0f, 0x1f, 0x33]));
    expect(pixel(660 + 20, 155 + 20)).toEqual(near([0xe8, 0xe1, 0xd1]));
  });

  it('beside a phone’s photo is a JPEG, a quarter of the PNG it would be or less', async () => {
    const name = 'phone.jpg';
    writeFileSync(join(dir, name), await photo(4000, 3000));
    const shown = image('Textiles', 'Fabrics for apparel and industry', name);
    await shareImageFit.prepare([shown]);
    const png = await renderShareImage(shown, { artDir: dir });
    const jpeg = await renderShareImage({ ...shown, type: 'image/jpeg' }, { artDir: dir });
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    expect(jpeg.length).toBeLessThan(png.length / 4);
  });
});
