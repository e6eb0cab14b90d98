/**
 * `npm run loadtest`: the server under load and under faults, against the
 * production build on loopback. Every phase is bounded in time and prints
 * its figures; the script exits non-zero when a phase fails.
 *
 *   1. 200 connections for 60 s on a mix of pages and assets (LOADTEST_CONNECTIONS
 *      and LOADTEST_SECONDS to change): zero errors, zero unexpected statuses,
 *      and RSS at the end within 10% of RSS after the first 10 s; it prints
 *      the peak RSS too. A slowloris connection runs meanwhile and must be
 *      cut off by the header timeout.
 *   2. SIGTERM during load: no request the server accepted fails, exit 0.
 *   3. A route that throws answers 500, and the next request answers 200.
 *   4. npm audit --omit=dev: no high or critical advisory.
 *
 * LOADTEST_CGROUP names a memory cgroup's directory (v1 or v2) to start the
 * server in, as a pod's memory limit would hold it: the server is in it from
 * its first instruction, so V8 sizes its heap to that limit, and phase 1
 * prints the cgroup's peak beside the server's and fails unless the limit
 * is at least 1.25 times the server's peak (docs/performance.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, createServer, request } from 'node:http';
import { connect } from 'node:net';
import autocannon from 'autocannon';
import { createApp } from '../server/app.ts';
import { routes } from '../tools/harness.ts';
import { defaultSite } from '../shared/site.ts';
import { throwingRoute, withThrowingRoute } from '../tools/harness.ts';

const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 200);
const CGROUP = process.env.LOADTEST_CGROUP;
const PORT = 3501;
const results: { phase: string; ok: boolean; detail: string }[] = [];
const report = (phase: string, ok: boolean, detail: string) => {
  results.push({ phase, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${phase}: ${detail}`);
};

spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });

function startServer(): ChildProcess {
  const command = ['node', 'dist/server/main.js'];
  // The shell joins the cgroup, then becomes node: nothing runs outside it.
  const [file, ...args] = CGROUP ? ['sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', CGROUP, ...command] : command;
  return spawn(file!, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function get(path: string, agent?: Agent): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: PORT, path, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function waitUntilUp(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await get('/readyz')).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('The server did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The process's resident set now (VmRSS) or at its peak (VmHWM), in MB. */
const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The cgroup's peak and limit in MB: memory.peak and memory.max (v2), or their v1 names. */
function cgroupMemory(dir: string): { peak: number; limit: number } {
  const first = (...names: string[]) => Number(readFileSync(join(dir, names.find((name) => existsSync(join(dir, name)))!), 'utf8')) / 1e6;
  return { peak: first('memory.peak', 'memory.max_usage_in_bytes'), limit: first('memory.max', 'memory.limit_in_bytes') };
}

/** Sends a request's header block one byte at a time, every `everyMs`; resolves with how long until the server hung up. */
function slowloris(everyMs: number, limitMs: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(PORT, '127.0.0.1');
    const header = `GET /home HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(10_000)}`;
    let sent = 0;
    const timer = setInterval(() => {
      if (Date.now() - started > limitMs) {
        clearInterval(timer);
        socket.destroy();
        resolve(undefined);
        return;
      }
      socket.write(header[sent++ % header.length]!);
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => undefined);
  });
}

async function phaseLoad(): Promise<void> {
  const server = startServer();
  try {
    await waitUntilUp();
    const html = await new Promise<string>((resolve) =>
      request({ host: '127.0.0.1', port: PORT, path: '/products' }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
      }).end(),
    );
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    const paths = [...routes.map((route) => route.path), '/legal?tab=privacy', ...new Set(assets)];
    console.log(`Phase 1: ${CONNECTIONS} connections for ${SECONDS} s over ${paths.length} paths (${assets.length} assets), with a slowloris client…`);

    let rssAt10s = 0;
    const sample = setTimeout(() => (rssAt10s = rssMb(server.pid!)), 10_000);
    const slow = slowloris(2_000, 60_000);
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'accept-encoding': 'br, gzip' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    clearTimeout(sample);
    const rssEnd = rssMb(server.pid!);
    const unexpected = Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => status !== '200')
      .map(([status, stats]) => `${status}×${(stats as { count: number }).count}`);
    const growth = rssAt10s ? (rssEnd - rssAt10s) / rssAt10s : 0;
    report(
      'load',
      result.errors === 0 && result.timeouts === 0 && unexpected.length === 0 && result.non2xx === 0,
      `${Math.round(result.requests.average)} req/s average, ${result.requests.total ?? result.requests.sent} requests, p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, unexpected statuses ${unexpected.join(', ') || 'none'}`,
    );
    const peak = rssMb(server.pid!, 'VmHWM');
    const cgroup = CGROUP ? cgroupMemory(CGROUP) : undefined;
    report(
      'memory',
      rssAt10s > 0 && growth <= 0.1,
      `RSS ${rssAt10s.toFixed(1)} MB after 10 s, ${rssEnd.toFixed(1)} MB at the end (${(growth * 100).toFixed(1)}%), peak ${peak.toFixed(1)} MB` +
        (cgroup ? `; cgroup peak ${cgroup.peak.toFixed(1)} MB of ${cgroup.limit.toFixed(1)} MB (page cache included)` : ''),
    );
    // The budget (docs/performance.md): the limit holds the peak with a quarter to spare.
    if (cgroup) report('memory limit', peak * 1.25 <= cgroup.limit, `peak ${peak.toFixed(1)} MB × 1.25 = ${(peak * 1.25).toFixed(1)} MB, limit ${cgroup.limit.toFixed(1)} MB`);
    const cutAfter = await slow;
    report(
      'slowloris',
      cutAfter !== undefined && cutAfter < 45_000,
      cutAfter === undefined ? 'the connection was never cut off' : `cut off after ${(cutAfter / 1000).toFixed(1)} s, while the load above was served`,
    );
  } finally {
    server.kill('SIGKILL');
  }
}

async function phaseSigterm(): Promise<void> {
  const server = startServer();
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await waitUntilUp();
  console.log('Phase 2: SIGTERM during load…');
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  let completed = 0;
  let refused = 0;
  const failures: string[] = [];
  let stop = false;
  const paths = routes.map((route) => route.path);
  const worker = async (index: number) => {
    for (let i = index; !stop; i++) {
      try {
        const res = await get(paths[i % paths.length]!, agent);
        if (res.status === 200 && res.body.length > 0) completed++;
        else failures.push(`status ${res.status}`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Refused once the listener is closed, or a keep-alive socket closed
        // before it carried our request: the server never accepted these.
        if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') {
          refused++;
          if (code === 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 10));
        } else failures.push(code ?? String(error));
      }
    }
  };
  const workers = Array.from({ length: 50 }, (_, index) => worker(index));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const signalled = Date.now();
  server.kill('SIGTERM');
  const code = await exited;
  const tookMs = Date.now() - signalled;
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  report(
    'sigterm',
    failures.length === 0 && code === 0,
    `${completed} requests completed, ${failures.length} accepted requests failed${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}, ${refused} not accepted after shutdown began, exit code ${code} after ${tookMs} ms`,
  );
}

async function phaseThrowingRoute(): Promise<void> {
  const app = createApp({ config: { nodeEnv: 'production', trustProxy: () => false, site: defaultSite }, routes: withThrowingRoute });
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  const status = (path: string) =>
    new Promise<number>((resolve) => request({ host: '127.0.0.1', port, path }, (res) => resolve(res.resume().statusCode ?? 0)).end());
  const first = await status(throwingRoute.path);
  const next = await status('/home');
  server.close();
  report('throwing route', first === 500 && next === 200, `GET ${throwingRoute.path} → ${first}, then GET /home → ${next}`);
}

function phaseAudit(): void {
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { encoding: 'utf8' });
  if (/audit endpoint returned an error/.test(audit.stderr)) {
    // Some registries (mirrors, proxies) do not offer the advisory endpoint; that is not a finding.
    console.log(`n/a  npm audit --omit=dev: the registry has no audit endpoint (${/npm warn audit (.*)/.exec(audit.stderr)?.[1] ?? 'error'})`);
    return;
  }
  const summary = audit.stdout.trim().split('\n').slice(-3).join(' ').trim();
  report('npm audit --omit=dev', audit.status === 0, summary);
}

try {
  await phaseLoad();
  await phaseSigterm();
  await phaseThrowingRoute();
  phaseAudit();
} finally {
  const failed = results.filter((result) => !result.ok);
  console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
  process.exitCode = failed.length ? 1 : 0;
}
