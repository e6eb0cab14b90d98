/**
 * Decides once, for every browser test file, which engines there are to
 * drive. ENGINES (a comma-separated list of chromium, firefox, webkit; all
 * three when unset) picks some. A selected engine that is missing is skipped
 * with one line saying how to install it, except in CI, where it is a failure.
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** What to launch per engine, or null when it is missing or not selected. */
export interface EnginePaths {
  chromium: string | null;
  firefox: string | null;
  webkit: { driver: string; browser: string } | null;
}

/** Debian's Chromium unless CHROMIUM_PATH names another build of Chromium or Chrome. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Debian's Firefox ESR unless FIREFOX_PATH names another Firefox. */
const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** Debian's webkit2gtk-driver: the WebDriver server and the MiniBrowser it drives; Xvfb gives it a display. */
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

const INSTALL_HINT: Record<EngineName, string> = {
  chromium: 'apt-get install -y chromium',
  firefox: 'apt-get install -y firefox-esr',
  webkit: 'apt-get install -y webkit2gtk-driver xvfb xauth',
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium to launch, or null when the Chromium browser suite is skipped. */
    chromiumPath: string | null;
    engines: EnginePaths;
  }
}

/** The engines ENGINES names; an unknown name stops the run. */
export function selectedEngines(value = process.env.ENGINES): EngineName[] {
  if (!value) return [...ENGINE_NAMES];
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(ENGINE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Invalid ENGINES="${value}": expected a comma-separated list of ${ENGINE_NAMES.join(', ')}`);
  return names as EngineName[];
}

export default function setup(project: TestProject) {
  const selected = selectedEngines();
  const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
  const found: Record<EngineName, { ok: boolean; where: string }> = {
    chromium: { ok: existsSync(CHROMIUM_PATH), where: `no Chromium at ${CHROMIUM_PATH}` },
    firefox: { ok: existsSync(FIREFOX_PATH), where: `no Firefox at ${FIREFOX_PATH}` },
    webkit: {
      ok: [WEBKIT_DRIVER, MINIBROWSER, XVFB].every((path) => existsSync(path)),
      where: `no ${[WEBKIT_DRIVER, MINIBROWSER, XVFB].filter((path) => !existsSync(path)).join(' or ')}`,
    },
  };
  for (const name of selected) {
    if (found[name].ok) continue;
    if (inCi) throw new Error(`CI is set but there is ${found[name].where}; install it with: ${INSTALL_HINT[name]}`);
    console.log(`Browser tests in ${name} skipped: ${found[name].where}. Install it with: ${INSTALL_HINT[name]}`);
  }
  const use = (name: EngineName) => selected.includes(name) && found[name].ok;
  const engines: EnginePaths = {
    chromium: use('chromium') ? CHROMIUM_PATH : null,
    firefox: use('firefox') ? FIREFOX_PATH : null,
    webkit: use('webkit') ? { driver: WEBKIT_DRIVER, browser: MINIBROWSER } : null,
  };
  project.provide('chromiumPath', engines.chromium);
  project.provide('engines', engines);
}
