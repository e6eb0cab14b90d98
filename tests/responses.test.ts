/**
 * Prepared responses start with a head serialised once (server/responses.ts,
 * writeHead). What reaches the wire must be what res.writeHead would have
 * sent, byte for byte, whatever the request asks of the connection.
 */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, prepare, send, type PreparedResponse } from '../server/responses.ts';
import { exchange } from './helpers.ts';

const prepared = prepare({
  status: 200,
  body: Buffer.from('<!doctype html><title>x</title><p>hello</p>'.repeat(20)),
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'public, no-cache',
  baseHeaders: [
    ['x-content-type-options', 'nosniff'],
    ['content-security-policy', "default-src 'none'"],
  ],
});
const notFound = prepare({
  status: 404,
  body: Buffer.from('Not here'),
  contentType: 'text/plain; charset=utf-8',
  cacheControl: 'no-store',
  baseHeaders: [['x-content-type-options', 'nosniff']],
  compress: false,
});
const REQUEST_ID = ['x-request-id', 'trace-7'];

/** What writeHead sends for the same representation: the reference. */
function viaWriteHead(res: ServerResponse, response: PreparedResponse, method: string) {
  const { identity } = response.representations;
  res.writeHead(response.status, [...identity.headers, 'content-length', String(identity.body.length), ...REQUEST_ID]);
  res.end(method === 'HEAD' ? undefined : identity.body);
}

const servers: Server[] = [];
async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer({ keepAliveTimeout: 65_000 }, handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

let ours = 0;
let reference = 0;
beforeAll(async () => {
  const pick = (url = '') => (url.startsWith('/missing') ? notFound : prepared);
  ours = await listen((req, res) => void send(req, res, pick(req.url), REQUEST_ID));
  reference = await listen((req, res) => viaWriteHead(res, pick(req.url), req.method!));
});
afterAll(() => {
  for (const server of servers) server.close();
});

describe('a prepared head on the wire', () => {
  it.each([
    ['HTTP/1.1, kept alive', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.1, two requests on one connection', 'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /missing HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.1 with Connection: close', 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['HEAD', 'HEAD / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['HTTP/1.0', 'GET / HTTP/1.0\r\n\r\n'],
    ['HTTP/1.0 asking for keep-alive', 'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'],
    ['a 404', 'GET /missing HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('is what writeHead sends: %s', async (_case, raw) => {
    const [got, expected] = await Promise.all([exchange(ours, raw), exchange(reference, raw)]);
    expect(got).toMatch(/^HTTP\/1\.1 (200 OK|404 Not Found)\r\n/);
    expect(got).toContain('x-request-id: trace-7\r\n');
    expect(got).toBe(expected);
  });

  it('refuses a header value that could split the response', () => {
    expect(() =>
      prepare({ status: 200, body: Buffer.from('x'), contentType: 'text/plain', cacheControl: 'no-store', baseHeaders: [['x-evil', 'a\r\nset-cookie: b']] }),
    ).toThrow(/Invalid character in header content/);
  });
});

describe('choosing an encoding', () => {
  const all = { br: true, gzip: true, identity: true };
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0, GZIP;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['br;q=abc', 'identity'],
  ])('Accept-Encoding %s gets %s', (header, expected) => {
    expect(chooseEncoding(header, all)).toBe(expected);
  });

  it('offers only what the response has', () => {
    expect(chooseEncoding('br, gzip', { identity: true, gzip: true })).toBe('gzip');
    expect(chooseEncoding('br, gzip', { identity: true })).toBe('identity');
  });

  it('answers the same after many distinct values have passed through', () => {
    for (let i = 0; i < 500; i++) chooseEncoding(`gzip;q=0.${i % 9}, x-${i}`, all);
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(chooseEncoding('gzip, br', all)).toBe('br');
  });
});
