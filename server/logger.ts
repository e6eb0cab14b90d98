/** One JSON line per event, via pino, and one per request, formatted by hand. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * `time` is pino's default, milliseconds since the epoch: formatting an ISO
 * date doubled the cost of a request's log line.
 *
 * Logs go to stdout through a buffer that is written out every 20 ms (see
 * LineBuffer). Await closeLogs before exiting.
 */
export function createLogger(level: LogLevel, destination: pino.DestinationStream = new LineBuffer()): Logger {
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
 * Gathers log lines for up to FLUSH_AFTER_MS (or FLUSH_AT_CHARS of them) and
 * hands them to an asynchronous stdout writer (pino's, sonic-boom) as one
 * buffer. Each hand-over is a round trip through libuv's thread pool: once per
 * line it was a quarter of a request's CPU, and even once per event-loop turn
 * (the fast lane answers a few requests a turn) it cost ~25% more CPU per
 * request than once per 20 ms, in alternating A/B runs. Lines appear at most
 * 20 ms late, in the order they were logged; closeLogs writes out the rest.
 */
const FLUSH_AFTER_MS = 20;
const FLUSH_AT_CHARS = 64 * 1024;

class LineBuffer implements pino.DestinationStream {
  private readonly out = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= FLUSH_AT_CHARS) this.flush();
    // Unref'd: pending lines do not keep a process alive that has nothing else to do (closeLogs writes them).
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS).unref();
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    this.out.write(Buffer.from(this.lines.join('')) as unknown as string);
    this.lines = [];
    this.chars = 0;
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
  return destination instanceof LineBuffer ? destination.close(3_000) : Promise.resolve();
}

export const silentLogger: Logger = pino({ level: 'silent' });
