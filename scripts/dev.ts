/**
 * `npm run dev`: the site from source, and every saved change in the open tab.
 *
 * This process is what the browser talks to, and it lives as long as the
 * command. It watches shared/, server/ and client/; serves the reload channel
 * (Server-Sent Events at /__dev/events), the dev client script and the
 * rebuilt stylesheet; and hands every other request to the site, which runs
 * in a child process (scripts/dev/child.ts) started again from source after
 * each change. The tab keeps its one connection to this process across
 * restarts, and is told to reload once the new child answers. Nothing of this
 * is in server/ or the production build: the child adds the script through
 * createApp's devScript option. Design and figures: docs/development.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { ConfigError, readConfig } from '../server/config.ts';
import { buildClient, buildStyles } from './build.ts';
import { watchTree } from './dev/watch.ts';
import { DEV_CLIENT_PATH, EVENTS_PATH, STYLES_PREFIX, type ChildReady } from './dev/protocol.ts';

const root = join(import.meta.dirname, '..');
const clientDir = join(root, 'dist', 'dev', 'client');
/** A new id per run of this process: a tab that reconnects to another run reloads. */
const RUN = randomUUID();

let config;
try {
  config = readConfig({ NODE_ENV: 'development', ...process.env });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// --- The reload channel ------------------------------------------------------

const tabs = new Set<ServerResponse>();

function broadcast(event: 'reload' | 'styles', data = ''): void {
  for (const tab of tabs) tab.write(`event: ${event}\ndata: ${data}\n\n`);
}

function openChannel(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  // retry: how soon EventSource reconnects if this process restarts.
  res.write(`retry: 250\nevent: hello\ndata: ${RUN}\n\n`);
  tabs.add(res);
  req.on('close', () => tabs.delete(res));
}

// --- The site, in a child process --------------------------------------------

type Target = { port: number; child: ChildProcess } | { failure: string };
/** Where requests go: the child that answers now, until a newer one does. */
let current: Promise<Target>;

/** A child process with the dependencies loaded, waiting for "go" (scripts/dev/child.ts). */
interface Standby {
  child: ChildProcess;
  /** Its last output, for the tab when it cannot start. */
  output: () => string;
}

function spawnChild(): Standby {
  const child = fork(join(root, 'scripts/dev/child.ts'), {
    execArgv: ['--enable-source-maps', '--import', 'tsx'],
    env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...process.env, DEV_CLIENT_DIR: clientDir },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-8_000);
  });
  return { child, output: () => output };
}

let standby = spawnChild();

/** Starts the site from source, in the waiting child; resolves when it listens, or with its last output when it exits first. */
function startChild(): Promise<Target> {
  const ready = standby.child.connected ? standby : spawnChild();
  standby = spawnChild();
  const { child, output } = ready;
  return new Promise((resolve) => {
    child.once('message', (message: ChildReady) => resolve({ port: message.port, child }));
    child.once('exit', (code, signal) => {
      const stopped: Target = { failure: output().trim() || `The site stopped (${signal ?? `exit code ${code}`}).` };
      resolve(stopped);
      // It stopped while serving (a crash, not a restart): the tab shows why, until the next save.
      void current.then((now) => {
        if ('child' in now && now.child === child) current = Promise.resolve(stopped);
      });
    });
    child.send('go');
  });
}

/** The files the client bundle is built from (project-relative), to know which saves need it rebuilt. */
let clientInputs = new Set<string>();
/** False after a failed build: the next restart tries again, whatever was saved. */
let clientBuilt = false;

function buildDevClient() {
  const onInputs = (files: string[]) => {
    clientInputs = new Set(files.map((file) => relative(root, resolve(file)).split('\\').join('/')));
  };
  clientBuilt = false;
  return buildClient({ outDir: clientDir, compress: false, onInputs }).then(() => {
    clientBuilt = true;
  });
}

/**
 * Rebuilds the client bundle when asked, and starts a new child; once it
 * answers (or fails), requests go to it and the old one stops.
 */
async function restart(rebuild: boolean): Promise<Target> {
  const previous = current;
  const built = rebuild || !clientBuilt ? buildDevClient() : Promise.resolve();
  const target = await built.then(startChild, (error: Error) => ({ failure: error.message }));
  const old = await previous;
  current = Promise.resolve(target);
  // A moment for answers the old child is still sending.
  if ('child' in old) setTimeout(() => old.child.kill(), 1_000);
  return target;
}

const agent = new Agent({ keepAlive: true });

async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = await current;
  if ('failure' in target) return failurePage(res, target.failure);
  const upstream = request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) failurePage(res, `The site did not answer: ${error.message}`);
    else res.destroy();
  });
  req.pipe(upstream);
}

/** What the tab shows while the site cannot start (a syntax error, a bad import); it reloads when a save fixes it. */
function failurePage(res: ServerResponse, output: string): void {
  const escaped = output.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!DOCTYPE html><html lang="en"><title>The site could not start</title><script type="module" src="${DEV_CLIENT_PATH}"></script>` +
      `<h1>The site could not start</h1><p>Save a fix and this tab reloads by itself.</p><pre>${escaped}</pre></html>`,
  );
}

// --- Building ----------------------------------------------------------------

let styles = { href: '', css: '' };

async function rebuildStyles(): Promise<void> {
  const css = await buildStyles();
  styles = { href: `${STYLES_PREFIX}${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`, css };
}

type Change = 'styles' | 'client' | 'site';

/** What a saved file asks for: the stylesheet swapped in place, or a rebuild and a reload. */
function changeOf(path: string): Change {
  if (path === 'client/styles.css') return 'styles';
  return path.startsWith('client/') ? 'client' : 'site';
}

const changed = new Map<string, Change>();
let timer: NodeJS.Timeout | undefined;
let applying: Promise<void> = Promise.resolve();

function onSave(path: string): void {
  changed.set(path, changeOf(path));
  // Editors write a file in more than one step: wait for the last.
  clearTimeout(timer);
  timer = setTimeout(() => {
    const batch = new Map(changed);
    changed.clear();
    applying = applying.then(() => apply(batch)).catch((error: unknown) => console.error(error));
  }, 40);
}

async function apply(batch: Map<string, Change>): Promise<void> {
  const started = performance.now();
  const kinds = new Set(batch.values());
  const files = [...batch.keys()].join(', ');
  const took = () => `${Math.round(performance.now() - started)} ms`;
  if (kinds.size === 1 && kinds.has('styles')) {
    await rebuildStyles();
    broadcast('styles', styles.href);
    console.log(`${files}: swapped in place (${took()})`);
    // Pages loaded from now on carry the new stylesheet inline: rebuild and restart, without a reload
    // (unless the tab shows why the site could not start, and now it can).
    const before = await current;
    const target = await restart(true);
    if ('failure' in before && !('failure' in target)) broadcast('reload');
    return;
  }
  // The bundle is rebuilt only when a saved file is in it (client/, and the islands' screens and ui).
  const target = await restart([...batch.keys()].some((path) => path.startsWith('client/') || clientInputs.has(path)));
  broadcast('reload');
  console.log(`${files}: ${'failure' in target ? 'the site could not start; the tab shows why' : 'reloaded'} (${took()})`);
}

// --- The server the browser talks to -----------------------------------------

const devClient = await readFile(join(import.meta.dirname, 'dev', 'client.js'));

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  if (path === EVENTS_PATH) return openChannel(req, res);
  if (path === DEV_CLIENT_PATH) {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(devClient);
  }
  if (path.startsWith(STYLES_PREFIX)) {
    res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(styles.css);
  }
  void proxy(req, res);
});

current = Promise.resolve({ failure: 'Starting…' });
current = restart(true);
// Saves made while it starts wait for it: one build and one start at a time.
applying = current.then(() => undefined);

watchTree(root, ['shared', 'server', 'client'], onSave);

server.on('error', (error) => {
  console.error(`Could not listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`Dev server on http://${host}:${port}/ — open tabs follow every save`);
  console.log(`Watching shared/ and server/ (restart, reload), client/ (rebuild, reload; styles.css swapped in place)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    for (const tab of tabs) tab.end();
    const target = await Promise.race([current, new Promise<undefined>((resolve) => setTimeout(resolve, 1_000))]);
    if (target && 'child' in target) target.child.kill();
    standby.child.kill();
    process.exit(0);
  });
}
