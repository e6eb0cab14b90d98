import { defineConfig } from 'vitest/config';
import { ENGINE_NAMES } from './tests/browser/global-setup.ts';

/** Tests that start nginx or the dev server: in the full run only. */
const SERVER_TESTS = ['tests/export.test.ts', 'tests/export-editor.test.ts', 'tests/dev-server.test.ts'];

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
    // Vitest keeps a core for its main process, which waits during a run: the workers take every core. Its own
    // sequencer runs each project's longest files first, by their last run's durations.
    maxWorkers: '100%',
    reporters: ['default', './tests/browser/missing-engines.ts'],
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
