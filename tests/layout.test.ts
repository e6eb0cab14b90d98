/**
 * The layout holds: no import cycle among the project's own modules, as the
 * bundler sees them (type-only imports are erased, so they do not count).
 * A cycle makes a module run before what it imports is ready.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const sources = (dir: string) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file)).map((file) => join(dir, file));

/** Every module each module imports, from an esbuild metafile of the whole project. */
async function importGraph(): Promise<Map<string, string[]>> {
  const result = await esbuild.build({
    entryPoints: [...sources('server'), ...sources('client'), ...sources('shared'), ...sources('scripts'), ...sources('harness')].map((file) => join(ROOT, file)),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: join(ROOT, 'dist', 'layout-check'),
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.js': 'js' },
  });
  return new Map(Object.entries(result.metafile.inputs).map(([file, input]) => [file, input.imports.filter((entry) => !entry.external).map((entry) => entry.path)]));
}

/** The cycles of a graph, each once, as the list of modules around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at !== -1) {
      const cycle = path.slice(at);
      found.set([...cycle].sort().join(' '), cycle);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  const done = new Set<string>();
  for (const node of graph.keys()) visit(node, []);
  return [...found.values()];
}

describe('the modules', () => {
  it('import one another without a cycle', async () => {
    const graph = await importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph).map((cycle) => [...cycle, cycle[0]].join(' → '))).toEqual([]);
  });
});
