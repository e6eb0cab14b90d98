/**
 * Graceful shutdown of an HTTP server: stop accepting connections, let every
 * request in flight finish (including one whose head is still arriving and
 * one whose response is still being flushed to a slow reader), close idle
 * keep-alive connections, and force the rest closed after a timeout.
 *
 * Node's own server.close() is not used: since Node 19 it also runs
 * closeIdleConnections(), which counts a response as done as soon as end()
 * was called and destroys its connection while the body is still queued for
 * a slow client, cutting the response short (seen on Node 20 and 24).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  request?: IncomingMessage;
  /** The latest response on the connection; pipelined ones finish in order, so when it is done all are. */
  response?: ServerResponse;
  /** socket.bytesRead when the latest request had been read; more than that means a new request is arriving. */
  readUpTo: number;
}

export interface Drainable {
  /** Resolves true when every connection closed by itself, false when the timeout forced the rest. */
  drain(timeoutMs: number): Promise<boolean>;
}

/** Watches a server's connections so that it can be drained later. Call before it listens. */
export function drainable(server: Server): Drainable {
  const connections = new Map<Socket, Connection>();
  let draining = false;

  const isIdle = (socket: Socket, connection: Connection): boolean =>
    (connection.response === undefined || (connection.response.writableFinished && connection.request?.complete === true)) &&
    socket.bytesRead === connection.readUpTo;

  const closeIfIdle = (socket: Socket): void => {
    const connection = connections.get(socket);
    if (connection && isIdle(socket, connection)) socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { readUpTo: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  // Kept cheap, as it runs for every request: three assignments, and listeners only when needed.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    connection.request = req;
    connection.response = res;
    connection.readUpTo = socket.bytesRead;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
      // The body arrives after the head: its bytes belong to this request, not to a new one.
      req.once('end', () => {
        connection.readUpTo = socket.bytesRead;
        if (draining) closeIfIdle(socket);
      });
    }
    if (draining) {
      // Node closes the connection itself once this response is flushed.
      res.setHeader('connection', 'close');
      res.once('close', () => closeIfIdle(socket));
    }
  });

  return {
    drain(timeoutMs) {
      draining = true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          resolve(false);
        }, timeoutMs);
        // net.Server's own close (which http.Server's calls after closing idle connections, see
        // above): it stops listening and calls back once the last connection has closed.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(timer);
          resolve(true);
        });
        for (const [socket, connection] of connections) {
          if (isIdle(socket, connection)) socket.destroy();
          else connection.response?.once('close', () => closeIfIdle(socket));
        }
      });
    },
  };
}
