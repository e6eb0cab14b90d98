/**
 * The fast lane: the site's HTTP server, with the common request answered
 * straight from the socket.
 *
 * Most requests are a GET or HEAD for something prepared at start-up (see
 * responses.ts), and Node's http module costs more per request than the rest
 * of the work: its request and response objects, their streams and events
 * were half of a prepared page's CPU (README, "Performance"). So each chunk a
 * connection receives is read here first. A request head that is complete in
 * the chunk, in a strict subset of HTTP/1.x (below), and that the app has a
 * prepared answer for, is answered here with the same bytes Node would send.
 *
 * Anything else — a head split across reads, a method other than GET or HEAD,
 * a body, a byte range, an unusual or repeated header, a malformed line,
 * anything the app has no prepared answer for — hands the connection, with
 * every byte not yet answered, to Node's own HTTP server for good. Its parser
 * (llhttp), limits and timeouts then judge the request, as they would have
 * without the fast lane, and answer with the Express app. So the fast lane
 * never buffers, never waits for a slow client and never rejects anything:
 * the only requests it answers are ones Node would accept and answer alike,
 * which tests/fastlane.test.ts checks byte for byte.
 */
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

/** What the fast lane reads of a request. */
export interface RequestHead {
  method: 'GET' | 'HEAD';
  /** The request target as sent: origin-form, "/…". */
  target: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  requestId: string | undefined;
}

/** A response as its bytes: the status line and headers up to the ones Node adds itself, and the body. */
export interface RawResponse {
  head: string;
  body: Buffer | undefined;
}

/** The app's side: a prepared answer to a request head, or undefined to let Node's server handle it. */
export type Answer = (request: RequestHead) => RawResponse | undefined;

export interface FastLane {
  /** Stops answering and closes the connections the fast lane holds, each once its responses are flushed. */
  close(): void;
  /** Whether the fast lane holds this connection (it has not been handed to Node's server). */
  holds(socket: Socket): boolean;
}

/** Heads longer than this go to Node, whose limit (16 KB by default) decides. */
const MAX_HEAD_BYTES = 8192;
const MAX_HEADER_LINES = 64;
const HEAD_END = '\r\n\r\n';
/** GET or HEAD of an origin-form target made only of RFC 3986 characters (no fragment), HTTP/1.0 or 1.1. */
const REQUEST_LINE = /^(GET|HEAD) (\/[\w\-.~!$&'()*+,;=:@/?%]*) HTTP\/1\.([01])$/;
/** A field name of token characters, a colon, and a value of visible ASCII, spaces and tabs. */
const HEADER_LINE = /^([\w!#$%&'*+\-.^`|~]+):[ \t]*([\t\x20-\x7e]*?)[ \t]*$/;
/** Headers whose presence means the request is not a plain one (a body, a range, an upgrade): Node handles it. */
const NOT_PLAIN = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'range', 'if-range', 'http2-settings']);

interface ParsedHead extends RequestHead {
  keepAlive: boolean;
}

/**
 * Reads one request head (without its final blank line), or returns undefined
 * if it is not in the subset the fast lane answers.
 */
export function parseHead(text: string): ParsedHead | undefined {
  const lines = text.split('\r\n');
  if (lines.length > MAX_HEADER_LINES) return undefined;
  const request = REQUEST_LINE.exec(lines[0]!);
  if (!request) return undefined;
  let hosts = 0;
  const single: Record<'accept-encoding' | 'if-none-match' | 'x-request-id' | 'connection', string | undefined> = {
    'accept-encoding': undefined,
    'if-none-match': undefined,
    'x-request-id': undefined,
    connection: undefined,
  };
  for (let i = 1; i < lines.length; i++) {
    const header = HEADER_LINE.exec(lines[i]!);
    if (!header) return undefined;
    const name = header[1]!.toLowerCase();
    if (name === 'host') hosts++;
    else if (name in single) {
      // Node would join repeated values; rare enough to leave to it.
      if (single[name as keyof typeof single] !== undefined) return undefined;
      single[name as keyof typeof single] = header[2]!;
    } else if (NOT_PLAIN.has(name)) return undefined;
  }
  const http10 = request[3] === '0';
  // Node answers an HTTP/1.1 request without exactly one Host with 400.
  if (hosts > 1 || (hosts === 0 && !http10)) return undefined;
  const connection = single.connection?.toLowerCase();
  if (connection !== undefined && connection !== 'keep-alive' && connection !== 'close') return undefined;
  return {
    method: request[1] as 'GET' | 'HEAD',
    target: request[2]!,
    acceptEncoding: single['accept-encoding'],
    ifNoneMatch: single['if-none-match'],
    requestId: single['x-request-id'],
    keepAlive: http10 ? connection === 'keep-alive' : connection !== 'close',
  };
}

/**
 * An HTTP server for `listener` (Node's, with `options`) whose connections
 * go through the fast lane first. The fast lane is left out, and the server
 * is Node's as it is, where this Node's server is not as expected.
 */
export function serve(listener: RequestListener, answer: Answer, options: ServerOptions = {}): { server: Server; lane: FastLane | undefined } {
  const server = createServer(options, listener);
  const [node, ...others] = server.listeners('connection') as ((socket: Socket) => void)[];
  if (!node || others.length > 0 || server.maxRequestsPerSocket) return { server, lane: undefined };
  server.removeListener('connection', node);

  const held = new Set<Socket>();
  let closing = false;

  const connectionLines = (keepAlive: boolean) => {
    if (!keepAlive) return 'Connection: close\r\n';
    const seconds = Math.floor(server.keepAliveTimeout / 1000);
    return server.keepAliveTimeout ? `Connection: keep-alive\r\nKeep-Alive: timeout=${seconds}\r\n` : 'Connection: keep-alive\r\n';
  };

  const closeSoon = (socket: Socket) => {
    if (socket.writableLength === 0) socket.destroy();
    else socket.end(() => socket.destroy());
  };

  server.prependListener('connection', (socket: Socket) => {
    if (closing) return node.call(server, socket);
    held.add(socket);
    let answered = 0;

    const release = () => {
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('error', onError);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('close', onClose);
      socket.setTimeout(0);
      held.delete(socket);
    };
    const handOff = (rest: Buffer) => {
      release();
      if (rest.length > 0) socket.unshift(rest);
      node.call(server, socket);
    };
    // The client is done sending: as Node does, finish writing and close.
    const onEnd = () => socket.end();
    const onError = () => socket.destroy();
    const onTimeout = () => socket.destroy();
    const onClose = () => held.delete(socket);

    function onData(chunk: Buffer) {
      if (closing) return;
      let offset = 0;
      socket.cork();
      try {
        while (offset < chunk.length) {
          const end = chunk.indexOf(HEAD_END, offset, 'latin1');
          if (end === -1 || end - offset > MAX_HEAD_BYTES) return handOff(chunk.subarray(offset));
          const head = parseHead(chunk.toString('latin1', offset, end));
          const response = head && answer(head);
          if (!head || !response) return handOff(chunk.subarray(offset));
          socket.write(`${response.head}Date: ${utcDate()}\r\n${connectionLines(head.keepAlive)}\r\n`, 'latin1');
          if (response.body) socket.write(response.body);
          offset = end + HEAD_END.length;
          // From the first answer on, an idle connection lasts keepAliveTimeout, as with Node.
          if (answered++ === 0) socket.setTimeout(server.keepAliveTimeout);
          if (!head.keepAlive) {
            // As Node does: what follows a "Connection: close" request is not read.
            socket.removeListener('data', onData);
            closeSoon(socket);
            return;
          }
        }
        // As Node does: every request read is answered, but a client that
        // sends faster than it reads is not read from again until its answers
        // have been flushed.
        if (socket.writableNeedDrain && !socket.isPaused()) {
          socket.pause();
          socket.once('drain', () => socket.resume());
        }
      } catch {
        // The app failed to answer (a page that cannot be rendered): Node's server and Express's error handler take it.
        return handOff(chunk.subarray(offset));
      } finally {
        socket.uncork();
      }
    }

    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onError);
    socket.on('timeout', onTimeout);
    socket.on('close', onClose);
    // Until the first request arrives, as long as Node gives a request's head.
    socket.setTimeout(server.headersTimeout);
  });

  const lane: FastLane = {
    close() {
      closing = true;
      for (const socket of held) closeSoon(socket);
    },
    holds: (socket) => held.has(socket),
  };
  return { server, lane };
}

/** The Date header's value, made at most once a second (as Node's own server does). */
let date = '';
function utcDate(): string {
  if (!date) {
    date = new Date().toUTCString();
    setTimeout(() => (date = ''), 1000 - new Date().getMilliseconds()).unref();
  }
  return date;
}
