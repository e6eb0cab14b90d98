/**
 * Markdown as the screens get it: headings, paragraphs, lists, links and
 * emphasis as plain data, anything else reported; and the front matter of a
 * Markdown file split from its text. No node: imports: the content check
 * runs it in the build and in the browser editor, whose preview draws a body
 * as it is typed.
 */
import type { Nodes as MdNode, PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Block, Inline } from './schema.ts';

/** A Markdown file's front matter (between a first line --- and the next line ---) and its text, each with the line it starts on. */
export interface FrontMatter {
  yaml: string;
  body: string;
  /** 1-based lines where the fields and the text start in the file. */
  yamlLine: number;
  bodyLine: number;
}

const FENCE = /^---[ \t]*$/;

/** Splits a Markdown file; undefined when its first line is not --- or no later line closes the front matter. */
export function splitFrontMatter(text: string): FrontMatter | undefined {
  const lines = text.split('\n');
  if (!FENCE.test(lines[0]!.replace(/\r$/, ''))) return undefined;
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line.replace(/\r$/, '')));
  if (close === -1) return undefined;
  return { yaml: lines.slice(1, close).map((line) => `${line}\n`).join(''), body: lines.slice(close + 1).join('\n'), yamlLine: 2, bodyLine: close + 2 };
}

type Report = (row: number, column: number, problem: string) => void;

/** What each refused kind of Markdown is called in a message. */
const REFUSED: Record<string, string> = {
  html: 'raw HTML is not allowed in the text',
  image: 'images are not allowed in the text',
  imageReference: 'images are not allowed in the text',
  code: 'code blocks are not allowed in the text',
  inlineCode: 'code is not allowed in the text',
  blockquote: 'quotes (lines starting with >) are not allowed in the text',
  thematicBreak: 'dividing lines (---, ***) are not allowed in the text',
  definition: 'link definitions are not allowed: write the address in the link',
  linkReference: 'reference links are not allowed: write [words](address)',
};

/** Any origin stands for ours: an address that resolves against it to another origin leaves the site. */
const OURS = 'https://site.invalid';

/**
 * Why a link's address is refused, or undefined: it must go to a page of
 * ours (starting with / or #, and staying here as a browser reads it: not
 * //host or /\host), or be written whole with https:, http: or mailto:.
 */
export function linkProblem(href: string): string | undefined {
  const refused = `links go to addresses starting https:, http:, mailto: or /, not ${JSON.stringify(href)}`;
  let url: URL;
  try {
    url = new URL(href, `${OURS}/`);
  } catch {
    return refused;
  }
  if (href.startsWith('/') || href.startsWith('#')) return url.origin === OURS ? undefined : `${JSON.stringify(href)} leads to another site (write a whole address, with https:, for one)`;
  return /^(https?|mailto):/i.test(href) && ['https:', 'http:', 'mailto:'].includes(url.protocol) ? undefined : refused;
}

/**
 * The Markdown's headings, paragraphs, lists, links and emphasis as plain data; anything else is reported, and so is what
 * `sentence` finds in its words (their placeholders). Each allowed link is told to `onLink` where it stands, for the checks that
 * need the route table (shared/site-check.ts: a link to one of our addresses leads to a page).
 */
export function markdownBlocks(markdown: string, report: Report, sentence: (text: string) => string[] = () => [], onLink: (href: string, line: number, column: number) => void = () => undefined): Block[] {
  const refuse = (node: MdNode, problem: string) => report(node.position?.start.line ?? 1, node.position?.start.column ?? 1, problem);
  const inline = (nodes: PhrasingContent[]): Inline[] =>
    nodes.flatMap((node): Inline[] => {
      switch (node.type) {
        case 'text':
          for (const problem of sentence(node.value)) refuse(node, problem);
          return [node.value];
        case 'break':
          return [{ type: 'break' }];
        case 'emphasis':
        case 'strong':
          return [{ type: node.type, children: inline(node.children) }];
        case 'link': {
          const problem = linkProblem(node.url);
          if (problem) refuse(node, problem);
          else onLink(node.url, node.position?.start.line ?? 1, node.position?.start.column ?? 1);
          return [{ type: 'link', href: node.url, children: inline(node.children) }];
        }
        default:
          refuse(node, REFUSED[node.type] ?? `${node.type} is not allowed in the text`);
          return [];
      }
    });
  const blocks = (nodes: MdNode[]): Block[] =>
    nodes.flatMap((node): Block[] => {
      switch (node.type) {
        case 'heading':
          if (node.depth === 1) refuse(node, 'a heading here starts with ## (the title is the page’s own)');
          return [{ type: 'heading', depth: node.depth, children: inline(node.children) }];
        case 'paragraph':
          return [{ type: 'paragraph', children: inline(node.children) }];
        case 'list':
          return [{ type: 'list', ordered: node.ordered === true, items: node.children.map((item) => blocks(item.children)) }];
        default:
          refuse(node, REFUSED[node.type] ?? `${node.type} is not allowed in the text`);
          return [];
      }
    });
  return blocks(fromMarkdown(markdown).children);
}
