/**
 * `npm run rollout`: a rolling restart of two replicas behind nginx, under
 * load, must fail no request. nginx proxies with the settings the docs give
 * operators (docs/nginx/proxy.conf, included as it is). While clients keep
 * requesting pages and assets through nginx, each replica in turn is sent
 * SIGTERM, waited for and started again, and then one is killed outright
 * (SIGKILL) and started again. Prints the counts; exits 1 if any request
 * failed or a replica did not drain cleanly.
 *
 * Needs nginx (apt-get install -y nginx-light). ROLLOUT_CONNECTIONS (default 32).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { routes } from '../../harness/harness.ts';
import { NGINX, standaloneNginxConfig } from '../../harness/harness.ts';

const CONNECTIONS = Number(process.env.ROLLOUT_CONNECTIONS ?? 32);
const NGINX_PORT = 3600;
const REPLICA_PORTS = [3601, 3602] as const;
/** The upstream's fail_timeout in docs/nginx/site.conf; each step of the rollout waits longer than this (docs/operations.md). */
const FAIL_TIMEOUT_S = Number(/server [^;]*fail_timeout=(\d+)s/.exec(readFileSync('docs/nginx/site.conf', 'utf8'))?.[1] ?? 10);
const STEP_PAUSE_MS = (FAIL_TIMEOUT_S + 1) * 1000;
if (!NGINX) {
  console.error('nginx is not installed: apt-get install -y nginx-light');
  process.exit(1);
}

spawnSync('node', ['scripts/build/ensure-build.mjs'], { stdio: 'inherit' });

const since = performance.now();
const say = (text: string) => console.log(`${((performance.now() - since) / 1000).toFixed(1).padStart(5)} s  ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET; resolves with the status, or rejects with the socket error. */
function get(port: number, path: string, agent?: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const { NODE_EXTRA_CA_CERTS: _unused, ...environment } = process.env;

function startReplica(port: number): ChildProcess {
  return spawn('node', ['dist/server/main.js'], {
    env: { ...environment, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function ready(port: number): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(20)) {
    if (await get(port, '/readyz').catch(() => 0) === 200) return;
  }
  throw new Error(`The replica on port ${port} did not become ready`);
}

const exitOf = (child: ChildProcess) =>
  new Promise<string>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(String(child.exitCode ?? child.signalCode)) : child.once('exit', (code, signal) => resolve(String(code ?? signal)))));

function nginxConfig(dir: string): string {
  return standaloneNginxConfig(
    dir,
    `  upstream site {  # as in docs/nginx/site.conf, with two replicas
${REPLICA_PORTS.map((port) => `    server 127.0.0.1:${port} fail_timeout=${FAIL_TIMEOUT_S}s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      include ${resolve('docs/nginx/proxy.conf')};
    }
  }`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'rollout-'));
chmodSync(dir, 0o755);
writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir));
const replicas = new Map<number, ChildProcess>(REPLICA_PORTS.map((port) => [port, startReplica(port)]));
const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });

const statuses = new Map<number, number>();
const errors = new Map<string, number>();
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
let loading = true;
let failed = false;

try {
  await Promise.all(REPLICA_PORTS.map(ready));
  await ready(NGINX_PORT);

  // Every page address and the script, round robin, over keep-alive connections to nginx.
  const home = await new Promise<string>((done) => request({ host: '127.0.0.1', port: NGINX_PORT, path: '/home' }, (res) => {
    let text = '';
    res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => done(text));
  }).end());
  const script = /<script[^>]+src="([^"]+)"/.exec(home)?.[1];
  const paths = [...routes.map((route) => route.path), '/', ...(script ? [script] : [])];
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const client = async (offset: number) => {
    for (let i = offset; loading; i++) {
      try {
        count(statuses, await get(NGINX_PORT, paths[i % paths.length]!, agent));
      } catch (error) {
        count(errors, (error as NodeJS.ErrnoException).code ?? String(error));
      }
    }
  };
  say(`load: ${CONNECTIONS} clients through nginx over ${paths.length} addresses`);
  const clients = Array.from({ length: CONNECTIONS }, (_, index) => client(index));
  await sleep(2_000);

  const restart = async (port: number, signal: 'SIGTERM' | 'SIGKILL') => {
    const replica = replicas.get(port)!;
    const signalled = performance.now();
    replica.kill(signal);
    const exit = await exitOf(replica);
    say(`replica :${port} ${signal === 'SIGTERM' ? `drained and exited (${exit})` : `killed (${exit})`} after ${Math.round(performance.now() - signalled)} ms`);
    if (signal === 'SIGTERM' && exit !== '0') failed = true;
    replicas.set(port, startReplica(port));
    await ready(port);
    say(`replica :${port} started again and ready`);
    await sleep(STEP_PAUSE_MS);
  };
  for (const port of REPLICA_PORTS) await restart(port, 'SIGTERM');
  await restart(REPLICA_PORTS[0], 'SIGKILL');

  loading = false;
  await Promise.all(clients);
  agent.destroy();
} finally {
  loading = false;
  for (const replica of replicas.values()) replica.kill('SIGKILL');
  nginx.kill('SIGTERM');
  await exitOf(nginx);
  if (!process.env.ROLLOUT_KEEP) rmSync(dir, { recursive: true, force: true });
}

const total = [...statuses.values(), ...errors.values()].reduce((sum, n) => sum + n, 0);
const ok = statuses.get(200) ?? 0;
const bad = total - ok;
const list = <K>(map: Map<K, number>) => [...map].map(([key, n]) => `${key}×${n}`).join(', ') || 'none';
console.log(`\n${total} requests: ${ok} answered 200, ${bad} failed (statuses ${list(statuses)}; errors ${list(errors)})`);
if (bad > 0 || failed) {
  console.log(failed ? 'FAIL: a replica did not drain cleanly on SIGTERM' : 'FAIL: requests failed during the rollout');
  process.exitCode = 1;
}
