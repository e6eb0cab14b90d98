/**
 * Markdown bodies as the screens get them: headings, paragraphs, lists, links
 * and emphasis as plain data, anything else reported. No node: imports: the
 * content check runs it, and so does the browser editor's preview
 * (client/admin/), which draws a body as it is being typed.
 */
import type { Nodes as MdNode, PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { PLACEHOLDERS, type Block, type Inline } from '../../shared/content/schema.ts';

/** The {names} in a text that are not placeholders. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{([^{}\s]*)\}/g)].map((match) => match[1]!).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
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

/** The Markdown's headings, paragraphs, lists, links and emphasis as plain data; anything else is reported. */
export function markdownBlocks(markdown: string, report: Report): Block[] {
  const refuse = (node: MdNode, problem: string) => report(node.position?.start.line ?? 1, node.position?.start.column ?? 1, problem);
  const inline = (nodes: PhrasingContent[]): Inline[] =>
    nodes.flatMap((node): Inline[] => {
      switch (node.type) {
        case 'text':
          for (const unknown of unknownPlaceholders(node.value)) refuse(node, `{${unknown}} is not a placeholder we know (${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`);
          return [node.value];
        case 'break':
          return ['\n'];
        case 'emphasis':
        case 'strong':
          return [{ type: node.type, children: inline(node.children) }];
        case 'link':
          if (!/^(https?:|mailto:|\/(?!\/)|#)/.test(node.url)) refuse(node, `links go to addresses starting https:, http:, mailto: or /, not ${JSON.stringify(node.url)}`);
          return [{ type: 'link', href: node.url, children: inline(node.children) }];
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
