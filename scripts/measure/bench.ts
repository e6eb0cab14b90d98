/**
 * `npm run bench`: throughput, p99 latency, peak RSS and start-up time of the
 * production server, against nginx serving the same bytes and a
 * renderToString-per-request baseline, all measured in the same run.
 *
 * Server and load generator are pinned to different cores (taskset). Each
 * server gets a warm-up run per target, then the servers take turns, RUNS
 * rounds of one run each, so that this VM's swings in speed fall on all of
 * them alike; figures are medians over the rounds, and each ratio is the
 * median of the rounds' ratios. Needs wrk (apt-get install wrk) and, for the
 * nginx column, nginx (apt-get install nginx-light).
 *
 * Besides nginx and the renderToString baseline, a "Node http" server
 * (scripts/measure/bench-floor.mjs) answers with the same bytes and headers through
 * plain http.createServer and writeHead, with no lookup, negotiation or log:
 * the ceiling for any server built on Node's http module, ours included.
 *
 * Ours also runs twice more, with metrics on (METRICS_PORT) and with tracing
 * on (OTEL_EXPORTER_OTLP_ENDPOINT, every request sampled), its spans sent to
 * an OTLP/HTTP sink on the load generator's core that accepts and discards
 * them; "ours" has both off.
 *
 * Each budget of docs/performance.md it measures is printed within or OVER;
 * one over makes it exit 1, as npm run size does.
 *
 * BENCH_RUNS (default 3), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRaw as fetchFrom, type RawResponse } from '../build/export.ts';
import { NGINX, routes, standaloneNginxConfig } from '../../harness/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 2;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
const ACCEPT = 'br, gzip';
/** The budgets of docs/performance.md that this script judges: each is printed within or OVER, and one over fails it. */
const BUDGET = {
  /** Ours (metrics on too) against nginx serving the same bytes, at least. */
  ofNginx: 0.4,
  /** Ours against rendering each page per request, at least. */
  ofRenderToString: 20,
  /** The first 200 after the process starts, at most. */
  startupMs: 300,
};

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
if (!has('wrk')) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}
const pin = (core: string, command: string[]) => (has('taskset') ? ['taskset', '-c', core, ...command] : command);

spawnSync('node', ['scripts/build/ensure-build.mjs'], { stdio: 'inherit' });

interface Target {
  name: string;
  path: string;
}

type Fetched = RawResponse;

/** Headers every HTTP server writes for itself, which a replay leaves to the server replaying. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

const fetchRaw = (port: number, path: string, acceptEncoding = ACCEPT) => fetchFrom(`http://127.0.0.1:${port}`, path, { 'accept-encoding': acceptEncoding });

async function waitFor(port: number, path: string, ok: (res: Fetched) => boolean, timeoutMs = 20_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetchRaw(port, path);
      if (ok(res)) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > timeoutMs) throw new Error(`No answer on port ${port}${path} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const children = new Set<ChildProcess>();

/**
 * The environment the servers get: this shell's, less NODE_EXTRA_CA_CERTS.
 * Node reads and parses that certificate file at every start, before any of
 * our code runs (~160 ms with Debian's whole bundle here); the server makes
 * no TLS connections and its container does not set it.
 */
const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...inherited } = process.env;

function start(command: string[], env: Record<string, string> = {}): ChildProcess {
  const [file, ...args] = command;
  const child = spawn(file!, args, { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Load {
  rps: number;
  p99ms: number;
}

function wrk(port: number, path: string, seconds = SECONDS, label = `port ${port}`): Load {
  const [file, ...args] = pin(LOAD_CORE, ['wrk', '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', `Accept-Encoding: ${ACCEPT}`, `http://127.0.0.1:${port}${path}`]);
  const result = spawnSync(file!, args, { encoding: 'utf8' });
  const out = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out);
  if (!rps || !p99) throw new Error(`Could not read wrk's output:\n${out}\n${result.stderr}`);
  if (errors) console.warn(`  wrk reported for ${label}, ${path}: ${errors[0]}`);
  const factor = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's'];
  return { rps, p99ms: Number(p99[1]) * factor };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Contender {
  name: 'ours' | 'metrics' | 'tracing' | 'nginx' | 'floor' | 'baseline';
  port: number;
}

/**
 * One warm-up run per contender (discarded: JIT, caches, lazy work), then
 * RUNS rounds in which each contender runs once, in turn.
 */
function measureInTurns(contenders: Contender[], path: string): Map<Contender['name'], Load[]> {
  for (const contender of contenders) wrk(contender.port, path, WARM_UP_SECONDS, contender.name);
  const runs = new Map(contenders.map((contender) => [contender.name, [] as Load[]]));
  for (let round = 0; round < RUNS; round++) {
    for (const contender of contenders) runs.get(contender.name)!.push(wrk(contender.port, path, SECONDS, contender.name));
  }
  return runs;
}

/** nginx, one worker on the server's core, answering each target with our exact bytes and headers. */
function nginxConfig(dir: string, port: number, targets: { target: Target; fetched: Fetched }[]): string {
  // nginx also writes content-length and (from default_type) content-type; the request id is ours alone.
  const skip = new Set([...CONNECTION_HEADERS, 'content-length', 'content-type', 'x-request-id']);
  const locations = targets.map(({ target, fetched }, index) => {
    const file = `t${index}`;
    writeFileSync(join(dir, file), fetched.body);
    const headers = Object.entries(fetched.headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => `      add_header ${name} '${String(value).replace(/'/g, "\\'")}' always;`)
      .join('\n');
    return `    location = ${target.path.split('?')[0]} {
      default_type '${fetched.headers['content-type']}';
      etag off;
      alias ${join(dir, file)};
${headers}
    }`;
  });
  return standaloneNginxConfig(
    dir,
    `  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
${locations.join('\n')}
  }`,
  );
}

/** Milliseconds from spawning a process to its exit. */
async function timeToExit(command: string[]): Promise<number> {
  const started = performance.now();
  const child = start(command);
  await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - started;
}

async function main() {
  const ours = 3301;
  const baseline = 3302;
  const nginxPort = 3303;
  const floorPort = 3304;
  const [withMetrics, metricsPort, withTracing, sinkPort] = [3305, 3306, 3307, 3308];
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'info', HOST: '127.0.0.1' };
  const metricsEnv = { ...env, PORT: String(withMetrics), METRICS_PORT: String(metricsPort) };
  const tracingEnv = { ...env, PORT: String(withTracing), OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`, OTEL_SERVICE_NAME: 'bench' };
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  chmodSync(dir, 0o755); // nginx's workers run as nobody

  // Start-up: process start to the first 200, several times; bare Node for scale.
  const startups: number[] = [];
  const tracedStartups: number[] = [];
  const bareNode: number[] = [];
  for (let i = 0; i < Math.max(RUNS, 5); i++) {
    bareNode.push(await timeToExit(pin(SERVER_CORE, ['node', '-e', '0'])));
    const child = start(pin(SERVER_CORE, ['node', 'dist/server/main.js']), { ...env, PORT: String(ours) });
    startups.push(await waitFor(ours, '/home', (res) => res.status === 200));
    await stop(child);
    const traced = start(pin(SERVER_CORE, ['node', 'dist/server/main.js']), tracingEnv);
    tracedStartups.push(await waitFor(withTracing, '/home', (res) => res.status === 200));
    await stop(traced);
  }

  const server = start(pin(SERVER_CORE, ['node', 'dist/server/main.js']), { ...env, PORT: String(ours) });
  // Wait until the brotli encodings (made in the background) are in place.
  await waitFor(ours, '/home', (res) => res.headers['content-encoding'] === 'br');
  // The script that matters is the chunk with React and the islands, which the small entry imports.
  const entry = /<script[^>]+src="([^"]+)"/.exec((await fetchRaw(ours, '/home', 'identity')).body.toString())?.[1];
  const chunk = entry && /import\("\.\/([^"]+)"\)/.exec((await fetchRaw(ours, entry, 'identity')).body.toString())?.[1];
  if (!chunk) throw new Error('No script chunk found from /home');
  const script = `/assets/${chunk}`;
  // A category's page, whichever the owners keep first.
  const category = routes.find((route) => route.category)!.path;
  const targets: Target[] = [
    { name: 'GET /home', path: '/home' },
    { name: `GET ${category}`, path: category },
    { name: `GET ${script.replace(/\.[\w]{8,12}\./, '.[hash].')}`, path: script },
  ];
  for (const target of targets) await waitFor(ours, target.path, (res) => res.headers['content-encoding'] === 'br');
  const fetched = await Promise.all(targets.map(async (target) => ({ target, fetched: await fetchRaw(ours, target.path) })));
  const contenders: Contender[] = [{ name: 'ours', port: ours }];

  const sink = start(pin(LOAD_CORE, ['node', '-e', OTLP_SINK]), { PORT: String(sinkPort) });
  const metered = start(pin(SERVER_CORE, ['node', 'dist/server/main.js']), metricsEnv);
  const traced = start(pin(SERVER_CORE, ['node', 'dist/server/main.js']), tracingEnv);
  for (const port of [withMetrics, withTracing]) {
    for (const target of targets) await waitFor(port, target.path, (res) => res.headers['content-encoding'] === 'br');
  }
  contenders.push({ name: 'metrics', port: withMetrics }, { name: 'tracing', port: withTracing });

  let nginx: ChildProcess | undefined;
  if (NGINX) {
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, fetched));
    nginx = start(pin(SERVER_CORE, [NGINX, '-p', dir, '-c', join(dir, 'nginx.conf')]));
    await waitFor(nginxPort, targets[0]!.path, (res) => res.status === 200);
    for (const { target, fetched: ourResponse } of fetched) {
      const theirs = await fetchRaw(nginxPort, target.path);
      if (!theirs.body.equals(ourResponse.body)) throw new Error(`nginx does not serve the same bytes for ${target.path}`);
    }
    contenders.push({ name: 'nginx', port: nginxPort });
  } else {
    console.warn('nginx is not installed (apt-get install -y nginx-light): no nginx column.');
  }

  const floorResponses = join(dir, 'floor.json');
  writeFileSync(floorResponses, JSON.stringify(Object.fromEntries(fetched.map(({ target, fetched: response }) => [target.path, asFloorResponse(response)]))));
  const floor = start(pin(SERVER_CORE, ['node', 'scripts/measure/bench-floor.mjs']), { PORT: String(floorPort), BENCH_FLOOR_RESPONSES: floorResponses });
  await waitFor(floorPort, targets[0]!.path, (res) => res.status === 200);
  contenders.push({ name: 'floor', port: floorPort });

  const base = start(pin(SERVER_CORE, ['node', '--import', 'tsx', 'scripts/measure/bench-baseline.ts']), { ...env, PORT: String(baseline) });
  await waitFor(baseline, '/home', (res) => res.status === 200);
  contenders.push({ name: 'baseline', port: baseline });

  const rows: { name: string; runs: Map<Contender['name'], Load[]> }[] = [];
  for (const target of targets) {
    console.error(`measuring ${target.name} …`);
    rows.push({ name: target.name, runs: measureInTurns(contenders, target.path) });
  }
  const peak = peakRssMb(server.pid!);
  const rssAfter = rssMb(server.pid!);
  const [meteredRss, tracedRss] = [rssMb(metered.pid!), rssMb(traced.pid!)];
  const scraped = await fetchRaw(metricsPort, '/metrics');
  if (!scraped.body.toString().includes('http_server_request_duration_seconds_count')) throw new Error('The server with metrics on did not count its requests');
  await stop(traced); // flushes its last spans to the sink
  await Promise.all([stop(server), stop(metered), stop(sink), stop(base), stop(floor), ...(nginx ? [stop(nginx)] : [])]);
  rmSync(dir, { recursive: true, force: true });

  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  /** Each budget judged, for the verdict at the end. */
  const over: string[] = [];
  /** The median over the rounds of ours (or `mine`) / theirs, as a percentage or a multiple; marked OVER (and counted) below `budget`. */
  const ratio = (runs: Map<Contender['name'], Load[]>, theirs: Contender['name'], as: 'percent' | 'times', mine: Contender['name'] = 'ours', budget?: number) => {
    const against = runs.get(theirs);
    if (!against) return 'n/a';
    const value = median(runs.get(mine)!.map((load, round) => load.rps / against[round]!.rps));
    const shown = as === 'percent' ? `${Math.round(value * 100)}%` : `${value.toFixed(1)}×`;
    if (budget === undefined) return shown;
    if (value >= budget) return `${shown} within`;
    over.push(`${mine} / ${theirs}`);
    return `${shown} OVER`;
  };
  const rps = (loads?: Load[]) => (loads ? fmt(median(loads.map((load) => load.rps))) : 'n/a');
  const p99 = (loads?: Load[]) => (loads ? `${median(loads.map((load) => load.p99ms)).toFixed(2)} ms` : 'n/a');

  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${spawnSync('nproc').stdout.toString().trim()} cores, Node ${process.version}, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${RUNS} rounds after a ${WARM_UP_SECONDS} s warm-up, Accept-Encoding: ${ACCEPT}\n`,
  );
  console.log('| Request | ours req/s | ours p99 | nginx req/s | nginx p99 | ours / nginx | Node http req/s | ours / Node http | renderToString req/s | ours / renderToString |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, runs } of rows) {
    console.log(
      `| ${name} | ${rps(runs.get('ours'))} | ${p99(runs.get('ours'))} | ${rps(runs.get('nginx'))} | ${p99(runs.get('nginx'))} | ${ratio(runs, 'nginx', 'percent', 'ours', BUDGET.ofNginx)} | ${rps(runs.get('floor'))} | ${ratio(runs, 'floor', 'percent')} | ${rps(runs.get('baseline'))} | ${ratio(runs, 'baseline', 'times', 'ours', BUDGET.ofRenderToString)} |`,
    );
  }
  console.log('\nOurs with metrics on (METRICS_PORT) and with tracing on (every request, over OTLP/HTTP to a sink); "ours" has both off:\n');
  console.log('| Request | metrics on req/s | metrics on p99 | metrics on / ours | metrics on / nginx | tracing on req/s | tracing on p99 | tracing on / ours | tracing on / nginx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, runs } of rows) {
    const columns = (mine: 'metrics' | 'tracing') =>
      `${rps(runs.get(mine))} | ${p99(runs.get(mine))} | ${ratio(runs, 'ours', 'percent', mine)} | ${ratio(runs, 'nginx', 'percent', mine, mine === 'metrics' ? BUDGET.ofNginx : undefined)}`;
    console.log(`| ${name} | ${columns('metrics')} | ${columns('tracing')} |`);
  }
  const startup = median(startups);
  if (startup > BUDGET.startupMs) over.push('start-up');
  console.log(
    `\nStart-up to first 200: median ${Math.round(startup)} ms, ${startup <= BUDGET.startupMs ? 'within' : 'OVER'} the ${BUDGET.startupMs} ms budget (runs: ${startups.map((t) => Math.round(t)).join(', ')} ms); bare \`node -e 0\`: median ${Math.round(median(bareNode))} ms`,
  );
  console.log(`Start-up with tracing on: median ${Math.round(median(tracedStartups))} ms`);
  if (extraCaCerts) console.log('(NODE_EXTRA_CA_CERTS is set in this shell and was left out of the servers\' environment: Node reads that file at every start.)');
  console.log(`Server RSS: peak ${peak.toFixed(1)} MB, after the benchmark ${rssAfter.toFixed(1)} MB; with metrics on ${meteredRss.toFixed(1)} MB, with tracing on ${tracedRss.toFixed(1)} MB`);
  console.log(
    over.length === 0
      ? `\nEvery budget holds: ours and metrics on ≥ ${BUDGET.ofNginx * 100}% of nginx, ≥ ${BUDGET.ofRenderToString}× renderToString, first 200 ≤ ${BUDGET.startupMs} ms.`
      : `\nOver budget (docs/performance.md): ${[...new Set(over)].join(', ')}.`,
  );
  if (over.length > 0) process.exitCode = 1;
}

/** An OTLP/HTTP receiver that accepts everything and keeps nothing; says on SIGTERM how much it was sent. */
const OTLP_SINK = `
let exports = 0, bytes = 0;
require('node:http').createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => { exports++; res.end(); });
}).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => { console.error('OTLP sink: ' + exports + ' exports, ' + Math.round(bytes / 1e6) + ' MB'); process.exit(0); });
`;

/** A response as the floor server replays it: Node adds Date and Connection itself. */
function asFloorResponse(response: Fetched) {
  const headers = Object.entries(response.headers).flatMap(([name, value]) =>
    CONNECTION_HEADERS.includes(name) || value === undefined ? [] : [name, String(value)],
  );
  return { status: response.status, headers, body: response.body.toString('base64') };
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGKILL');
}
