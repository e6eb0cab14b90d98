/**
 * An unexpected console.error (a swallowed exception, a library's warning)
 * fails the test that caused it. React's warnings come from its development
 * build, which the apps under test do not run (vitest.config.ts): the dev
 * server's test reads them (tests/dev-server.test.ts).
 * Idea from epic-stack's tests/setup/setup-test-env.ts.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(errors, 'console.error was called').toEqual([]);
});
