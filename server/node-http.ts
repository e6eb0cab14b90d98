/**
 * Node's http module, loaded as CommonJS. Imported as ES module, Node reads
 * every export of a built-in, and http's WebSocket exports then load undici:
 * about 50 ms of every start on Node 22 and 24 (nodejs/node#57649).
 */
import { createRequire } from 'node:module';

const http: typeof import('node:http') = createRequire(import.meta.url)('node:http');

export const { createServer, validateHeaderName, validateHeaderValue } = http;
