/**
 * Chromium's path and flags, apart from the rest of harness.ts (which reads the
 * content as it loads): vitest.config.ts loads tests/browser/global-setup.ts,
 * which needs the path, on every run, quick ones included.
 */

/** Debian's Chromium unless CHROMIUM_PATH names another build of Chromium or Chrome: what the scripts drive (Lighthouse, dev-latency); the tests run its headless shell, and this where the shell does not do as a visitor's browser does (tests/browser/global-setup.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** What Chromium needs to run headless as root in a container, and nothing it would fetch on its own. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
