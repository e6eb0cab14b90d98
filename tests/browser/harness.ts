/** What the browser test files share: the built site on a free port, addresses and widths, functions run in any engine's page, and Chromium's pages. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestListener } from 'node:http';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type BrowserContextOptions, type LaunchOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject } from 'vitest';
import { siteContent } from '../../content/index.ts';
import type { Block, SiteContent } from '../../content/schema.ts';
import { editionAt, type Route } from '../../shared/routes.ts';
import { defaultSite } from '../../shared/site.ts';
import { scriptOf } from '../../shared/writing.ts';
import { CHROMIUM_FLAGS, content, editions, listening, sharedApp } from '../helpers.ts';
import { uncaught } from './engines.ts';
import type { EngineName } from './global-setup.ts';

const chromiumPath = inject('chromiumPath');

/** describe() in the chromium project when there is a Chromium, else describe.skip() (global-setup.ts said why). */
export const describeInBrowser = describe.skipIf(chromiumPath === null);
/** The chromium project's Chromium (global-setup.ts), with the suite's flags. */
export const launchChromium = (options: LaunchOptions = {}) => chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_FLAGS, ...options });
// Loading the editor's bundle, and a save (which starts the dev site again): on a busy two-core machine each can take many seconds.
export const SLOW = 60_000;

/** A path no language has: under each language's prefix, its not-found page. */
const UNKNOWN_PATH = '/no-such-page';

/** A language's own addresses by the screen that draws them, and one it does not know; not its aliases (/, /fr/), which answer their home page's bytes. */
function pagesByScreen(code: string): string[][] {
  const { routes: own, prefix } = editions.find((edition) => edition.language.code === code)!;
  const byScreen = new Map<Route['screen'], string[]>();
  for (const route of own) byScreen.set(route.screen, [...(byScreen.get(route.screen) ?? []), route.path]);
  return [...byScreen.values(), [prefix + UNKNOWN_PATH]];
}

/** Run in the page: each Latin run of its text, and whether its characters' boxes go left to right on each line, found by position, not by markup. */
export function latinRuns(script: string) {
  const run = new RegExp(String.raw`[\p{Script=Latin}\p{Nd}](?:[^\p{Script_Extensions=${script}}\n]*[\p{Script=Latin}\p{Nd}])?`, 'gu');
  const runs: Array<{ run: string; inOrder: boolean }> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const match of node.data.matchAll(run)) {
      if (!/\p{Script=Latin}/u.test(match[0])) continue;
      const boxes = [...match[0]].flatMap((char, at) => {
        const range = document.createRange();
        range.setStart(node, match.index + at);
        range.setEnd(node, match.index + at + char.length);
        const box = range.getBoundingClientRect();
        return /\s/.test(char) || box.width === 0 ? [] : [box];
      });
      if (boxes.length === 0) continue;
      const inOrder = boxes.every((box, at) => at === 0 || Math.abs(box.top - boxes[at - 1]!.top) > 1 || box.left > boxes[at - 1]!.left);
      runs.push({ run: match[0], inOrder });
    }
  }
  return runs;
}

/**
 * The content with a sentence more in a right-to-left language's first category and first legal document: its own words
 * around runs that must keep their order (a code led by digits, a standard, a share, a number with its unit, a setting
 * filled in); with those runs, the language's script, and the two pages they are on.
 */
export function withLatinRuns(code: string) {
  const edition = siteContent.editions.find((each) => each.language.code === code)!;
  const words = edition.categories[0]!.intro.split(/\s+/);
  const codes = ['2,4-D', 'EN 197-1', '100% cotton', '25 kg'];
  const sentence = `${codes.map((run, at) => `${words[at]} ${run}`).join(' ')} ${words[codes.length]} {salesEmail}.`;
  const paragraph: Block = { type: 'paragraph', children: [sentence] };
  const content: SiteContent = {
    ...siteContent,
    editions: siteContent.editions.map((each) =>
      each !== edition
        ? each
        : {
            ...each,
            categories: each.categories.map((category, index) => (index > 0 ? category : { ...category, headings: category.headings.map((group, at) => (at > 0 ? group : { ...group, items: [...group.items, sentence] })) })),
            legal: each.legal.map((doc, index) => (index > 0 ? doc : { ...doc, body: [...doc.body, paragraph] })),
          },
    ),
  };
  const { routes } = editions.find((each) => each.language.code === code)!;
  const pages = [routes.find((route) => route.category?.id === edition.categories[0]!.id)!.path, routes.find((route) => route.document?.id === edition.legal[0]!.id)!.path];
  return { content, runs: [...codes, defaultSite.salesEmail], script: scriptOf(edition.language), pages };
}

/** Every address of a language (pagesByScreen). */
export function addressesIn(code: string): string[] {
  return pagesByScreen(code).flat();
}

/** What one turn of a pass visits: every screen, and two of a screen's several pages, the next two on the next turn. */
export function screensIn(code: string, turn: number): string[] {
  return pagesByScreen(code).flatMap((pages) => (pages.length <= 2 ? pages : [pages[(2 * turn) % pages.length]!, pages[(2 * turn + 1) % pages.length]!]));
}

/** Every language's codes, the default first. */
export const LANGUAGES = editions.map((edition) => edition.language.code);
/** The right-to-left languages: what the engine suite visits in every engine, beside the default (docs/testing.md). */
export const RTL_LANGUAGES = editions.filter((edition) => edition.language.direction === 'rtl').map((edition) => edition.language.code);

/** Every address of every language. */
export const addresses: string[] = LANGUAGES.flatMap(addressesIn);
/** Every address of the default language and of each right-to-left one: where the checks of what only the layout changes run (docs/testing.md). */
export const layoutAddresses: string[] = [...new Set([LANGUAGES[0]!, ...RTL_LANGUAGES])].flatMap(addressesIn);

/** The words of the language an address is in (its prefix), for finding controls by their names. */
export function wordsAt(address: string) {
  return editionAt(editions, address.split('?', 1)[0]!).content;
}

/** The legal documents, by their files' names, in their tabs' order (three of them: the spec's). */
const [FIRST_DOCUMENT, SECOND_DOCUMENT, LAST_DOCUMENT] = editions[0]!.routes.flatMap((route) => (route.document ? [route.document.id] : []));
/** Keys pressed on the legal tabs from the first, and the tab each moves the focus to: every wrap-around, Home and End. */
export const LEGAL_TAB_MOVES = [
  ['ArrowRight', SECOND_DOCUMENT!],
  ['ArrowRight', LAST_DOCUMENT!],
  ['ArrowRight', FIRST_DOCUMENT!],
  ['ArrowLeft', LAST_DOCUMENT!],
  ['Home', FIRST_DOCUMENT!],
  ['End', LAST_DOCUMENT!],
  ['ArrowLeft', SECOND_DOCUMENT!],
] as const;

export const WIDTHS = { phone: 375, desktop: 1440, narrowest: 320 } as const;
export const HEIGHTS: Record<number, number> = { 320: 640, 375: 812, 1440: 900 };

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

export interface Site {
  url: (path: string) => string;
  browser: Browser;
}

/** The site and one browser for the enclosing describe block, filled in by beforeAll. */
export function useSite(): Site {
  const site = {} as Site;
  let close = async () => {};
  beforeAll(async () => {
    const served = await serveSite();
    const origin = served.origin;
    const browser = await launchChromium();
    Object.assign(site, { url: (path: string) => origin + path, browser });
    close = async () => {
      await browser.close();
      await served.close();
    };
  });
  afterAll(() => close());
  return site;
}

/** `site` in Chromium's full browser: the headless shell rests its pointer on every page it loads, which the site takes for the visitor (microsoft/playwright#33441). */
export function inFullBrowser(site: Site): Site {
  const other = {} as Site;
  beforeAll(async () => {
    const browser = await chromium.launch({ executablePath: inject('chromiumBrowserPath')!, args: CHROMIUM_FLAGS });
    Object.assign(other, { url: site.url, browser });
  });
  afterAll(() => other.browser?.close());
  return other;
}

/** `site` on a server of its own that holds back its lazy chunks `slowChunks` ms. */
export function useSlowChunks(site: Site, slowChunks: number): Site {
  const other = {} as Site;
  let close = async () => {};
  beforeAll(async () => {
    const served = await serveSite({ slowChunks });
    Object.assign(other, { url: (path: string) => served.origin + path, browser: site.browser });
    close = served.close;
  });
  afterAll(() => close());
  return other;
}

/** The build (or `app`) on loopback; the lazy chunks held back (a page left first) or refused (a real failure reported). */
export async function serveSite({ app = sharedApp(), slowChunks = 0, refuseChunks = false }: { app?: RequestListener; slowChunks?: number; refuseChunks?: boolean } = {}): Promise<{ origin: string; close: () => Promise<void> }> {
  const listener: RequestListener = (req, res) => {
    if (!/^\/assets\/(hydrate-islands|local-hours)\./.test(req.url ?? '')) app(req, res);
    else if (refuseChunks) res.writeHead(503).end();
    else setTimeout(() => app(req, res), slowChunks);
  };
  const { server, port, close } = await listening(listener);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return close();
    },
  };
}

export interface OpenedPage {
  page: Page;
  /** Console errors and warnings and uncaught exceptions, hydration mismatches included. */
  problems: string[];
  close: () => Promise<void>;
}

/** A fresh context of the given width, and a page in it that records what goes wrong. */
export async function openPage(site: Site, width: number, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await site.browser.newContext({ viewport: { width, height: HEIGHTS[width] ?? 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A page's own 404 or 400 is the server's answer on purpose; visit() checks each page's status itself.
    if (/status of 40[04]/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => uncaught(problems, error));
  return { page, problems, close: () => context.close() };
}

/** One page for a describe block's tests (a context costs more than a test), its problems emptied for each. */
export function usePage(site: Site, width: number, options: BrowserContextOptions = {}): OpenedPage {
  const opened = { problems: [] as string[] } as OpenedPage;
  beforeAll(async () => {
    Object.assign(opened, await openPage(site, width, options));
  });
  beforeEach(() => {
    opened.problems.length = 0;
  });
  afterAll(() => opened.close?.());
  return opened;
}

/** Loads an address, checks the status is the one the server means, and waits for the script to take over. */
export async function visit(page: Page, site: Site, address: string, { script = true, status = address.endsWith(UNKNOWN_PATH) ? 404 : 200 } = {}) {
  const response = await page.goto(site.url(address));
  expect(response?.status(), `status of ${address}`).toBe(status);
  if (script) await hydrated(page);
}

/** Resolves once the islands have hydrated, on a first interaction (client/entry.tsx) that changes nothing else: Shift. */
export async function hydrated(page: Page) {
  await page.keyboard.press('Shift');
  await page.locator('#site-menu[aria-modal="true"]').waitFor({ state: 'attached' });
}

export const drawerButton = (page: Page) => page.getByRole('button', { name: content.labels.nav.openMenu });
export const closeButton = (page: Page) => page.getByRole('button', { name: content.labels.nav.closeMenu });
export const menu = (page: Page) => page.locator('#site-menu');

// Run in the page, by any engine's driver (page.evaluate, Tab.evaluate).
export const menuIsOpen = () => document.getElementById('site-menu')!.matches(':popover-open');
/** Resolves when every running transition and animation (the menu's fade) has finished. */
export const settled = () => Promise.all(document.getAnimations().map((animation) => animation.finished)).then(() => true);
export const focused = () => {
  const active = document.activeElement;
  return active ? { text: active.textContent?.trim() ?? '', label: active.getAttribute('aria-label'), inMenu: Boolean(active.closest('#site-menu')), id: active.id, tag: active.tagName } : null;
};

/** The editor's preview beside the form, in place of the second language's form, which Decap shows there first. */
export async function showPreview(admin: Page) {
  await admin.getByRole('button', { name: /^Writing in / }).first().waitFor({ timeout: SLOW });
  const preview = admin.locator('iframe#preview-pane');
  if (!(await preview.isVisible())) await admin.getByRole('button', { name: 'Toggle preview' }).click();
  await preview.waitFor();
}

/** Pixels by which the page is wider than the viewport, and elements that stick out past either edge (run in the page). */
export function measureOverflow() {
  const width = document.documentElement.clientWidth;
  const outside = [...document.body.querySelectorAll<HTMLElement>('*')]
    .filter((node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5);
    })
    .map((node) => `${node.tagName.toLowerCase()}.${node.className}`);
  return { excess: document.documentElement.scrollWidth - width, outside };
}

/** Words in headings that the layout split across two lines (overflow-wrap breaking a word that did not fit); run in the page. */
export function brokenHeadingWords() {
  const broken: string[] = [];
  for (const heading of document.querySelectorAll('h1, h2, h3')) {
    if (!heading.checkVisibility()) continue;
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}

export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations now, run through the DevTools protocol, which the page's CSP (no inline scripts) does not govern. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(runAxe);
}

/** Runs the axe-core already in the page; one line per violation. Any engine's driver can run it. */
export async function runAxe(): Promise<string[]> {
  const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
  const results = await axe.run(document, { resultTypes: ['violations'] });
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A screenshot's file: "/legal?tab=privacy" at 375 px in chromium → artifacts/screenshots/chromium/legal-tab-privacy-375.png. */
export function screenshotPath(engine: EngineName, address: string, width: number, suffix = ''): string {
  const dir = join(SCREENSHOT_DIR, engine);
  mkdirSync(dir, { recursive: true });
  const name = address.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  return join(dir, `${name}${suffix}-${width}.png`);
}

/** The page printed to PDF and read back as lines of text (pdftotext, from Debian's poppler-utils), without the embedding marks it sets around each run of another direction. */
export async function printed(page: Page, format: 'A4' | 'Letter'): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'print-'));
  try {
    await page.pdf({ path: join(dir, 'page.pdf'), format });
    const text = spawnSync('pdftotext', [join(dir, 'page.pdf'), '-'], { encoding: 'utf8' });
    if (text.error) throw new Error(`pdftotext: ${text.error.message} (apt-get install poppler-utils)`);
    return text.stdout.split('\n').map((line) => line.replace(/[\u202a-\u202e]/g, '').trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether pdftotext is here: without it the print cases skip, with one line saying how to install it; with CI set they fail instead. */
export const pdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
