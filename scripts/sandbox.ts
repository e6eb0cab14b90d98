/**
 * A throw-away copy of the project (sources only, node_modules linked), for
 * tests and measurements that edit files: the build test with broken
 * content, the dev server's browser test, `npm run dev:latency`.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
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
