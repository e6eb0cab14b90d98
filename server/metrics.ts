/**
 * Prometheus metrics through prom-client, served on a port of their own
 * (METRICS_PORT), never on the site's: OpenTelemetry's HTTP server duration
 * histogram, prom-client's default process metrics, readiness, log lines
 * dropped and connections refused.
 * docs/operations.md#metrics has the scrape config and the queries.
 */
import type { RequestListener } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TEXT } from './table.ts';

const METRICS_PATH = '/metrics';
/** The route label of a request no route matched: one value, so random paths cannot add series. */
const UNMATCHED_ROUTE = 'unmatched';
/** The boundaries OpenTelemetry's semantic conventions advise for http.server.request.duration, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export interface Metrics {
  /** One answered request; `route` is undefined when no route matched. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void;
  /** Mirrors /readyz: 1 while it answers 200 (once every page is made), 0 before and from the moment shutdown begins. */
  setReady(ready: boolean): void;
  /** One log line dropped because stdout did not take them as fast as they came (server/logger.ts). */
  logLineDropped(): void;
  /** One connection closed on arrival, past the server's hard limit (server/main.ts). */
  connectionRefused(): void;
  /** GET /metrics: the registry in Prometheus's text format; anything else 404. */
  listener: RequestListener;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // OpenTelemetry's http.server.request.duration, named as its Prometheus exporter names it.
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const ready = new Gauge({ name: 'site_ready', help: '1 while /readyz answers 200: every page made, not shutting down.', registers: [registry] });
  ready.set(0);
  const dropped = new Counter({ name: 'site_log_lines_dropped_total', help: 'Log lines dropped because stdout did not take them as fast as they came.', registers: [registry] });
  const refused = new Counter({ name: 'site_connections_refused_total', help: 'Connections closed on arrival, past twice MAX_CONNECTIONS.', registers: [registry] });

  const listener: RequestListener = (req, res) => {
    if (req.url !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': TEXT }).end('Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      // A collector that throws must not become an unhandled rejection, which ends the process.
      (err: unknown) => res.writeHead(500, { 'content-type': TEXT }).end(`${String(err)}\n`),
    );
  };

  return {
    observe: (method, route, status, seconds) =>
      duration.observe({ http_request_method: method, http_route: route ?? UNMATCHED_ROUTE, http_response_status_code: status }, seconds),
    setReady: (value) => ready.set(value ? 1 : 0),
    logLineDropped: () => dropped.inc(),
    connectionRefused: () => refused.inc(),
    listener,
  };
}
