/**
 * How a language's text is written, all from its entry in languages.yaml:
 * the attributes the stylesheet sets its script by (direction, joined
 * letters, digits, the script's faces), and, inside text written right to
 * left, the runs of another script, each isolated so that it keeps its own
 * order. Without an isolate the Unicode Bidirectional Algorithm (UAX #9)
 * reads a number after Arabic letters as part of the Arabic: "ملح أمين 2,4-D"
 * shows the product code as D-2,4. Pure, and shared by the pages
 * (ui/Words.tsx), the footer's local hours, the share images and the
 * editor's preview.
 */
import type { Language } from '../content/schema.ts';

export type Direction = Language['direction'];

/** What a language's text's runs depend on: its direction and its script (its locale's: scriptOf). */
export interface Writing {
  direction: Direction;
  script: string;
}

/** U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE: plain text's isolate, for a line no element can isolate (a share image's). */
const FSI = '\u2068';
const PDI = '\u2069';

/** The script a language is written in, as its locale's likely one (CLDR, ISO 15924: Latn, Arab, Hebr). */
export function scriptOf(language: Pick<Language, 'locale'>): string {
  const { script } = new Intl.Locale(language.locale).maximize();
  if (!script) throw new Error(`The locale ${language.locale} names no script Intl knows: write it with one (ar-Arab-EG)`);
  return script;
}

/** A language's direction and script, from languages.yaml. */
export function writingOf(language: Pick<Language, 'direction' | 'locale'>): Writing {
  return { direction: language.direction, script: scriptOf(language) };
}

/** The writing of a page as the server rendered it (its root's dir and data-script: scriptAttributes), for what a script draws on it. */
export function pageWriting(root: HTMLElement): Writing {
  const { dir } = root;
  const { script } = root.dataset;
  if ((dir !== 'ltr' && dir !== 'rtl') || !script) throw new Error(`The page's root has dir "${dir}" and data-script "${script}", not ltr or rtl and a script`);
  return { direction: dir, script };
}

/**
 * How the language's script is set, on the page's root for the stylesheet: its direction (dir), its script
 * (data-script: the faces named first), whether its letters join (data-letters: no letter-spacing, no
 * capitals) and the digits its locale writes numbers in (data-digits, a CLDR numbering system: the steps'
 * counters). The server's pages and the editor's preview set the same.
 */
export function scriptAttributes(language: Language): { dir: Direction; 'data-script': string; 'data-letters'?: 'joined'; 'data-digits'?: string } {
  const digits = new Intl.NumberFormat(language.locale).resolvedOptions().numberingSystem;
  return {
    dir: language.direction,
    'data-script': scriptOf(language),
    ...(language.letters === 'joined' && { 'data-letters': 'joined' as const }),
    ...(digits !== 'latn' && { 'data-digits': digits }),
  };
}

/** Directional marks and embeddings a text may already hold: a run stops at them. */
const CONTROLS = String.raw`\u200e\u200f\u202a-\u202e\u2066-\u2069`;

/**
 * A run of another script than the text's own: from a letter or digit of another script (with its marks) to the
 * last one before a letter of the text's script, a control or a line's end, with the spaces and punctuation
 * between ("CEM I 42.5", "sales@example.com", "25 kg"). Punctuation at its ends stays outside, with the
 * sentence around it, but for an abbreviation's full stop that a bracket closes at once ("(USP/Ph. Eur.)"):
 * no sentence ends there. Made once a script.
 */
const runsOf = new Map<string, RegExp>();
function runs(script: string): RegExp {
  let pattern = runsOf.get(script);
  if (!pattern) {
    const own = String.raw`\p{Script_Extensions=${script}}`;
    const edge = String.raw`(?:(?!${own})[\p{L}\p{Nd}]\p{M}*)`;
    pattern = new RegExp(String.raw`${edge}(?:[^${own}${CONTROLS}\n]*${edge})?(?:\.(?=[)\]]))?`, 'gu');
    runsOf.set(script, pattern);
  }
  return pattern;
}

/** A text's pieces: words laid out in the text's direction, and runs to isolate, each laid out in its own (its first strong letter's). */
export type Piece = string | { isolated: string };

/**
 * A text of a language, in pieces: in a text written right to left, each run of another script that holds a
 * letter (a number alone reads in the sentence's order, as its readers write it) is one to isolate.
 */
export function isolates(text: string, language: Writing): Piece[] {
  if (language.direction === 'ltr') return [text];
  const pieces: Piece[] = [];
  let from = 0;
  for (const match of text.matchAll(runs(language.script))) {
    if (!/\p{L}/u.test(match[0])) continue;
    if (match.index > from) pieces.push(text.slice(from, match.index));
    pieces.push({ isolated: match[0] });
    from = match.index + match[0].length;
  }
  if (text.length > from) pieces.push(text.slice(from));
  return pieces;
}

/** The text with its isolates as FSI … PDI: for plain text, where no element can isolate (a share image's line). */
export function isolatedText(text: string, language: Writing): string {
  return isolates(text, language)
    .map((piece) => (typeof piece === 'string' ? piece : FSI + piece.isolated + PDI))
    .join('');
}
