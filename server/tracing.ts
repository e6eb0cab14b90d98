/**
 * OpenTelemetry tracing: the Node SDK with the http instrumentation, which
 * starts a server span for every request. main.ts loads this only when the
 * OTEL_* variables ask for traces (config.ts), and the build makes it a bundle
 * of its own (dist/server/tracing.js), so that otherwise none of it is loaded.
 * The SDK reads the OTEL_* variables itself: exporter, endpoint, protocol,
 * service name, sampler (docs/operations.md#traces).
 */
import { createRequire } from 'node:module';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';

export interface Tracing {
  /** Exports the spans still buffered and stops; gives up after `timeoutMs`. */
  shutdown(timeoutMs: number): Promise<void>;
}

/** `metricsPort`: the metrics server's, whose scrapes are not traced. */
export function startTracing({ metricsPort }: { metricsPort?: number | undefined }): Tracing {
  const http = new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.socket.localPort === metricsPort });
  // Traces only: metrics are Prometheus's (server/metrics.ts), and logs go to stdout.
  const sdk = new NodeSDK({ instrumentations: [http], metricReaders: [], logRecordProcessors: [] });
  sdk.start();
  // The instrumentation patches http.Server when http is next required. The
  // server imports node:http as an ES module, which that hook does not see.
  createRequire(import.meta.url)('node:http');
  return {
    shutdown: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, timeoutMs);
        // The SDK reports export errors through its own diagnostics logger (OTEL_LOG_LEVEL).
        const done = () => {
          clearTimeout(giveUp);
          resolve();
        };
        sdk.shutdown().then(done, done);
      }),
  };
}
