/** One JSON line per event, via pino. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * Logs go to stdout through an asynchronous destination: a write per request
 * would otherwise be a blocking syscall on the hot path. Lines written while a
 * write is in flight are coalesced. Call flushLogsSync before exiting.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Writes out whatever is buffered, synchronously, so nothing is lost on process.exit. */
export function flushLogsSync(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as { flushSync?: () => void } | undefined;
  try {
    stream?.flushSync?.();
  } catch {
    // Nothing more can be done with a log line that cannot be written while exiting.
  }
}

export const silentLogger: Logger = pino({ level: 'silent' });
