/** JSON lines on stdout, one per event and one per request, through pino. */
import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * Lines are written asynchronously in batches of at least 4 KB, and at the
 * latest every 100 ms (sonic-boom's `minLength` and `periodicFlush`): one
 * write per line was a quarter of a request's CPU. Call closeLogs before
 * exiting so that what is buffered is written. `time` is pino's default,
 * milliseconds since the epoch, the cheapest to format. With `traceIds`
 * (tracing on, server/tracing.ts), a line written while a span is active
 * names it, so a request's log line leads to its trace.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = stdout(), { traceIds = false } = {}): Logger {
  return pino({ level, base: undefined, formatters: { level: (label) => ({ level: label }) }, ...(traceIds && { mixin: activeSpan }) }, destination);
}

function activeSpan(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

function stdout() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
}

/**
 * Writes out every buffered line, then resolves; for a process about to
 * exit. Gives up after a few seconds, so a stalled stdout cannot keep a dying
 * process alive.
 */
export function closeLogs(logger: Logger, timeoutMs = 3_000): Promise<void> {
  return new Promise((resolve) => {
    const giveUp = setTimeout(resolve, timeoutMs);
    logger.flush(() => {
      clearTimeout(giveUp);
      resolve();
    });
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
