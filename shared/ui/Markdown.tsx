import type { ReactNode } from 'react';
import type { Block, Inline } from '../../content/schema.ts';
import { Words } from './Words.tsx';

/**
 * Markdown as the content check handed it over (content/markdown-blocks.ts):
 * headings, paragraphs, lists, links and emphasis. `##` is a section of the
 * page, drawn at `sectionLevel` (h2 on a page of its own, h3 inside a legal
 * document, whose own title is the h2). A link to a page of ours carries its
 * full address, the site's `publicUrl` and its path, which paper prints after
 * its words (client/styles.css).
 */
export function Markdown({ blocks, sectionLevel = 2, publicUrl }: { blocks: readonly Block[]; sectionLevel?: number; publicUrl: string }) {
  return <>{blocks.map((block, index) => renderBlock(block, index, sectionLevel, publicUrl))}</>;
}

function renderBlock(block: Block, key: number, sectionLevel: number, publicUrl: string): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${Math.min(6, block.depth - 2 + sectionLevel)}` as 'h2';
      return <Heading key={key}>{inline(block.children, publicUrl)}</Heading>;
    }
    case 'paragraph':
      return <p key={key}>{inline(block.children, publicUrl)}</p>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={key}>
          {block.items.map((item, index) => (
            // A tight list item is one paragraph: its words, without a <p>.
            <li key={index}>{item.length === 1 && item[0]!.type === 'paragraph' ? inline(item[0]!.children, publicUrl) : item.map((child, at) => renderBlock(child, at, sectionLevel, publicUrl))}</li>
          ))}
        </List>
      );
    }
  }
}

function inline(nodes: readonly Inline[], publicUrl: string): ReactNode {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return <Words key={index} text={node} />;
    switch (node.type) {
      case 'break':
        return <br key={index} />;
      case 'emphasis':
        return <em key={index}>{inline(node.children, publicUrl)}</em>;
      case 'strong':
        return <strong key={index}>{inline(node.children, publicUrl)}</strong>;
      case 'link':
        return (
          <a key={index} href={node.href} data-address={node.href.startsWith('/') ? publicUrl + node.href : undefined}>
            {inline(node.children, publicUrl)}
          </a>
        );
    }
  });
}
