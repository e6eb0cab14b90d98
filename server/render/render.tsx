/**
 * The render contract: a URL goes in, a status and HTML (or a redirect) come
 * out. No Express types here: the server, the static export and the tests all
 * call these two functions.
 */
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { editionAt, editionOf, type Edition, type Route } from '../../shared/routes.ts';
import { addressIn, aliasesOf, HOME_PATH, prefixAt } from '../../shared/paths.ts';
import type { SiteConfig } from '../../shared/site.ts';
import { pageContext, type PageContext } from '../../shared/screens/context.ts';
import { Document } from './Document.tsx';
import { errorMeta, headLinks, notFoundMeta, pageMeta } from './metadata.ts';
import { Page } from '../../shared/ui/Page.tsx';
import { ErrorScreen, type ErrorDetails } from './ErrorScreen.tsx';
import { markdownAddress } from './page-markdown.ts';

/** Where the built client files are; the server reads this from the build manifest. */
export interface AssetUrls {
  stylesheet: string;
  /**
   * The stylesheet's text, which every page carries inline: on a first visit
   * (most visits to a marketing site) a linked stylesheet is a round trip
   * before anything is painted. The CSP allows it by hash.
   */
  styles: string;
  script: { src: string; integrity: string };
  /** The public URL of a built file by its source name, e.g. "icons/favicon.svg". */
  url: (name: string) => string;
  /** A picture of content/art as the build made it for a slot: its files' public URLs (PageContext.picture). */
  picture: PageContext['picture'];
  /** When the build was made (ISO 8601); security.txt's Expires counts from it. */
  builtAt: string;
}

export interface RenderOptions {
  site: SiteConfig;
  /** Every language's pages, and each language's content and pages, with their placeholders filled for the site (routes.ts, fillSite). */
  routes: readonly Route[];
  editions: readonly Edition[];
  /** Each old address of every language and the page it leads to (routes.ts, FilledSite). */
  redirects: Readonly<Record<string, string>>;
  /** Each address of a page a language has no translation of yet, and the default language's page it leads to for now (routes.ts, FilledSite). */
  untranslated: Readonly<Record<string, string>>;
  assets: AssetUrls;
  /** The dev server's client script (scripts/dev/client.js), on every page and the error screen; never in production. */
  devScript?: string;
}

export type RenderResult =
  | { kind: 'page'; status: 200 | 404; html: string }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'error'; status: 400; html: string };

const DOCTYPE = '<!DOCTYPE html>';

/** What a request target means, worked out without rendering anything. */
export type Resolution =
  | { kind: 'page'; route: Route }
  /** 301 for good (an address that moved), 302 for now (a page not translated yet: its address leads to its translation once there is one). */
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  /** `home`: the home page of the language the address is in (/fr/… is French), which the answer shows. */
  | { kind: 'not-found'; home: Route }
  | { kind: 'bad-request'; home: Route };

export function resolveUrl(url: string, routes: readonly Route[], { redirects, untranslated }: Pick<RenderOptions, 'redirects' | 'untranslated'>): Resolution {
  const { path, search } = splitUrl(url);
  if (!isWellEncoded(path)) return { kind: 'bad-request', home: homeAt(routes, path) };
  const route = lookup(routes, path);
  const moved = route && movedBy(route, search);
  if (route) return moved ? { kind: 'redirect', location: moved, status: 301 } : { kind: 'page', route };
  // /about/ and /about// are spellings of /about, and an old address (redirects.yaml) is its page's
  // former one: send the visitor to the one address, in one step. The query is not copied as it
  // came, so nothing of the request is reflected.
  const trimmed = path.replace(/\/+$/, '');
  const canonical = trimmed ? lookup(routes, redirects[trimmed] ?? trimmed) : undefined;
  if (canonical) return { kind: 'redirect', location: movedBy(canonical, search) ?? canonical.path, status: 301 };
  const elsewhere = trimmed ? lookup(routes, untranslated[trimmed] ?? '') : undefined;
  if (elsewhere) return { kind: 'redirect', location: movedBy(elsewhere, search) ?? elsewhere.path, status: 302 };
  // Their pages as Markdown (/products/fuel.md, which llms.txt listed) lead to their pages' the same way: exactly
  // the address with .md, as the static export's nginx has them.
  const page = /^(\/.+)\.md$/.exec(path)?.[1];
  const asMarkdown = page === undefined ? undefined : lookup(routes, redirects[page] ?? untranslated[page] ?? '');
  if (asMarkdown) return { kind: 'redirect', location: markdownAddress(asMarkdown.path), status: redirects[page!] === undefined ? 302 : 301 };
  return { kind: 'not-found', home: homeAt(routes, path) };
}

/** The home page of the language an address is in: the one whose prefix starts it, else the default language's. */
function homeAt(routes: readonly Route[], path: string): Route {
  const { homes } = indexOf(routes);
  const home = homes.get(prefixAt([...homes.keys()], path));
  if (!home) throw new Error(`The route table has no ${HOME_PATH} route`);
  return home;
}

/** What resolving an address reads of a table, made once per table rather than per request: its aliases, its home pages by prefix. */
const indexes = new WeakMap<readonly Route[], { aliases: Record<string, string>; homes: Map<string, Route> }>();
function indexOf(routes: readonly Route[]) {
  let index = indexes.get(routes);
  if (!index) {
    index = { aliases: aliasesOf(routes), homes: new Map(routes.filter((route) => route.key === HOME_PATH).map((home) => [home.prefix, home])) };
    indexes.set(routes, index);
  }
  return index;
}

/** A stable name for what a resolution renders, for caching rendered responses. */
export function resolutionKey(resolution: Resolution): string {
  switch (resolution.kind) {
    case 'page':
      return resolution.route.path;
    case 'redirect':
      return `redirect ${resolution.status}:${resolution.location}`;
    default:
      return `${resolution.kind}:${resolution.home.language.code}`;
  }
}

export function renderPage(url: string, options: RenderOptions): RenderResult {
  return renderResolution(resolveUrl(url, options.routes, options), options);
}

export function renderResolution(resolution: Resolution, options: RenderOptions): RenderResult {
  switch (resolution.kind) {
    case 'page':
      return { kind: 'page', status: 200, html: renderRoute(resolution.route, options, 'found') };
    case 'redirect':
      return { kind: 'redirect', status: resolution.status, location: resolution.location };
    case 'bad-request': {
      const edition = editionOf(options.editions, resolution.home);
      return { kind: 'error', status: 400, html: renderErrorPage({ message: edition.content.labels.badRequest }, options, resolution.home.path) };
    }
    case 'not-found':
      // Any other path shows its language's home screen, but says it is not a page of ours.
      return { kind: 'page', status: 404, html: renderRoute(resolution.home, options, 'not-found') };
  }
}

/** The fallback screen, for exceptions and for requests we refuse, in the language of the address asked for. */
export function renderErrorPage(error: ErrorDetails, options: Pick<RenderOptions, 'site' | 'editions' | 'assets' | 'devScript'>, path: string): string {
  const { content, language, routes, prefix } = editionAt(options.editions, path);
  return renderDocument(
    <Document language={language} meta={errorMeta(options.site, content)} links={headLinks(options.assets.url, options.assets.styles, prefix)} bodyClass="chrome-normal" devScript={options.devScript}>
      <main id="main" tabIndex={-1}>
        <ErrorScreen error={error} labels={content.labels} homeHref={addressIn(routes, prefix, HOME_PATH)} />
      </main>
    </Document>,
  );
}

function renderRoute(route: Route, options: RenderOptions, match: 'found' | 'not-found'): string {
  const { site, editions, assets } = options;
  const ctx = pageContext(route, editions, { site, asset: assets.url, picture: assets.picture });
  const { content } = ctx;
  return renderDocument(
    <Document
      language={route.language}
      meta={match === 'found' ? pageMeta(route, { site, editions, content, asset: assets.url }) : notFoundMeta(route, site, content)}
      links={headLinks(assets.url, assets.styles, route.prefix, assets.script)}
      bodyClass={`chrome-${route.chrome}`}
      devScript={options.devScript}
    >
      <Page ctx={ctx} found={match === 'found'} />
    </Document>,
  );
}

/**
 * Where an old address by a query now is (/legal?tab=privacy: /legal/privacy,
 * Route.queryRedirects), or undefined: any other query means the page itself.
 */
function movedBy(route: Route, search: string): string | undefined {
  const moved = route.queryRedirects;
  if (!moved || !search) return undefined;
  const value = new URLSearchParams(search).get(moved.param);
  return value !== null && Object.hasOwn(moved.to, value) ? moved.to[value] : undefined;
}

function renderDocument(element: ReactNode): string {
  return DOCTYPE + renderToString(element);
}

function lookup(routes: readonly Route[], path: string): Route | undefined {
  const wanted = indexOf(routes).aliases[path] ?? path;
  return routes.find((route) => route.path === wanted);
}

/** Splits a request target without URL parsing, which would read "//host/x" as another origin. */
export function splitUrl(url: string): { path: string; search: string } {
  const withoutHash = url.split('#', 1)[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  return queryAt === -1
    ? { path: withoutHash || '/', search: '' }
    : { path: withoutHash.slice(0, queryAt) || '/', search: withoutHash.slice(queryAt) };
}

function isWellEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
