/**
 * The render contract: a URL goes in, a status and HTML (or a redirect) come
 * out. No Express types here: the server, the static export and the tests all
 * call these two functions.
 */
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { Content } from '../../content/schema.ts';
import type { Chrome, Route } from '../../shared/routes.ts';
import { HOME_PATH, aliases } from '../../shared/paths.ts';
import type { SiteConfig } from '../../shared/site.ts';
import type { PageContext } from '../../shared/screens/context.ts';
import { Document } from './Document.tsx';
import { errorMeta, headLinks, notFoundMeta, pageMeta } from './metadata.ts';
import { Page } from '../../shared/ui/Page.tsx';
import { ErrorScreen, type ErrorDetails } from './ErrorScreen.tsx';

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
  /** The public URL of a built file by its source name, e.g. "art/hero.svg". */
  url: (name: string) => string;
  /** When the build was made (ISO 8601); security.txt's Expires counts from it. */
  builtAt: string;
}

export interface RenderOptions {
  site: SiteConfig;
  /** The table and the content with their placeholders filled for the site (routes.ts, withWords). */
  routes: readonly Route[];
  content: Content;
  assets: AssetUrls;
  /** The dev server's client script (scripts/dev/client.js), on every page and the error screen; never in production. */
  devScript?: string;
}

export type RenderResult =
  | { kind: 'page'; status: 200 | 404; html: string }
  | { kind: 'redirect'; status: 301; location: string }
  | { kind: 'error'; status: 400; html: string };

const DOCTYPE = '<!DOCTYPE html>';

/** What a request target means, worked out without rendering anything. */
export type Resolution =
  | { kind: 'page'; route: Route; variant: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'bad-request' };

export function resolveUrl(url: string, routes: readonly Route[]): Resolution {
  const { path, search } = splitUrl(url);
  if (!isWellEncoded(path)) return { kind: 'bad-request' };
  const route = lookup(routes, path);
  if (route) return { kind: 'page', route, variant: variantOf(route, search) };
  // /about/ and /about// are spellings of /about: send the visitor to the one address.
  // The query is not copied as it came, so nothing of the request is reflected.
  const trimmed = path.replace(/\/+$/, '');
  const canonical = trimmed ? lookup(routes, trimmed) : undefined;
  if (canonical) return { kind: 'redirect', location: canonical.path + variantOf(canonical, search) };
  return { kind: 'not-found' };
}

/** A stable name for what a resolution renders, for caching rendered responses. */
export function resolutionKey(resolution: Resolution): string {
  switch (resolution.kind) {
    case 'page':
      return resolution.route.path + resolution.variant;
    case 'redirect':
      return `redirect:${resolution.location}`;
    default:
      return resolution.kind;
  }
}

export function renderPage(url: string, options: RenderOptions): RenderResult {
  return renderResolution(resolveUrl(url, options.routes), options);
}

export function renderResolution(resolution: Resolution, options: RenderOptions): RenderResult {
  switch (resolution.kind) {
    case 'page':
      return { kind: 'page', status: 200, html: renderRoute(resolution.route, resolution.variant, options, 'found') };
    case 'redirect':
      return { kind: 'redirect', status: 301, location: resolution.location };
    case 'bad-request':
      return { kind: 'error', status: 400, html: renderErrorPage({ message: options.content.labels.badRequest }, options) };
    case 'not-found': {
      // Any other path shows the home screen, but says it is not a page of ours.
      const home = lookup(options.routes, HOME_PATH);
      if (!home) throw new Error(`The route table has no ${HOME_PATH} route`);
      return { kind: 'page', status: 404, html: renderRoute(home, '', options, 'not-found') };
    }
  }
}

/** The fallback screen, for exceptions and for requests we refuse. */
export function renderErrorPage(error: ErrorDetails, options: Pick<RenderOptions, 'site' | 'content' | 'assets' | 'devScript'>): string {
  return renderDocument(
    <Document meta={errorMeta(options.site, options.content.labels)} links={headLinks(options.assets.url, options.assets.styles)} bodyClass="chrome-normal" devScript={options.devScript}>
      <main id="main" tabIndex={-1}>
        <ErrorScreen error={error} labels={options.content.labels} />
      </main>
    </Document>,
  );
}

function renderRoute(route: Route, variant: string, options: RenderOptions, match: 'found' | 'not-found'): string {
  const { site, routes, content, assets } = options;
  const ctx: PageContext = { site, routes, content, route, variant, asset: assets.url };
  return renderDocument(
    <Document
      meta={match === 'found' ? pageMeta(route, variant, { site, routes, content, asset: assets.url }) : notFoundMeta(route, site, content.labels)}
      links={headLinks(assets.url, assets.styles, assets.script)}
      bodyClass={`chrome-${route.chrome}`}
      devScript={options.devScript}
    >
      <Page ctx={ctx} found={match === 'found'} />
    </Document>,
  );
}

/**
 * The query of a variant's canonical address ("?tab=privacy"), or "" for the
 * default. Only a route with variants reads the query; unknown values mean the default.
 */
function variantOf(route: Route, search: string): string {
  const variants = route.variants;
  if (!variants || !search) return '';
  const value = new URLSearchParams(search).get(variants.param);
  const index = value === null ? -1 : variants.values.indexOf(value);
  return index > 0 ? `?${variants.param}=${variants.values[index]}` : '';
}

function renderDocument(element: ReactNode): string {
  return DOCTYPE + renderToString(element);
}

function lookup(routes: readonly Route[], path: string): Route | undefined {
  const wanted = aliases[path] ?? path;
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
