/**
 * Documents for readers other than people in browsers, derived from the route
 * table, the content and the site config: security teams (security.txt,
 * RFC 9116) and AI assistants (llms.txt and each page as Markdown). Pure: the
 * server prepares them once beside robots.txt (documents.ts), and the
 * static export saves what it answers. See docs/readers.md.
 */
import { hoursText } from '../../shared/hours.ts';
import { hoursTextInput, say } from '../../shared/sentences.ts';
import { MARKDOWN, markdownAddress, pageMarkdown, text, type MarkdownInput } from './page-markdown.ts';
import { aliasesOf } from '../../shared/paths.ts';
import type { Edition, Route } from '../../shared/routes.ts';
import type { SiteConfig } from '../../shared/site.ts';

export interface ReaderDocument {
  path: string;
  contentType: string;
  /** The language it is written in (Content-Language), for a document written in one. */
  language?: string;
  /**
   * Made when asked for: a page's Markdown renders its screen, which may throw (the server then answers it per
   * request), and is a promise, as its converter is loaded with the first one (page-markdown.ts).
   */
  body: () => string | Promise<string>;
}

export interface ReaderInput {
  /** Each language's content and pages, with their placeholders filled (routes.ts, fillSite). */
  editions: readonly Edition[];
  site: SiteConfig;
  /** When the build was made (ISO 8601): security.txt expires a little under a year after it. */
  builtAt: string;
  /** The public URL of a built asset, and the files of a picture, for rendering the screens as Markdown. */
  asset: MarkdownInput['asset'];
  picture: MarkdownInput['picture'];
}

export const LLMS_TXT_PATH = '/llms.txt';
/** The heading llms.txt readers skip when short of room (https://llmstxt.org/#format): a name of the format's, not a word of ours. */
export const OPTIONAL = 'Optional';
export const SECURITY_TXT_PATH = '/.well-known/security.txt';
/** The legacy address (RFC 9116, section 3): the same file. */
export const LEGACY_SECURITY_TXT_PATH = '/security.txt';
const TEXT = 'text/plain; charset=utf-8';
/** RFC 9116 recommends an Expires less than a year ahead; a deploy rebuilds, so each release refreshes it. */
const SECURITY_TXT_LIFETIME_DAYS = 364;

export function readerDocuments(input: ReaderInput): ReaderDocument[] {
  // An alias's Markdown is its route's: rendered once for both addresses, and again only if it threw.
  const rendered = new Map<Route, Promise<string>>();
  const markdownOf = (route: Route) => {
    const kept = rendered.get(route);
    if (kept) return kept;
    const made = pageMarkdown(route, input);
    rendered.set(route, made);
    made.catch(() => rendered.delete(route));
    return made;
  };
  return [
    { path: SECURITY_TXT_PATH, contentType: TEXT, body: () => securityTxt(input) },
    { path: LEGACY_SECURITY_TXT_PATH, contentType: TEXT, body: () => securityTxt(input) },
    ...input.editions.map((edition) => ({ path: edition.prefix + LLMS_TXT_PATH, contentType: TEXT, language: edition.language.code, body: () => llmsTxt(edition, input) })),
    ...markdownPages(input).map(({ path, route }) => ({ path, contentType: MARKDOWN, language: route.language.code, body: () => markdownOf(route) })),
  ];
}

/** The address of each route's page as Markdown (its address plus .md), and each alias's (/ → /index.html.md, /fr/ → /fr/index.html.md). */
export function markdownPages({ editions }: Pick<ReaderInput, 'editions'>): Array<{ path: string; route: Route }> {
  const routes = editions.flatMap((edition) => edition.routes);
  const pages = routes.map((route) => ({ path: markdownAddress(route.path), route }));
  for (const [alias, target] of Object.entries(aliasesOf(routes))) {
    const page = pages.find((candidate) => candidate.route.path === target);
    if (page) pages.push({ ...page, path: markdownAddress(alias) });
  }
  return pages;
}

/**
 * https://llmstxt.org, one per language (/llms.txt, /fr/llms.txt): the brand,
 * the service in a quoted paragraph, how to reach us, then a list of links to
 * every page's Markdown with its description from the route table: the main
 * pages, each parent's children under its title, and the legal texts under
 * "Optional" (the convention's name for what a short context may skip); last,
 * the llms.txt of the other languages, each named in itself.
 */
export function llmsTxt({ routes, content, prefix }: Edition, { editions, site }: Pick<ReaderInput, 'editions' | 'site'>): string {
  const { about, hours, labels } = content;
  const open = hoursText(hours, hoursTextInput(content));
  const others = editions.filter((edition) => edition.prefix !== prefix);
  const item = (route: Route) => `- [${text(route.menuLabel ?? route.title)}](${site.publicUrl}${markdownAddress(route.path)}): ${text(route.description)}`;
  const section = (title: string, members: readonly Route[]) => (members.length ? [`## ${text(title)}`, members.map(item).join('\n')] : []);
  const legal = routes.filter((route) => route.document);
  const main = routes.filter((route) => route.parent === undefined && !legal.includes(route));
  const parents = routes.filter((route) => routes.some((child) => child.parent === route.path));
  // The summary is the About page's; a language without one has the default language's.
  const summary = about?.summary ?? editions[0]!.content.about!.summary;
  return `${[
    `# ${text(site.brandName)}`,
    `> ${text(summary)}`,
    text(say(content, 'readersHours', { days: open.days, hours: open.hours, closed: hours.closed })),
    text(say(content, 'readersContact', { generalEmail: site.generalEmail, salesEmail: site.salesEmail })),
    ...section(labels.readers.pages, main),
    ...parents.flatMap((parent) => section(parent.title, routes.filter((route) => route.parent === parent.path))),
    // The convention's own word, which readers of llms.txt look for, in every language: what a short context may skip.
    ...section(OPTIONAL, legal),
    ...(others.length ? [`## ${text(labels.readers.languages)}`, others.map((edition) => `- [${text(edition.language.name)}](${site.publicUrl}${edition.prefix}${LLMS_TXT_PATH}): ${edition.language.code}`).join('\n')] : []),
  ].join('\n\n')}\n`;
}

/** https://www.rfc-editor.org/rfc/rfc9116: where to report a vulnerability, until when this is true, and where the file lives. */
export function securityTxt({ site, builtAt, editions }: ReaderInput): string {
  const built = new Date(builtAt);
  if (Number.isNaN(built.getTime())) throw new Error(`Not a build date: ${builtAt}`);
  const expires = new Date(built.getTime() + SECURITY_TXT_LIFETIME_DAYS * 86_400_000);
  return [
    `# How to report a security vulnerability in ${site.publicUrl} to ${site.brandName}.`,
    `Contact: mailto:${site.generalEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `Preferred-Languages: ${editions.map((edition) => edition.language.code).join(', ')}`,
    `Canonical: ${site.publicUrl}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n');
}
