/**
 * Metrics in the built server (node dist/server/main.js, as the container
 * runs it): the metrics port and readiness through a drain. `npm test`
 * builds dist/ first.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

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

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
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
