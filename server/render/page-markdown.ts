/**
 * Each page as Markdown, for AI assistants and other readers of text
 * (https://llmstxt.org: the page's address with .md appended). It is the
 * page's own screen, rendered as on the site and converted by
 * node-html-markdown, so every page has its whole body here without a word
 * written twice. None of the chrome: no header, menu or footer; navigation
 * inside a screen (breadcrumbs, the legal tab list) and illustrations are
 * left out. Links to our pages go to their Markdown versions, absolute.
 */
import { NodeHtmlMarkdown, type TranslatorConfigObject } from 'node-html-markdown';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Edition, Route } from '../../shared/routes.ts';
import { pageContext, type PageContext } from '../../shared/screens/context.ts';
import type { SiteConfig } from '../../shared/site.ts';
import { InWriting } from '../../shared/ui/Words.tsx';
import { writingOf } from '../../shared/writing.ts';

export const MARKDOWN = 'text/markdown; charset=utf-8';

export interface MarkdownInput {
  site: SiteConfig;
  editions: readonly Edition[];
  /** The public URL of a built asset, and the files of a picture (the screens name their images by them). */
  asset: PageContext['asset'];
  picture: PageContext['picture'];
}

/** "/about" → "/about.md"; an address without a file name gets index.html.md ("/" → "/index.html.md"). */
export function markdownAddress(path: string): string {
  return path.endsWith('/') ? `${path}index.html.md` : `${path}.md`;
}

// Every link as [words](address), also where the words are the address: the rewrite below reads that
// form, and <address>, the converter's shorter one, is no link at all for an address like /about.
const OPTIONS = { bulletMarker: '-', maxConsecutiveNewlines: 2, useInlineLinks: false };
const LEFT_OUT: TranslatorConfigObject = { nav: { ignore: true }, picture: { ignore: true }, img: { ignore: true } };
/** A list whose items have headings (the product cards, the steps, the values) reads as sections, not bullets. */
const sections = new NodeHtmlMarkdown(OPTIONS, { ...LEFT_OUT, li: { surroundingNewlines: 2 } });
const converter = new NodeHtmlMarkdown(OPTIONS, {
  ...LEFT_OUT,
  'ol,ul': ({ node, listKind }) =>
    node.querySelector('h1, h2, h3, h4, h5, h6') ? { surroundingNewlines: 2, childTranslators: sections.translators } : { surroundingNewlines: listKind ? 1 : 2 },
});

/** The Markdown of one route's page: its screen. */
export function pageMarkdown(route: Route, { site, editions, asset, picture }: MarkdownInput): string {
  const ctx = pageContext(route, editions, { site, asset, picture });
  const html = renderToString(createElement(InWriting, { writing: writingOf(ctx.content.language) }, createElement(route.screen, { ctx })));
  const every = editions.flatMap((edition) => edition.routes);
  const markdown = converter.translate(html).replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => `](${absolute(href, site, every)})`);
  return `${markdown.trim()}\n`;
}

/** Our page's Markdown address, or the absolute URL of anything else of ours. */
function absolute(href: string, site: SiteConfig, routes: readonly Route[]): string {
  const path = href.split(/[?#]/, 1)[0]!;
  return site.publicUrl + (routes.some((route) => route.path === path) ? markdownAddress(path) : href);
}

/**
 * Copy as Markdown text: characters that would start emphasis, code, a link
 * or HTML are escaped, and so is a start of line that would make a heading,
 * a quote or a list item.
 */
export function text(value: string): string {
  return value.replace(/[\\`*_[\]<>]/g, '\\$&').replace(/^[#+-]/, '\\$&').replace(/^(\d+)\./, '$1\\.');
}
