/** One JSON line per event, via pino. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * Logs go to stdout through an asynchronous destination: a write per request
 * would otherwise be a blocking syscall on the hot path. Lines written while a
 * write is in flight are coalesced. Await closeLogs before exiting.
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

/**
 * Writes out every line logged so far, in order, then resolves; for a process
 * about to exit. A synchronous flush is not enough: it writes what is queued
 * while the write already in flight lands later or, after process.exit, never.
 * Gives up after a few seconds, so a stalled stdout cannot keep a dying process alive.
 */
export function closeLogs(logger: Logger): Promise<void> {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    | { end?: () => void; once?: (event: 'close', listener: () => void) => void; destroyed?: boolean }
    | undefined;
  if (!stream?.end || !stream.once || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const giveUp = setTimeout(resolve, 3_000);
    stream.once!('close', () => {
      clearTimeout(giveUp);
      resolve();
    });
    stream.end!();
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
