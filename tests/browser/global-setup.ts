/** Finds each browser project's engine; a missing one skips its tests with a line saying how to install it, or fails in CI. */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH as CHROMIUM_BROWSER_PATH } from '../../harness/chromium.ts';

export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export type EngineBinary = { name: 'chromium'; executable: string } | { name: 'firefox'; executable: string } | { name: 'webkit'; executable: string; driver: string };

// Debian's headless shell (about a quarter less CPU than the full browser, docs/testing.md), unless CHROMIUM_PATH names another.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

const NEEDS: Record<EngineName, { files: string[]; install: string; binary: EngineBinary }> = {
  chromium: { files: [CHROMIUM_PATH, CHROMIUM_BROWSER_PATH], install: 'apt-get install -y chromium-headless-shell chromium', binary: { name: 'chromium', executable: CHROMIUM_PATH } },
  firefox: { files: [FIREFOX_PATH], install: 'apt-get install -y firefox-esr', binary: { name: 'firefox', executable: FIREFOX_PATH } },
  webkit: {
    files: [WEBKIT_DRIVER, MINIBROWSER, XVFB],
    install: 'apt-get install -y webkit2gtk-driver xvfb xauth',
    binary: { name: 'webkit', executable: MINIBROWSER, driver: WEBKIT_DRIVER },
  },
};

declare module 'vitest' {
  export interface ProvidedContext {
    engine: EngineName;
    /** null when the engine is missing and its tests are skipped. */
    binary: EngineBinary | null;
    /** The headless shell and the full browser, in the chromium project only. */
    chromiumPath: string | null;
    chromiumBrowserPath: string | null;
  }
}

/** What is missing of an engine, and the command that installs it; undefined when it is all there. */
export function engineMissing(name: EngineName): string | undefined {
  const missing = NEEDS[name].files.filter((file) => !existsSync(file));
  return missing.length > 0 ? `no ${missing.join(' or ')}; install it with: ${NEEDS[name].install}` : undefined;
}

export default function setup(project: TestProject) {
  const name = project.name as EngineName;
  if (!ENGINE_NAMES.includes(name)) throw new Error(`tests/browser/global-setup.ts runs for a project named after an engine (${ENGINE_NAMES.join(', ')}), not "${project.name}"`);
  const missing = engineMissing(name);
  if (missing) {
    const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
    if (inCi) throw new Error(`CI is set but there is ${missing}`);
    console.log(`Browser tests in ${name} skipped: ${missing}`);
  }
  const found = missing ? null : NEEDS[name].binary;
  project.provide('engine', name);
  project.provide('binary', found);
  project.provide('chromiumPath', found?.name === 'chromium' ? found.executable : null);
  project.provide('chromiumBrowserPath', found?.name === 'chromium' ? CHROMIUM_BROWSER_PATH : null);
}
