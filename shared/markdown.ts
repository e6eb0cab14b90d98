/**
 * Each page as Markdown, for AI assistants and other readers of text
 * (https://llmstxt.org: the page's address with .md appended). Built from the
 * same content data as the HTML screens, with the same headings and text, and
 * none of the chrome: no navigation, footer or breadcrumb. Links are absolute
 * and go to the Markdown versions of our pages.
 */
import { aboutContent } from './content/about.ts';
import { homeContent } from './content/home.ts';
import { legalDocuments } from './content/legal.ts';
import { productCategories } from './content/products.ts';
import type { TextSection } from './content/types.ts';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH } from './paths.ts';
import type { Route } from './routes.ts';
import { formatDate } from './screens/Legal.tsx';
import type { SiteConfig } from './site.ts';

export const MARKDOWN = 'text/markdown; charset=utf-8';

export interface MarkdownInput {
  site: SiteConfig;
  routes: readonly Route[];
}

/** "/about" → "/about.md"; an address without a file name gets index.html.md ("/" → "/index.html.md"). */
export function markdownAddress(path: string): string {
  return path.endsWith('/') ? `${path}index.html.md` : `${path}.md`;
}

/** The Markdown of one route's page; every variant (the legal tabs) is on it. */
export function pageMarkdown(route: Route, input: MarkdownInput): string {
  return `${blocks(route, input).join('\n\n')}\n`;
}

function blocks(route: Route, { site, routes }: MarkdownInput): string[] {
  const link = (label: string, path: string) => `[${text(label)}](${site.publicUrl}${markdownAddress(path)})`;
  const category = productCategories.find((candidate) => candidate.slug === route.productSlug);
  if (category) {
    return [
      heading(1, category.title),
      text(category.intro),
      ...category.headings.flatMap((group) => [heading(2, group.heading), list(group.items)]),
    ];
  }
  if (route.path === HOME_PATH) {
    return [heading(1, homeContent.tagline), text(homeContent.lead), link('Read more about us', ABOUT_PATH)];
  }
  if (route.path === ABOUT_PATH) {
    const about = aboutContent(site);
    return [
      heading(1, about.aboutUs.heading),
      text(about.lead),
      ...body(about.aboutUs),
      heading(2, about.process.heading),
      ...about.process.steps.flatMap((step) => [heading(3, step.title), text(step.text)]),
      heading(2, about.values.heading),
      ...body(about.values),
      ...about.values.items.flatMap((value) => [heading(3, value.title), text(value.text)]),
      heading(2, about.whatWeProvide.heading),
      ...body(about.whatWeProvide),
    ];
  }
  if (route.path === LEGAL_PATH) {
    return [
      heading(1, route.title),
      ...legalDocuments(site).flatMap((doc) => [
        heading(2, doc.title),
        `Last updated ${formatDate(doc.updated)}`,
        ...doc.intro.map(text),
        ...doc.sections.flatMap((section) => [heading(3, section.heading), ...body(section)]),
      ]),
    ];
  }
  // A list of categories (/products): each card's title, subtitle and text, and a link to its page.
  const children = routes.filter((candidate) => candidate.parent === route.path);
  return [
    heading(1, route.title),
    text(route.description),
    ...children.flatMap((child) => {
      const card = productCategories.find((candidate) => candidate.slug === child.productSlug);
      return [heading(2, child.title), ...(card ? [text(card.subtitle), text(card.description)] : []), link(`Read more about ${child.title}`, child.path)];
    }),
  ];
}

function body(section: Pick<TextSection, 'paragraphs' | 'list'>): string[] {
  return [...section.paragraphs.map(text), ...(section.list ? [list(section.list)] : [])];
}

function heading(level: 1 | 2 | 3, title: string): string {
  return `${'#'.repeat(level)} ${text(title)}`;
}

function list(items: readonly string[]): string {
  return items.map((item) => `- ${text(item)}`).join('\n');
}

/**
 * Copy as Markdown text: characters that would start emphasis, code, a link
 * or HTML are escaped, and so is a start of line that would make a heading,
 * a quote or a list item.
 */
export function text(value: string): string {
  return value.replace(/[\\`*_[\]<>]/g, '\\$&').replace(/^[#+-]/, '\\$&').replace(/^(\d+)\./, '$1\\.');
}
