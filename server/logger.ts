/** One JSON line per event, via pino, and one per request, formatted by hand. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * `time` is pino's default, milliseconds since the epoch: formatting an ISO
 * date doubled the cost of a request's log line.
 *
 * Logs go to stdout through a buffer that is written out once per turn of
 * the event loop (see TurnBuffer). Await closeLogs before exiting.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = new TurnBuffer()): Logger {
  return pino(
    {
      level,
      base: undefined,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** What the log says of one request. */
export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  bytes: number;
  durationMs: number;
  requestId: string;
}

/**
 * Logs a request at info level as pino would (the same fields, level and
 * time, to the same destination), formatted by hand: pino's general path, a
 * stringify of the whole object through its serializers, cost as much as the
 * rest of answering a prepared page. A test compares the two.
 */
export function logRequest(logger: Logger, record: RequestRecord): void {
  if (!logger.isLevelEnabled('info')) return;
  const { method, path, status, bytes, durationMs, requestId } = record;
  destinationOf(logger).write(
    `{"level":"info","time":${Date.now()},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"bytes":${bytes},"durationMs":${durationMs},"requestId":${JSON.stringify(requestId)}}\n`,
  );
}

function destinationOf(logger: Logger): pino.DestinationStream {
  return (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
}

/**
 * Gathers the lines written during one turn of the event loop and hands them
 * to an asynchronous stdout writer (pino's, sonic-boom) as one buffer. A
 * write per line cost a thread-pool round trip per request, and sonic-boom's
 * own gathering of strings re-measures its whole pending text on every line.
 * Lines appear at most a turn late, and in the order they were logged.
 */
class TurnBuffer implements pino.DestinationStream {
  private readonly out = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  private lines: string[] = [];
  private scheduled = false;

  write(line: string): void {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    this.out.write(Buffer.from(this.lines.join('')) as unknown as string);
    this.lines = [];
  }

  /** Writes out every line logged so far, then resolves; gives up after `timeoutMs`. */
  close(timeoutMs: number): Promise<void> {
    this.flush();
    const out = this.out as unknown as { end(): void; once(event: 'close', listener: () => void): void; destroyed: boolean };
    if (out.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const giveUp = setTimeout(resolve, timeoutMs);
      out.once('close', () => {
        clearTimeout(giveUp);
        resolve();
      });
      out.end();
    });
  }
}

/**
 * Writes out every line logged so far, in order, then resolves; for a process
 * about to exit. A synchronous flush is not enough: it writes what is queued
 * while the write already in flight lands later or, after process.exit, never.
 * Gives up after a few seconds, so a stalled stdout cannot keep a dying process alive.
 */
export function closeLogs(logger: Logger): Promise<void> {
  const destination = destinationOf(logger);
  return destination instanceof TurnBuffer ? destination.close(3_000) : Promise.resolve();
}

export const silentLogger: Logger = pino({ level: 'silent' });
