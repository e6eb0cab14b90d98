/**
 * A throw-away copy of the project (sources only, node_modules linked), for
 * tests and measurements that edit files: the build test with broken
 * content, the dev server's browser test, `npm run dev:latency`.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
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
