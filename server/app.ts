/**
 * The site as a request listener. A request is answered, in this order:
 *
 *   1. a GET or HEAD of anything prepared at start-up (pages, redirects,
 *      assets, fixed documents, health checks; on the editor's own origin,
 *      when it is on, the editor's files): from memory (table.ts, editor-site.ts);
 *   2. anything else by the Express app, loaded when first needed: refused methods, missing assets and
 *      dotfiles (plain 404), unknown paths (the home screen with 404), what
 *      could not be prepared (rendered now), and the error handler (the
 *      fallback screen).
 *
 * Why the table comes before Express: docs/decisions/0001-prepared-responses-before-express.md.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { trace, type Span } from '@opentelemetry/api';
import type { ErrorRequestHandler, Express, RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import { renderErrorPage, renderResolution, resolveUrl, type RenderOptions } from './render/render.tsx';
import { siteContent } from '../content/index.ts';
import type { Content, SiteContent } from '../content/schema.ts';
import { editionAt, fillSite, type FilledSite, type Route, type RouteDraft } from '../shared/routes.ts';
import { shareImage } from '../shared/share-image.ts';
import { EDITOR_ROUTE, editorSite, defaultEditorDir } from './editor-site.ts';
import { defaultClientDir, loadAssets, type LoadedAssets } from './assets.ts';
import type { Config } from './config.ts';
import { silentLogger, type Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { prepare, send } from './responses.ts';
import { responseHeaders, type HeaderList } from './security.ts';
import { ASSET_PREFIX, CACHE, DOTFILE, HEALTH_PATH, HTML, languageOf, LIVE_PATH, READY_PATH, TEXT, prepareResponses, type ResponseTable } from './table.ts';

export interface AppOptions {
  /** `editor` turns on the browser editor at /admin (server/editor-site.ts); without it /admin is an unknown path. */
  config: Pick<Config, 'nodeEnv' | 'trustProxy' | 'site'> & Partial<Pick<Config, 'editor'>>;
  /** The checked content, before its placeholders are filled: the site's own (content/index.ts) unless a test makes another. */
  content?: SiteContent;
  /** The route table made from each language's filled content: the site's own (siteRoutes) unless a test adds to it. */
  routes?: (content: Content) => RouteDraft[];
  /** Where the client build is (dist/client). */
  clientDir?: string;
  /** Where the browser editor's build is (dist/editor), read only when `config.editor` is set. */
  editorDir?: string;
  logger?: Logger;
  /** Records every request's duration (server/metrics.ts); none when metrics are off. */
  metrics?: Pick<Metrics, 'observe' | 'setReady'>;
  /** A same-origin script every page and the error screen load; only `npm run dev` sets it (scripts/dev/). */
  devScript?: string;
  /**
   * The connections whose requests are answered (MAX_CONNECTIONS): past it,
   * each request of a newer connection is answered 503 with Retry-After, until
   * one of those answered closes; they keep being served, and health checks
   * are always answered. None: no cap.
   */
  maxConnections?: number;
  /**
   * Encodes pages and documents with gzip at start-up and brotli just after
   * (default true). `npm run dev` turns it off: each of its runs lives for one
   * save, and the encoding was about a third of the CPU a run spends.
   */
  precompress?: boolean;
}

export interface App extends RequestListener {
  /** False from the moment shutdown begins, so /readyz tells the load balancer to stop sending. */
  setReady(ready: false): void;
  /**
   * Makes every page and document not made yet, one per turn of the event loop, the pages first. Resolves
   * once all are, when /readyz starts answering 200; rejects, naming each, when one could not be (its screen
   * threw): the site is then never ready. Until it is called each is made when first asked for: the server
   * calls it as it starts (main.ts); `npm run dev`, whose sites live for one save, never does.
   */
  makeAll(): Promise<void>;
  /** makeAll, then every response's encodings (brotli is made after the pages). */
  prepareAll(): Promise<void>;
}

const ALLOWED_METHODS = 'GET, HEAD';
/** How long a client turned away over the connection cap is asked to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 1;
/** A client's or proxy's request id is reused when it looks like one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function createApp(options: AppOptions): App {
  const { config, clientDir = defaultClientDir(), logger = silentLogger, metrics, devScript, precompress = true, maxConnections = Infinity } = options;
  const { editorDir = defaultEditorDir(clientDir) } = options;
  if (devScript && config.nodeEnv === 'production') throw new Error('devScript is for development only');
  const assets = loadAssets(clientDir);
  // Every page, document and header is made from these: the content filled with the settings, and its route table.
  const filled = fillSite(config.site, options.content ?? siteContent, options.routes);
  const { routes, editions } = filled;
  sameShareImages(filled, assets.shareImages);
  const renderOptions: RenderOptions = { site: config.site, routes, editions, redirects: filled.redirects, untranslated: filled.untranslated, assets: assets.urls, ...(devScript && { devScript }) };
  const baseHeaders = responseHeaders(assets.urls.styles);
  const table = prepareResponses({ routes, renderOptions, assets, baseHeaders, logger, precompress });
  // Express is loaded when the first request the table cannot answer comes: a start that never meets one
  // (most) does not pay for it, and loading it was a tenth of a start (body-parser, mime-db).
  let web: Promise<Express> | undefined;
  const handOver = (req: IncomingMessage, res: ServerResponse) => {
    web ??= import('express').then(({ default: express }) => createWeb(express(), { config, routes, renderOptions, baseHeaders, table, logger }));
    web.then(
      (handle) => handle(req, res),
      (err: unknown) => {
        web = undefined;
        logger.error({ err }, 'could not load Express');
        respond(res, baseHeaders, 500, TEXT, 'Internal Server Error\n');
      },
    );
  };
  const editor = config.editor ? editorSite(config.editor, editorDir) : undefined;
  const busy = prepare({
    status: 503,
    body: Buffer.from('Service Unavailable\n'),
    contentType: TEXT,
    cacheControl: CACHE.none,
    baseHeaders,
    extraHeaders: [['retry-after', String(RETRY_AFTER_SECONDS)]],
    compress: false,
  });
  /**
   * The connections answered so far and still open (maxConnections): each counted from the first request it
   * is answered, until it closes. One turned away stays open for its next try: closing it would have the
   * client connect again at once, and a client that sends its next request before it reads the close fails.
   */
  const admitted = new WeakSet<Socket>();
  let open = 0;

  // What the table cannot match without throwing is Express's to answer, through its error handler: no request takes the process down.
  const matched = (url: string): ReturnType<ResponseTable['match']> => {
    try {
      return table.match(url);
    } catch {
      return { prepared: undefined, route: undefined };
    }
  };

  const app = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const incomingId = req.headers['x-request-id'];
    const requestId = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    const url = req.url ?? '/';
    const method = req.method ?? '';
    // The editor's origin answers with the editor alone; the site's, never with it.
    const forEditor = editor !== undefined && req.headers.host?.toLowerCase() === editor.host;
    const { prepared, route } = forEditor ? { prepared: editor.answer(url), route: EDITOR_ROUTE } : matched(url);
    // With tracing on (server/tracing.ts), the http instrumentation has started a span for the request.
    const span = trace.getActiveSpan();
    if (span) describeSpan(span, method, route, requestId);
    // The one place every request ends up, prepared or not: its log line and its metric.
    const log = (status: number, bytes: number) => {
      const seconds = (performance.now() - started) / 1000;
      logger.info({ method, path: url, status, bytes, durationMs: Math.round(seconds * 100_000) / 100, requestId, client: proxyaddr(req, config.trustProxy) });
      metrics?.observe(method, route, status, seconds);
    };

    // Health checks are never turned away: an orchestrator would restart a busy process that is otherwise well.
    const socket = req.socket;
    if (!admitted.has(socket) && route !== HEALTH_PATH && route !== LIVE_PATH && route !== READY_PATH) {
      if (open >= maxConnections) {
        const { status, bytes } = send(req, res, busy, requestId);
        log(status, bytes);
        return;
      }
      admitted.add(socket);
      open++;
      socket.once('close', () => open--);
    }

    if (prepared && (method === 'GET' || method === 'HEAD')) {
      const { status, bytes } = send(req, res, prepared, requestId);
      log(status, bytes);
      return;
    }
    res.setHeader('x-request-id', requestId);
    res.once('finish', () => log(res.statusCode, Number(res.getHeader('content-length') ?? 0)));
    handOver(req, res);
  };
  let stopping = false;
  const setReady = (ready: false) => {
    stopping = true;
    table.setReady(ready);
    metrics?.setReady(ready);
  };
  // The metric mirrors /readyz: 1 once every page is made (never, if one cannot be), 0 from shutdown on.
  let made: Promise<void> | undefined;
  const makeAll = () => (made ??= table.makeAll().then(() => void (stopping || metrics?.setReady(true))));
  const prepareAll = () => makeAll().then(table.encoded, table.encoded);
  return Object.assign(app, { setReady, makeAll, prepareAll });
}

/**
 * The build drew each share image with the words it filled with its own
 * settings; the pages name them with the server's. Where a setting a title
 * or line holds differs, the image would say other words than its page: the
 * start stops, saying which.
 */
function sameShareImages({ editions }: FilledSite, drawn: LoadedAssets['shareImages']): void {
  for (const { routes, content } of editions) for (const route of routes) {
    const image = shareImage(route, content);
    const built = drawn[image.name];
    // One the build did not draw fails where its page names it (assets.ts), saying which file.
    if (!built) continue;
    for (const text of ['title', 'line'] as const) {
      if (built[text] !== image[text]) {
        throw new Error(`The share image of ${route.path} says "${built[text]}", as the build filled its ${text}, but the site's settings make it "${image[text]}": build with the settings the server runs with (BRAND_NAME, GENERAL_EMAIL, …)`);
      }
    }
  }
}

/**
 * The http instrumentation names a request's span by its method alone: add
 * the route, as OpenTelemetry's conventions name server spans, and the request id.
 */
function describeSpan(span: Span, method: string, route: string | undefined, requestId: string): void {
  span.updateName(route ? `${method} ${route}` : method);
  span.setAttribute('http.response.header.x-request-id', [requestId]);
  if (route) span.setAttribute('http.route', route);
}

interface WebInput {
  config: AppOptions['config'];
  routes: readonly Route[];
  renderOptions: RenderOptions;
  baseHeaders: HeaderList;
  table: ResponseTable;
  logger: Logger;
}

/** A short answer made here, never cached. */
function respond(res: ServerResponse, baseHeaders: HeaderList, status: number, contentType: string, body: string, headers: HeaderList = []) {
  res.writeHead(status, [...baseHeaders.flat(), ...headers.flat(), 'content-type', contentType, 'cache-control', CACHE.none, 'content-length', String(Buffer.byteLength(body))]);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** `web`, a new Express app, made to answer what the table has no prepared answer for. Middleware order tells the story. */
function createWeb(web: Express, { config, routes, renderOptions, baseHeaders, table, logger }: WebInput): Express {
  web.disable('x-powered-by');
  // The same function the log lines' client comes from: Express takes a trust function as it is.
  web.set('trust proxy', config.trustProxy);
  // Prepared responses carry their own ETags; what Express answers is never cached.
  web.set('etag', false);
  web.set('query parser', false);

  const requestId = (res: ServerResponse) => String(res.getHeader('x-request-id'));

  // The exact addresses were answered from the table; these catch /HEALTHZ, /livez/ and the like.
  web.get([HEALTH_PATH, LIVE_PATH], (req, res) => void send(req, res, table.health, requestId(res)));
  web.get(READY_PATH, (req, res) => void send(req, res, table.readiness(), requestId(res)));

  const onlyGetAndHead: RequestHandler = (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (req.method === 'OPTIONS') return respond(res, baseHeaders, 204, TEXT, '', [['allow', ALLOWED_METHODS]]);
    respond(res, baseHeaders, 405, TEXT, 'Method Not Allowed\n', [['allow', ALLOWED_METHODS]]);
  };
  web.use(onlyGetAndHead);

  // A document the table had no answer for yet, or could not make (then made again; if it throws, the error handler answers:
  // Express 5 passes a rejection on).
  web.use(async (req, res, next) => {
    const answer = table.document(req.originalUrl);
    if (!answer) return next();
    send(req, res, await answer, requestId(res));
  });

  // A missing asset is a plain 404: a browser expecting a script must not get the home page.
  web.use((req, res, next) => {
    const refused = req.path.startsWith(ASSET_PREFIX) || DOTFILE.test(req.path);
    if (refused && resolveUrl(req.originalUrl, routes, renderOptions).kind !== 'bad-request') return respond(res, baseHeaders, 404, TEXT, 'Not Found\n');
    next();
  });

  // Unknown paths get the prepared not-found page; a page that could not be prepared is rendered now.
  web.use((req, res) => {
    const resolution = resolveUrl(req.originalUrl, routes, renderOptions);
    const prepared = table.forResolution(resolution);
    if (prepared) return void send(req, res, prepared, requestId(res));
    const result = renderResolution(resolution, renderOptions);
    if (result.kind === 'redirect') return respond(res, baseHeaders, result.status, TEXT, '', [['location', result.location]]);
    respond(res, baseHeaders, result.status, HTML, result.html, [['content-language', languageOf(resolution)]]);
  });

  const showStack = config.nodeEnv !== 'production';
  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const err = error instanceof Error ? error : new Error(String(error));
    logger.error({ err, requestId: requestId(res), path: req.originalUrl }, 'request failed');
    if (res.headersSent) return void res.destroy(err);
    // An exception's words are the developers', in English, and may say what a visitor should not know: in production the screen says the language's own.
    const html = renderErrorPage(showStack ? { message: err.message, ...(err.stack && { stack: err.stack }) } : {}, renderOptions, req.path);
    respond(res, baseHeaders, statusOf(error), HTML, html, [['content-language', editionAt(renderOptions.editions, req.path).language.code]]);
  };
  web.use(onError);
  return web;
}

function statusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = status ?? statusCode;
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : 500;
}
