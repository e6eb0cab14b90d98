/**
 * The docs name what is there: every repository path that README.md and the
 * files of docs/ name, in backticks or as a relative link, exists, and so does
 * every one the product's code names in its comments and strings. Build
 * output (dist/, export/, artifacts/) and patterns (a *, a <placeholder>)
 * are not paths of the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TOP = readdirSync(ROOT).filter((name) => !['node_modules', 'dist', 'export', 'artifacts', '.git'].includes(name));
const docs = ['README.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md')).map((file) => join('docs', file))];

/** The repository paths a Markdown file names: `server/app.ts` in backticks, [text](../docs/x.md) as links. */
function namedPaths(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const inCode = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!.replace(/[.,:;]$/, '').replace(/:\d+(-\d+)?$/, ''));
  const linked = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/.test(target));
  const fromCode = inCode.filter((path) => TOP.includes(path.split('/')[0]!) && !/[*<>{}$]/.test(path));
  const fromLinks = linked.map((target) => relative(ROOT, normalize(join(ROOT, dirname(file), target))));
  return [...new Set([...fromCode, ...fromLinks])];
}

const CODE = ['client', 'content', 'harness', 'scripts', 'server', 'shared'];
const codeFiles = CODE.flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).filter((file) => /\.(tsx?|mjs)$/.test(file)).map((file) => join(folder, file)));

/** The repository paths a file of code names from the top, e.g. (server/app.ts), each as `file: path`; its imports are relative and checked by the type check. */
function pathsInCode(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const named = [...text.matchAll(/(?<![\w.\/-])((?:[\w-]+\/)+[\w.-]*\.[a-z]+)\b/g)].map((match) => match[1]!);
  return named.filter((path) => TOP.includes(path.split('/')[0]!)).map((path) => `${file}: ${path}`);
}

describe('the docs', () => {
  it.each(docs)('%s names only paths that exist', (file) => {
    expect(namedPaths(file).filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('and the code name only paths that exist', () => {
    const named = codeFiles.flatMap(pathsInCode);
    expect(named).toContain('server/app.ts: server/metrics.ts');
    expect(named.filter((entry) => !existsSync(join(ROOT, entry.split(': ')[1]!)))).toEqual([]);
  });

  it('name paths at all: the check reads them', () => {
    expect(namedPaths('README.md')).toContain('client/styles.css');
    expect(namedPaths('README.md')).toContain('docs/development.md');
  });
});
