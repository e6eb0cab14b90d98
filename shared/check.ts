/**
 * The checks beyond each file's own (content/load.ts makes those): what
 * needs the route table made from the filled content. Every address is one
 * page's, and every page's share image can be drawn: its title and line fit
 * and every character has a font. The build runs them before drawing
 * anything, the browser editor before saving; each problem is one line at
 * the field it comes from.
 */
import { pathOf, type Checked, type Locate } from '../content/load.ts';
import type { EntryRef } from '../content/schema.ts';
import { aliasesOf, HOME_PATH } from './paths.ts';
import { editionOf, fillSite, type Edition, type FilledSite, type Route } from './routes.ts';
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

/** The whole check of a checked content (content/load.ts), for a site's settings: every problem the build stops on. */
export async function checkSite(checked: Checked, site: SiteConfig, fit: ShareImageFit): Promise<SiteCheck> {
  const { notices } = checked;
  if (!checked.content) return { problems: checked.problems, notices };
  const filled = fillSite(site, checked.content);
  await fit.prepare(filled.editions.flatMap(({ routes, content }) => routes.map((route) => shareImage(route, content))));
  const problems = [...new Set(filled.editions.flatMap((edition) => siteProblems(edition, filled, checked.locate, fit)))];
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

/** Every address, aliases included, is one page's, and a default language's page is at none of another language's. */
function addressProblems(routes: readonly Route[], editions: readonly Edition[], locate: Locate): string[] {
  const problems: string[] = [];
  const owners = new Map<string, Route | 'alias'>(Object.keys(aliasesOf(routes)).map((alias) => [alias, 'alias']));
  for (const route of routes) {
    const taken = editionOf(editions, route.path);
    if (taken.prefix) problems.push(locate(route.source, ['path'], `${route.path} is in ${taken.prefix}/, where the ${taken.language.name} pages are: choose another address`));
    const owner = owners.get(route.path);
    if (!owner) {
      owners.set(route.path, route);
      continue;
    }
    const field = route.category ? 'slug' : 'path';
    const other = owner === 'alias' ? `the Home page (${HOME_PATH})` : builtIn(owner.source) ? `the ${owner.title} page` : pathOf(owner.source);
    problems.push(locate(route.source, [field], `${route.path} is also the address of ${other}`));
  }
  return problems;
}

/** A page the site has whatever the content holds (its words are in a file of its own, not a folder's). */
function builtIn(source: EntryRef): boolean {
  return !['categories', 'pages', 'legal'].includes(source.collection);
}
