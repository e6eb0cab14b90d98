/**
 * Metrics and traces in the built server (node dist/server/main.js, as the
 * container runs it): the metrics port and readiness through a drain, and one
 * span per request sent over OTLP/HTTP to a receiver this test starts, flushed
 * on SIGTERM. `npm test` builds dist/ first.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './helpers.ts';

const MAIN = join(import.meta.dirname, '..', 'dist', 'server', 'main.js');
type LogLine = Record<string, unknown> & { msg?: string };

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The built server with a clean environment; its stdout parsed as JSON lines. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', ...env } });
  children.push(child);
  const lines: LogLine[] = [];
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line) as LogLine));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }));
  const logged = async (msg: string) => {
    await expect.poll(() => lines.find((line) => line.msg === msg) ?? (child.exitCode !== null && stderr)).toBeTruthy();
    return lines.find((line) => line.msg === msg) as LogLine & { port: number };
  };
  return { child, lines, exited, logged };
}

describe('metrics in the built server', () => {
  it('serve /metrics on METRICS_PORT, show readiness 0 while draining, and close with the server', async () => {
    const metricsPort = await freePort();
    const server = start({ METRICS_PORT: String(metricsPort) });
    const { port } = await server.logged('listening');
    expect(await server.logged('metrics listening')).toMatchObject({ address: '127.0.0.1', port: metricsPort });
    const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.text());

    expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);
    expect(await scrape()).toMatch(/^http_server_request_duration_seconds_count\{http_request_method="GET",http_route="\/about",http_response_status_code="200"\} 1$/m);
    expect(await scrape()).toMatch(/^site_ready 1$/m);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    // A keep-alive connection whose next request is half sent keeps the drain going.
    const stuck = connect(port, '127.0.0.1');
    stuck.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    await once(stuck, 'data');
    stuck.write('GET /home HTTP/1.1\r\n');
    server.child.kill('SIGTERM');
    await server.logged('shutting down: draining connections');
    expect(await scrape()).toMatch(/^site_ready 0$/m);
    stuck.end('Host: test\r\n\r\n');

    expect(await server.exited).toEqual({ code: 0, stderr: '' });
    await expect(scrape()).rejects.toThrow();
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number; arrayValue?: { values: { stringValue: string }[] } } }[];
}

/** An OTLP/HTTP receiver (JSON encoding) that keeps every span it is sent. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      if (req.url === '/v1/traces') spans.push(...body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  return { spans, endpoint, close: () => new Promise((resolve) => receiver.close(resolve)) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((candidate) => candidate.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.arrayValue?.values.map((item) => item.stringValue) : Number(value.intValue));
};

describe('traces in the built server', () => {
  it('are a bundle of their own, which the server imports only when the OTEL_* variables ask for traces', () => {
    const setting = 'OTEL_BSP_SCHEDULE_DELAY'; // one of the variables the SDK reads
    expect(readFileSync(join(MAIN, '..', 'tracing.js'), 'utf8')).toContain(setting);
    const main = readFileSync(MAIN, 'utf8');
    expect(main).not.toContain(setting);
    expect(main).toContain('import("./tracing.js")');
  });

  it('sends one server span per request, named by method and route, with status and request id, flushed on SIGTERM', async () => {
    const receiver = await otlpReceiver();
    try {
      const server = start({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'procurement-site-test',
      });
      const { port } = await server.logged('listening');
      const requests = [
        { path: '/about', id: 'trace-about', name: 'GET /about', route: '/about', status: 200 },
        { path: '/products/textiles', id: 'trace-textiles', name: 'GET /products/textiles', route: '/products/textiles', status: 200 },
        { path: '/robots.txt', id: 'trace-robots', name: 'GET /robots.txt', route: '/robots.txt', status: 200 },
        { path: '/no-such-page', id: 'trace-404', name: 'GET', route: undefined, status: 404 },
        { path: '/home', method: 'POST', id: 'trace-405', name: 'POST /home', route: '/home', status: 405 },
      ];
      for (const { path, method, id, status } of requests) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'x-request-id': id } });
        expect(res.status, path).toBe(status);
      }
      // The batch is sent every 5 s by default: what arrives now was flushed by the shutdown.
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, stderr: '' });

      expect(receiver.spans).toHaveLength(requests.length);
      for (const { path, id, name, route, status } of requests) {
        const span = receiver.spans.find((candidate) => String(attribute(candidate, 'http.response.header.x-request-id')) === id);
        expect(span, path).toBeDefined();
        expect(span).toMatchObject({ name, kind: 2 });
        expect(attribute(span!, 'http.route')).toBe(route);
        expect(attribute(span!, 'http.response.status_code')).toBe(status);
        // The request's log line names its span.
        expect(server.lines.find((line) => line.requestId === id)).toMatchObject({ trace_id: span!.traceId, span_id: span!.spanId });
      }
    } finally {
      await receiver.close();
    }
  });
});
