/** One JSON line per event, via pino. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * `time` is pino's default, milliseconds since the epoch: formatting an ISO
 * date doubled the cost of a request's log line.
 *
 * Logs go to stdout through an asynchronous destination: a write per request
 * would otherwise be a blocking syscall on the hot path. Lines written while a
 * write is in flight are coalesced. Await closeLogs before exiting.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = bufferedStdout()): Logger {
  return pino(
    {
      level,
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/**
 * Lines are gathered into writes of 4 KB: a write per line cost a thread-pool
 * round trip per request, the largest share of a request's time under load.
 * A timer writes out what is gathered every second, so a quiet server's lines
 * still appear at once, give or take that second.
 */
function bufferedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Nothing to flush yet, or a write is already in flight; the next tick retries.
    }
  }, 1_000).unref();
  return stream;
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
