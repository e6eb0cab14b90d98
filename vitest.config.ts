import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { ENGINE_NAMES } from './tests/browser/global-setup.ts';

/** Tests that start nginx or the dev server: in the full run only. */
const SERVER_TESTS = ['tests/export.test.ts', 'tests/export-editor.test.ts', 'tests/dev-server.test.ts'];

/**
 * The files that take longest first, so that the short ones fill the cores at
 * the end: the browser editor's (they mostly wait, on a save going through
 * `npm run dev` or the git host's double, and are the longest of all), the
 * other browser files (Firefox's and WebKit's engine suites before
 * Chromium's files), then the servers' files (the dev server's takes about
 * 25 s), then the quick ones. Vitest's own order takes the projects one after
 * another, alphabetically.
 */
const EDITOR_TESTS = ['tests/browser/editor.test.ts', 'tests/browser/github.test.ts'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      if (EDITOR_TESTS.some((path) => file.moduleId.endsWith(path))) return 0;
      if (!file.moduleId.includes('/tests/browser/')) return file.project.name === 'servers' ? 3 : 4;
      return file.project.name === 'chromium' ? 2 : 1;
    };
    // Array.prototype.sort is stable: within a rank, vitest's order stands.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// The code under test runs as the built server does. Vitest sets NODE_ENV to "test" unless it is set; from
// "production" Vite takes the packages' "production" builds, JSX compiled for React's, and the workers' NODE_ENV,
// which picks React's production build: the development build took twice the CPU per page, and micromark's checks
// its own invariants at every step. React's checks (keys, props) run in npm run dev, which dev-server.test.ts reads.
process.env.NODE_ENV = 'production';

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A poll waits on a browser or a child process; on a busy shared machine one second is too short.
    expect: { poll: { timeout: 5_000 } },
    // One file more than cores, as the browser files wait on their browsers part of the time. More files at once
    // cost more CPU in all, contending for the cores: on CI's 2 cores, six took 177 s where three took 153 s
    // (medians of four runs in turn, docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    projects: [
      // `npm run test:quick`: no browser, nginx or dev server.
      // Files of a worker share their imports (isolate: false): the content, its check and the app
      // are made once per worker rather than once per file. The quick files mock nothing and set
      // no module's state (tests/setup.ts restores its spy after each test).
      { extends: true, test: { name: 'quick', include: ['tests/*.test.{ts,tsx}'], exclude: SERVER_TESTS, isolate: false } },
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
