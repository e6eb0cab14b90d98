/**
 * Responses prepared once and answered from memory: the body in every
 * encoding worth offering, a strong ETag per encoding and the complete header
 * list. Answering one is content negotiation (negotiator), a conditional
 * check (fresh), an optional byte range (range-parser) and one writeHead.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import { combineRanges, parse as parseRange } from 'range-parser';
import { validateHeaderName, validateHeaderValue } from './node-http.ts';
import type { HeaderList } from './security.ts';

export type Encoding = 'br' | 'gzip' | 'identity';
/** Our order of preference when the client likes several equally. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

interface Representation {
  body: Buffer;
  etag: string;
  /** Every header but Content-Length and X-Request-Id, as writeHead takes them: name, value, name, value… */
  headers: string[];
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
 * Prepares a response at once as it is, and returns it with a promise for its
 * encodings, made one body at a time off the event loop (compressing): its
 * gzip, then its brotli (25–60 ms a page at its best quality) behind the gzips
 * asked for meanwhile. Until they land, a client gets the best of what there is.
 */
export function prepare(input: PrepareInput): PreparedResponse & { complete: Promise<void> } {
  const { body, compress = true, encoded = {} } = input;
  const prepared = prepareWith(input, encoded);
  if (!compress || (encoded.br && encoded.gzip)) return Object.assign(prepared, { complete: Promise.resolve() });
  const complete = compressing(async () => encoded.gzip ?? gzipAsync(body, { level: 9 })).then((gzip) => {
    prepared.representations = prepareWith(input, { ...encoded, gzip }).representations;
    // Behind the gzips queued meanwhile: another page's cheap gzip does not wait for this one's brotli.
    return compressing(async () => encoded.br ?? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })).then((br) => {
      prepared.representations = prepareWith(input, { gzip, br }).representations;
    });
  });
  return Object.assign(prepared, { complete });
}

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/**
 * One body compressed at a time, on libuv's threads: the event loop answers requests meanwhile (a body's brotli
 * held it 25–60 ms), and a pod of one core shares that core with one compression, not the thread pool's four.
 */
let compressions: Promise<unknown> = Promise.resolve();
function compressing<T>(make: () => Promise<T>): Promise<T> {
  const result = compressions.then(make);
  compressions = result.catch(() => undefined);
  return result;
}

function prepareWith(input: PrepareInput, encoded: Partial<Record<'br' | 'gzip', Buffer | undefined>>): PreparedResponse {
  const { body, compress = true } = input;
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const representation = (encoding: Encoding, content: Buffer): Representation => {
    const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
    const headers = [...input.baseHeaders, ...(input.extraHeaders ?? [])].flat();
    headers.push('content-type', input.contentType, 'cache-control', input.cacheControl, 'etag', etag);
    if (compress) headers.push('vary', 'Accept-Encoding');
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    if (input.ranges) headers.push('accept-ranges', 'bytes');
    // Node checks each header again on every writeHead; checking here too makes a bad one fail at start-up.
    for (let i = 0; i < headers.length; i += 2) {
      validateHeaderName(headers[i]!);
      validateHeaderValue(headers[i]!, headers[i + 1]!);
    }
    return { body: content, etag, headers };
  };
  const representations: PreparedResponse['representations'] = { identity: representation('identity', body) };
  for (const encoding of ['br', 'gzip'] as const) {
    const content = encoded[encoding];
    // An encoding that does not make the body smaller is not worth a decode.
    if (content && content.length < body.length) representations[encoding] = representation(encoding, content);
  }
  return { status: input.status, representations, ranges: input.ranges ?? false };
}

/**
 * Writes a prepared response, honouring Accept-Encoding, If-None-Match,
 * Range with If-Range, and HEAD. Returns what the request log records.
 */
export function send(req: IncomingMessage, res: ServerResponse, prepared: PreparedResponse, requestId: string): { status: number; bytes: number } {
  const encoding = chooseEncoding(req.headers['accept-encoding'], prepared.representations);
  const chosen = prepared.representations[encoding] ?? prepared.representations.identity;
  const head = req.method === 'HEAD';
  let status = prepared.status;
  let body: Buffer | undefined = chosen.body;
  let headers = chosen.headers;

  if (status === 200 && fresh(req.headers, { etag: chosen.etag })) {
    [status, body, headers] = [304, undefined, withoutBodyHeaders(headers)];
  } else if (status === 200 && prepared.ranges && encoding === 'identity' && req.headers.range && ifRangeMatches(req, chosen)) {
    const parsed = parseRange(chosen.body.length, req.headers.range);
    // A malformed header, or a unit other than bytes, is ignored: the whole file (RFC 9110, 14.2).
    if (parsed.type === 'bytes' && !(parsed.code & 1)) {
      const ranges = combineRanges(parsed.ranges);
      if (ranges.length === 0 && parsed.code & 2) {
        [status, body] = [416, undefined];
        headers = [...withoutBodyHeaders(headers), 'content-range', `bytes */${chosen.body.length}`];
      } else if (ranges.length === 1) {
        // One range, the only kind browsers ask an asset for; several would need multipart/byteranges, so they get the whole file.
        const { start, end } = ranges[0]!;
        [status, body] = [206, chosen.body.subarray(start, end + 1)];
        headers = [...headers, 'content-range', `bytes ${start}-${end}/${chosen.body.length}`];
      }
    }
  }

  const length = status === 304 || status === 416 ? [] : ['content-length', String(body?.length ?? 0)];
  res.writeHead(status, [...headers, ...length, 'x-request-id', requestId]);
  res.end(head ? undefined : body);
  return { status, bytes: head ? 0 : (body?.length ?? 0) };
}

/**
 * br, then gzip, then identity, among what the client accepts (q=0 refuses);
 * identity when it accepts nothing we have.
 */
export function chooseEncoding(header: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  if (!header) return 'identity';
  const encodings = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(ENCODINGS, { preferred: ENCODINGS }) as Encoding[];
  return encodings.find((encoding) => available[encoding]) ?? 'identity';
}

/** If-Range names the exact representation (a strong comparison), or is absent. */
function ifRangeMatches(req: IncomingMessage, representation: Representation): boolean {
  const ifRange = req.headers['if-range'];
  return ifRange === undefined || ifRange === representation.etag;
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
