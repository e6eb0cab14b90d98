/**
 * How a share image's words are laid out: which font draws each character,
 * how wide a line is, where lines break, and at what size the title and the
 * line under it fit their column. One module for the build, which draws the
 * images (scripts/build/share-images.ts), and the browser editor, which checks an
 * entry before saving it: both measure with HarfBuzz (harfbuzzjs, the same
 * shaping resvg's draws with: Arabic joined, Hebrew and Arabic right to
 * left, emoji sequences whole) and the same font files, so both say the same
 * about the same words. The caller gives HarfBuzz and the fonts' bytes: the
 * build reads them from node_modules, the editor fetches them beside its
 * bundle. No node: imports.
 */
import type * as HarfBuzz from 'harfbuzzjs';
import type { ShareImage } from './share-image.ts';

/** A font of the share images: its family and weight, where its file is, and the characters it is loaded for (beyond Inter, always). */
export interface ShareFont {
  /** The file's name beside the editor's bundle, and the font's id. */
  id: string;
  family: string;
  weight: 400 | 600;
  /** The npm package and the file in it (TrueType, which resvg and HarfBuzz both read). */
  package: string;
  file: string;
  /** Code point ranges, inclusive, whose characters need this font loaded. */
  ranges: ReadonlyArray<readonly [number, number]>;
}

const ARABIC = [[0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff]] as const;
const HEBREW = [[0x0590, 0x05ff], [0xfb1d, 0xfb4f]] as const;
// Han, kana and CJK punctuation and forms; Noto Sans SC draws Chinese and Japanese.
const CJK = [[0x2e80, 0x2fff], [0x3000, 0x30ff], [0x31f0, 0x31ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xffef], [0x20000, 0x3134f]] as const;
const HANGUL = [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7ff]] as const;
const EMOJI = [[0x2190, 0x21ff], [0x2300, 0x23ff], [0x2460, 0x24ff], [0x25a0, 0x27bf], [0x2900, 0x297f], [0x2b00, 0x2bff], [0x3030, 0x3030], [0x303d, 0x303d], [0x3297, 0x3299], [0x1f000, 0x1faff]] as const;

const expo = (family: string, weight: 400 | 600) => `${weight === 400 ? '400Regular' : '600SemiBold'}/${family.replace(/ /g, '')}_${weight === 400 ? '400Regular' : '600SemiBold'}.ttf`;
const font = (id: string, family: string, weight: 400 | 600, pkg: string, ranges: ShareFont['ranges']): ShareFont => ({ id, family, weight, package: `@expo-google-fonts/${pkg}`, file: expo(family, weight), ranges });

/**
 * The fonts, in the order a character looks for one: the first that draws
 * it does. Inter draws Latin, Greek and Cyrillic; a title is in the 600
 * weight where a family has it (the CJK and emoji fonts come in 400 only:
 * each CJK weight is 6 to 10 MB, and the title's weight hardly shows there).
 */
export const SHARE_FONTS: readonly ShareFont[] = [
  font('inter-400', 'Inter', 400, 'inter', []),
  font('inter-600', 'Inter', 600, 'inter', []),
  font('noto-sans-arabic-400', 'Noto Sans Arabic', 400, 'noto-sans-arabic', ARABIC),
  font('noto-sans-arabic-600', 'Noto Sans Arabic', 600, 'noto-sans-arabic', ARABIC),
  font('noto-sans-hebrew-400', 'Noto Sans Hebrew', 400, 'noto-sans-hebrew', HEBREW),
  font('noto-sans-hebrew-600', 'Noto Sans Hebrew', 600, 'noto-sans-hebrew', HEBREW),
  font('noto-sans-sc-400', 'Noto Sans SC', 400, 'noto-sans-sc', CJK),
  font('noto-sans-kr-400', 'Noto Sans KR', 400, 'noto-sans-kr', HANGUL),
  font('noto-emoji-400', 'Noto Emoji', 400, 'noto-emoji', EMOJI),
];

/** The families in stack order, as an SVG font-family list: resvg falls back through them as the layout did. */
export const SHARE_FONT_FAMILIES = [...new Set(SHARE_FONTS.map((entry) => entry.family))];

/** The fonts a text needs loaded at a weight: Inter always, and each other family whose ranges a character falls in (its nearest weight). */
export function fontsFor(text: string, weight: 400 | 600): ShareFont[] {
  const points = [...text].map((char) => char.codePointAt(0)!);
  const families = SHARE_FONT_FAMILIES.filter((family, index) => index === 0 || SHARE_FONTS.some((entry) => entry.family === family && entry.ranges.some(([from, to]) => points.some((point) => point >= from && point <= to))));
  return families.map((family) => nearestWeight(family, weight));
}

/** A family's face at a weight, or its 400 when it has no other (as CSS font matching, and resvg's, choose). */
function nearestWeight(family: string, weight: 400 | 600): ShareFont {
  const faces = SHARE_FONTS.filter((entry) => entry.family === family);
  return faces.find((entry) => entry.weight === weight) ?? faces[0]!;
}

/** Characters that ride with the one before them whatever font draws it: joiners and variation selectors. */
const RIDES_ALONG = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f]);

/** How wide a text is at a size, or the character no font draws. */
export type Measure = (text: string, size: number, weight: 400 | 600) => { width: number } | { undrawable: string };

/**
 * A measure with HarfBuzz and the fonts the caller loads: each grapheme goes
 * to the first font of the stack that has all its characters, consecutive
 * graphemes of one font are shaped together (so Arabic joins, and a right-
 * to-left run is measured as one), and the widths add up. `load` gives a
 * font file's bytes by its id; only the fonts a text needs are loaded, once.
 */
export function createMeasure(hb: typeof HarfBuzz, load: (font: ShareFont) => Promise<Uint8Array>): { measure: Measure; prepare: (text: string, weight: 400 | 600) => Promise<void> } {
  const faces = new Map<string, { font: HarfBuzz.Font; upem: number; covers: Set<number> }>();
  const loading = new Map<string, Promise<void>>();
  const ensure = (entry: ShareFont) => {
    let done = loading.get(entry.id);
    if (!done) {
      done = load(entry).then((bytes) => {
        const face = new hb.Face(new hb.Blob(bytes), 0);
        faces.set(entry.id, { font: new hb.Font(face), upem: face.upem, covers: new Set(face.collectUnicodes()) });
      });
      loading.set(entry.id, done);
    }
    return done;
  };
  const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

  const measure: Measure = (text, size, weight) => {
    const stack = fontsFor(text, weight);
    const runs: Array<{ id: string; text: string }> = [];
    for (const { segment } of graphemes.segment(text)) {
      const needed = [...segment].map((char) => char.codePointAt(0)!).filter((point) => !RIDES_ALONG.has(point));
      const entry = stack.find((candidate) => {
        const face = faces.get(candidate.id);
        if (!face) throw new Error(`The share images' font ${candidate.id} is not loaded: call prepare() first`);
        return needed.every((point) => face.covers.has(point));
      });
      if (!entry) return { undrawable: segment };
      const last = runs.at(-1);
      if (last?.id === entry.id) last.text += segment;
      else runs.push({ id: entry.id, text: segment });
    }
    let width = 0;
    for (const run of runs) {
      const { font, upem } = faces.get(run.id)!;
      const buffer = new hb.Buffer();
      buffer.addText(run.text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      width += buffer.getGlyphPositions().reduce((total, position) => total + position.xAdvance, 0) * (size / upem);
    }
    return { width };
  };
  const prepare = async (text: string, weight: 400 | 600) => {
    await Promise.all(fontsFor(text, weight).map(ensure));
  };
  return { measure, prepare };
}

/**
 * The text's lines at the largest size, in steps of 2 px, that fits the
 * column in at most maxLines lines; undefined if none does. The lines are
 * balanced, as the site's headings are (text-wrap: balance): the narrowest
 * column that keeps their number, so no word is left alone on the last.
 */
export function fitText(text: string, maxWidth: number, fit: { largest: number; smallest: number; weight: 400 | 600; maxLines: number }, measure: Measure): { lines: string[]; size: number } | undefined {
  const pieces = breakable(text);
  for (let size = fit.largest; size >= fit.smallest; size -= 2) {
    // The search below measures the same lines again and again: each is shaped once per size.
    const widths = new Map<string, number>();
    const width = (line: string) => {
      let known = widths.get(line);
      if (known === undefined) {
        const measured = measure(line, size, fit.weight);
        widths.set(line, (known = 'width' in measured ? measured.width : Infinity));
      }
      return known;
    };
    const lines = breakInto(pieces, maxWidth, width);
    if (!lines) continue;
    if (lines.length > fit.maxLines) continue;
    let narrowest = lines;
    for (let low = 0, high = maxWidth; high - low > 1; ) {
      const middle = (low + high) / 2;
      const tried = breakInto(pieces, middle, width);
      if (tried && tried.length === lines.length) {
        narrowest = tried;
        high = middle;
      } else {
        low = middle;
      }
    }
    return { lines: narrowest, size };
  }
  return undefined;
}

/** The pieces filled greedily into lines no wider than `maxWidth`; undefined when a piece alone is wider. */
function breakInto(pieces: readonly string[], maxWidth: number, width: (line: string) => number): string[] | undefined {
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && width(`${last}${piece}`.trimEnd()) <= maxWidth) lines[lines.length - 1] = `${last}${piece}`;
    else lines.push(piece.trimStart());
  }
  const trimmed = lines.map((line) => line.trim());
  return trimmed.every((line) => width(line) <= maxWidth) ? trimmed : undefined;
}

/** Where a line may break: after a space, and between any two graphemes of Chinese, Japanese or Korean, which write no spaces. */
function breakable(text: string): string[] {
  const pieces: string[] = [];
  const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
  const cjk = (segment: string) => [CJK, HANGUL].some((ranges) => ranges.some(([from, to]) => segment.codePointAt(0)! >= from && segment.codePointAt(0)! <= to));
  let current = '';
  for (const { segment } of graphemes.segment(text.trim().replace(/\s+/g, ' '))) {
    if (segment === ' ') {
      current += ' ';
      pieces.push(current);
      current = '';
    } else if (cjk(segment)) {
      if (current) pieces.push(current);
      pieces.push(segment);
      current = '';
    } else {
      current += segment;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The share image's size, and where its words go: the column ends where the illustration begins. */
export const SHARE_LAYOUT = {
  left: 96,
  /** The right edge of the words' column beside a category's picture, and beside the quotation cards. */
  columnEnd: { art: 620, cards: 700 },
  title: { largest: 88, smallest: 44, weight: 600, maxLines: 3 },
  line: { largest: 32, smallest: 24, weight: 400, maxLines: 1 },
} as const;

export interface ShareImageLayout {
  title: { lines: string[]; size: number };
  line: { lines: string[]; size: number };
}

/** The layout of a share image's words, or which text does not fit or cannot be drawn, in the words the content check reports. */
export function layoutShareImage(image: ShareImage, measure: Measure): { layout: ShareImageLayout } | { text: 'title' | 'line'; problem: string } {
  const width = (image.art ? SHARE_LAYOUT.columnEnd.art : SHARE_LAYOUT.columnEnd.cards) - SHARE_LAYOUT.left;
  for (const [text, value, weight] of [['title', image.title, 600], ['line', image.line, 400]] as const) {
    const measured = measure(value, 10, weight);
    if ('undrawable' in measured) {
      const points = [...measured.undrawable].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
      return { text, problem: `"${value}" has ${measured.undrawable} (${points}), which no font of the share images draws` };
    }
  }
  const title = fitText(image.title, width, SHARE_LAYOUT.title, measure);
  if (!title) return { text: 'title', problem: tooLong(image.title, 'its share image', (text) => fitText(text, width, SHARE_LAYOUT.title, measure)) };
  const line = fitText(image.line, width, SHARE_LAYOUT.line, measure);
  if (!line) return { text: 'line', problem: tooLong(image.line, image.art ? 'its share image' : 'the share images', (text) => fitText(text, width, SHARE_LAYOUT.line, measure)) };
  return { layout: { title, line } };
}

/** What the check says of a text that does not fit: how much of it would, so that the owner knows by how much to shorten it. */
function tooLong(text: string, where: string, fits: (text: string) => unknown): string {
  const pieces = breakable(text);
  // The most whole words from the start that fit: fewer pieces never fit worse.
  let low = 0;
  for (let high = pieces.length - 1; low < high; ) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(pieces.slice(0, middle).join('').trim())) low = middle;
    else high = middle - 1;
  }
  const fitting = pieces.slice(0, low).join('').trim();
  const length = (words: string) => [...words].length;
  return `"${text}" is too long for ${where}: ${length(fitting)} of its ${length(text)} characters fit ("${fitting}"); shorten it`;
}

/** Whether share images can be drawn: their fonts loaded first, then each image's verdict (shared/site-check.ts). */
export interface ShareImageFit {
  /** Loads what measuring these images needs (their fonts). */
  prepare(images: readonly ShareImage[]): Promise<void>;
  /** Nothing wrong, or which text does not fit or cannot be drawn, and why. */
  check(image: ShareImage): { text: 'title' | 'line'; problem: string } | undefined;
  /** The layout of an image whose words fit (for drawing it). */
  layout(image: ShareImage): ShareImageLayout;
}

export function createShareImageFit(hb: typeof HarfBuzz, load: (font: ShareFont) => Promise<Uint8Array>): ShareImageFit {
  const { measure, prepare } = createMeasure(hb, load);
  // Each layout depends on the words and the column alone: the editor checks every page's image at each pause in typing, where one has changed.
  const layouts = new Map<string, ReturnType<typeof layoutShareImage>>();
  const layoutOf = (image: ShareImage) => {
    const key = JSON.stringify([image.title, image.line, Boolean(image.art)]);
    let result = layouts.get(key);
    if (!result) layouts.set(key, (result = layoutShareImage(image, measure)));
    return result;
  };
  return {
    prepare: async (images) => {
      await Promise.all(images.flatMap((image) => [prepare(image.title, SHARE_LAYOUT.title.weight), prepare(image.line, SHARE_LAYOUT.line.weight)]));
    },
    check: (image) => {
      const result = layoutOf(image);
      return 'layout' in result ? undefined : result;
    },
    layout: (image) => {
      const result = layoutOf(image);
      if (!('layout' in result)) throw new Error(`The share image of "${image.title}" cannot be drawn: ${result.problem}`);
      return result.layout;
    },
  };
}
