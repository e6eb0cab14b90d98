/**
 * An unexpected console.error (a React warning, a hydration mismatch, a
 * swallowed exception) fails the test that caused it.
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
