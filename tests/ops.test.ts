/**
 * What operators and their tools see of a running app: health checks,
 * request ids, one JSON log line per request, errors with their stack, and
 * the proxy trust setting. tests/process.test.ts covers the process itself.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../server/app.ts';
import { readConfig, type Config } from '../server/config.ts';
import { createLogger, logDestination } from '../server/logger.ts';
import { HOME_PATH } from '../shared/paths.ts';
import type { Content } from '../content/schema.ts';
import { fillSite, siteRoutes, type Route, type RouteDraft } from '../shared/routes.ts';
import { routes } from '../harness/harness.ts';
import { defaultSite } from '../shared/site.ts';
import { defaultLanguageOnly, listening, rawConnection, testApp, THROWN_MESSAGE, throwingRoute, withThrowingRoute } from './helpers.ts';

/** A logger that keeps its JSON lines, parsed, instead of writing them to stdout. */
function capturedLogger(level: Config['logLevel'] = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// One app for the tests that leave it as it was (an app renders every page when it starts); its log starts empty for each test.
// What these tests check is the same in every language: the apps but the first that counts renders have the default language's pages.
const { logger, lines } = capturedLogger();
const app = testApp({ logger, content: defaultLanguageOnly });
beforeEach(() => void lines.splice(0));

describe.each(['/healthz', '/livez'])('GET %s', (path) => {

  it('answers 200 and is never cached', async () => {
    const res = await request(app).get(path).expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers HEAD too, a query string, another case and a trailing slash', async () => {
    await request(app).head(path).expect(200);
    await request(app).get(`${path}?probe=lb`).expect(200);
    const upper = await request(app).get(path.toUpperCase()).expect(200);
    expect(upper.body).toEqual({ status: 'ok' });
    await request(app).get(`${path}/`).expect(200);
  });
});

describe('GET /readyz', () => {
  it('answers 503 until every page and document is made, 200 while ready and 503 from the moment shutdown begins, never cached', async () => {
    const stopping = testApp({ content: defaultLanguageOnly });
    // Asked first, it makes what is left: the pages as Markdown come a turn later, with their converter.
    const starting = await request(stopping).get('/readyz').expect(503);
    expect(starting.body).toEqual({ status: 'starting' });
    await stopping.makeAll();
    const ready = await request(stopping).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    stopping.setReady(false);
    const draining = await request(stopping).get('/readyz').expect(503);
    expect(draining.body).toEqual({ status: 'shutting down' });
    expect(draining.headers['cache-control']).toBe('no-store');
    // Still alive while draining: the orchestrator must not kill it early.
    await request(stopping).get('/healthz').expect(200);
    await request(stopping).get('/livez').expect(200);
    await request(stopping).get('/home').expect(200);
  });

  it('never answers 200 while a page would answer 500, and `ready` names the page', async () => {
    const broken = testApp({ routes: withThrowingRoute, content: defaultLanguageOnly });
    const res = await request(broken).get('/readyz').expect(503);
    expect(res.body).toEqual({ status: 'a page could not be made' });
    await expect(broken.makeAll()).rejects.toThrow(`${throwingRoute.path}: ${THROWN_MESSAGE}`);
    await request(broken).get('/readyz').expect(503);
    // Alive, so the orchestrator sees the process exit (server/main.ts) rather than kill it.
    await request(broken).get('/healthz').expect(200);
  });
});

describe('X-Request-Id', () => {

  it.each(['/home', '/healthz', '/no-such-page', '/assets/missing.js'])('is reused on %s when well formed', async (path) => {
    const res = await request(app).get(path).set('X-Request-Id', 'lb-7f3a.2024:01_x');
    expect(res.headers['x-request-id']).toBe('lb-7f3a.2024:01_x');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with markup', '<script>'],
  ])('is replaced by a new UUID when %s', async (_case, incoming) => {
    const res = await request(app).get('/home').set('X-Request-Id', incoming).expect(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('is made fresh for each request that brings none', async () => {
    const first = await request(app).get('/home');
    const second = await request(app).get('/home');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('request log', () => {
  it.each([
    ['a prepared page', '/home', 200],
    ['a health check', '/healthz', 200],
    ['a page that does not exist', '/no-such-page', 404],
    ['a refused method', '/home', 405],
  ])('writes one JSON line for %s with time, method, path, status, bytes, duration, request id and client address', async (_case, path, status) => {
    const method = status === 405 ? 'delete' : 'get';
    const res = await request(app)[method](path).set('X-Request-Id', 'trace-1').expect(status);

    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ level: 'info', method: method.toUpperCase(), path, status, requestId: 'trace-1' });
    expect(line.bytes).toBe(Number(res.headers['content-length']));
    expect(typeof line.durationMs).toBe('number');
    expect(typeof line.time).toBe('number');
    expect(Math.abs((line.time as number) - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(line).sort()).toEqual(['bytes', 'client', 'durationMs', 'level', 'method', 'path', 'requestId', 'status', 'time']);
  });

  it('is not written when LOG_LEVEL is above info', async () => {
    const quiet = capturedLogger('warn');
    await request(testApp({ logger: quiet.logger, content: defaultLanguageOnly })).get('/home').expect(200);
    expect(quiet.lines).toEqual([]);
  });
});

describe('overload', () => {
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
  const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);

  it('past MAX_CONNECTIONS, a newer connection is answered 503 with Retry-After until one answered before closes; those, and health checks, are served', async () => {
    const capped = testApp({ content: defaultLanguageOnly, logger, maxConnections: 2 });
    const { port, close } = await listening(capped);
    const connections = [await rawConnection(port), await rawConnection(port), await rawConnection(port)];
    /** The next whole answer on a connection, as latin1 text. */
    const next = async (connection: (typeof connections)[number], path: string) => {
      const before = connection.received().length;
      const whole = (text: string) => {
        const end = text.indexOf('\r\n\r\n');
        return end >= 0 && text.length >= end + 4 + Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      };
      connection.socket.write(get(path));
      await connection.receivedUntil((text) => whole(text.slice(before)));
      return connection.received().subarray(before).toString('latin1');
    };
    const [first, second, third] = connections as [(typeof connections)[number], (typeof connections)[number], (typeof connections)[number]];
    expect(statusOf(await next(first, '/home'))).toBe(200);
    expect(statusOf(await next(second, '/home'))).toBe(200);

    const turnedAway = await next(third, '/about');
    expect(statusOf(turnedAway)).toBe(503);
    expect(turnedAway).toMatch(new RegExp(`\r\nretry-after: ${RETRY_AFTER_SECONDS}\r\n`, 'i'));
    expect(lines.at(-1)).toMatchObject({ path: '/about', status: 503 });
    expect(statusOf(await next(third, '/livez'))).toBe(200);
    expect(statusOf(await next(first, '/about'))).toBe(200);

    // A connection answered before closes: the one turned away is answered at its next try.
    first.socket.destroy();
    await vi.waitFor(async () => expect(statusOf(await next(third, '/about'))).toBe(200));
    for (const connection of connections) connection.socket.destroy();
    await close();
  });

  it('a stdout that takes no more costs no memory past its buffer: lines are dropped, counted, and a warning says how many', async () => {
    // A pipe nobody reads: opened both ways, non-blocking, it takes 64 KB and then no more.
    const dir = mkdtempSync(join(tmpdir(), 'stdout-'));
    const fifo = join(dir, 'stdout');
    spawnSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    let dropped = 0;
    const destination = logDestination({ fd, maxLength: 16 * 1024 });
    const stalled = createLogger('info', destination, { onDropped: () => dropped++, droppedReportMs: 50 });
    const { port, close } = await listening(testApp({ content: defaultLanguageOnly, logger: stalled }));
    for (let i = 0; i < 1_000; i++) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // Each line is about 200 bytes, 200 KB in all: the pipe took 64 KB, the buffer 16 KB, and no more.
    expect(dropped).toBeGreaterThan(400);

    // Once stdout is read again, the warning is written, with the count since start.
    const chunk = Buffer.alloc(1 << 16);
    let text = '';
    await vi.waitFor(() => {
      try {
        for (let read; (read = readSync(fd, chunk)) > 0; ) text += chunk.toString('utf8', 0, read);
      } catch {
        // EAGAIN: nothing to read yet.
      }
      const warning = text.split('\n').filter((line) => line.includes('droppedLines')).map((line) => JSON.parse(line) as Record<string, unknown>).at(-1);
      expect(warning).toMatchObject({ level: 'warn', droppedLines: dropped });
    }, { timeout: 10_000, interval: 100 });
    await close();
    // Closes the file descriptor once what is left is written.
    destination.end();
    await once(destination, 'close');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('rendering at start-up', () => {
  /** Each language's table with every screen counting its renders, by the page's address (/fr/about). */
  const counted = () => {
    const renders = new Map<string, number>();
    const table = (words: Content): RouteDraft[] => {
      const prefix = words.language.code === routes[0]!.language.code ? '' : `/${words.language.code}`;
      return siteRoutes(words).map((draft) => ({
        ...draft,
        screen: (props) => {
          renders.set(prefix + draft.path, (renders.get(prefix + draft.path) ?? 0) + 1);
          return draft.screen(props);
        },
      }));
    };
    return { table, renders };
  };

  it('renders nothing until asked, then every page of every language once when asked for them all, as the server does as it starts', async () => {
    const { table, renders } = counted();
    const counting = testApp({ routes: table });
    for (let turn = 0; turn < 5; turn++) await new Promise(setImmediate);
    expect(renders.size).toBe(0);
    await counting.prepareAll();
    // One render per address and one for its Markdown; each language's home screen once more, as its not-found page.
    const expected = (route: Route) => 2 + (route.key === HOME_PATH ? 1 : 0);
    for (const route of routes) expect(renders.get(route.path), route.path).toBe(expected(route));
    expect([...renders.keys()].sort()).toEqual(routes.map((route) => route.path).sort());
    await request(counting).get('/about').expect(200);
    await request(counting).get('/legal?utm_source=mail').expect(200);
    await request(counting).get('/legal.md').expect(200);
    expect(renders.get('/about')).toBe(2);
    expect(renders.get('/legal')).toBe(2);
  });

  it('answers a page asked for before its turn, and does not render it again', async () => {
    const { table, renders } = counted();
    const counting = testApp({ routes: table, content: defaultLanguageOnly });
    const english = fillSite(defaultSite, defaultLanguageOnly).routes;
    const last = english.at(-1)!.path;
    const res = await request(counting).get(last).expect(200);
    expect(res.text).toContain('<h1');
    await counting.prepareAll();
    const once = 2;
    expect(renders.get(last)).toBe(once);
    await request(counting).get(last).expect(200);
    expect(renders.get(last)).toBe(once);
  });
});

describe('an error while answering', () => {
  it('is logged with its stack and the request id', async () => {
    const errors = capturedLogger('error');
    const failing = testApp({ routes: withThrowingRoute, logger: errors.logger, content: defaultLanguageOnly });
    await failing.prepareAll();
    // Pre-rendering at start-up failed first, and said so.
    expect(errors.lines[0]).toMatchObject({ level: 'error', err: { message: THROWN_MESSAGE } });

    await request(failing).get(throwingRoute.path).set('X-Request-Id', 'trace-2').expect(500);
    const failure = errors.lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 'error', requestId: 'trace-2', path: throwingRoute.path, err: { type: 'Error', message: THROWN_MESSAGE } });
    expect((failure!.err as { stack: string }).stack).toMatch(new RegExp(`^Error: ${THROWN_MESSAGE}\\n\\s+at `));
  });
});

describe('TRUST_PROXY: the client address of each request\'s log line', () => {
  // supertest connects from loopback; the header says the request came from further away.
  const FORWARDED = '203.0.113.7';
  const clientLogged = async (setting: string, forwardedFor: string) => {
    const logged = capturedLogger();
    const { trustProxy } = readConfig({ TRUST_PROXY: setting });
    const proxied = testApp({ config: { nodeEnv: 'test', trustProxy, site: defaultSite }, logger: logged.logger, content: defaultLanguageOnly });
    // A prepared page and a path Express answers: both lines are written in one place.
    await request(proxied).get('/about').set('X-Forwarded-For', forwardedFor).expect(200);
    await request(proxied).get('/no-such-page').set('X-Forwarded-For', forwardedFor).expect(404);
    return logged.lines.filter((line) => 'status' in line).map((line) => line.client);
  };

  const PEER = /^(::ffff:)?127\.0\.0\.1$/;
  it.each([
    ['false', FORWARDED, PEER], // without the setting, whatever the request says
    ['loopback', FORWARDED, FORWARDED],
    ['1', FORWARDED, FORWARDED],
    // The nearest untrusted hop is the client: 203.0.113.7 is not a proxy of ours, so what it claims is not believed.
    ['loopback', `198.51.100.1, ${FORWARDED}`, FORWARDED],
    ['10.0.0.0/8', FORWARDED, PEER], // a peer outside the trusted subnets is the client itself
  ])('with TRUST_PROXY=%s and X-Forwarded-For: %s, is %s', async (setting, forwardedFor, client) => {
    expect(await clientLogged(setting, forwardedFor)).toEqual([expect.stringMatching(client), expect.stringMatching(client)]);
  });
});
