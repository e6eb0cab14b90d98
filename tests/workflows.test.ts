/**
 * The pipeline on the git host (.github/), linted by actionlint (built to WebAssembly, from the npm registry). Nothing
 * here runs the workflows: no git host is reachable from where the tests run (docs/testing.md).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../content/read.ts';

const WORKFLOWS = join(REPO_ROOT, '.github', 'workflows');
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  strategy?: { matrix?: { node?: number[] } };
  steps: Step[];
}
const workflows = readdirSync(WORKFLOWS).map((name) => ({ name, jobs: (parse(readFileSync(join(WORKFLOWS, name), 'utf8')) as { jobs: Record<string, Job> }).jobs }));
const ci = workflows.find((workflow) => workflow.name === 'ci.yml')!.jobs;

/** actionlint over the workflows of a repository (or a copy), as its command line prints it. */
const actionlint = (root: string) =>
  spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', '@tktco', 'node-actionlint', 'bin', 'node-actionlint.js'), '.github/workflows/*.yml'], { cwd: root, encoding: 'utf8', timeout: 60_000 });

describe('the workflows', () => {
  it('pass actionlint, and a copy with a job needing one that is not there fails it (the linter reads them)', () => {
    // One run over the workflows and the broken copy side by side: each run starts actionlint's WebAssembly.
    const root = mkdtempSync(join(tmpdir(), 'workflows-'));
    try {
      const copy = join(root, '.github', 'workflows');
      cpSync(WORKFLOWS, copy, { recursive: true });
      const text = readFileSync(join(WORKFLOWS, 'ci.yml'), 'utf8');
      expect(text).toContain('needs: [quick, full]');
      writeFileSync(join(copy, 'broken.yml'), text.replaceAll('needs: [quick, full]', 'needs: [quick, fulll]'));
      const lint = actionlint(root);
      expect(lint.stdout).toContain(`Checking ${workflows.length + 1} workflow file(s)`);
      const problems = lint.stdout.split('\n').filter((line) => /^\.github\/workflows\/\S+:\d+:\d+ /.test(line));
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toMatch(/^\.github\/workflows\/broken\.yml:\d+:\d+ job "\w+" needs job "fulll" which does not exist/);
      expect(lint.status).toBe(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('run npm scripts of package.json and files of .ci/, nothing else', () => {
    const commands = workflows.flatMap(({ name, jobs }) => Object.entries(jobs).flatMap(([job, { steps }]) => steps.filter((step) => step.run).map((step) => ({ where: `${name} ${job}`, run: step.run!.trim() }))));
    expect(commands.length).toBeGreaterThan(0);
    for (const { where, run } of commands) {
      const script = /^npm (?:test|run ([\w:-]+))$/.exec(run);
      const file = /^bash (\.ci\/[\w-]+)$/.exec(run);
      expect(script || file, `${where}: ${run}`).toBeTruthy();
      if (script) expect(pkg.scripts[script[1] ?? 'test'], `${where}: ${run}`).toBeDefined();
      if (file) expect(existsSync(join(REPO_ROOT, file[1]!)), `${where}: ${run}`).toBe(true);
    }
  });

  it('run the quick tests on every Node line package.json supports, and everything on the container’s', () => {
    const lines = semver.validRange(pkg.engines.node)!.split('||').map((range) => semver.minVersion(range.trim())!.major);
    expect(ci.quick!.strategy?.matrix?.node).toEqual(lines);
    expect(ci.quick!.steps.map((step) => step.run).filter(Boolean)).toContain('npm run test:quick');
    const containerLine = Number(/^FROM node:(\d+)-/m.exec(read('Dockerfile'))![1]);
    const fullNode = ci.full!.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with?.['node-version'];
    expect(fullNode).toBe(containerLine);
    expect(ci.full!.steps.map((step) => step.run)).toContain('npm test');
  });
});

describe('dependency updates (.github/dependabot.yml)', () => {
  interface Group {
    patterns?: string[];
    'dependency-type'?: 'production' | 'development';
    'update-types'?: string[];
  }
  const config = parse(read('.github/dependabot.yml')) as { updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string }; groups?: Record<string, Group> }[] };

  it('are proposed weekly for npm, the Dockerfile’s base image and the workflows’ actions', () => {
    expect(config.updates.map((update) => [update['package-ecosystem'], update.directory, update.schedule.interval])).toEqual([
      ['npm', '/', 'weekly'],
      ['docker', '/', 'weekly'],
      ['github-actions', '/', 'weekly'],
    ]);
  });

  it('group every package of package.json for its minor and patch updates', () => {
    const groups = Object.entries(config.updates.find((update) => update['package-ecosystem'] === 'npm')!.groups ?? {});
    const packages = [
      ...Object.keys(pkg.dependencies).map((name) => ({ name, type: 'production' })),
      ...Object.keys(pkg.devDependencies).map((name) => ({ name, type: 'development' })),
    ];
    for (const { name, type } of packages) {
      const group = groups.find(
        ([, group]) =>
          (group.patterns === undefined || group.patterns.some((pattern) => posix.matchesGlob(name, pattern))) &&
          (group['dependency-type'] ?? type) === type &&
          ['minor', 'patch'].every((kind) => (group['update-types'] ?? ['major', 'minor', 'patch']).includes(kind)),
      );
      expect(group, name).toBeDefined();
    }
  });
});
