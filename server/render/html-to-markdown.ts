/**
 * A screen's HTML as Markdown (node-html-markdown), for page-markdown.ts. A
 * module of its own, imported with the first page made as Markdown: the
 * converter and its HTML parser were almost a third of the code a start
 * loaded, and about a tenth of its wait for the first page.
 */
import { NodeHtmlMarkdown, type TranslatorConfigObject } from 'node-html-markdown';

// Every link as [words](address), also where the words are the address: page-markdown.ts's rewrite reads
// that form, and <address>, the converter's shorter one, is no link at all for an address like /about.
const OPTIONS = { bulletMarker: '-', maxConsecutiveNewlines: 2, useInlineLinks: false };
const LEFT_OUT: TranslatorConfigObject = { nav: { ignore: true }, picture: { ignore: true }, img: { ignore: true } };
/** A list whose items have headings (the product cards, the steps, the values) reads as sections, not bullets. */
const sections = new NodeHtmlMarkdown(OPTIONS, { ...LEFT_OUT, li: { surroundingNewlines: 2 } });
const converter = new NodeHtmlMarkdown(OPTIONS, {
  ...LEFT_OUT,
  'ol,ul': ({ node, listKind }) =>
    node.querySelector('h1, h2, h3, h4, h5, h6') ? { surroundingNewlines: 2, childTranslators: sections.translators } : { surroundingNewlines: listKind ? 1 : 2 },
});

/**
 * The spaces JavaScript's \s matches beyond HTML's white space: no-break ones among them (French's narrow one before a
 * colon, 98 % with its no-break space). The converter collapses every \s into a space (node-html-markdown's
 * processText), so each is kept aside as a character of Unicode's Private Use Area, which it leaves alone, and put back.
 */
const SPACES = '\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';
const KEPT = [...SPACES].map((_, index) => String.fromCharCode(0xe000 + index)).join('');
const [SPACE, KEPT_SPACE] = [new RegExp(`[${SPACES}]`, 'g'), new RegExp(`[${KEPT}]`, 'g')];

/** The Markdown of a screen's HTML, navigation and illustrations left out. */
export function htmlToMarkdown(html: string): string {
  const kept = html.replace(SPACE, (space) => KEPT[SPACES.indexOf(space)]!);
  return converter.translate(kept).replace(KEPT_SPACE, (char) => SPACES[KEPT.indexOf(char)]!);
}
