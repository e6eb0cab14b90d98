/** One driver interface over Chromium (playwright-core), Firefox (puppeteer-core, WebDriver BiDi) and WebKit (selenium-webdriver, Xvfb), so the cross-engine tests are written once. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import { vi } from 'vitest';
import { CHROMIUM_FLAGS, freePort } from '../helpers.ts';
import type { EngineBinary, EngineName } from './global-setup.ts';

export type KeyName = 'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'Escape' | 'Shift' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/** One page of one engine: what the tests do to it, in the same words for every engine. */
export interface Tab {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (its source is sent, so it may use only its arguments) and returns its JSON result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>;
  /** Runs a classic script's source in the page (to inject axe-core: the CSP does not govern a driver's scripts). */
  inject(source: string): Promise<void>;
  /** A real (trusted) mouse click on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** A real key press to the focused element. */
  press(key: KeyName): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  /** The viewport's width the engine gave: MiniBrowser's window stops at about 450 px. */
  resize(width: number, height: number): Promise<number>;
  /** A PNG of the whole page where the driver can, else of the viewport; `viewport` asks for the viewport (an open menu). */
  screenshot(path: string, options?: { viewport?: boolean }): Promise<void>;
  /** Console errors and warnings and uncaught exceptions the driver reports; null where it reports none (WebKit). */
  problems: string[] | null;
  close(): Promise<void>;
}

/** What the visitor's system asks of the page: a light or a dark colour scheme. */
export type ColorScheme = 'light' | 'dark';

export interface Engine {
  name: EngineName;
  open(options?: { javaScript?: boolean }): Promise<Tab>;
  close(): Promise<void>;
}

/** An expression that calls `fn` with `args`: evaluated by the driver, outside the page's CSP (no eval in the page). */
function call(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(${fn.toString()})(...${JSON.stringify(args)})`;
}

/** The middle of an element, scrolled into view: where a mouse click lands. */
function centre(selector: string) {
  const node = document.querySelector(selector)!;
  node.scrollIntoView({ block: 'center' });
  const box = node.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const PUPPETEER_KEYS: Record<Exclude<KeyName, 'Shift+Tab'>, string> = { Tab: 'Tab', Enter: 'Enter', Space: ' ', Escape: 'Escape', Shift: 'Shift', ArrowLeft: 'ArrowLeft', ArrowRight: 'ArrowRight', Home: 'Home', End: 'End' };

/** Reported problems, less a page's own 404 or 400 (the server's answer on purpose, logged at the page's own address). */
function problem(list: string[], type: string, text: string, from: string | undefined, pageUrl: string) {
  if (type !== 'error' && type !== 'warning' && type !== 'warn') return;
  if (/status of 40[04]/.test(text) && from === pageUrl) return;
  list.push(`console.${type}: ${text}`);
}

/**
 * An uncaught error, less the one Chromium reports when it skips a cross-document view transition (styles.css's
 * @view-transition) because the new page was shown before it could start, as on a busy machine: the browser's own
 * transition, which no code of ours starts or awaits.
 */
export function uncaught(list: string[], error: Error) {
  if (error.message === 'Transition was aborted because of invalid state. Page already revealed') return;
  list.push(`uncaught: ${error.message}`);
}

async function chromiumEngine(executablePath: string, colorScheme: ColorScheme): Promise<Engine> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  return {
    name: 'chromium',
    async open({ javaScript = true } = {}) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: javaScript, colorScheme });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => problem(problems, message.type(), message.text(), message.location().url, page.url()));
      page.on('pageerror', (error) => uncaught(problems, error));
      return {
        problems,
        goto: async (url) => void (await page.goto(url)),
        evaluate: (fn, ...args) => page.evaluate(call(fn, args)),
        inject: async (source) => void (await page.evaluate(source)),
        click: (selector) => page.click(selector),
        press: (key) => page.keyboard.press(key),
        back: async () => void (await page.goBack()),
        forward: async () => void (await page.goForward()),
        resize: async (width, height) => (await page.setViewportSize({ width, height }), width),
        screenshot: async (path, { viewport = false } = {}) => void (await page.screenshot({ path, fullPage: !viewport })),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function firefoxEngine(executablePath: string, colorScheme: ColorScheme): Promise<Engine> {
  // Pages follow this preference's scheme (0 dark, 1 light) whatever the system's.
  const scheme = { 'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1 };
  // A page restored from the back-forward cache sends no navigation event over WebDriver BiDi, so goBack() times out and
  // the next goto() hangs (w3c/webdriver-bidi#109, puppeteer/puppeteer#8182): Back and Forward load the page again.
  const noBackForwardCache = { 'browser.sessionhistory.max_total_viewers': 0 };
  const launch = (prefs: Record<string, unknown> = {}) => puppeteer.launch({ browser: 'firefox', executablePath, headless: true, extraPrefsFirefox: { ...scheme, ...noBackForwardCache, ...prefs } });
  const browser = await launch();
  // WebDriver BiDi in Firefox ESR cannot turn scripts off per page: a second Firefox has them off by preference.
  let withoutScript: Awaited<ReturnType<typeof launch>> | undefined;
  return {
    name: 'firefox',
    async open({ javaScript = true } = {}) {
      const owner = javaScript ? browser : (withoutScript ??= await launch({ 'javascript.enabled': false }));
      const context = await owner.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1440, height: 900 });
      const problems: string[] = [];
      page.on('console', (message) => problem(problems, message.type(), message.text(), message.location().url, page.url()));
      page.on('pageerror', (error) => problems.push(`uncaught: ${(error as Error).message}`));
      return {
        problems,
        goto: async (url) => void (await page.goto(url)),
        evaluate: (fn, ...args) => page.evaluate(call(fn, args)) as never,
        inject: async (source) => void (await page.evaluate(source)),
        async click(selector) {
          // page.click() calls functions in the page, which hang with scripts off; an expression and the mouse do not.
          const { x, y } = (await page.evaluate(call(centre, [selector]))) as { x: number; y: number };
          await page.mouse.click(x, y);
        },
        async press(key) {
          if (key !== 'Shift+Tab') return page.keyboard.press(PUPPETEER_KEYS[key] as never);
          await page.keyboard.down('Shift');
          await page.keyboard.press('Tab');
          await page.keyboard.up('Shift');
        },
        back: async () => void (await page.goBack()),
        forward: async () => void (await page.goForward()),
        resize: async (width, height) => (await page.setViewport({ width, height }), width),
        // A whole-page screenshot measures the page by calling a function in it: the viewport only with scripts off.
        screenshot: async (path, { viewport = false } = {}) => void (await page.screenshot({ path: path as `${string}.png`, fullPage: javaScript && !viewport })),
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      await withoutScript?.close();
    },
  };
}

const SELENIUM_KEYS: Record<Exclude<KeyName, 'Shift+Tab'>, string> = { Tab: Key.TAB, Enter: Key.ENTER, Space: Key.SPACE, Escape: Key.ESCAPE, Shift: Key.SHIFT, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, Home: Key.HOME, End: Key.END };

/** Starts Xvfb on the first free display number; MiniBrowser is a GTK program and needs one. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    xvfb.stderr!.on('data', (chunk) => (stderr += chunk));
    xvfb.stdio[3]!.on('data', (chunk) => resolve(`:${String(chunk).trim()}`));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${stderr}`)));
  });
  return { display, process: xvfb };
}

async function webkitEngine({ driver, executable: browser }: { driver: string; executable: string }, colorScheme: ColorScheme): Promise<Engine> {
  const xvfb = await startXvfb();
  // WebKitGTK takes prefers-color-scheme from the GTK theme's variant; MiniBrowser inherits the driver's environment.
  const theme = colorScheme === 'dark' ? { GTK_THEME: 'Adwaita:dark' } : {};
  // GTK's classic scrollbars, as its settings file sets them: the overlay scrollbar's fade after each
  // load of a page taller than the window, drawn by llvmpipe, kept both cores busy for about 3 s.
  const config = mkdtempSync(join(tmpdir(), 'webkit-gtk-'));
  mkdirSync(join(config, 'gtk-3.0'));
  writeFileSync(join(config, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-overlay-scrolling=false\n');
  const webDrivers: ChildProcess[] = [];
  const stop = () => {
    for (const webDriver of webDrivers) webDriver.kill();
    xvfb.process.kill();
    rmSync(config, { recursive: true, force: true });
  };
  /** A WebKitWebDriver of its own and its one session, with page scripts or without: one driver switching kinds hung past a minute in CI. */
  async function session(javaScript: boolean): Promise<WebDriver> {
    const port = await freePort();
    webDrivers.push(spawn(driver, [`--port=${port}`, '--host=127.0.0.1'], { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: config, ...theme } }));
    const capabilities = {
      browserName: 'MiniBrowser',
      // A MiniBrowser started with --enable-javascript=false runs no page script, but still the driver's.
      'webkitgtk:browserOptions': { binary: browser, args: ['--automation', ...(javaScript ? [] : ['--enable-javascript=false'])] },
    };
    // Asked for once the driver says it is ready (W3C /status): asking again while a slow MiniBrowser starts would leave one behind.
    await vi.waitFor(
      async () => {
        const status = (await (await fetch(`http://127.0.0.1:${port}/status`)).json()) as { value?: { ready?: boolean } };
        if (!status.value?.ready) throw new Error(`WebKitWebDriver on port ${port} is not ready`);
      },
      { timeout: 20_000, interval: 100 },
    );
    return new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
  }
  /** Each kind's session, serving one tab at a time; the first is started here, to see that WebKit runs. */
  const sessions = new Map<boolean, { driver: WebDriver; inUse: boolean }>();
  try {
    sessions.set(true, { driver: await session(true), inUse: false });
  } catch (error) {
    stop();
    throw error;
  }
  return {
    name: 'webkit',
    async open({ javaScript = true } = {}) {
      if (!sessions.has(javaScript)) sessions.set(javaScript, { driver: await session(javaScript), inUse: false });
      const opened = sessions.get(javaScript)!;
      if (opened.inUse) throw new Error('A WebKitWebDriver session holds one tab at a time: close the open tab first');
      const { driver } = opened;
      opened.inUse = true;
      await driver.manage().window().setRect({ width: 1440, height: 900 });
      return {
        problems: null,
        goto: (url) => driver.get(url),
        evaluate: (fn, ...args) => driver.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args),
        inject: async (source) => void (await driver.executeScript(source)),
        // As Playwright's click does, wait until the element takes the click: WebDriver refuses one while something covers it,
        // such as the view transition between two documents' pages, which can still be running as the next page is read.
        click: (selector) => vi.waitFor(() => driver.findElement(By.css(selector)).click(), { timeout: 5_000, interval: 100 }),
        async press(key) {
          const actions = driver.actions();
          if (key === 'Shift+Tab') await actions.keyDown(Key.SHIFT).keyDown(Key.TAB).keyUp(Key.TAB).keyUp(Key.SHIFT).perform();
          else await actions.keyDown(SELENIUM_KEYS[key]).keyUp(SELENIUM_KEYS[key]).perform();
        },
        back: () => driver.navigate().back(),
        forward: () => driver.navigate().forward(),
        async resize(width, height) {
          await driver.manage().window().setRect({ width, height });
          return driver.executeScript<number>('return document.documentElement.clientWidth');
        },
        screenshot: async (path) => writeFileSync(path, await driver.takeScreenshot(), 'base64'),
        async close() {
          await driver.get('about:blank');
          opened.inUse = false;
        },
      };
    },
    async close() {
      await Promise.all([...sessions.values()].map(({ driver }) => driver.quit().catch(() => undefined)));
      stop();
    },
  };
}

export function launchEngine(binary: EngineBinary, { colorScheme = 'light' }: { colorScheme?: ColorScheme } = {}): Promise<Engine> {
  if (binary.name === 'chromium') return chromiumEngine(binary.executable, colorScheme);
  if (binary.name === 'firefox') return firefoxEngine(binary.executable, colorScheme);
  return webkitEngine(binary, colorScheme);
}
