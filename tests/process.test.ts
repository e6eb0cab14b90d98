/**
 * The real server process (node dist/server/main.js, as the container runs
 * it): start-up and its log, signals and graceful shutdown, the drain timeout,
 * crashes, configuration errors, the metrics port, and one span per request
 * sent over OTLP/HTTP to a receiver the test starts. `npm test` builds dist/ first.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../harness/harness.ts';
import { categoryRoutes, freePort, rawConnection } from './helpers.ts';

const MAIN = join(import.meta.dirname, '..', 'dist', 'server', 'main.js');
type LogLine = Record<string, unknown> & { level: string; time: string; msg?: string };

beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does).`);
});

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Runs the server (`main`, the build's unless given) with a clean environment, through `wrapper` if given; every stdout line must be JSON. */
function run(env: Record<string, string> = {}, nodeOptions: string[] = [], wrapper: string[] = [], main = MAIN) {
  const [command, ...args] = [...wrapper, process.execPath, ...nodeOptions, main];
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
  });
  children.push(child);
  const lines: LogLine[] = [];
  const notLogLines: string[] = [];
  let stderr = '';
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = (pending + text).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        notLogLines.push(part);
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const exitedWith = async () => {
    const result = await exited;
    expect(notLogLines, 'lines on stdout that are not JSON').toEqual([]);
    return result;
  };

  /** The first line with this message, once logged; after 15 s without it, fails with stderr and stdout, saying whether the server exited. */
  const logged = (msg: string): Promise<LogLine> =>
    vi.waitFor(
      () => {
        const line = lines.find((candidate) => candidate.msg === msg);
        if (line) return line;
        const state = child.exitCode !== null || child.signalCode !== null ? 'the server exited' : 'the server has not yet logged';
        throw new Error(`${state} "${msg}"; stderr: ${stderr}; stdout: ${JSON.stringify(lines)}`);
      },
      { timeout: 15_000, interval: 20 },
    );
  const listening = async () => (await logged('listening')).port as number;
  return { child, lines, stderr: () => stderr, exitedWith, logged, listening };
}

/** Mount points outside /proc, /sys and /dev (what a container's root filesystem covers), with their options. */
function rootFilesystemMounts(pid: number | 'self'): { path: string; options: string[] }[] {
  return readFileSync(`/proc/${pid}/mountinfo`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .map(([, , , , path = '', options = '']) => ({ path: path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))), options: options.split(',') }))
    .filter(({ path }) => !/^\/(proc|sys|dev)(\/|$)/.test(path));
}

describe('the server process', () => {
  it('logs start-up as a JSON line with its address, and one JSON line per request', async () => {
    const server = run();
    const port = await server.listening();
    expect(server.lines[0]).toMatchObject({ level: 'info', msg: 'listening', address: '127.0.0.1', port, nodeEnv: 'production' });
    expect(typeof server.lines[0]!.startupMs).toBe('number');

    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'probe-1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    // The line is written asynchronously, in a batch, at the latest 100 ms later.
    await expect.poll(() => server.lines.find((candidate) => candidate.requestId === 'probe-1'), { timeout: 5_000 }).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/healthz',
      status: 200,
    });
    server.child.kill('SIGTERM');
    expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
  });

  it('drains on SIGINT too', async () => {
    const server = run();
    await server.listening();
    server.child.kill('SIGINT');
    expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
    expect(server.lines.map((line) => line.msg)).toEqual(['listening', 'shutting down: draining connections', 'shut down cleanly']);
  });

  it('closes what is left after SHUTDOWN_TIMEOUT_MS and exits non-zero', async () => {
    const server = run({ SHUTDOWN_TIMEOUT_MS: '300' });
    const stuck = await rawConnection(await server.listening());
    stuck.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    await stuck.receivedUntil((text) => text.endsWith('{"status":"ok"}'));
    stuck.socket.write('GET /home HTTP/1.1\r\n'); // and never the rest

    server.child.kill('SIGTERM');
    expect(await server.exitedWith()).toEqual({ code: 1, signal: null });
    await stuck.closed;
    expect(stuck.received().toString('latin1').match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    expect(server.lines.at(-1)).toMatchObject({ level: 'error', msg: 'shutdown timed out; closed the remaining connections', timeoutMs: 300 });
  });

  // The crash is set off from outside the product: a preloaded module that throws on SIGUSR2.
  it.each([
    ['an uncaught exception', 'throw new Error("crash test")', 'uncaught exception; exiting'],
    ['an unhandled rejection', 'Promise.reject(new Error("crash test"))', 'unhandled rejection; exiting'],
  ])('logs %s with its stack and exits non-zero', async (_case, crash, msg) => {
    const server = run({}, ['--import', `data:text/javascript,process.on("SIGUSR2", () => { ${crash}; })`]);
    await server.listening();
    server.child.kill('SIGUSR2');
    expect(await server.exitedWith()).toEqual({ code: 1, signal: null });
    const fatal = server.lines.at(-1)!;
    expect(fatal).toMatchObject({ level: 'fatal', msg, err: { type: 'Error', message: 'crash test' } });
    expect((fatal.err as { stack: string }).stack).toMatch(/^Error: crash test\n\s+at /);
  });

  it('exits 1 naming the page when a page cannot be made (a picture it shows is not in the build), never ready before', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'broken-build-'));
    try {
      cpSync(dirname(dirname(MAIN)), dist, { recursive: true });
      const manifestPath = join(dist, 'client', 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: Record<string, unknown> };
      const picture = Object.keys(manifest.files).find((name) => name.startsWith('art/'))!;
      delete manifest.files[picture];
      writeFileSync(manifestPath, JSON.stringify(manifest));
      const server = run({}, [], [], join(dist, 'server', 'main.js'));
      const port = await server.listening();
      const readiness = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.status, () => 0);
      expect([503, 0]).toContain(readiness);
      expect(await server.exitedWith()).toEqual({ code: 1, signal: null });
      // The readiness request's own line may be written after the fatal one.
      const fatal = server.lines.find((line) => line.level === 'fatal')!;
      expect(fatal).toMatchObject({ msg: 'a page could not be made; exiting' });
      expect((fatal.err as { message: string }).message).toContain(`has no "${picture}"`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('says a port already in use in one line on stderr and exits 1', async () => {
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const server = run({ PORT: String(port) });
      expect(await server.exitedWith()).toEqual({ code: 1, signal: null });
      expect(server.stderr()).toBe(`Could not listen for the site on 127.0.0.1:${port}: the port is in use (EADDRINUSE)\n`);
      expect(server.lines.filter((line) => line.level !== 'info')).toEqual([]);
    } finally {
      taken.close();
    }
  });

  // Each setting's refusal is a table against readConfig (config.test.ts); here, how the process says one.
  it.each([['PORT', 'http', 'Invalid PORT="http": expected a whole number from 0 to 65535']])('refuses to start with %s=%s: exit code 1 and one line on stderr', async (variable, value, message) => {
    const server = run({ [variable]: value });
    expect(await server.exitedWith()).toEqual({ code: 1, signal: null });
    expect(server.lines).toEqual([]);
    const stderr = server.stderr();
    expect(stderr.endsWith('\n') && stderr.indexOf('\n') === stderr.length - 1).toBe(true);
    expect(stderr).toContain(message);
  });

  it('writes nothing below LOG_LEVEL', async () => {
    // No "listening" line at this level to read the port from: the test chooses it.
    const port = await freePort();
    const server = run({ LOG_LEVEL: 'warn', PORT: String(port) });
    const res = await vi.waitFor(() => fetch(`http://127.0.0.1:${port}/healthz`), { timeout: 20_000, interval: 50 });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
    expect(server.lines).toEqual([]);
  });

  // deploy/kubernetes runs it with readOnlyRootFilesystem, no capabilities and no privilege escalation.
  // A mount namespace needs root, which CI has; elsewhere this is skipped, with one line saying so.
  const notRoot = process.getuid?.() !== 0 && !process.env.CI;
  if (notRoot) console.warn('Skipping the read-only root filesystem test in tests/process.test.ts: it needs root, for unshare --mount');
  it.skipIf(notRoot)('runs on a read-only root filesystem with no capabilities, and drains on SIGTERM', async () => {
    const writable = rootFilesystemMounts('self').filter(({ options }) => !options.includes('ro')).map(({ path }) => path);
    // In a private mount namespace, each writable mount made read-only; then the server with no capabilities and no new privileges.
    const script = `while [ "$1" != -- ]; do mount -o remount,bind,ro "$1" || exit 1; shift; done; shift
exec setpriv --no-new-privs --inh-caps=-all --bounding-set=-all -- "$@"`;
    const server = run({}, [], ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', ...writable, '--']);
    const port = await server.listening();

    // unshare, sh and setpriv each exec the next, so the child's pid is the server's.
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    expect(status).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(status).toMatch(/^CapEff:\s+0+$/m);
    expect(status).toMatch(/^CapBnd:\s+0+$/m);
    const mounts = rootFilesystemMounts(server.child.pid!);
    expect(mounts.map(({ path }) => path)).toContain('/');
    expect(mounts.filter(({ options }) => !options.includes('ro'))).toEqual([]);

    // Asked as an orchestrator does: until it is ready.
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.status), { timeout: 15_000 }).toBe(200);
    for (const path of ['/livez', ...routes.map((route) => route.path)]) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(200);
    }
    server.child.kill('SIGTERM');
    expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
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

describe('npm start, before it starts the server (scripts/build/ensure-build.mjs)', () => {
  const ENSURE_BUILD = join(import.meta.dirname, '..', 'scripts', 'build', 'ensure-build.mjs');
  // A project whose build is a day old, its sources older, and whose `npm run build` only notes that it ran (content.test.ts builds for real).
  function builtProject() {
    const root = mkdtempSync(join(tmpdir(), 'ensure-build-'));
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ private: true, scripts: { build: 'node -e "require(\'fs\').writeFileSync(\'built\', \'\')"' } }),
      'scripts/build/build.ts': '',
      'node_modules/.bin/tsx': '',
      'server/main.ts': '',
      'content/words/about.en.yaml': 'lead: Words\n',
      'dist/server/main.js': '',
      'dist/.build-stamp': '',
    };
    const dayAgo = Date.now() / 1000 - 86_400;
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
      utimesSync(join(root, file), dayAgo - 60, dayAgo - 60);
    }
    utimesSync(join(root, 'dist/.build-stamp'), dayAgo, dayAgo);
    return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
  }

  it.each([
    { since: 'a content file saved', saved: 'content/words/about.en.yaml', builds: true },
    { since: 'a server file saved', saved: 'server/main.ts', builds: true },
    { since: 'nothing saved', saved: undefined, builds: false },
  ])('with $since since the last build, builds: $builds', ({ saved, builds }) => {
    const project = builtProject();
    try {
      if (saved) utimesSync(join(project.root, saved), new Date(), new Date());
      const result = spawnSync(process.execPath, [ENSURE_BUILD], { cwd: project.root, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(join(project.root, 'built'))).toBe(builds);
    } finally {
      project.remove();
    }
  });
});

describe('metrics in the built server', () => {
  // What drainable does with each kind of connection is shutdown.test.ts's; here, that SIGTERM sets it off in the process.
  it('serve /metrics on METRICS_PORT; on SIGTERM, readiness turns 503 and the gauge 0, a request in flight is answered, and they close with the server', async () => {
    const metricsPort = await freePort();
    const server = run({ METRICS_PORT: String(metricsPort), SHUTDOWN_TIMEOUT_MS: '20000' });
    const port = await server.listening();
    expect(await server.logged('metrics listening')).toMatchObject({ address: '127.0.0.1', port: metricsPort });
    const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.text());

    expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);
    expect(await scrape()).toMatch(/^http_server_request_duration_seconds_count\{http_request_method="GET",http_route="\/about",http_response_status_code="200"\} 1$/m);
    // Ready once every page is made, which the gauge follows.
    await expect.poll(() => fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.status), { timeout: 15_000 }).toBe(200);
    await expect.poll(scrape).toMatch(/^site_ready 1$/m);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    // A keep-alive connection whose next request, a readiness probe, is half sent keeps the drain going.
    const sender = await rawConnection(port);
    sender.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    await sender.receivedUntil((text) => text.endsWith('{"status":"ok"}'));
    sender.socket.write('GET /readyz HTTP/1.1\r\nHost: test\r\n');
    server.child.kill('SIGTERM');
    expect(await server.logged('shutting down: draining connections')).toMatchObject({ signal: 'SIGTERM', timeoutMs: 20000 });
    expect(await scrape()).toMatch(/^site_ready 0$/m);
    sender.socket.write('\r\n');
    await sender.closed;
    const answers = sender.received().toString('latin1');
    const readiness = answers.slice(answers.lastIndexOf('HTTP/1.1 '));
    expect(readiness).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(readiness).toMatch(/\r\nconnection: close\r\n/i);
    expect(readiness).toMatch(/\r\n\r\n\{"status":"shutting down"\}$/);

    expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe('');
    await expect(scrape()).rejects.toThrow();
  });
});

describe('traces in the built server', () => {
  it('are a bundle of their own, which the server imports only when the OTEL_* variables ask for traces', () => {
    const setting = 'OTEL_BSP_SCHEDULE_DELAY'; // one of the variables the SDK reads
    const dir = dirname(MAIN);
    const withSetting = readdirSync(dir).filter((file) => file.endsWith('.js') && readFileSync(join(dir, file), 'utf8').includes(setting));
    expect(withSetting).toEqual(['tracing.js']);
    expect(readFileSync(MAIN, 'utf8')).toContain('import("./tracing.js")');
  });

  it('sends one server span per request, named by method and route, with status and request id, flushed on SIGTERM', async () => {
    const receiver = await otlpReceiver();
    try {
      const server = run({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'procurement-site-test',
      });
      const port = await server.listening();
      // A category's page: its address is the owners' to change.
      const category = categoryRoutes[0]!.path;
      const requests = [
        { path: '/about', id: 'trace-about', name: 'GET /about', route: '/about', status: 200 },
        { path: category, id: 'trace-category', name: `GET ${category}`, route: category, status: 200 },
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
      expect(await server.exitedWith()).toEqual({ code: 0, signal: null });
      expect(server.stderr()).toBe('');

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
