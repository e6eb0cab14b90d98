/**
 * Every response the site can give without rendering anything per request,
 * prepared once: every built asset and the health checks at start-up; each
 * page of the route table (and the redirect to it from a trailing slash,
 * which its old addresses of redirects.yaml answer too), the not-found and
 * bad-request pages of each language, and the fixed documents when first
 * asked for, or all of them one per turn of the event loop once `makeAll` is
 * called (the server calls it as it starts: server/main.ts). Ready (/readyz
 * 200) once every one of them is made; one that cannot be made keeps it from
 * ever being ready, and `makeAll` says which (the process exits on it).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { HOME_PATH } from '../shared/paths.ts';
import { markdownAddress } from './render/page-markdown.ts';
import { renderResolution, resolutionKey, resolveUrl, splitUrl, type RenderOptions, type Resolution } from './render/render.tsx';
import type { Route } from '../shared/routes.ts';
import type { LoadedAssets } from './assets.ts';
import { fixedDocuments, type FixedDocument } from './render/documents.ts';
import type { Logger } from './logger.ts';
import { prepare, type PrepareInput, type PreparedResponse } from './responses.ts';
import type { HeaderList } from './security.ts';

export const CACHE = {
  page: 'public, no-cache',
  asset: 'public, max-age=31536000, immutable',
  redirect: 'public, max-age=86400',
  none: 'no-store',
} as const;
export const HTML = 'text/html; charset=utf-8';
export const TEXT = 'text/plain; charset=utf-8';
export const ASSET_PREFIX = '/assets/';
/** Every asset's route, for metrics and traces. */
export const ASSET_ROUTE = '/assets/*';
export const HEALTH_PATH = '/healthz';
/** Liveness under the name Kubernetes uses; answered like /healthz. */
export const LIVE_PATH = '/livez';
export const READY_PATH = '/readyz';
/** A path segment starting with a dot (/.env, /.git/…), before any query: never anything of ours unless prepared. */
export const DOTFILE = /^[^?]*\/\.[^/?]/;

/** What a request target is: its prepared answer to a GET or HEAD, and its route for metrics and traces. */
export interface Match {
  /** Undefined for the Express app to answer. */
  prepared: PreparedResponse | undefined;
  /** The route table's path, /assets/* for assets, a fixed address itself; undefined when none matched. */
  route: string | undefined;
}

export interface ResponseTable {
  match(url: string): Match;
  /** The prepared answer for what a target resolved to, or undefined if it could not be prepared. */
  forResolution(resolution: Resolution): PreparedResponse | undefined;
  health: PreparedResponse;
  readiness(): PreparedResponse;
  /** False from the moment shutdown begins, so /readyz tells the load balancer to stop sending (until then it says whether every page is made). */
  setReady(ready: false): void;
  /** Makes every page and document not made yet, one per turn; resolves once all are, and rejects naming each that could not be (its screen threw). */
  makeAll(): Promise<void>;
  /** Resolves when every response prepared so far has all its encodings (brotli is made after the page). */
  encoded(): Promise<void>;
  /**
   * The answer to a fixed document's address that `match` had none for: prepared once it is made (a page's
   * Markdown, whose converter loads with the first), or made again for this request if it could not be (and
   * rejecting with what its screen throws). Undefined for any other address.
   */
  document(url: string): Promise<PreparedResponse> | undefined;
}

interface TableInput {
  routes: readonly Route[];
  renderOptions: RenderOptions;
  assets: LoadedAssets;
  baseHeaders: HeaderList;
  logger: Logger;
  /** Whether pages and documents get gzip and brotli encodings (AppOptions.precompress). */
  precompress: boolean;
}

export function prepareResponses({ routes, renderOptions, assets, baseHeaders, logger, precompress }: TableInput): ResponseTable {
  /** By request target for what has a fixed address, by resolution key for pages and redirects; each with its route. */
  const table = new Map<string, { prepared: PreparedResponse; route: string | undefined }>();
  const completing: Promise<void>[] = [];
  const add = (key: string, route: string | undefined, input: Omit<PrepareInput, 'baseHeaders'>) => {
    const prepared = prepare({ ...input, baseHeaders, compress: input.compress ?? precompress });
    table.set(key, { prepared, route });
    completing.push(prepared.complete);
  };

  for (const file of assets.files) {
    const compress = Object.keys(file.encoded).length > 0;
    add(file.url, ASSET_ROUTE, { status: 200, body: file.body, encoded: file.encoded, compress, contentType: file.contentType, cacheControl: CACHE.asset, ranges: true });
  }
  // Pages and documents are made when first asked for, or by makeAll one per turn (the pages first, in the
  // route table's order, then the documents: the pages as Markdown, llms.txt, the sitemap), whichever comes
  // first: nothing waits for three languages' worth before the first answer.
  const later = new Map<string, () => void | Promise<void>>();
  /** Documents being made (a page's Markdown is a promise): not ready until each is made or has failed. */
  const pending = new Set<Promise<void>>();
  /** What could not be made, by address or key, with why: the site is then never ready. */
  const failed: string[] = [];
  const failure = (what: string, err: unknown) => `${what}: ${err instanceof Error ? err.message : String(err)}`;
  const prepareNow = (key: string) => {
    const make = later.get(key);
    if (!make) return;
    later.delete(key);
    return make();
  };
  for (const resolution of pageResolutions(routes, renderOptions)) {
    const key = resolutionKey(resolution);
    later.set(key, () => {
      try {
        add(key, routeOf(resolution), pageInput(resolution, renderOptions));
      } catch (err) {
        // Until the process exits on it, the Express app renders it per request, and its error handler answers if that throws too.
        logger.error({ err, key }, 'could not render a page');
        failed.push(failure(key, err));
      }
    });
  }
  /** Each document by its address, with the promise of its making once begun. */
  const documents = new Map<string, { doc: FixedDocument; made: Promise<void> }>();
  // They name hashed assets and routes that change with each release: revalidated every time, cheap with the ETag.
  const documentInput = (doc: FixedDocument, body: string): Omit<PrepareInput, 'baseHeaders'> => {
    const language: HeaderList = doc.language ? [['content-language', doc.language]] : [];
    return { status: 200, body: Buffer.from(body), contentType: doc.contentType, cacheControl: CACHE.page, extraHeaders: language };
  };
  for (const doc of fixedDocuments({ editions: renderOptions.editions, site: renderOptions.site, assets: assets.urls })) {
    const made = (body: string) => add(doc.path, doc.path, documentInput(doc, body));
    const refused = (err: unknown) => {
      // Until the process exits on it, the Express app makes it per request, and its error handler answers if that throws too.
      logger.error({ err, path: doc.path }, 'could not make a document');
      failed.push(failure(doc.path, err));
    };
    const entry = { doc, made: Promise.resolve() };
    documents.set(doc.path, entry);
    later.set(doc.path, () => {
      try {
        const body = doc.body();
        if (typeof body === 'string') return made(body);
        // A page's Markdown, whose converter loads with the first: the Express app waits for it.
        entry.made = body.then(made, refused);
        pending.add(entry.made);
        return entry.made.finally(() => pending.delete(entry.made));
      } catch (err) {
        refused(err);
      }
    });
  }
  const json = (status: number, body: string) =>
    prepare({ status, body: Buffer.from(body), contentType: 'application/json', cacheControl: CACHE.none, baseHeaders, compress: false });
  const health = json(200, '{"status":"ok"}');
  const ready = json(200, '{"status":"ready"}');
  const broken = json(503, '{"status":"a page could not be made"}');
  const starting = json(503, '{"status":"starting"}');
  const draining = json(503, '{"status":"shutting down"}');
  table.set(HEALTH_PATH, { prepared: health, route: HEALTH_PATH });
  table.set(LIVE_PATH, { prepared: health, route: LIVE_PATH });
  let stopping = false;
  /** Ready once every page and document is made: asked before the turns have made them all, it begins the rest, and says starting until the pages as Markdown are made. */
  const readiness = () => {
    if (stopping) return draining;
    for (const key of [...later.keys()]) void prepareNow(key);
    return failed.length > 0 ? broken : pending.size > 0 ? starting : ready;
  };

  const forResolution = (resolution: Resolution) => {
    const key = resolutionKey(resolution);
    void prepareNow(key);
    return table.get(key)?.prepared;
  };
  // The next not made yet, one per turn, until none is left (a request or /readyz may have made some first).
  let making: Promise<void> | undefined;
  const makeAll = () =>
    (making ??= (async () => {
      while (later.size > 0) {
        await nextTurn();
        const [next] = later.keys();
        if (next !== undefined) await prepareNow(next);
      }
      // Those a request or /readyz began.
      await Promise.all(pending);
      if (failed.length > 0) {
        throw new Error(`${failed.length} page${failed.length === 1 ? '' : 's'} could not be made, so the site is not ready:\n${failed.join('\n')}`);
      }
    })());
  return {
    match(url) {
      if (url === READY_PATH) return { prepared: readiness(), route: READY_PATH };
      // A page's canonical address is its key, as a document's is.
      void prepareNow(url);
      const exact = table.get(url);
      if (exact) return exact;
      if (documents.has(url)) return { prepared: undefined, route: url };
      if (url.startsWith(ASSET_PREFIX)) return { prepared: undefined, route: ASSET_ROUTE };
      if (DOTFILE.test(url)) return { prepared: undefined, route: undefined };
      const resolution = resolveUrl(url, routes, renderOptions);
      return { prepared: resolution.kind === 'not-found' ? undefined : forResolution(resolution), route: routeOf(resolution) };
    },
    forResolution,
    health,
    readiness,
    setReady: (value) => {
      stopping = !value;
    },
    makeAll,
    // Each page and document adds its own encodings' promise when made.
    encoded: () => Promise.all(completing).then(() => undefined),
    document(url) {
      const entry = documents.get(url);
      if (!entry) return undefined;
      return entry.made.then(async () => table.get(url)?.prepared ?? prepare({ ...documentInput(entry.doc, await entry.doc.body()), baseHeaders, compress: false }));
    },
  };
}

/** A page's route, or for a redirect the route it leads to. */
function routeOf(resolution: Resolution): string | undefined {
  if (resolution.kind === 'page') return resolution.route.path;
  if (resolution.kind === 'redirect') return splitUrl(resolution.location).path;
  return undefined;
}

/**
 * Every address of every route, the redirect to it from a trailing slash, the not-found page and the
 * bad-request page. A redirect is keyed by where it leads: an old address's (redirects.yaml) is its page's
 * trailing slash's, prepared with it.
 */
function pageResolutions(routes: readonly Route[], leads: Pick<RenderOptions, 'redirects' | 'untranslated'>): Resolution[] {
  const resolutions: Resolution[] = [];
  for (const route of routes) resolutions.push(resolveUrl(route.path, routes, leads), resolveUrl(`${route.path}/`, routes, leads));
  for (const address of Object.keys(leads.untranslated)) resolutions.push(resolveUrl(address, routes, leads));
  // Their pages as Markdown, and old addresses', lead to their pages' Markdown (a page's own is a document).
  for (const address of [...Object.keys(leads.redirects), ...Object.keys(leads.untranslated)]) resolutions.push(resolveUrl(markdownAddress(address), routes, leads));
  for (const home of routes.filter((route) => route.key === HOME_PATH)) resolutions.push({ kind: 'not-found', home }, { kind: 'bad-request', home });
  return resolutions;
}

/** Renders one resolution; throws what the screen throws. */
function pageInput(resolution: Resolution, options: RenderOptions): Omit<PrepareInput, 'baseHeaders'> {
  const result = renderResolution(resolution, options);
  if (result.kind === 'redirect') {
    return {
      status: result.status,
      body: Buffer.from(`${result.status === 301 ? 'Moved Permanently' : 'Found'}. Redirecting to ${result.location}\n`),
      contentType: TEXT,
      // A page not translated yet may be tomorrow: its redirect is asked again each time, as a page is.
      cacheControl: result.status === 301 ? CACHE.redirect : CACHE.page,
      extraHeaders: [['location', result.location]],
      compress: false,
    };
  }
  return {
    status: result.status,
    body: Buffer.from(result.html),
    contentType: HTML,
    cacheControl: result.status === 200 ? CACHE.page : CACHE.none,
    extraHeaders: [['content-language', languageOf(resolution)]],
  };
}

/** The language a page is in (its Content-Language): its route's, or for an address we do not have, the language its prefix names. */
export function languageOf(resolution: Resolution): string {
  if (resolution.kind === 'page') return resolution.route.language.code;
  if (resolution.kind === 'redirect') throw new Error('A redirect has no language');
  return resolution.home.language.code;
}
