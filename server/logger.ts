/** JSON lines on stdout, one per event and one per request, through pino. */
import { EventEmitter } from 'node:events';
import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * What stdout may hold unwritten, in bytes: about 18,000 request lines. Past
 * it, while whoever reads stdout lags behind, new lines are dropped and
 * counted, so that a slow reader costs neither memory nor a request's time.
 */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024;
/** How often, while lines are being dropped, a line says how many so far. */
export const DROPPED_REPORT_MS = 10_000;

export interface LoggerOptions {
  /** Names the active span on each line (tracing on, server/tracing.ts), so a request's log line leads to its trace. */
  traceIds?: boolean;
  /** Called for each line the destination dropped (the metrics count them). */
  onDropped?: () => void;
  /** How often the warning of dropped lines may come (DROPPED_REPORT_MS). */
  droppedReportMs?: number;
}

/**
 * Lines are written asynchronously in batches of at least 4 KB, and at the
 * latest every 100 ms (sonic-boom's `minLength` and `periodicFlush`): one
 * write per line was a quarter of a request's CPU. Call closeLogs before
 * exiting so that what is buffered is written. `time` is pino's default,
 * milliseconds since the epoch, the cheapest to format. A destination that
 * drops lines (logDestination's, past its `maxLength`) has them counted, and
 * every `droppedReportMs` while it does, a warning gives the count since start.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = logDestination(), { traceIds = false, onDropped, droppedReportMs = DROPPED_REPORT_MS }: LoggerOptions = {}): Logger {
  const logger = pino({ level, base: undefined, formatters: { level: (label) => ({ level: label }) }, ...(traceIds && { mixin: activeSpan }) }, destination);
  if (destination instanceof EventEmitter) {
    let dropped = 0;
    let reported = 0;
    let reporter: NodeJS.Timeout | undefined;
    const report = () => {
      if (dropped === reported) {
        clearInterval(reporter);
        reporter = undefined;
        return;
      }
      // The count since start, so that a warning dropped in its turn loses nothing: the next one says it.
      reported = dropped;
      logger.warn({ droppedLines: dropped }, 'log lines dropped: stdout did not take them as fast as they came');
    };
    destination.on('drop', () => {
      dropped++;
      onDropped?.();
      reporter ??= setInterval(report, droppedReportMs).unref();
    });
  }
  return logger;
}

function activeSpan(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Stdout (or another file descriptor) through sonic-boom, holding at most `maxLength` bytes unwritten. */
export function logDestination({ fd = 1, maxLength = LOG_BUFFER_BYTES } = {}) {
  return pino.destination({ dest: fd, sync: false, minLength: 4096, periodicFlush: 100, maxLength });
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
