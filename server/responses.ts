/**
 * Responses prepared once and served by lookup: the body in every encoding we
 * offer, a strong ETag per encoding, and the complete header list. Serving
 * one is content negotiation plus a write, with no per-request rendering.
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES, validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { HeaderList } from './security.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

interface Representation {
  body: Buffer;
  etag: string;
  /** The header list with content-type, encoding and ETag in it. */
  headers: string[];
  /** The status line and the same headers, validated and serialised as an HTTP head (see writeHead). */
  head: string;
  /** The same for a 304: the headers without the body's description. */
  notModifiedHead: string;
}

export interface PreparedResponse {
  status: number;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
  /** Whether byte ranges may be asked for (assets; not pages). */
  ranges: boolean;
}

export interface PrepareInput {
  status: number;
  body: Buffer;
  contentType: string;
  cacheControl: string;
  baseHeaders: HeaderList;
  extraHeaders?: HeaderList;
  /** Encodings made at build time; missing ones are made here if they help. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
  compress?: boolean;
  ranges?: boolean;
}

/**
 * Prepares a response at once with identity and gzip, and returns it with a
 * promise for the brotli encoding, which is added when ready. Brotli's best
 * quality costs ~25 ms a page, so it is made after start-up, one body per
 * turn of the event loop, and until it lands a client that accepts gzip gets
 * gzip. (On the main thread rather than libuv's pool: the pool's threads each
 * grow a malloc arena, ~8 MB of resident memory kept for good.)
 */
export function prepare(input: PrepareInput): PreparedResponse & { complete: Promise<void> } {
  const { body, compress = true } = input;
  const prepared = prepareWith(input, { ...input.encoded, ...(compress && !input.encoded?.gzip && { gzip: gzipSync(body, { level: 9 }) }) });
  if (!compress || input.encoded?.br) return Object.assign(prepared, { complete: Promise.resolve() });
  const complete = nextTurn().then(() => {
    const br = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.BROTLI_PARAM_LGWIN]: windowBits(body.length) },
    });
    prepared.representations = prepareWith(input, { ...input.encoded, gzip: prepared.representations.gzip?.body, br }).representations;
  });
  return Object.assign(prepared, { complete });
}

/** Resolves on a later turn of the event loop, after pending I/O, one caller at a time. */
let queue = Promise.resolve();
function nextTurn(): Promise<void> {
  queue = queue.then(() => new Promise((resolve) => setImmediate(resolve)));
  return queue;
}

function prepareWith(input: PrepareInput, encoded: Partial<Record<'br' | 'gzip', Buffer | undefined>>): PreparedResponse {
  const { body, compress = true } = input;
  const bodies: Partial<Record<Encoding, Buffer | undefined>> = { ...encoded, identity: body };
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const representation = (encoding: Encoding, encoded: Buffer): Representation => {
    const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
    const headers: string[] = [];
    for (const [name, value] of [...input.baseHeaders, ...(input.extraHeaders ?? [])]) headers.push(name, value);
    headers.push('content-type', input.contentType, 'cache-control', input.cacheControl, 'etag', etag);
    if (compress) headers.push('vary', 'Accept-Encoding');
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    if (input.ranges) headers.push('accept-ranges', 'bytes');
    return {
      body: encoded,
      etag,
      headers,
      head: `${statusLine(input.status)}${serialize(headers)}`,
      notModifiedHead: `${statusLine(304)}${serialize(withoutBodyHeaders(headers))}`,
    };
  };
  const representations: PreparedResponse['representations'] = { identity: representation('identity', body) };
  for (const encoding of ['br', 'gzip'] as const) {
    const encoded = bodies[encoding];
    // An encoding that does not make the body smaller is not worth a decode.
    if (encoded && encoded.length < body.length) representations[encoding] = representation(encoding, encoded);
  }
  return { status: input.status, representations, ranges: input.ranges ?? false };
}

/** The representation a request gets (by Accept-Encoding), and whether it is a 304 (by If-None-Match). */
function choose(prepared: PreparedResponse, acceptEncoding: string | undefined, ifNoneMatch: string | undefined) {
  const encoding = chooseEncoding(acceptEncoding, prepared.representations);
  const chosen = prepared.representations[encoding] ?? prepared.representations.identity;
  const notModified = ifNoneMatch !== undefined && prepared.status === 200 && etagMatches(ifNoneMatch, chosen.etag);
  return { encoding, chosen, notModified };
}

/**
 * A prepared response as bytes, for a request the fast lane read (fastlane.ts):
 * what send() writes, up to the Date and Connection lines Node adds. Requests
 * with a range are not answered there.
 */
export function rawResponse(
  prepared: PreparedResponse,
  request: { method: 'GET' | 'HEAD'; acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
  extraHeaders: string,
): { head: string; body: Buffer | undefined; status: number; bytes: number } {
  const { chosen, notModified } = choose(prepared, request.acceptEncoding, request.ifNoneMatch);
  if (notModified) return { head: chosen.notModifiedHead + extraHeaders, body: undefined, status: 304, bytes: 0 };
  const body = request.method === 'HEAD' ? undefined : chosen.body;
  return { head: `${chosen.head}content-length: ${chosen.body.length}\r\n${extraHeaders}`, body, status: prepared.status, bytes: body?.length ?? 0 };
}

/** Writes a prepared response, honouring Accept-Encoding, If-None-Match, Range and HEAD. */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: PreparedResponse,
  extraHeaders: string[] = [],
): { status: number; bytes: number } {
  const { encoding, chosen, notModified } = choose(prepared, req.headers['accept-encoding'], req.headers['if-none-match']);
  if (notModified) {
    res.writeHead(304, [...withoutBodyHeaders(chosen.headers), ...extraHeaders]);
    res.end();
    return { status: 304, bytes: 0 };
  }
  const range = prepared.ranges && prepared.status === 200 && encoding === 'identity' ? parseRange(req, chosen) : undefined;
  if (range === 'unsatisfiable') {
    res.writeHead(416, [...withoutBodyHeaders(chosen.headers), 'content-range', `bytes */${chosen.body.length}`, ...extraHeaders]);
    res.end();
    return { status: 416, bytes: 0 };
  }
  if (range) {
    const part = chosen.body.subarray(range.start, range.end + 1);
    res.writeHead(206, [
      ...chosen.headers,
      'content-length',
      String(part.length),
      'content-range',
      `bytes ${range.start}-${range.end}/${chosen.body.length}`,
      ...extraHeaders,
    ]);
    res.end(req.method === 'HEAD' ? undefined : part);
    return { status: 206, bytes: req.method === 'HEAD' ? 0 : part.length };
  }
  writeHead(res, prepared.status, chosen, extraHeaders);
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
  return { status: prepared.status, bytes: req.method === 'HEAD' ? 0 : chosen.body.length };
}

/** Header lines as an HTTP head has them, each checked by Node's own validators. */
function serialize(headers: readonly string[]): string {
  let head = '';
  for (let i = 0; i < headers.length; i += 2) {
    const [name, value] = [headers[i]!, headers[i + 1]!];
    validateHeaderName(name);
    validateHeaderValue(name, value);
    head += `${name}: ${value}\r\n`;
  }
  return head;
}

const statusMessage = (status: number) => STATUS_CODES[status] ?? 'unknown';
const statusLine = (status: number) => `HTTP/1.1 ${status} ${statusMessage(status)}\r\n`;

type HeadWriter = (head: string, headers: string[]) => void;

/**
 * Starts a response with a prepared head. res.writeHead would validate and
 * serialise each of its ~17 headers again on every response, a fifth of the
 * cost of answering a prepared page; here the head was serialised once
 * (validated by Node's own validators) and only the variable lines are added.
 * Node's _storeHeader, which writeHead ends in, still adds Date and
 * Connection/Keep-Alive, and validates the few headers passed to it (the
 * length, the request id), so keep-alive, HEAD and HTTP/1.0 behave exactly
 * as with writeHead; a test compares the bytes on the wire. Where _storeHeader is missing (a future
 * Node) or headers were set before, it is writeHead.
 */
function writeHead(res: ServerResponse, status: number, representation: Representation, extraHeaders: string[]): void {
  const store = (res as unknown as { _storeHeader?: HeadWriter })._storeHeader;
  if (typeof store !== 'function' || res.getHeaderNames().length > 0) {
    res.writeHead(status, [...representation.headers, 'content-length', String(representation.body.length), ...extraHeaders]);
    return;
  }
  res.statusCode = status;
  res.statusMessage = statusMessage(status);
  store.call(res, representation.head, ['content-length', String(representation.body.length), ...extraHeaders]);
}

/** br, then gzip, then identity, among what the client accepts (q=0 refuses). */
export function chooseEncoding(header: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  if (!header) return 'identity';
  const accepts = acceptedEncodings(header);
  if (available.br && accepts.br) return 'br';
  if (available.gzip && accepts.gzip) return 'gzip';
  return 'identity';
}

type Accepts = { br: boolean; gzip: boolean };

/**
 * Browsers send a handful of distinct Accept-Encoding values, so each is
 * parsed once; parsing per request was a twentieth of a request's cost. The
 * cache is emptied when full, so odd values cannot make it grow.
 */
const acceptsCache = new Map<string, Accepts>();
const ACCEPTS_CACHE_SIZE = 64;

function acceptedEncodings(header: string): Accepts {
  let accepts = acceptsCache.get(header);
  if (!accepts) {
    accepts = parseAcceptEncoding(header);
    if (acceptsCache.size >= ACCEPTS_CACHE_SIZE) acceptsCache.clear();
    acceptsCache.set(header, accepts);
  }
  return accepts;
}

function parseAcceptEncoding(header: string): Accepts {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(token.trim(), Number.isFinite(quality) ? quality : 0);
  }
  const wildcard = accepted.get('*');
  const acceptable = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  return { br: acceptable('br'), gzip: acceptable('gzip') };
}

function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** A 304 or 416 carries the validators and caching headers but no body description. */
function withoutBodyHeaders(headers: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    if (name !== 'content-encoding' && name !== 'content-type') kept.push(name, headers[i + 1]!);
  }
  return kept;
}

type ByteRange = { start: number; end: number };

/** One byte range (the only kind a browser asks an asset for); anything else is served whole. */
function parseRange(req: IncomingMessage, representation: Representation): ByteRange | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== representation.etag) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const size = representation.body.length;
  const [first, last] = [match[1]!, match[2]!];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (first !== '' && last !== '' && Number(last) < start) return undefined;
  if (start >= size || (first === '' && Number(last) === 0)) return 'unsatisfiable';
  return { start, end };
}

/**
 * The smallest brotli window that holds the whole body (2^16 to 2^22 bytes).
 * The default 4 MiB window makes each encoder allocate tens of megabytes,
 * which the process keeps as resident memory long after start-up.
 */
function windowBits(size: number): number {
  return Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1))));
}
