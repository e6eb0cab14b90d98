import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets requests in flight finish, closes idle
 * keep-alive connections at once and busy ones when their response is done.
 * Resolves true when everything closed in time, false when the timeout forced it.
 */
export function drainAndClose(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    // A keep-alive connection that finishes its response becomes idle; close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve(false);
    }, timeoutMs);
    // close() stops listening and closes idle connections; the callback runs
    // when the last connection has closed.
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve(true);
    });
  });
}
