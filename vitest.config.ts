import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    setupFiles: ['tests/setup.ts'],
    // Finds Chromium once for the browser suite, or says in one line how to install it.
    globalSetup: ['tests/browser/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A poll waits on a browser or a child process; on a busy shared machine one second is too short.
    expect: { poll: { timeout: 5_000 } },
    // The browser suite starts its own server and Chromium; one file at a time keeps the 2 cores calm.
    fileParallelism: false,
  },
});
