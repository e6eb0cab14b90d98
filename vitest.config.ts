import { statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { ENGINE_NAMES } from './tests/browser/global-setup.ts';

/** Tests that start nginx or the dev server: in the full run only. */
const SERVER_TESTS = ['tests/export.test.ts', 'tests/export-editor.test.ts', 'tests/dev-server.test.ts'];

// The code under test runs as the built server does. Vitest sets NODE_ENV to "test" unless it is set; from
// "production" Vite takes the packages' "production" builds, JSX compiled for React's, and the workers' NODE_ENV,
// which picks React's production build: the development build took twice the CPU per page, and micromark's checks
// its own invariants at every step. React's checks (keys, props) run in npm run dev, which dev-server.test.ts reads.
process.env.NODE_ENV = 'production';

/** The project of the files that need neither a browser nor a server of their own: many, and short. */
const QUICK = 'quick';

/**
 * Longest first, across the projects: Vitest's own order runs one project after another (a browser's
 * file last, alone on the machine at the end). The files that start a browser or a server go first,
 * then the quick ones fill the gaps; within each, by the last run's duration where Vitest has one
 * (failed first, as Vitest does), else by size, as in a fresh clone.
 */
class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec);
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return Promise.resolve(
      [...files].sort((a, b) => {
        const quick = Number(a.project.name === QUICK) - Number(b.project.name === QUICK);
        if (quick !== 0) return quick;
        const [before, after] = [last(a), last(b)];
        if (!before || !after) return size(b) - size(a);
        return Number(after.failed) - Number(before.failed) || after.duration - before.duration;
      }),
    );
  }
}

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A poll waits on a browser or a child process; on a busy shared machine one second is too short.
    expect: { poll: { timeout: 5_000 } },
    // Vitest keeps a core for its main process, which waits during a run: the workers take every core.
    maxWorkers: '100%',
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './tests/browser/missing-engines.ts'],
    projects: [
      // `npm run test:quick`: no browser, nginx or dev server.
      // Files of a worker share their imports (isolate: false): the content, its check and the app
      // are made once per worker rather than once per file. The quick files mock nothing and set
      // no module's state (tests/setup.ts restores its spy after each test).
      { extends: true, test: { name: QUICK, include: ['tests/*.test.{ts,tsx}'], exclude: SERVER_TESTS, isolate: false } },
      { extends: true, test: { name: 'servers', include: SERVER_TESTS } },
      // One project per engine, named after it: global-setup.ts finds that engine.
      // engines.test.ts runs in each; the other browser files use Chromium alone.
      ...ENGINE_NAMES.map((engine) => ({
        extends: true as const,
        test: {
          name: engine,
          // A hang detector, not a speed check: one page's visit, axe and menu in an engine
          // that shares two cores with two others can take many times its usual second.
          testTimeout: 60_000,
          include: engine === 'chromium' ? ['tests/browser/*.test.ts'] : ['tests/browser/engines.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
        },
      })),
    ],
  },
});
