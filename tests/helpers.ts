import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '../server/app.ts';
import { defaultSite } from '../shared/site.ts';

export function testApp(overrides: Partial<AppOptions> = {}) {
  return createApp({
    config: { nodeEnv: 'test', trustProxy: false, site: defaultSite },
    ...overrides,
  });
}

/**
 * Sends `parts` on one raw connection, a short pause between them, and
 * returns everything received until the server closes it or goes quiet for
 * 250 ms, with each Date line masked (for comparing bytes on the wire).
 */
export async function exchange(port: number, ...parts: string[]): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  for (const part of parts) {
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 250))]);
  socket.destroy();
  return Buffer.concat(chunks).toString('latin1').replace(/^Date: .*\r\n/gm, 'Date: (now)\r\n');
}

/** Node's HTTP server for `listener` on a free loopback port, as in production: raw bytes meet its parser and limits. */
export async function listening(listener: RequestListener): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, port: (server.address() as AddressInfo).port, close };
}
