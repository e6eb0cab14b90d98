/**
 * The site as a request listener. Every page, redirect and asset is prepared
 * once at start-up (pages in the first turns after listening) and answered by
 * lookup before Express is involved: Express's own per-request work costs
 * more than the rest of a hit (see README, "Performance"). Express handles
 * what is left: odd spellings of the health checks, methods we refuse,
 * missing assets, renders of what could not be prepared, and the error handler.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import { routes as defaultRoutes, type Route } from '../shared/routes.ts';
import { renderErrorPage, renderResolution, resolutionKey, resolveUrl, type RenderOptions, type Resolution } from '../shared/render.tsx';
import { routeAddresses } from '../shared/paths.ts';
import { defaultClientDir, loadAssets } from './assets.ts';
import { fixedDocuments, responseHeaders } from './documents.ts';
import type { Config } from './config.ts';
import { logRequest, silentLogger, type Logger } from './logger.ts';
import { prepare, rawResponse, send, type PreparedResponse } from './responses.ts';
import type { Answer } from './fastlane.ts';
import type { HeaderList } from './security.ts';

export interface AppOptions {
  config: Pick<Config, 'nodeEnv' | 'trustProxy' | 'site'>;
  routes?: readonly Route[];
  /** Where the client build is (dist/client). */
  clientDir?: string;
  logger?: Logger;
}

export interface App extends RequestListener {
  /** False from the moment shutdown begins, so /readyz tells the load balancer to stop sending. */
  setReady(ready: boolean): void;
  /** Express, loaded the first time a request needs it (it only serves the slow path). */
  express: () => Promise<Express>;
  /** Resolves when every prepared response has all its encodings (brotli is made in the background). */
  prepared: Promise<void>;
  /** The same answers to GET and HEAD as bytes, for the fast lane (fastlane.ts); undefined for what Express handles. */
  answer: Answer;
}

const ALLOWED_METHODS = 'GET, HEAD';
const ASSET_PREFIX = '/assets/';
export const CACHE = {
  page: 'public, no-cache',
  asset: 'public, max-age=31536000, immutable',
  redirect: 'public, max-age=86400',
  none: 'no-store',
} as const;
const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** A path segment starting with a dot, before any query. */
const DOTFILE = /^[^?]*\/\.[^/?]/;

export function createApp(options: AppOptions): App {
  const { config, routes = defaultRoutes, clientDir = defaultClientDir(), logger = silentLogger } = options;
  const assets = loadAssets(clientDir);
  const renderOptions: RenderOptions = { site: config.site, routes, assets: assets.urls };
  const baseHeaders = responseHeaders(renderOptions);
  const showStack = config.nodeEnv !== 'production';
  let ready = true;

  const preparing: Promise<void>[] = [];
  /** Every prepared response, by the exact request target it answers (or the resolution key). */
  const table = new Map<string, PreparedResponse>();
  const add = (key: string, prepared: ReturnType<typeof prepare>) => {
    table.set(key, prepared);
    preparing.push(prepared.complete);
  };
  for (const file of assets.files) {
    const compress = Object.keys(file.encoded).length > 0;
    add(file.url, prepare({ status: 200, body: file.body, encoded: file.encoded, compress, contentType: file.contentType, cacheControl: CACHE.asset, baseHeaders, ranges: true }));
  }
  for (const doc of fixedDocuments({ routes, site: config.site, assets: assets.urls })) {
    add(doc.path, prepare({ status: 200, body: Buffer.from(doc.body), contentType: doc.contentType, cacheControl: doc.cacheControl, baseHeaders }));
  }
  const health = (status: number, body: string) =>
    prepare({ status, body: Buffer.from(body), contentType: 'application/json', cacheControl: CACHE.none, baseHeaders, compress: false });
  const healthy = health(200, '{"status":"ok"}');
  const readiness = { ready: health(200, '{"status":"ready"}'), draining: health(503, '{"status":"shutting down"}') };
  table.set(HEALTH_PATH, healthy);
  const readyResponse = () => (ready ? readiness.ready : readiness.draining);

  // Pages are rendered once each, from the first turn of the event loop, one
  // per turn: the port opens without waiting for all of them (rendering is
  // most of the start-up), and a request for a page not rendered yet has it
  // rendered then.
  const unrendered = new Map(pageResolutions(routes).map((resolution) => [resolutionKey(resolution), resolution]));
  const renderOnce = (key: string): PreparedResponse | undefined => {
    const resolution = unrendered.get(key);
    if (!resolution) return undefined;
    unrendered.delete(key);
    try {
      add(key, preparePage(resolution, renderOptions, baseHeaders));
    } catch (err) {
      logger.error({ err, key }, 'could not pre-render; it will be rendered per request');
    }
    return table.get(key);
  };
  const preparedFor = (key: string) => table.get(key) ?? renderOnce(key);
  const renderedAll = (async () => {
    for (const key of [...unrendered.keys()]) {
      await new Promise((resolve) => setImmediate(resolve));
      renderOnce(key);
    }
  })();

  /**
   * The prepared response for a known address, before Express sees the request.
   * Unknown paths go on to Express, whose own routes come first.
   */
  const lookup = (url: string): PreparedResponse | undefined => {
    const exact = url === READY_PATH ? readyResponse() : table.get(url);
    if (exact || url.startsWith(ASSET_PREFIX) || DOTFILE.test(url)) return exact;
    const resolution = resolveUrl(url, routes);
    return resolution.kind === 'not-found' ? undefined : preparedFor(resolutionKey(resolution));
  };

  // Express and its dependencies are two thirds of the server bundle, and no
  // prepared response (pages, assets, health checks) needs them: they are
  // loaded the first time a request does (a refused method, a missing asset,
  // an error), which keeps ~90 ms off start-up and megabytes out of memory.
  const buildWeb = (express: typeof import('express')): Express => {
    const web = express();
    web.disable('x-powered-by');
    web.set('etag', false);
    web.set('trust proxy', config.trustProxy);
    web.set('query parser', false);

    const respond = (res: ServerResponse, status: number, contentType: string, body: string, headers: HeaderList = []) => {
      res.writeHead(status, [
        ...baseHeaders.flat(),
        ...headers.flat(),
        'content-type',
        contentType,
        'cache-control',
        CACHE.none,
        'content-length',
        String(Buffer.byteLength(body)),
      ]);
      res.end(res.req.method === 'HEAD' ? undefined : body);
    };

    // The exact addresses are answered before Express; these catch /HEALTHZ, /readyz/ and the like.
    web.get(HEALTH_PATH, (req, res) => send(req, res, healthy));
    web.get(READY_PATH, (req, res) => send(req, res, readyResponse()));

    const methods: RequestHandler = (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') return next();
      if (req.method === 'OPTIONS') return respond(res, 204, TEXT, '', [['allow', ALLOWED_METHODS]]);
      respond(res, 405, TEXT, 'Method Not Allowed\n', [['allow', ALLOWED_METHODS]]);
    };
    web.use(methods);

    // A missing asset is a plain 404: a browser expecting a script must not get
    // the home page. Dotfiles (/.env, /.git/…) are never anything of ours.
    web.use((req, res, next) => {
      const refused = req.path.startsWith(ASSET_PREFIX) || DOTFILE.test(req.path);
      if (refused && resolveUrl(req.originalUrl, routes).kind !== 'bad-request') return respond(res, 404, TEXT, 'Not Found\n');
      next();
    });

    // Unknown paths get the prepared not-found page; whatever the table could
    // not prepare (a screen that failed at start-up) is rendered now.
    web.use((req, res) => {
      const resolution = resolveUrl(req.originalUrl, routes);
      const prepared = preparedFor(resolutionKey(resolution));
      if (prepared) return send(req, res, prepared);
      const result = renderResolution(resolution, renderOptions);
      if (result.kind === 'redirect') return respond(res, result.status, TEXT, '', [['location', result.location]]);
      respond(res, result.status, HTML, result.html);
    });

    const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
      const err = error instanceof Error ? error : new Error(String(error));
      const status = statusOf(error);
      logger.error({ err, requestId: res.getHeader('x-request-id'), path: req.originalUrl }, 'request failed');
      if (res.headersSent) {
        res.destroy(err);
        return;
      }
      const html = renderErrorPage({ message: err.message, ...(showStack && err.stack ? { stack: err.stack } : {}) }, renderOptions);
      respond(res, status, HTML, html);
    };
    web.use(onError);
    return web;
  };
  let loadedWeb: Express | undefined;
  let loadingWeb: Promise<Express> | undefined;
  const loadWeb = () => (loadingWeb ??= import('express').then((module) => (loadedWeb = buildWeb(module.default))));

  const logged = (method: string, path: string, status: number, bytes: number, started: number, requestId: string) =>
    logRequest(logger, { method, path, status, bytes, durationMs: Math.round((performance.now() - started) * 100) / 100, requestId });
  /** The client's request id when it is a sane one (a proxy's trace id), else a new one. */
  const requestIdFrom = (incoming: string | string[] | undefined) =>
    typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();

  const answer: Answer = (request) => {
    const started = performance.now();
    const hit = lookup(request.target);
    if (!hit) return undefined;
    const requestId = requestIdFrom(request.requestId);
    const response = rawResponse(hit, request, `x-request-id: ${requestId}\r\n`);
    logged(request.method, request.target, response.status, response.bytes, started, requestId);
    return response;
  };

  const app: App = Object.assign(
    (req: IncomingMessage, res: ServerResponse) => {
      const started = performance.now();
      const requestId = requestIdFrom(req.headers['x-request-id']);
      if (req.method === 'GET' || req.method === 'HEAD') {
        const hit = lookup(req.url ?? '/');
        if (hit) {
          const { status, bytes } = send(req, res, hit, ['x-request-id', requestId]);
          logged(req.method, req.url ?? '', status, bytes, started, requestId);
          return;
        }
      }
      res.setHeader('x-request-id', requestId);
      res.once('finish', () => logged(req.method ?? '', req.url ?? '', res.statusCode, Number(res.getHeader('content-length') ?? 0), started, requestId));
      const handle = (web: Express) => web(req as Request, res as Response);
      if (loadedWeb) handle(loadedWeb);
      else void loadWeb().then(handle, (error: unknown) => {
        logger.error({ err: error }, 'could not load Express');
        res.destroy();
      });
    },
    {
      setReady: (value: boolean) => {
        ready = value;
      },
      express: loadWeb,
      answer,
      // Pages join `preparing` as they are rendered, so it is read once they all are.
      prepared: renderedAll.then(() => Promise.all(preparing)).then(() => undefined),
    },
  );
  return app;
}

/** Every address of every route, each redirect to one, the not-found page and the bad-request page. */
function pageResolutions(routes: readonly Route[]): Resolution[] {
  const resolutions: Resolution[] = [];
  for (const route of routes) {
    for (const address of routeAddresses(route)) {
      const page = resolveUrl(address, routes);
      resolutions.push(page);
      if (page.kind === 'page') resolutions.push(resolveUrl(`${route.path}/${page.variant}`, routes));
    }
  }
  resolutions.push({ kind: 'not-found' }, { kind: 'bad-request' });
  return resolutions;
}

/** Renders one resolution into a prepared response; throws what the screen throws. */
function preparePage(resolution: Resolution, options: RenderOptions, baseHeaders: HeaderList) {
  const result = renderResolution(resolution, options);
  return result.kind === 'redirect'
    ? prepare({
        status: result.status,
        body: Buffer.from(`Moved Permanently. Redirecting to ${result.location}\n`),
        contentType: TEXT,
        cacheControl: CACHE.redirect,
        baseHeaders,
        extraHeaders: [['location', result.location]],
        compress: false,
      })
    : prepare({
        status: result.status,
        body: Buffer.from(result.html),
        contentType: HTML,
        cacheControl: result.status === 200 ? CACHE.page : CACHE.none,
        baseHeaders,
      });
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}
