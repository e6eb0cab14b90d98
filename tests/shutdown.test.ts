/**
 * Draining a server, seen from raw TCP clients: what an idle keep-alive
 * connection, a slow reader, a slow sender and a new client each get.
 * The servers here are plain node:http ones with their own handlers, so that
 * nothing test-only ships in the product; tests/process.test.ts drains the real one.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainable } from '../server/shutdown.ts';
import { connectionError, rawConnection } from './helpers.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function serve(handler: RequestListener) {
  const server = createServer({ keepAliveTimeout: 65_000 }, handler);
  servers.push(server);
  const connections = drainable(server);
  const accepted: Socket[] = [];
  server.on('connection', (socket: Socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** Connects and sends the start of a request, returning once the server has read it. */
  const begin = async (start: string) => {
    const started = await rawConnection(port);
    started.socket.write(start);
    await until(() => accepted[0] !== undefined && accepted[0].bytesRead === Buffer.byteLength(start));
    return started;
  };
  return { connections, port, begin };
}

const until = (condition: () => boolean) => expect.poll(condition, { timeout: 5_000, interval: 5 }).toBe(true);

const GET = 'GET / HTTP/1.1\r\nHost: test\r\n\r\n';

describe('drainable(server).drain', () => {
  it('closes an idle keep-alive connection at once and resolves true', async () => {
    const { connections, port } = await serve((_req, res) => res.end('ok'));
    const idle = await rawConnection(port);
    idle.socket.write(GET);
    await idle.receivedUntil((text) => text.endsWith('\r\n\r\nok'));
    expect(idle.received().toString()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: keep-alive\r\n/);

    await expect(connections.drain(10_000)).resolves.toBe(true);
    await idle.closed;
  });

  it('refuses new connections once draining has begun', async () => {
    const { connections, port } = await serve((_req, res) => res.end('ok'));
    const busy = await rawConnection(port);
    busy.socket.write('GET / HTTP/1.1\r\n'); // keeps the drain open while we knock
    const drained = connections.drain(10_000);
    const error = await connectionError(port);
    expect(error.code).toBe('ECONNREFUSED');
    busy.socket.write('Host: test\r\n\r\n');
    await expect(drained).resolves.toBe(true);
  });

  it('delivers a response still being flushed to a slow reader in full, then closes', async () => {
    // Larger than what the loopback's socket buffers absorb, so most of it is
    // still queued in the server when the drain begins; Node's server.close()
    // would cut it short here.
    const body = Buffer.alloc(24 * 1024 * 1024, 'x');
    const responses: Parameters<RequestListener>[1][] = [];
    const { connections, port } = await serve((_req, res) => {
      responses.push(res);
      res.writeHead(200, { 'content-length': body.length }).end(body);
    });
    const reader = await rawConnection(port);
    reader.socket.pause();
    reader.socket.write(GET);
    await until(() => responses.length === 1);
    expect(responses[0]!.writableFinished).toBe(false);

    const drained = connections.drain(30_000);
    reader.socket.resume();
    await expect(drained).resolves.toBe(true);
    await reader.closed;
    const text = reader.received().toString('latin1');
    const headEnd = text.indexOf('\r\n\r\n') + 4;
    expect(reader.received().length - headEnd).toBe(body.length);
  });

  it('answers a request whose head is still arriving, with Connection: close, then closes', async () => {
    const { connections, begin } = await serve((req, res) => res.end(`you asked for ${req.url}`));
    const sender = await begin('GET /slow HTTP/1.1\r\nHost: te');

    const drained = connections.drain(10_000);
    sender.socket.write('st\r\n\r\n');
    await expect(drained).resolves.toBe(true);
    await sender.closed;
    const text = sender.received().toString();
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).toMatch(/\r\n\r\nyou asked for \/slow$/);
  });

  it('waits for a request body that is still uploading', async () => {
    const { connections, begin } = await serve((req, res) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => res.end(`${length} bytes`));
    });
    const uploader = await begin('POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n12345');

    const drained = connections.drain(10_000);
    uploader.socket.write('67890');
    await expect(drained).resolves.toBe(true);
    await uploader.closed;
    expect(uploader.received().toString()).toMatch(/\r\n\r\n10 bytes$/);
  });

  it('closes whatever is left when the timeout passes and resolves false', async () => {
    const { connections, begin } = await serve((_req, res) => res.end('ok'));
    const stuck = await begin('GET / HTTP/1.1\r\nHost: test\r\n');

    await expect(connections.drain(200)).resolves.toBe(false);
    await stuck.closed;
    expect(stuck.received().length).toBe(0);
  });
});
