/**
 * The fast lane (server/fastlane.ts) answers common requests straight from the
 * socket and hands everything else to Node's HTTP server. Seen from a client,
 * nothing may differ: every exchange here is sent both to the site with the
 * fast lane and to the same app on Node's plain server, and the bytes that
 * come back must be equal (only the Date line is masked).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHead, serve, type FastLane } from '../server/fastlane.ts';
import { drainable } from '../server/shutdown.ts';
import { exchange, testApp } from './helpers.ts';

const app = testApp();
const counts = { fast: 0, node: 0 };
const servers: Server[] = [];
let lane: FastLane;
let fast = 0;
let plain = 0;
let script = '';
let etag = '';

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  await app.prepared;
  const served = serve(
    (req, res) => {
      counts.node++;
      app(req, res);
    },
    (head) => {
      const response = app.answer(head);
      if (response) counts.fast++;
      return response;
    },
    { keepAliveTimeout: 65_000 },
  );
  lane = served.lane!;
  fast = await listen(served.server);
  plain = await listen(createServer({ keepAliveTimeout: 65_000 }, app));
  const home = await exchange(plain, 'GET /home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  script = /<script[^>]+src="([^"]+)"/.exec(home)![1]!;
  etag = /^etag: (.*)$/m.exec(home)![1]!;
});
afterAll(() => {
  lane?.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/** Sends the same exchange to both servers; returns both answers and how each server took the requests. */
async function both(...parts: string[]) {
  const before = { ...counts };
  const viaLane = await exchange(fast, ...parts);
  const answered = { fast: counts.fast - before.fast, node: counts.node - before.node };
  const viaNode = await exchange(plain, ...parts);
  return { viaLane, viaNode, answered };
}

/** A status line; answers follow each other without a line break, so it is not anchored. */
const STATUS_LINE = /HTTP\/1\.1 \d{3}(?= [A-Z])/g;
const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: site.test\r\nX-Request-Id: t-1\r\n${headers}\r\n`;

describe('requests the fast lane answers', () => {
  it.each([
    ['a page, brotli', get('/home', 'Accept-Encoding: gzip, deflate, br\r\n')],
    ['a page, gzip', get('/about', 'Accept-Encoding: gzip\r\n')],
    ['a page, no encoding', get('/products/textiles')],
    ['a page with a query', get('/legal?tab=privacy', 'Accept-Encoding: br\r\n')],
    ['HEAD', `HEAD /about HTTP/1.1\r\nHost: site.test\r\nX-Request-Id: t-1\r\nAccept-Encoding: br\r\n\r\n`],
    ['a redirect', get('/')],
    ['a health check', get('/healthz')],
    ['robots.txt', get('/robots.txt')],
    ['Connection: close', get('/home', 'Connection: close\r\n')],
    ['Connection: keep-alive, any case', get('/home', 'connection: Keep-Alive\r\n')],
    ['HTTP/1.0', 'GET /about HTTP/1.0\r\nX-Request-Id: t-1\r\n\r\n'],
    ['HTTP/1.0 asking for keep-alive', 'GET /about HTTP/1.0\r\nConnection: keep-alive\r\nX-Request-Id: t-1\r\n\r\n'],
    ['two requests in one packet', get('/home') + get('/about', 'Accept-Encoding: gzip\r\n')],
    ['a browser-like head', get('/home', 'User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html,*/*;q=0.8\r\nAccept-Language: en-GB,en;q=0.9\r\nCookie: a=b\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nSec-Fetch-Mode: navigate\r\n')],
  ])('%s: the same bytes as Node, answered by the fast lane', async (_case, raw) => {
    const { viaLane, viaNode, answered } = await both(raw);
    expect(viaLane).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(viaLane).toBe(viaNode);
    expect(answered.node).toBe(0);
    expect(answered.fast).toBeGreaterThan(0);
  });

  it('a new request id for a missing or malformed one, in the same place as Node puts it', async () => {
    const raw = 'GET /home HTTP/1.1\r\nHost: x\r\nX-Request-Id: no spaces allowed\r\n\r\n';
    const mask = (text: string) => text.replace(/^x-request-id: [\w-]{36}\r\n/m, 'x-request-id: (new)\r\n');
    const { viaLane, viaNode, answered } = await both(raw);
    expect(answered).toEqual({ fast: 1, node: 0 });
    expect(mask(viaLane)).toContain('x-request-id: (new)\r\n');
    expect(mask(viaLane)).toBe(mask(viaNode));
  });

  it('the script and a 304 for a matching If-None-Match', async () => {
    for (const raw of [get(script, 'Accept-Encoding: br\r\n'), get('/home', `If-None-Match: ${etag}\r\n`)]) {
      const { viaLane, viaNode, answered } = await both(raw);
      expect(viaLane).toBe(viaNode);
      expect(answered.node).toBe(0);
    }
    expect((await both(get('/home', `If-None-Match: ${etag}\r\n`))).viaLane).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
  });
});

describe('requests handed to Node', () => {
  it.each([
    ['a POST', 'POST /home HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nX-Request-Id: t-1\r\n\r\nabc'],
    ['OPTIONS', 'OPTIONS /home HTTP/1.1\r\nHost: x\r\nX-Request-Id: t-1\r\n\r\n'],
    ['a byte range', get('/robots.txt', 'Range: bytes=0-9\r\n')],
    ['a missing asset', get('/assets/nothing.js')],
    ['an unknown path (Express’s routes come first, then the not-found page)', get('/no/such/page', 'Accept-Encoding: br\r\n')],
    ['a GET with a body', get('/home', 'Content-Length: 2\r\n').replace(/\r\n$/, '\r\nhi')],
    ['a GET with Transfer-Encoding', get('/home', 'Transfer-Encoding: chunked\r\n') + '0\r\n\r\n'],
    ['a repeated Accept-Encoding', get('/home', 'Accept-Encoding: br\r\nAccept-Encoding: gzip\r\n')],
    ['two Host headers', get('/home', 'Host: other.test\r\n')],
    ['HTTP/1.1 without Host', 'GET /home HTTP/1.1\r\nX-Request-Id: t-1\r\n\r\n'],
    ['a lower-case method', 'get /home HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a folded header', get('/home', 'Accept-Encoding: br,\r\n gzip\r\n')],
    ['a space before the colon', get('/home', 'Accept-Encoding : br\r\n')],
    ['a bare LF in a value', get('/home', 'X-Note: a\nb\r\n')],
    ['a NUL in a value', get('/home', 'X-Note: a\0b\r\n')],
    ['a control character in the target', 'GET /ho\x01me HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an absolute-form target', 'GET http://x/home HTTP/1.1\r\nHost: x\r\nX-Request-Id: t-1\r\n\r\n'],
    ['a fragment in the target', get('/home#top')],
    ['HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    ['HTTP/1.2', 'GET /home HTTP/1.2\r\nHost: x\r\n\r\n'],
    ['an upgrade', get('/home', 'Connection: Upgrade\r\nUpgrade: websocket\r\n')],
    ['a head over 8 KB', get('/home', `X-Long: ${'a'.repeat(9000)}\r\n`)],
    ['a head over Node’s 16 KB limit', get('/home', `X-Long: ${'a'.repeat(17_000)}\r\n`)],
    ['a line of garbage', 'hello\r\n\r\n'],
  ])('%s: the same bytes as Node', async (_case, raw) => {
    const { viaLane, viaNode, answered } = await both(raw);
    expect(viaLane).toBe(viaNode);
    expect(answered.fast).toBe(0);
  });

  it('a head split across two packets', async () => {
    const { viaLane, viaNode, answered } = await both('GET /home HTTP/1.1\r\nHo', 'st: x\r\nX-Request-Id: t-1\r\n\r\n');
    expect(viaLane).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(viaLane).toBe(viaNode);
    expect(answered).toEqual({ fast: 0, node: 1 });
  });

  it('keeps the order of pipelined requests across the hand-over', async () => {
    const { viaLane, viaNode, answered } = await both(get('/home') + get('/home', 'Range: bytes=0-3\r\n') + get('/about'), get('/legal'));
    expect(viaLane.match(STATUS_LINE)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(viaLane).toBe(viaNode);
    expect(answered).toEqual({ fast: 1, node: 3 });
  });

  it('hands over when the app cannot answer, and Node answers', async () => {
    const { server, lane: failing } = serve(app, () => {
      throw new Error('not prepared');
    });
    const port = await listen(server);
    expect(await exchange(port, get('/about', 'Connection: close\r\n'))).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    failing!.close();
  });
});

describe('parseHead', () => {
  it('reads what the app needs, case-insensitively', () => {
    expect(parseHead('HEAD /a?b=c HTTP/1.1\r\nHOST: x\r\naccept-encoding:  br, gzip  \r\nIf-None-Match: "e"\r\nX-Request-Id: r\r\nX-Other: y')).toEqual({
      method: 'HEAD',
      target: '/a?b=c',
      acceptEncoding: 'br, gzip',
      ifNoneMatch: '"e"',
      requestId: 'r',
      keepAlive: true,
    });
  });

  it.each([
    ['GET / HTTP/1.1\r\nHost: x', true],
    ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close', false],
    ['GET / HTTP/1.1\r\nHost: x\r\nConnection: CLOSE', false],
    ['GET / HTTP/1.0', false],
    ['GET / HTTP/1.0\r\nConnection: keep-alive', true],
  ])('keep-alive for %j is %s', (head, keepAlive) => {
    expect(parseHead(head)?.keepAlive).toBe(keepAlive);
  });

  it('refuses too many header lines', () => {
    const lines = Array.from({ length: 70 }, (_, i) => `X-${i}: v`).join('\r\n');
    expect(parseHead(`GET / HTTP/1.1\r\nHost: x\r\n${lines}`)).toBeUndefined();
  });
});

describe('a connection in the fast lane', () => {
  it('stops reading from a client that sends faster than it reads, and answers everything it read', async () => {
    let answered = 0;
    const { server, lane: own } = serve(app, (head) => {
      answered++;
      return app.answer(head);
    });
    const accepted: Socket[] = [];
    server.on('connection', (socket: Socket) => accepted.push(socket));
    const port = await listen(server);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.pause();
    // Ten batches of a hundred pages, ~18 KB each without compression: ~18 MB of answers.
    const batch = get('/home').repeat(100);
    for (let i = 0; i < 10; i++) {
      socket.write(batch);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = accepted[0]!;
    expect(own!.holds(held)).toBe(true);
    // Not answered yet: the rest waits, unread, in the socket (how much of it
    // Node has taken from the kernel depends on its stream high-water mark).
    expect(answered).toBeLessThan(1000);
    expect(held.writableLength).toBeLessThan(8 * 1024 * 1024);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.resume();
    while ((received.match(STATUS_LINE) ?? []).length < 1000 || !received.endsWith('</html>')) {
      await new Promise((resolve) => socket.once('data', resolve));
    }
    expect(received.match(STATUS_LINE)).toHaveLength(1000);
    socket.destroy();
    own!.close();
  });

  it('closes a connection that sends nothing within headersTimeout, and an idle one after keepAliveTimeout', async () => {
    const { server, lane: own } = serve(app, app.answer, { headersTimeout: 200, requestTimeout: 1000, keepAliveTimeout: 300 });
    const port = await listen(server);
    const silent = connect(port, '127.0.0.1');
    const started = performance.now();
    await once(silent, 'close');
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(performance.now() - started).toBeLessThan(2000);

    const idle = connect(port, '127.0.0.1');
    await once(idle, 'connect');
    idle.write(get('/healthz'));
    const [answer] = (await once(idle, 'data')) as [Buffer];
    expect(answer.toString()).toContain('Keep-Alive: timeout=0\r\n');
    const answeredAt = performance.now();
    await once(idle, 'close');
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(250);
    own!.close();
  });

  it('answers a client that half-closes after its request, then closes, as Node does', async () => {
    const halfClose = async (port: number) => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.end(get('/healthz'));
      await once(socket, 'close');
      return received.replace(/^Date: .*\r\n/gm, '');
    };
    const before = counts.fast;
    const [viaLane, viaNode] = [await halfClose(fast), await halfClose(plain)];
    expect(counts.fast - before).toBe(1);
    expect(viaLane).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(viaLane).toBe(viaNode);
  });

  it('survives a client that resets mid-answer', async () => {
    const socket = connect(fast, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(get('/home').repeat(50));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exchange(fast, get('/healthz', 'Connection: close\r\n'))).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('is drained with the server: idle connections close at once, answers in flight are finished', async () => {
    const { server, lane: own } = serve(app, app.answer, { keepAliveTimeout: 65_000 });
    const connections = drainable(server, own);
    const port = await listen(server);
    const idle = connect(port, '127.0.0.1');
    await once(idle, 'connect');
    idle.write(get('/healthz'));
    await once(idle, 'data');

    const slow = connect(port, '127.0.0.1');
    await once(slow, 'connect');
    slow.pause();
    slow.write(get('/home').repeat(20));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const idleClosed = once(idle, 'close');
    const drained = connections.drain(5000);
    await idleClosed;
    let received = '';
    slow.setEncoding('latin1');
    slow.on('data', (chunk: string) => (received += chunk));
    slow.resume();
    await once(slow, 'end');
    expect(await drained).toBe(true);
    // Whole answers only: each one that started arrived complete.
    const answers = received.split(/(?=HTTP\/1\.1 200 OK\r\n)/);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer).toMatch(/<\/html>$/);
  });
});
