/** What a visitor meets, in the engine the vitest project is named after, through engines.ts's driver interface. */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ABOUT_PATH, LEGAL_PATH, menuLinks } from '../../shared/paths.ts';
import { defaultSite } from '../../shared/site.ts';
import { content as words, editions, testApp } from '../helpers.ts';
import { launchEngine, type Engine, type Tab } from './engines.ts';
import { addressesIn, axeSource, brokenHeadingWords, focused, HEIGHTS, LANGUAGES, latinRuns, LEGAL_TAB_MOVES, measureOverflow, menuIsOpen, RTL_LANGUAGES, runAxe, screenshotPath, screensIn, serveSite, settled, WIDTHS, withLatinRuns, wordsAt } from './harness.ts';

const name = inject('engine');
const binary = inject('binary');

// The buttons by their labels in the content (labels.*.yaml), whatever those say, in the language of the page.
const { openMenu, menu: MENU } = words.labels.nav;
const drawerAt = (address: string) => `button[aria-label=${JSON.stringify(wordsAt(address).labels.nav.openMenu)}]`;
const closeAt = (address: string) => `button[aria-label=${JSON.stringify(wordsAt(address).labels.nav.closeMenu)}]`;
const DRAWER = drawerAt('/');
const CLOSE = closeAt('/');

/** The default language and each right-to-left one: the others lay out as the default does, and chromium.test.ts visits them. */
const VISITED = [...new Set([LANGUAGES[0]!, ...RTL_LANGUAGES])];
/** Each language's home page: where the menu, the same on every page of a language, is checked open with axe and photographed. */
const MENU_PAGES = new Set(VISITED.map((code) => addressesIn(code)[0]!));

/**
 * Each engine's passes, each in one language, within npm test's CPU budget (docs/testing.md has the table). The phone pass is
 * Firefox's (MiniBrowser stops at about 450 px), the dark ones Chromium's and WebKit's (a third Firefox costs two passes).
 */
const PASSES = ['phone', 'dark', 'noScript'] as const;
type Pass = (typeof PASSES)[number];
const [first, second = first] = VISITED as [string, string?];
const SHARE: Record<string, Record<Pass, readonly string[]>> = {
  chromium: { phone: [], dark: [first], noScript: [] },
  firefox: { phone: [second], dark: [], noScript: [first] },
  webkit: { phone: [], dark: [second], noScript: [second] },
};
/** The engine's passes that visit anything, in order: a pass's turn is its place among them. */
const TURNS = PASSES.filter((pass) => SHARE[name]![pass].length > 0);
const addressesFor = (pass: Pass) => SHARE[name]![pass].flatMap((code) => screensIn(code, TURNS.indexOf(pass)));

// Functions run in the page: each uses only its arguments and the page's globals.

/** Records console errors and warnings and uncaught errors in the page itself, for a driver that reports none. */
function recordProblems() {
  const page = window as unknown as { __problems?: string[] };
  if (page.__problems) return;
  const problems: string[] = (page.__problems = []);
  for (const level of ['error', 'warn'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      problems.push(`console.${level}: ${args.map(String).join(' ')}`);
      original.apply(console, args);
    };
  }
  addEventListener('error', (event) => problems.push(`uncaught: ${event.message}`));
  addEventListener('unhandledrejection', (event) => problems.push(`unhandled rejection: ${String(event.reason)}`));
}
const recordedProblems = () => (window as unknown as { __problems?: string[] }).__problems ?? [];
const isHydrated = () => document.querySelector('#site-menu[aria-modal="true"]') !== null;
const menuOpacity = () => getComputedStyle(document.getElementById('site-menu')!).opacity;
const content = () => ({ h1: document.querySelector('h1')?.textContent?.trim() ?? '', main: (document.querySelector('main') as HTMLElement | null)?.innerText.length ?? 0 });
const focus = (selector: string) => (document.querySelector(selector) as HTMLElement).focus();
/** The legal page as a visitor meets it: its address, the tab marked as the page, the document shown, and the tab the focus is on. */
const legalState = () => ({
  path: location.pathname + location.search,
  current: [...document.querySelectorAll('.legal-tabs__list a[aria-current="page"]')].map((link) => link.getAttribute('href')),
  shown: [...document.querySelectorAll('.legal-tabs__panel h2')].map((heading) => heading.id),
  focused: document.activeElement?.closest('.legal-tabs__list') ? document.activeElement.getAttribute('href') : null,
});
/** What the drawer button and the dialog tell assistive technology, and whether the page behind the menu is inert. */
const menuState = (drawerSelector: string) => {
  const drawer = document.querySelector(drawerSelector)!;
  const dialog = document.getElementById('site-menu')!;
  return {
    controls: drawer.getAttribute('aria-controls'),
    expanded: drawer.getAttribute('aria-expanded'),
    dialog: [dialog.getAttribute('role'), dialog.getAttribute('aria-label'), dialog.getAttribute('aria-modal')],
    current: [...dialog.querySelectorAll('.overlay-menu__nav a[aria-current="page"]')].map((link) => link.textContent?.trim()),
    inert: [...document.querySelectorAll('.skip-link, .site-header, main, .site-footer')].map((node) => Boolean(node.closest('[inert]'))),
  };
};
const pageShown = () => ({ path: location.pathname + location.search, h1: document.querySelector('h1')?.textContent?.trim() ?? '' });

/** The state on the page of document `id`, in the language of `prefix`. */
const onDocument = (id: string, prefix = '') => {
  const path = addressOf(id, prefix);
  return { path, current: [path], shown: [`document-${id}`] };
};

/** The default language's pages: the menu and the legal tabs lead between the pages of one language. */
const routes = editions[0]!.routes;
/** The menu's links in the default language, from the route table: the drawer leads to each. */
const MENU_LINKS = menuLinks(routes);
const ABOUT = MENU_LINKS.find((link) => link.href === ABOUT_PATH)!;
/** A menu link to follow from /home: the last one. */
const FOLLOWED = MENU_LINKS.at(-1)!;
/** The legal documents, in their tabs' order, and the address of each in a language. */
const DOCUMENTS = routes.flatMap((route) => (route.document ? [route.document.id] : []));
const addressOf = (id: string, prefix = '') => prefix + routes.find((route) => route.document?.id === id)!.key;

describe.skipIf(binary === null)(`in ${name}`, () => {
  let origin = '';
  /** The same site with the chunks a page imports once loaded held back 2 s. */
  let slowOrigin = '';
  // One app for the three servers of the suite: an app renders every page of every language as it starts.
  let app: ReturnType<typeof testApp>;
  let engine: Engine;
  let closeSites = async () => {};
  beforeAll(async () => {
    app = testApp();
    const sites = await Promise.all([serveSite({ app }), serveSite({ app, slowChunks: 2_000 })]);
    [origin, slowOrigin] = sites.map((site) => site.origin) as [string, string];
    closeSites = async () => void (await Promise.all(sites.map((site) => site.close())));
    engine = await launchEngine(binary!);
  });
  afterAll(async () => {
    await engine?.close();
    await closeSites();
  });

  /** One tab for the tests of a describe block, at the given width; `width` becomes the one the engine gave. */
  function useTab(wanted: number, options: { javaScript?: boolean } = {}) {
    const opened = { tab: undefined as unknown as Tab, width: wanted };
    beforeAll(async () => {
      opened.tab = await engine.open(options);
      opened.width = await opened.tab.resize(wanted, HEIGHTS[wanted] ?? 900);
    });
    beforeEach(() => void opened.tab.problems?.splice(0));
    afterAll(() => opened.tab?.close());
    return opened;
  }

  /** Loads an address and hydrates it; the key press is repeated, as MiniBrowser's first page on a busy machine once missed one. */
  async function visit(tab: Tab, address: string, { script = true } = {}) {
    await tab.goto(origin + address);
    if (script) await hydrate(tab);
  }

  async function hydrate(tab: Tab) {
    await tab.evaluate(recordProblems);
    await expect.poll(async () => (await tab.press('Shift'), tab.evaluate(isHydrated)), { timeout: 10_000, interval: 250 }).toBe(true);
  }

  /** What went wrong on the page so far: the driver's report where it gives one, and what the page recorded itself. */
  async function problems(tab: Tab) {
    return [...(tab.problems ?? []), ...(await tab.evaluate(recordedProblems))];
  }

  async function axe(tab: Tab) {
    if (!(await tab.evaluate(() => 'axe' in window))) await tab.inject(axeSource);
    return tab.evaluate(runAxe);
  }

  /** A pass's checks of a loaded page, and on a home page with the menu open; axe only where asked (the dark passes), as chromium.test.ts runs it on every light page. */
  async function rendersWell(tab: Tab, address: string, width: number, { suffix = '', withAxe = false } = {}) {
    const shown = await tab.evaluate(content);
    expect(shown.h1).not.toBe('');
    expect(shown.main).toBeGreaterThan(100);
    expect(await tab.evaluate(measureOverflow)).toEqual({ excess: 0, outside: [] });
    expect(await tab.evaluate(brokenHeadingWords)).toEqual([]);
    await tab.screenshot(screenshotPath(name, address, width, suffix));
    if (withAxe) expect(await axe(tab), 'axe, menu closed').toEqual([]);
    if (!MENU_PAGES.has(address)) return void expect(await problems(tab)).toEqual([]);

    await tab.click(drawerAt(address));
    await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
    await tab.evaluate(settled);
    await tab.screenshot(screenshotPath(name, address, width, `${suffix}-menu`), { viewport: true });
    if (withAxe) expect(await axe(tab), 'axe, menu open').toEqual([]);
    await tab.click(closeAt(address));
    await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(false);
    expect(await problems(tab)).toEqual([]);
  }

  if (addressesFor('phone').length > 0) {
    describe(`at phone width (${WIDTHS.phone} px, or the narrowest the engine allows)`, () => {
      const opened = useTab(WIDTHS.phone);

      it.each(addressesFor('phone'))('%s renders its content, fits the width with no heading word split, and hydrates cleanly (with the menu open too, on the home pages)', async (address) => {
        const { tab, width } = opened;
        await visit(tab, address);
        await rendersWell(tab, address, width);
      });
    });
  }

  describe('the overlay menu', () => {
    const opened = useTab(WIDTHS.desktop);

    it('opens by mouse as a modal dialog with focus inside, the current page marked and the page behind inert; the exit button closes it with focus back on the drawer button', async () => {
      const { tab } = opened;
      await visit(tab, ABOUT.href);
      const closed = { controls: 'site-menu', expanded: 'false', dialog: ['dialog', MENU, 'true'], inert: [false, false, false, false] };
      expect(await tab.evaluate(menuState, DRAWER)).toMatchObject(closed);
      await tab.click(DRAWER);
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ inMenu: true });
      await expect.poll(() => tab.evaluate(menuState, DRAWER)).toMatchObject({ expanded: 'true', current: [ABOUT.label], inert: [true, true, true, true] });
      await tab.click(CLOSE);
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(false);
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ label: openMenu });
      expect(await tab.evaluate(menuState, DRAWER)).toMatchObject(closed);
      expect(await problems(tab)).toEqual([]);
    });

    it(`leads to the page a link names: ${FOLLOWED.label}`, async () => {
      const { tab } = opened;
      await visit(tab, '/home');
      await tab.click(DRAWER);
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
      await tab.click(`#site-menu a[href="${FOLLOWED.href}"]`);
      // A legal document's page is headed by the Legal page's title, its own below it.
      const route = routes.find((route) => route.path === FOLLOWED.href)!;
      const title = route.document ? words.legalPage!.title : route.title;
      await expect.poll(() => tab.evaluate(pageShown)).toEqual({ path: FOLLOWED.href, h1: title });
      // Leaving before the footer's hours have loaded makes Firefox report the aborted import in the next test.
      await expect.poll(() => tab.evaluate(() => document.querySelector('[data-local-hours]')?.textContent ?? 'no footer')).not.toBe('');
      expect(await problems(tab)).toEqual([]);
    });

    it('opens by keyboard (Enter, then Space), keeps Tab and Shift+Tab inside, and Escape and the exit button close it with focus back on the drawer button', async () => {
      const { tab } = opened;
      await visit(tab, '/legal');
      // Skip link, brand, home, each language, then the drawer button.
      for (let step = 0; step < 6 + editions.length && (await tab.evaluate(focused))?.label !== openMenu; step++) await tab.press('Tab');
      expect(await tab.evaluate(focused)).toMatchObject({ label: openMenu });

      await tab.press('Enter');
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
      // The script moves focus on the popover's toggle event, which comes a task later: to the brand first.
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ inMenu: true, text: defaultSite.brandName });
      const visited = new Set<string>();
      const stops = MENU_LINKS.length + 2 + editions.length;
      for (let step = 0; step < stops + 2; step++) {
        await tab.press('Tab');
        const now = await tab.evaluate(focused);
        expect(now?.inMenu, `Tab ${step + 1} stays in the menu`).toBe(true);
        visited.add(now?.label ?? now?.text ?? '');
      }
      // The brand, the close button, every menu link and every language: Tab went round them all.
      expect(visited.size).toBe(stops);
      for (let step = 0; step < stops + 2; step++) {
        await tab.press('Shift+Tab');
        expect((await tab.evaluate(focused))?.inMenu, `Shift+Tab ${step + 1} stays in the menu`).toBe(true);
      }
      await tab.press('Escape');
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(false);
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ label: openMenu });
      expect((await tab.evaluate(menuState, DRAWER)).expanded).toBe('false');

      await tab.press('Space');
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ inMenu: true });
      await tab.evaluate(focus, CLOSE);
      await tab.press('Enter');
      await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(false);
      await expect.poll(() => tab.evaluate(focused)).toMatchObject({ label: openMenu });
      expect(await problems(tab)).toEqual([]);
    });

    it('moves focus in when reopened the moment it has closed', async () => {
      // With a fade out, WebKit and Chromium refused focus in a menu reopened in the frame the fade ended (styles.css).
      const { tab } = opened;
      await visit(tab, '/about');
      const landed = await tab.evaluate(async (drawerSelector: string) => {
        const menu = document.getElementById('site-menu')!;
        const drawer = document.querySelector<HTMLElement>(drawerSelector)!;
        // How long closing takes (none now), read from the closed menu's style.
        const ends = 1000 * Math.max(...getComputedStyle(menu).transitionDuration.split(',').map(parseFloat));
        const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const where: string[] = [];
        for (let offset = -2; offset <= 6; offset += 2) {
          drawer.click();
          await wait(ends + 100);
          menu.hidePopover();
          await wait(ends + offset);
          drawer.click();
          await wait(100);
          where.push(menu.contains(document.activeElement) ? 'in the menu' : `${ends + offset} ms: ${document.activeElement?.tagName}`);
          menu.hidePopover();
        }
        return where;
      }, DRAWER);
      expect(new Set(landed)).toEqual(new Set(['in the menu']));
    });
  });

  describe('the hydration check', () => {
    const opened = useTab(WIDTHS.desktop);

    it('catches a server render that the client does not reproduce', async () => {
      // Proves the "no problems" checks can fail in this engine. The islands' chunk takes 2 s here, so hydration cannot
      // start before the text changes: served at once, two full runs saw Chromium hydrate first and report no mismatch.
      const { tab } = opened;
      await tab.goto(`${slowOrigin}/about`);
      await tab.evaluate(() => void (document.querySelector('.nav-link')!.textContent = 'HOMEPAGE'));
      // A mismatch makes React render the island afresh, so it ends up hydrated all the same.
      await hydrate(tab);
      await expect.poll(() => problems(tab).then((list) => list.join('\n')), { timeout: 10_000 }).toMatch(/418|hydrat/i);
    });
  });

  describe('the legal tabs', () => {
    const opened = useTab(WIDTHS.desktop);

    /** Each island hydrates on its own, on the first interaction: focus the current tab and wait for the row to answer the arrows. */
    async function openLegal(tab: Tab, address = LEGAL_PATH) {
      await visit(tab, address);
      await tab.evaluate(focus, '.legal-tabs__list a[aria-current="page"]');
      await expect.poll(() => tab.evaluate(() => document.querySelector('.legal-tabs__list[data-enhanced]') !== null)).toBe(true);
    }

    // Each document's page has axe run on it in the passes (screensIn): here, what moving between them does.
    it('are links between the documents’ pages: a click loads the next page, and Back and Forward go back and forth', async () => {
      const { tab } = opened;
      await openLegal(tab);
      expect(await tab.evaluate(legalState)).toMatchObject(onDocument(DOCUMENTS[0]!));
      for (const id of DOCUMENTS.slice(1)) {
        await tab.click(`.legal-tabs__list a[href="${addressOf(id)}"]`);
        await expect.poll(() => tab.evaluate(legalState)).toMatchObject(onDocument(id));
        // Read as a visitor does: the page loaded, and the view transition that covers it until it ends over (a click
        // before lands on the transition in WebKit; a page left while its script loads is another test's).
        await expect.poll(() => tab.evaluate(() => document.readyState)).toBe('complete');
        await tab.evaluate(settled);
      }
      await tab.back();
      await expect.poll(() => tab.evaluate(legalState)).toMatchObject(onDocument(DOCUMENTS.at(-2)!));
      await expect.poll(() => tab.evaluate(() => document.readyState)).toBe('complete');
      await tab.forward();
      await expect.poll(() => tab.evaluate(legalState)).toMatchObject(onDocument(DOCUMENTS.at(-1)!));
      expect(await problems(tab)).toEqual([]);
    });

    it('move the focus by Left, Right, Home and End, as along a row of tabs, and Enter opens the focused one', async () => {
      const { tab } = opened;
      await openLegal(tab);
      for (const [key, lands] of LEGAL_TAB_MOVES) {
        await tab.press(key);
        await expect.poll(() => tab.evaluate(legalState), { message: `${key} lands on ${lands}` }).toMatchObject({ ...onDocument(DOCUMENTS[0]!), focused: addressOf(lands) });
      }
      const last = LEGAL_TAB_MOVES.at(-1)![1];
      await tab.press('Enter');
      await expect.poll(() => tab.evaluate(legalState)).toMatchObject(onDocument(last));
      expect(await problems(tab)).toEqual([]);
    });

    it.each(RTL_LANGUAGES)('in %s, right to left, Left moves to the next tab and Right to the one before, as the row reads', async (code) => {
      const { tab } = opened;
      const prefix = `/${code}`;
      await openLegal(tab, prefix + LEGAL_PATH);
      // The same moves as above with the arrows swapped: the row runs the other way.
      const mirrored = (key: (typeof LEGAL_TAB_MOVES)[number][0]) => (key === 'ArrowLeft' ? 'ArrowRight' : key === 'ArrowRight' ? 'ArrowLeft' : key);
      for (const [key, lands] of LEGAL_TAB_MOVES) {
        await tab.press(mirrored(key));
        await expect.poll(() => tab.evaluate(legalState), { message: `${mirrored(key)} lands on ${lands}` }).toMatchObject({ focused: addressOf(lands, prefix) });
      }
      expect(await problems(tab)).toEqual([]);
    });
  });

  // Chromium reads every right-to-left page (right-to-left.test.ts); the other engines, the two pages the added runs are on.
  if (name !== 'chromium') describe('right to left', () => {
    const opened = useTab(WIDTHS.phone);
    it.each(RTL_LANGUAGES)('in %s, each run of Latin letters and digits reads left to right in the order it is written', async (code) => {
      const { content, runs, script, pages } = withLatinRuns(code);
      const served = await serveSite({ app: testApp({ content }) });
      try {
        const read: Array<{ run: string; inOrder: boolean }> = [];
        for (const page of pages) {
          await opened.tab.goto(served.origin + page);
          read.push(...(await opened.tab.evaluate(latinRuns, script)));
        }
        expect(read.filter(({ inOrder }) => !inOrder)).toEqual([]);
        expect(read.map(({ run }) => run)).toEqual(expect.arrayContaining(runs));
      } finally {
        await served.close();
      }
    });
  });

  describe('the language switch', () => {
    const language = () => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, direction: getComputedStyle(document.body).direction, path: location.pathname + location.search });
    const other = (code: string) => editions.find((edition) => edition.language.code !== code)!.language;
    const rtl = RTL_LANGUAGES[0]!;

    describe('in the bar', () => {
      const opened = useTab(WIDTHS.desktop);
      // Where each language's link leads is the server's (tests/languages.test.ts, every address): here, the direction following in the engine.
      it(`leads from a page in ${rtl} to the same page in the default language, the direction following`, async () => {
        const { tab } = opened;
        const target = editions[0]!;
        await visit(tab, `/${rtl}${ABOUT_PATH}`);
        expect(await tab.evaluate(language)).toEqual({ lang: rtl, dir: 'rtl', direction: 'rtl', path: `/${rtl}${ABOUT_PATH}` });
        await tab.click(`.languages--bar a[hreflang="${target.language.code}"]`);
        const { code, direction } = target.language;
        await expect.poll(() => tab.evaluate(language)).toEqual({ lang: code, dir: direction, direction, path: `${target.prefix}${ABOUT_PATH}` });
        // Leaving a page before its scripts have loaded makes Firefox report the aborted loads: the next visit waits for them.
        await expect.poll(() => tab.evaluate(() => document.querySelector('[data-local-hours]')?.textContent ?? 'no footer'), { timeout: 10_000 }).not.toBe('');
        expect(await problems(tab)).toEqual([]);
      });
    });

    describe('in the menu, without JavaScript', () => {
      const opened = useTab(WIDTHS.phone, { javaScript: false });
      it(`leads from a legal document in ${other(rtl).name} to the same document in ${rtl}`, async () => {
        const { tab } = opened;
        const from = editions.find((edition) => edition.language.code === other(rtl).code)!;
        const address = addressOf(DOCUMENTS[1]!, from.prefix);
        await visit(tab, address, { script: false });
        await tab.click(drawerAt(address));
        await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
        await expect.poll(() => tab.evaluate(menuOpacity)).toBe('1');
        await tab.click(`#site-menu a[hreflang="${rtl}"]`);
        await expect.poll(() => tab.evaluate(language)).toEqual({ lang: rtl, dir: 'rtl', direction: 'rtl', path: addressOf(DOCUMENTS[1]!, `/${rtl}`) });
        expect(tab.problems ?? []).toEqual([]);
      });
    });
  });

  if (addressesFor('dark').length > 0) {
    describe('in the dark scheme', () => {
      let dark: Engine;
      let tab: Tab;
      beforeAll(async () => {
        dark = await launchEngine(binary!, { colorScheme: 'dark' });
        tab = await dark.open();
      });
      afterAll(async () => {
        await tab?.close();
        await dark?.close();
      });

      it.each(addressesFor('dark'))('%s is drawn on ink at desktop width, renders its content, fits the width with no heading word split, hydrates cleanly, and axe finds nothing, contrast included (with the menu open too, on the home pages)', async (address) => {
        await visit(tab, address);
        const scheme = await tab.evaluate(() => ({ dark: matchMedia('(prefers-color-scheme: dark)').matches, background: getComputedStyle(document.body).backgroundColor }));
        expect(scheme).toEqual({ dark: true, background: 'rgb(15, 31, 51)' });
        await rendersWell(tab, address, WIDTHS.desktop, { suffix: '-dark', withAxe: true });
      });
    });
  }

  describe('leaving a page before its scripts have loaded', () => {
    const opened = useTab(WIDTHS.desktop);

    // Where the driver reports the console (Chromium, Firefox): WebKitWebDriver reports none across a navigation, so there it could not fail.
    it.skipIf(name === 'webkit')('logs nothing at error or warning level, whether the islands had started to load or not', async () => {
      // The chunks a page imports once loaded take 2 s here, so each page is left while they are on their way.
      const { tab } = opened;
      // Four pages: every page imports the same chunks, so which page is left matters less than how.
      for (const [index, address] of addressesIn(LANGUAGES[0]!).slice(0, 4).entries()) {
        await tab.goto(slowOrigin + address);
        // Every other page: the first interaction starts the islands' import too.
        if (index % 2 === 0) await tab.press('Shift');
      }
      await tab.goto(`${slowOrigin}/about`);
      await expect.poll(() => tab.evaluate(() => document.querySelector('[data-local-hours]')?.textContent ?? ''), { timeout: 10_000 }).not.toBe('');
      expect(await problems(tab)).toEqual([]);
    });

    it('still reports a chunk that fails to load on a page the visitor stays on', async () => {
      const { tab } = opened;
      const refusing = await serveSite({ app, refuseChunks: true });
      try {
        await tab.goto(`${refusing.origin}/about`);
        await tab.evaluate(recordProblems);
        await tab.press('Shift');
        // Each engine words it its own way (WebKit's names no address): that something is reported is the point.
        await expect.poll(() => problems(tab).then((list) => list.length), { timeout: 10_000 }).toBeGreaterThan(0);
      } finally {
        await refusing.close();
      }
    });
  });

  if (addressesFor('noScript').length > 0) {
    describe('without JavaScript', () => {
      const opened = useTab(WIDTHS.phone, { javaScript: false });

      // The menu is the same on every page of a language: it is opened on the language's home page.
      it.each(addressesFor('noScript'))('%s shows its content and fits the width; on a home page, the drawer and exit buttons open and close the menu', async (address) => {
        const { tab, width } = opened;
        await visit(tab, address, { script: false });
        const shown = await tab.evaluate(content);
        expect(shown.h1).not.toBe('');
        expect(shown.main).toBeGreaterThan(100);
        expect(await tab.evaluate(measureOverflow)).toEqual({ excess: 0, outside: [] });
        if (MENU_PAGES.has(address)) {
          await tab.click(drawerAt(address));
          await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(true);
          // The menu fades in; getAnimations() would need a function call, which hangs with scripts off.
          await expect.poll(() => tab.evaluate(menuOpacity)).toBe('1');
          await tab.screenshot(screenshotPath(name, address, width, '-no-js-menu'), { viewport: true });
          await tab.click(closeAt(address));
          await expect.poll(() => tab.evaluate(menuIsOpen)).toBe(false);
        }
        expect(tab.problems ?? []).toEqual([]);
      });
    });
  }
});
