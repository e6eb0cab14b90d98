/**
 * Decides once, for every browser test file, whether there is a Chromium to
 * drive. Without one the browser suite is skipped with one line saying how to
 * install it, except in CI, where a missing browser is a failure.
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

/** Debian's Chromium unless CHROMIUM_PATH names another build of Chromium or Chrome. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const INSTALL_HINT = 'apt-get install -y chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser to launch, or null when the browser suite is skipped. */
    chromiumPath: string | null;
  }
}

export default function setup(project: TestProject) {
  const found = existsSync(CHROMIUM_PATH);
  const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
  if (!found && inCi) throw new Error(`CI is set but there is no Chromium at ${CHROMIUM_PATH}; install it with: ${INSTALL_HINT}`);
  if (!found) console.log(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install it with: ${INSTALL_HINT}`);
  project.provide('chromiumPath', found ? CHROMIUM_PATH : null);
}
