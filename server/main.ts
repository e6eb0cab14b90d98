/**
 * The process: read the configuration, listen, log, serve metrics and send
 * traces when asked to, and shut down gracefully. Everything about answering
 * requests lives in app.ts.
 */
import type { Server } from 'node:http';
import { readConfigOrExit, SPAN_FLUSH_TIMEOUT_MS } from './config.ts';
import { createApp } from './app.ts';
import { closeLogs, createLogger } from './logger.ts';
import { createServer } from './node-http.ts';
import { drainable } from './shutdown.ts';

const config = readConfigOrExit(process.env);

// Before the server is created, so that the http instrumentation sees it. A
// bundle of its own (scripts/build/build.ts): with tracing off, none of it is loaded.
const tracing = config.tracing ? (await import('./tracing.ts')).startTracing({ metricsPort: config.metrics?.port }) : undefined;

// Loaded only when asked for: prom-client costs about 10 ms of every start.
const metrics = config.metrics ? (await import('./metrics.ts')).createMetrics() : undefined;
const logger = createLogger(config.logLevel, undefined, { traceIds: config.tracing, onDropped: metrics?.logLineDropped });

let exiting = false;

/** Logs the last lines, waits until they are written, and exits. Only the first call counts. */
async function exit(code: number, last: () => void): Promise<void> {
  if (exiting) return;
  exiting = true;
  last();
  await tracing?.shutdown(SPAN_FLUSH_TIMEOUT_MS);
  await closeLogs(logger);
  process.exit(code);
}

const exitAfterFatal = (err: unknown, message: string) => exit(1, () => logger.fatal({ err }, message));

/** An address that cannot be had is the operator's to change, like a bad setting: one line on stderr, exit 1. */
const cannotListen = (what: string, host: string, port: number) => (err: NodeJS.ErrnoException) => {
  const why = err.code === 'EADDRINUSE' ? 'the port is in use' : err.code === 'EACCES' ? 'permission denied' : err.code === 'EADDRNOTAVAIL' ? 'no such address here' : err.message;
  void exit(1, () => process.stderr.write(`Could not listen for ${what} on ${host}:${port}: ${why} (${err.code ?? 'error'})\n`));
};

// Exiting non-zero lets the orchestrator restart a process whose state is now unknown.
process.on('uncaughtException', (err) => exitAfterFatal(err, 'uncaught exception; exiting'));
process.on('unhandledRejection', (reason) => exitAfterFatal(reason, 'unhandled rejection; exiting'));

const app = createApp({ config, logger, metrics, maxConnections: config.maxConnections });
// Every page is made now, one per turn, so that /readyz can say ready. A page that cannot be made would
// answer 500: a site that cannot make every page does not run (its lines name each).
app.makeAll().catch((err: unknown) => exitAfterFatal(err, 'a page could not be made; exiting'));
const server = createServer(
  {
    // Longer than the 60 s idle timeout of nginx and common load balancers, so
    // the proxy, not us, closes idle connections and never reuses one we closed.
    keepAliveTimeout: 65_000,
    // From a request's first byte: 10 s for its headers, 30 s for all of it
    // (ours are small GETs). Checked every 2 s rather than Node's default 30 s,
    // so a slow-headers client is dropped close to the 10 s.
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 2_000,
  },
  app,
);
// Past the cap the app turns new connections away with 503; past twice it, Node closes them on arrival,
// answering nothing: connections that send no request cost memory too.
server.maxConnections = 2 * config.maxConnections;
server.on('drop', () => metrics?.connectionRefused());
const connections = drainable(server);
server.on('error', cannotListen('the site', config.host, config.port));

// Metrics on a server of their own: never on the site's port, never behind its proxy.
const metricsServer = metrics && createServer(metrics.listener);
if (config.metrics) metricsServer?.on('error', cannotListen('metrics', config.metrics.host, config.metrics.port));

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.setReady(false);
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: draining connections');
    const drained = await connections.drain(config.shutdownTimeoutMs);
    // Scraped until the drain ends, so that readiness 0 is seen.
    metricsServer?.close();
    await exit(drained ? 0 : 1, () => {
      if (drained) logger.info('shut down cleanly');
      else logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; closed the remaining connections');
    });
  });
}

// performance.now() counts from the start of the process, Node's own start-up included.
// A burst of connections up to the hard limit waits to be accepted, where Node's default queue of 511
// would drop the rest for the client to try again a second or more later (the kernel caps it at somaxconn).
server.listen({ port: config.port, host: config.host, backlog: server.maxConnections }, () => {
  logger.info({ ...boundTo(server), nodeEnv: config.nodeEnv, startupMs: Math.round(performance.now()) }, 'listening');
});
if (metricsServer && config.metrics) {
  metricsServer.listen(config.metrics.port, config.metrics.host, () => logger.info(boundTo(metricsServer), 'metrics listening'));
}

function boundTo(listening: Server) {
  const address = listening.address();
  return typeof address === 'object' && address ? { address: address.address, port: address.port } : { address };
}
