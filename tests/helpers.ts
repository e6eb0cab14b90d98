import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import parseContentSecurityPolicy from 'content-security-policy-parser';
import { vi } from 'vitest';
import { fetchRaw } from '../scripts/export.ts';
import { createApp, type AppOptions } from '../server/app.ts';
import { content as siteContent } from '../content/index.ts';
import { fillSite } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';

// Shared with the scripts: defined in tools/harness.ts.
export { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort, listening, THROWN_MESSAGE, throwingRoute } from '../tools/harness.ts';

/**
 * The site's app as the tests use it: no gzip or brotli of the pages unless a
 * test that reads them asks (`precompress: true`). Made on the worker's one
 * thread after start-up, an app's encodings cost ~0.4 s of CPU the suite's
 * other requests then wait behind.
 */
export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({
    config: { nodeEnv: 'test', trustProxy: () => false, site: defaultSite },
    precompress: false,
    ...overrides,
  });
}

/** A Content-Security-Policy header's directives and their sources, parsed as the CSP spec says (helmet's parser). */
export function cspDirectives(header: unknown): Map<string, string[]> {
  if (typeof header !== 'string') throw new Error(`no Content-Security-Policy header: ${String(header)}`);
  return parseContentSecurityPolicy(header);
}

/** The table and the content with the default settings in their placeholders, as the pages show them. */
export const { routes: filledRoutes, content } = fillSite(defaultSite, siteContent);

/**
 * A raw TCP connection to a loopback port, for what supertest and fetch
 * cannot send or see: everything it received, and when the server closed it.
 */
export async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A server that resets the connection (a forced shutdown) is an outcome the tests read from `closed` and `received`.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  const received = () => Buffer.concat(chunks);
  /** Resolves once what was received, as latin1 text, satisfies `predicate`; after 10 s without it, fails saying whether the server closed. */
  const receivedUntil = (predicate: (text: string) => boolean) =>
    vi.waitFor(
      () => {
        if (predicate(received().toString('latin1'))) return;
        throw new Error(`${isClosed ? 'the connection closed' : 'still waiting'} after ${received().length} bytes`);
      },
      { timeout: 10_000, interval: 5 },
    );
  return { socket, closed, received, receivedUntil };
}

/** Sends raw bytes on a new connection and returns, as latin1 text, everything the server sent until it closed the connection. */
export async function rawRequest(port: number, payload: string | Buffer): Promise<string> {
  const connection = await rawConnection(port);
  connection.socket.write(payload);
  await connection.closed;
  return connection.received().toString('latin1');
}

/** The error a new connection to `port` meets (ECONNREFUSED once a server has stopped listening). */
export function connectionError(port: number): Promise<NodeJS.ErrnoException> {
  return new Promise((resolve) => connect(port, '127.0.0.1').once('error', resolve));
}

/** Node's HTTP server for `listener` on a free loopback port, as in production: raw bytes meet its parser and limits. */

/** Resolves once nginx, started as `child`, answers at `origin`; fails with its log if it exits or 10 s pass. */
export async function nginxStarted(origin: string, child: ChildProcess, log: string[]): Promise<void> {
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${log.join('')}`);
      await fetchRaw(origin, '/');
    },
    { timeout: 10_000, interval: 50 },
  );
}
