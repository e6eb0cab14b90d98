/**
 * What tracers and APM agents see: every request goes through Node's own
 * HTTP server, so Node's diagnostics channels (which OpenTelemetry and APM
 * agents subscribe to) and the server's `request` event see each one.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, rawRequest, sharedApp } from './helpers.ts';

const app = sharedApp();
let site: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  await app.prepareAll();
  site = await listening(app);
});
afterAll(() => site.close());

// Each connection asks to be closed after its last request, so its answers are complete once it closes.
const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

describe('Node’s diagnostics channels', () => {
  it('see every request of a mixed batch, with the status it was answered with', async () => {
    const home = await request(app).get('/home').expect(200);
    const script = /<script[^>]+src="([^"]+)"/.exec(home.text)![1]!;
    const batch: Array<{ wire: string; status: number }> = [
      { wire: get('/home'), status: 200 },
      { wire: get('/about', 'Accept-Encoding: br, gzip\r\n'), status: 200 },
      { wire: get(script), status: 200 },
      { wire: get('/home', `Accept-Encoding: gzip\r\nIf-None-Match: ${home.headers.etag}\r\n`), status: 304 },
      { wire: `HEAD /products HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, status: 200 },
      { wire: get('/about/'), status: 301 },
      { wire: get('/no-such-page'), status: 404 },
      { wire: get('/assets/missing.000000000000.js'), status: 404 },
      { wire: get('/%E0%A4%A'), status: 400 },
      { wire: `POST /home HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, status: 405 },
      { wire: `OPTIONS /home HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, status: 204 },
      { wire: get(script, 'Range: bytes=0-9\r\n'), status: 206 },
      { wire: get('/healthz'), status: 200 },
      { wire: get('/readyz'), status: 200 },
      { wire: get('/HEALTHZ'), status: 200 },
    ];
    // Two requests in one write: pipelined, answered in order on one connection.
    const pipelined = `GET /legal HTTP/1.1\r\nHost: localhost\r\n\r\n${get('/legal?utm_source=mail')}`;

    const started: string[] = [];
    const finished: number[] = [];
    let requestEvents = 0;
    const onStart = (message: unknown) => started.push((message as { request: IncomingMessage }).request.url ?? '');
    const onFinish = (message: unknown) => finished.push((message as { response: ServerResponse }).response.statusCode);
    const onRequest = () => requestEvents++;
    subscribe('http.server.request.start', onStart);
    subscribe('http.server.response.finish', onFinish);
    site.server.on('request', onRequest);
    try {
      const answers: string[] = [];
      for (const { wire } of batch) answers.push(await rawRequest(site.port, wire));
      answers.push(await rawRequest(site.port, pipelined));
      const statuses = answers.flatMap((answer) => [...answer.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])));

      const expected = [...batch.map(({ status }) => status), 200, 200];
      expect(statuses).toEqual(expected);
      expect(started).toHaveLength(expected.length);
      expect(started.at(-1)).toBe('/legal?utm_source=mail');
      expect(finished).toEqual(expected);
      expect(requestEvents).toBe(expected.length);
    } finally {
      unsubscribe('http.server.request.start', onStart);
      unsubscribe('http.server.response.finish', onFinish);
      site.server.off('request', onRequest);
    }
  });
});
