/**
 * The process: read the configuration, listen, and shut down gracefully.
 * Everything about answering requests lives in app.ts.
 */
import { createServer } from 'node:http';
import { ConfigError, readConfig } from './config.ts';
import { createApp } from './app.ts';
import { createLogger, flushLogsSync } from './logger.ts';
import { drainAndClose } from './shutdown.ts';

const startedAt = performance.now();

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
const app = createApp({ config, logger });
const server = createServer(
  {
    // Longer than the 60 s idle timeout of nginx and common load balancers, so
    // the proxy, not us, closes idle connections and never reuses a dead one.
    keepAliveTimeout: 65_000,
    // Slow clients get 10 s to send their headers and 30 s for the whole request.
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    // How often those two timeouts are checked (default 30 s): a slowloris
    // client is cut off within 12 s instead of 40 s.
    connectionsCheckingInterval: 2_000,
  },
  app,
);

process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception; exiting so the orchestrator restarts us');
  flushLogsSync(logger);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection; exiting so the orchestrator restarts us');
  flushLogsSync(logger);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.setReady(false);
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: draining connections');
    const drained = await drainAndClose(server, config.shutdownTimeoutMs);
    logger[drained ? 'info' : 'error'](drained ? 'shut down cleanly' : 'shutdown timed out; closed remaining connections');
    flushLogsSync(logger);
    process.exit(drained ? 0 : 1);
  });
}

server.listen(config.port, config.host, () => {
  const address = server.address();
  logger.info(
    { address: typeof address === 'object' && address ? `${address.address}:${address.port}` : address, nodeEnv: config.nodeEnv, startupMs: Math.round(performance.now() - startedAt) },
    'listening',
  );
});
