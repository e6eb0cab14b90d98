/**
 * The checks beyond each file's own (content/load.ts makes those): what
 * needs the route table made from the filled content. Every address is one
 * page's, every old address of redirects.yaml leads to a page in one step,
 * every address published is still a page or an old address and every
 * page's address is published, and every page's share image can be drawn: its title and line fit and every
 * character has a font. The build runs them before drawing
 * anything, the browser editor before saving; each problem is one line at
 * the field it comes from.
 */
import { pathOf, REDIRECTS_REF, type Checked, type Locate, type OurLink } from '../content/load.ts';
import type { EntryRef, Redirects } from '../content/schema.ts';
import { aliasesOf, HOME_PATH } from './paths.ts';
import { editionAt, fillSite, type Edition, type FilledSite, type Route } from './routes.ts';
import { shareImage } from './share-image.ts';
import type { ShareImageFit } from './share-image-layout.ts';
import type { SiteConfig } from './site.ts';


export interface SiteCheck {
  /** The content filled with the settings and its route table; undefined when there is any problem. */
  filled?: FilledSite;
  problems: string[];
  /** What is not translated (content/load.ts): said, never a stop. */
  notices: string[];
}

/**
 * The problems of the site after a change that it did not have before: what
 * a write is refused for. A content already broken (a file changed outside
 * the editor) must be mendable one change at a time, so a problem it had is
 * not the change's. A problem is the same before and after by its file,
 * field and words, not its line and column, which an edit above it moves.
 */
export function problemsBrought(before: readonly string[], after: readonly string[]): string[] {
  const key = (line: string) => line.replace(/^([^:]+):\d+:\d+: /, '$1: ');
  const had = new Set(before.map(key));
  return after.filter((line) => !had.has(key(line)));
}

/** The whole check of a checked content (content/load.ts), for a site's settings: every problem the build stops on. */
export async function checkSite(checked: Checked, site: SiteConfig, fit: ShareImageFit): Promise<SiteCheck> {
  const { notices } = checked;
  if (!checked.content) return { problems: checked.problems, notices };
  const filled = fillSite(site, checked.content);
  await fit.prepare(filled.editions.flatMap(({ routes, content }) => routes.map((route) => shareImage(route, content))));
  const problems = [...new Set([...filled.editions.flatMap((edition) => siteProblems(edition, filled, checked.locate, fit)), ...redirectProblems(filled.editions, checked.content.redirects, checked.locate), ...linkProblems(filled, checked.links)])];
  return problems.length > 0 ? { problems, notices } : { filled, problems, notices };
}

/** One language's problems: its addresses, and its pages' share images. */
export function siteProblems({ routes, content, prefix }: FilledSite['editions'][number], { editions }: FilledSite, locate: Locate, fit: ShareImageFit): string[] {
  const problems: string[] = [];

  // A translation's addresses are its original's with the prefix (the same field, content/load.ts), so a clash
  // in another language is the default language's too: it is checked once, there.
  if (!prefix) problems.push(...addressProblems(routes, editions, locate));

  // Each share image once (an alias shares its page's).
  const drawn = new Set<string>();
  for (const route of routes) {
    const image = shareImage(route, content);
    if (drawn.has(image.name)) continue;
    drawn.add(image.name);
    const misfit = fit.check(image);
    if (!misfit) continue;
    if (misfit.text === 'title') problems.push(locate(route.source, ['title'], misfit.problem));
    else if (route.category) problems.push(locate(route.source, ['subtitle'], misfit.problem));
    else problems.push(locate({ collection: 'home', id: 'home', language: content.language.code }, ['shareLine'], misfit.problem));
  }
  // The line under the title is the same on every page but the categories': said once.
  return [...new Set(problems)];
}

/**
 * A link of the texts to an address of ours leads to a page, in one step: not to an old address (which would
 * answer 301, and break when that redirect goes), nor to no page at all. Files such as /llms.txt are not pages.
 */
export function linkProblems({ routes, redirects }: Pick<FilledSite, 'routes' | 'redirects'>, links: readonly OurLink[]): string[] {
  const pages = new Set([...routes.map((route) => route.path), ...Object.keys(aliasesOf(routes))]);
  const pageAt = new Map(routes.map((route) => [route.path, route]));
  return links.flatMap(({ href, at }) => {
    const { pathname, searchParams } = new URL(href, 'https://site.invalid');
    const moved = pageAt.get(pathname)?.queryRedirects;
    const to = redirects[pathname] ?? (moved && moved.to[searchParams.get(moved.param) ?? '']);
    if (to) return [at(`${href} is an old address of ${to}: link to ${to}`)];
    if (!pages.has(pathname) && !/\.[a-z0-9]+$/i.test(pathname)) return [at(`no page has the address ${pathname}: link to a page’s address`)];
    return [];
  });
}

/** Every address, aliases included, is one page's, and a default language's page is at none of another language's. */
function addressProblems(routes: readonly Route[], editions: readonly Edition[], locate: Locate): string[] {
  const problems: string[] = [];
  const owners = new Map<string, Route | 'alias'>(Object.keys(aliasesOf(routes)).map((alias) => [alias, 'alias']));
  for (const route of routes) {
    const taken = editionAt(editions, route.path);
    if (taken.prefix) problems.push(locate(route.source, ['path'], `${route.path} is in ${taken.prefix}/, where the ${taken.language.name} pages are: choose another address`));
    const owner = owners.get(route.path);
    if (!owner) {
      owners.set(route.path, route);
      continue;
    }
    const field = route.category ? 'slug' : 'path';
    const other = owner === 'alias' ? `the Home page (${HOME_PATH})` : pageName(owner);
    problems.push(locate(route.source, [field], `${route.path} is also the address of ${other}`));
  }
  return problems;
}

/**
 * Each redirect of redirects.yaml leads from an address no page of any
 * language has, written without a language prefix, to a page, in one step
 * (no chain, no loop), each old address once; every address published is
 * still a page or an old address, so that no link to it answers 404; and
 * every page's address is published.
 */
function redirectProblems(editions: readonly Edition[], { redirects, published }: Redirects, locate: Locate): string[] {
  const problems: string[] = [];
  const at = (field: (string | number)[], problem: string) => problems.push(locate(REDIRECTS_REF, field, problem));
  const pages = new Map(editions[0]!.routes.map((route) => [route.path, route]));
  const aliases = aliasesOf(editions.flatMap((edition) => edition.routes));
  const first = new Map<string, number>();
  redirects.forEach(({ from }, index) => first.set(from, first.get(from) ?? index));
  const prefixed = (address: string) => {
    const { prefix, language } = editionAt(editions, address);
    if (prefix) return `${address} is in ${prefix}/, where the ${language.name} pages are: write it without the prefix (a redirect holds in every language that has the page)`;
  };
  const fromProblem = (from: string, index: number) => {
    const page = pages.get(from);
    if (page) return `${from} is the address of ${pageName(page)}: redirect only from an address no page has`;
    if (aliases[from] !== undefined) return `${from} is the address of the Home page (${aliases[from]}): redirect only from an address no page has`;
    if (first.get(from) !== index) return `${from} is redirected twice (also at redirects[${first.get(from)}]): keep one`;
    return prefixed(from);
  };
  const toProblem = (from: string, to: string) => {
    const prefix = prefixed(to);
    if (prefix) return prefix;
    // Where the visitor would end up: `to`, or, where `to` is itself an old address, the end of that chain, if it has one.
    const steps = [from];
    let next: string | undefined = to;
    while (next !== undefined && !steps.includes(next)) {
      steps.push(next);
      const further = first.get(next);
      next = further === undefined ? undefined : redirects[further]!.to;
    }
    const end = steps.at(-1)!;
    if (next !== undefined) return `${[...steps, next].join(' → ')} goes round in a loop: lead each old address to a page`;
    if (end !== to) return `${to} is itself redirected, to ${end}: lead this one straight to ${end}`;
    if (!pages.has(to)) return `no page has the address ${to}: lead to a page’s address (a category’s /products/…, a page’s path)`;
  };

  redirects.forEach(({ from, to }, index) => {
    const problem = { from: fromProblem(from, index), to: toProblem(from, to) };
    for (const field of ['from', 'to'] as const) if (problem[field]) at(['redirects', index, field], problem[field]);
  });

  published.forEach((address, index) => {
    if (!pages.has(address) && !first.has(address)) at(['published', index], `${address} was published and is no page now: add a redirect from it to its new address`);
  });
  // A page goes live with its address in published, or a later change of that address could leave no trace.
  const listed = new Set(published);
  for (const address of pages.keys()) {
    if (!listed.has(address)) at(['published'], `${address} is a page, not in published: add it there, in order (the browser editor does so as it saves)`);
  }
  return problems;
}

/** How a problem names a page: a built-in page by its title, a category or a page of a folder by its file. */
function pageName(route: Route): string {
  return builtIn(route.source) ? `the ${route.title} page` : pathOf(route.source);
}

/** A page the site has whatever the content holds (its words are in a file of its own, not a folder's). */
function builtIn(source: EntryRef): boolean {
  return !['categories', 'pages', 'legal'].includes(source.collection);
}
