/**
 * What the tests and the scripts both use to drive the site from outside:
 * Chromium's path and flags (chromium.ts), loopback servers and free ports, the route whose
 * screen throws, a throw-away copy of the project (sources only, node_modules
 * linked) and `npm run dev` in it, and a throwaway nginx. Neither a test nor
 * a script: both import it, and neither imports the other.
 */
import { spawn } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { siteContent } from '../content/index.ts';
import type { Content } from '../content/schema.ts';
import { fillSite, siteRoutes, type Route, type RouteDraft } from '../shared/routes.ts';
import { defaultSite } from '../shared/site.ts';

export { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const ROOT = join(import.meta.dirname, '..');
const SKIPPED = new Set(['node_modules', 'dist', 'export', 'artifacts', 'coverage', '.git']);

export interface Sandbox {
  root: string;
  remove: () => void;
}

export function copyProject(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'procurement-site-'));
  cpSync(ROOT, root, {
    recursive: true,
    filter: (source) => !SKIPPED.has(relative(ROOT, source).split(/[\\/]/)[0]!),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface DevServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm run dev` in `root` on a free loopback port; resolves once it prints its address. */
export async function startDev(root: string, env: Record<string, string> = {}): Promise<DevServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/dev.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The dev server did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const address = /Dev server on (http:\/\/[\d.]+:\d+)\//.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`The dev server exited:\n${output}`)));
  });
  return {
    origin,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function listening(listener: RequestListener): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, port: (server.address() as AddressInfo).port, close };
}

/** A loopback port that was free a moment ago, for a program that must be told its port before it listens. */
export async function freePort(): Promise<number> {
  const { port, close } = await listening(() => undefined);
  await close();
  return port;
}

/** The site's own pages in every language, for their addresses, filled with the default settings. */
export const routes: readonly Route[] = fillSite(defaultSite, siteContent).routes;

/** The message of the error the throwing route's screen throws. */
export const THROWN_MESSAGE = 'The widget fell over';

/** A route whose screen throws: what the error handler and the fallback screen are tested with. */
export const throwingRoute = {
  path: '/boom',
  screen: () => {
    throw new Error(THROWN_MESSAGE);
  },
} as const;

/**
 * The site's table with the throwing route added, in each language made
 * from that language's first page: its words are then those of the share
 * image the build drew for it, which the server compares at start-up.
 */
export function withThrowingRoute(content: Content): RouteDraft[] {
  const table = siteRoutes(content);
  return [...table, { ...table[0]!, ...throwingRoute }];
}

// --- nginx -------------------------------------------------------------------

/**
 * A throwaway nginx for the benchmark, the rollout check and the export
 * test: a main configuration that keeps everything nginx writes under `dir`
 * and runs in the foreground, around the `http` block's own directives.
 */
/** Debian's nginx (apt-get install -y nginx-light), or undefined. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
/** Debian's brotli_static (apt-get install -y libnginx-mod-http-brotli-static), or undefined. */
export const BROTLI_STATIC_MODULE = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find((path) => existsSync(path));

/** What the export's tests lack to run nginx, in words that say how to get it; undefined when nothing is missing. */
export function nginxMissing(): string | undefined {
  if (!NGINX) return 'no nginx (apt-get install -y nginx-light)';
  if (!BROTLI_STATIC_MODULE) return 'nginx has no brotli_static module (apt-get install -y libnginx-mod-http-brotli-static)';
  return undefined;
}

export function standaloneNginxConfig(dir: string, http: string, { errorLog = `${dir}/error.log`, modules = [] as string[] } = {}): string {
  return `${modules.map((module) => `load_module ${module};\n`).join('')}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}
