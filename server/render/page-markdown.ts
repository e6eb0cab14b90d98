/**
 * Each page as Markdown, for AI assistants and other readers of text
 * (https://llmstxt.org: the page's address with .md appended). It is the
 * page's own screen, rendered as on the site and converted by
 * node-html-markdown (html-to-markdown.ts, loaded with the first page made
 * as Markdown), so every page has its whole body here without a word
 * written twice. None of the chrome: no header, menu or footer; navigation
 * inside a screen (breadcrumbs, the legal tab list) and illustrations are
 * left out. Links to our pages go to their Markdown versions, absolute.
 */
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

/** The Markdown of one route's page: its screen. */
export async function pageMarkdown(route: Route, { site, editions, asset, picture }: MarkdownInput): Promise<string> {
  const { htmlToMarkdown } = await import('./html-to-markdown.ts');
  const ctx = pageContext(route, editions, { site, asset, picture });
  const html = renderToString(createElement(InWriting, { writing: writingOf(ctx.content.language) }, createElement(route.screen, { ctx })));
  const every = editions.flatMap((edition) => edition.routes);
  const markdown = htmlToMarkdown(html).replace(/\]\((\/[^)\s]*)\)/g, (_, href: string) => `](${absolute(href, site, every)})`);
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
