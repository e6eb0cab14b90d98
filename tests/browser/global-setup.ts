/**
 * Finds, once per browser project of vitest.config.ts, the engine the project
 * is named after. A missing engine skips the project's tests with one line
 * saying how to install it, except in CI, where it is a failure.
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH as CHROMIUM_BROWSER_PATH } from '../../harness/chromium.ts';

export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** What to launch for an engine. */
export type EngineBinary =
  | { name: 'chromium'; executable: string }
  | { name: 'firefox'; executable: string }
  /** WebKitGTK's WebDriver server and the MiniBrowser it drives. */
  | { name: 'webkit'; executable: string; driver: string };

/**
 * Debian's headless shell of its Chromium (chromium-headless-shell: the same
 * Blink and V8 without the browser's windows, what Playwright runs headless
 * by default), unless CHROMIUM_PATH names another build, the full browser
 * (/usr/bin/chromium) among them. The same tests take about a quarter less
 * CPU in it than in the full browser (docs/testing.md). The full browser
 * (CHROMIUM_BROWSER_PATH) runs what the shell does not do as a visitor's
 * browser does (inFullBrowser in harness.ts).
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
/** Debian's Firefox ESR unless FIREFOX_PATH names another Firefox. */
const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** Debian's webkit2gtk-driver: the WebDriver server and the MiniBrowser it drives; Xvfb gives it a display. */
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
    /** The engine this project drives. */
    engine: EngineName;
    /** What to launch for it, or null when it is missing and its tests are skipped. */
    binary: EngineBinary | null;
    /** The Chromium to launch in the chromium project (the headless shell), else null. */
    chromiumPath: string | null;
    /** Chromium's full browser in the chromium project, else null. */
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
