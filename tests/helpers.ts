import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '../server/app.ts';
import { routes, withWords, type Route } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';

export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({
    config: { nodeEnv: 'test', trustProxy: false, site: defaultSite },
    ...overrides,
  });
}

/** The table and the content with the default settings in their placeholders, as the pages show them. */
export const { routes: siteRoutes, content } = withWords(routes, defaultSite);

/** The message of the error the throwing route's screen throws. */
export const THROWN_MESSAGE = 'The widget fell over';

/** A route whose screen throws: what the error handler and the fallback screen are tested with. */
export const throwingRoute: Route = {
  ...routes[0]!,
  path: '/boom',
  screen: () => {
    throw new Error(THROWN_MESSAGE);
  },
};

/** Debian's Chromium unless CHROMIUM_PATH names another build of Chromium or Chrome. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** What Chromium needs to run headless as root in a container, and nothing it would fetch on its own. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A raw TCP connection to a loopback port, for what supertest and fetch
 * cannot send or see: everything it received, and when the server closed it.
 */
export async function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  let isClosed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    wake();
  });
  // A server that resets the connection (a forced shutdown) is an outcome the tests read from `closed` and `received`.
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
      wake();
    }),
  );
  const received = () => Buffer.concat(chunks);
  /** Resolves once what was received, as latin1 text, satisfies `predicate`; fails if the server closes first. */
  const receivedUntil = async (predicate: (text: string) => boolean) => {
    while (!predicate(received().toString('latin1'))) {
      if (isClosed) throw new Error(`the connection closed after ${received().length} bytes`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
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
export async function listening(listener: RequestListener): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, port: (server.address() as AddressInfo).port, close };
}

/** A loopback port that was free a moment ago, for a program that must be told its port before it listens. */
export async function freePort(): Promise<number> {
  const { port, close } = await listening(() => undefined);
  await close();
  return port;
}
