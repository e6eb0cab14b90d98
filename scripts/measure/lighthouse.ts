/**
 * `npm run lighthouse`: builds if needed, starts the production server on a
 * free loopback port, runs Lighthouse (mobile, its default) on every route
 * address, and prints the four category scores per address, then every audit
 * that kept accessibility, best practices or SEO below 100. Exits 1 if any did.
 * `npm run lighthouse -- /about /fr/` checks only the addresses named, a
 * language's home (/, /fr/, /fr) among them.
 *
 * Each address is run LIGHTHOUSE_RUNS times (default 3) and the run reported
 * is the median one as Lighthouse's own computeMedianRun picks it (closest to
 * the median FCP and time to interactive): single runs of the same page vary
 * by several points here, and Lighthouse's documentation on variability
 * recommends the median of several. Every run's performance score is printed
 * beside it.
 *
 * The server's public URL is its own address for the run, so canonical links
 * and share images point where Lighthouse is looking.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { aliasesOf } from '../../shared/paths.ts';
import { routes } from '../../harness/harness.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort } from '../../harness/harness.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The categories that must score 100 (performance is printed, not enforced here). */
const ENFORCED = new Set<string>(['accessibility', 'best-practices', 'seo']);

interface Row {
  address: string;
  scores: Record<string, number | null>;
  /** The performance score of every run, in order. */
  runs: (number | null)[];
  failures: string[];
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_SCHEME=dark runs the pages as a visitor whose system prefers dark sees them. */
const SCHEME = process.env.LIGHTHOUSE_SCHEME ?? 'light';
if (SCHEME !== 'light' && SCHEME !== 'dark') {
  console.error(`LIGHTHOUSE_SCHEME must be light or dark, got "${SCHEME}"`);
  process.exit(1);
}
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number of at least 1, got "${process.env.LIGHTHOUSE_RUNS}"`);
  process.exit(2);
}
type Result = Awaited<ReturnType<typeof runLighthouse>>;

async function main(): Promise<number> {
  const build = spawnSync(process.execPath, ['scripts/build/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Blink's preferred colour scheme: 0 is dark, 1 light.
  const scheme = `--blink-settings=preferredColorScheme=${SCHEME === 'dark' ? 0 : 1}`;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, scheme] });
  try {
    await waitForServer(`${origin}/home`, server);
    const rows: Row[] = [];
    const wanted = process.argv.slice(2);
    // An address the site does not have would be left out without a word, and nothing checked.
    const known = [...routes.map((route) => route.path), ...Object.keys(aliasesOf(routes))];
    const unknown = wanted.filter((address) => !known.includes(address));
    if (unknown.length > 0) {
      console.error(`Not an address of the site: ${unknown.join(', ')}. Its addresses: ${known.join(' ')}`);
      return 2;
    }
    const addresses = wanted.length > 0 ? wanted : routes.map((route) => route.path);
    for (const address of addresses) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await runLighthouse(origin + address, chrome.port));
      const lhr: Result = runs.length > 1 && runs.every((run) => !run.runtimeError) ? computeMedianRun(runs) : runs[0]!;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]));
      const failures = CATEGORIES.flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
          .filter(({ ref, audit }) =>
            // An audit that could not run leaves its category without a score, enforced or not.
            audit?.scoreDisplayMode === 'error' ? true : ENFORCED.has(id) && ref.weight > 0 && audit?.score !== null && (audit?.score ?? 1) < 1,
          )
          .map(({ audit }) => `${id}: ${audit!.id} (${audit!.errorMessage ?? audit!.title})`),
      );
      // A run that failed as a whole errors every audit it touched: name the cause once.
      if (lhr.runtimeError) failures.splice(0, failures.length, `runtime error: ${lhr.runtimeError.message}`);
      // Performance is printed, not enforced: name the metrics that kept it below 100.
      const slow = (lhr.categories.performance?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit?.scoreDisplayMode === 'numeric' && audit.score !== null && audit.score < 1)
        .map((audit) => `${audit!.id} ${audit!.displayValue ?? ''} (score ${Math.round(audit!.score! * 100)})`);
      if (slow.length > 0) console.error(`  ${address}: ${slow.join(', ')}`);
      rows.push({ address, scores, runs: runs.map((run) => run.categories.performance?.score ?? null), failures });
      console.error(`  ${address} done`);
    }
    printTable(rows);
    const failing = rows.filter((row) => row.failures.length > 0);
    for (const row of failing) {
      console.log(`\n${row.address}`);
      for (const failure of row.failures) console.log(`  - ${failure}`);
    }
    return failing.length > 0 ? 1 : 0;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
}

/** Lighthouse on one URL; a run that failed as a whole (a lost trace on a busy machine) is tried again, up to three times. */
async function runLighthouse(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
    console.error(`  ${url}: ${result.lhr.runtimeError.code}, trying again`);
  }
}

function printTable(rows: Row[]): void {
  const header = ['address', ...CATEGORIES, 'performance of each run'];
  const cells = rows.map((row) => [row.address, ...CATEGORIES.map((id) => formatScore(row.scores[id] ?? null)), row.runs.map(formatScore).join(' ')]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const cell of cells) console.log(line(cell));
}

function formatScore(score: number | null): string {
  return score === null ? 'n/a' : String(Math.round(score * 100));
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url} within 15 s`);
}

process.exitCode = await main();
