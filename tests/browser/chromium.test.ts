/** What engines.test.ts does not check, in Chromium alone because it needs what only playwright-core offers. */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_PATH, HOME_PATH, LEGAL_PATH } from '../../shared/paths.ts';
import { defaultSite } from '../../shared/site.ts';
import { hoursText, localHours } from '../../shared/hours.ts';
import { hoursTextInput, localHoursInput, say } from '../../shared/sentences.ts';
import { content, editions, listening, sharedApp } from '../helpers.ts';
import {
  addresses,
  axeViolations,
  layoutAddresses,
  brokenHeadingWords,
  closeButton,
  describeInBrowser,
  drawerButton,
  focused,
  inFullBrowser,
  measureOverflow,
  menu,
  menuIsOpen,
  openPage,
  pdftotext,
  printed,
  screenshotPath,
  settled,
  usePage,
  useSite,
  useSlowChunks,
  visit,
  WIDTHS,
} from './harness.ts';

/** A malformed percent-escape: the server refuses it with the error screen. */
const BAD_ADDRESS = '/%E0%A4%A';
/** The default language's pages: the other languages' are visited by address (harness.ts). */
const routes = editions[0]!.routes;
/** The legal documents' pages, in their tabs' order. */
const DOCUMENTS = routes.filter((route) => route.document);

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The words a sighted visitor sees on a link: its text without the visually hidden parts. */
function visibleWords(link: Locator): Promise<string> {
  return link.evaluate((element) =>
    [...element.querySelectorAll('*')]
      .filter((child) => child.children.length === 0 && child.getBoundingClientRect().width > 1)
      .map((child) => child.textContent ?? '')
      .join('')
      .trim(),
  );
}

/** How far the wheel, PageDown and End scroll the page: read two frames after the last key, not after a fixed wait. */
async function tryToScroll(page: Page) {
  await page.evaluate(() => {
    window.gesturesReceived = new Promise((resolve) =>
      addEventListener('keyup', (event) => event.key === 'End' && requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  });
  await page.mouse.move(180, 500);
  await page.mouse.wheel(0, 800);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  await page.evaluate(() => window.gesturesReceived);
  return scrollY(page);
}

/** The layout shift after `since` (document timeline), with what moved: read two frames on, as the observer's callback may never come on a busy machine. */
function layoutShiftSince(page: Page, since: number): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    (since) =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        const add = (entries: PerformanceEntryList) =>
          (entries as Shift[]).forEach((entry) => {
            if (entry.startTime <= since) return;
            total += entry.value;
            for (const { node, previousRect: from, currentRect: to } of entry.sources) {
              const name = node instanceof Element ? `${node.localName}${node.className ? `.${String(node.className).replaceAll(' ', '.')}` : ''}` : String(node?.nodeName);
              moved.push(`${name} at ${Math.round(entry.startTime)} ms: y ${from.y} → ${to.y}, height ${from.height} → ${to.height}`);
            }
          });
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve({ total, moved });
          }),
        );
      }),
    since,
  );
}

/** An init script: when the local-hours slot is filled, so a shift counts as the fill's only after it (a loading page may move before). */
function recordFill() {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-local-hours]')?.textContent) return;
    // The document's timeline, not performance.now(), which the test's fixed clock stops.
    window.localHoursFilledAt = Number(document.timeline.currentTime);
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}
const filledAt = (page: Page) => page.evaluate(() => window.localHoursFilledAt!);

declare global {
  interface Window {
    gesturesReceived?: Promise<void>;
    localHoursFilledAt?: number;
  }
}

describeInBrowser('in Chromium', () => {
  const site = useSite();

  describe(`at ${WIDTHS.narrowest} px`, () => {
    const tab = usePage(site, WIDTHS.narrowest);

    it.each(addresses)('%s fits the width, with no heading word split over two lines', async (address) => {
      await visit(tab.page, site, address);
      expect(await tab.page.evaluate(measureOverflow)).toEqual({ excess: 0, outside: [] });
      expect(await tab.page.evaluate(brokenHeadingWords)).toEqual([]);
      await tab.page.screenshot({ path: screenshotPath('chromium', address, WIDTHS.narrowest) });
      expect(tab.problems).toEqual([]);
    });
  });

  describe(`at ${WIDTHS.desktop} px, by keyboard, in forced colours and on paper`, () => {
    const tab = usePage(site, WIDTHS.desktop);
    // An address's three tests share one load (each loads it alone); the Tab walk loads it afresh, from the top.
    const arrive = async (address: string) => {
      if (tab.page.url() !== site.url(address)) await visit(tab.page, site, address);
    };

    for (const address of layoutAddresses) {
      it(`${address}: Tab reaches every control from the skip link on, each with a visible focus ring and a target of at least 24 by 24 px; one h1, and no heading level skipped`, async () => {
        const { page } = tab;
        await visit(page, site, address);
        // Everything focusable and shown, less what the roving tabindex of the legal tabs takes out of the Tab order.
        const controls = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('a[href], button, [tabindex]')]
            .filter((node) => node.tabIndex >= 0 && node.checkVisibility())
            .map((node) => node.outerHTML.slice(0, 80)),
        );
        const reached: string[] = [];
        // Each control by its place in the document: two links may be written alike (an address in the text and in the footer).
        const places = new Set<number>();
        for (let step = 0; step <= controls.length; step++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => {
            const node = document.activeElement as HTMLElement | null;
            if (!node || node === document.body) return null;
            const style = getComputedStyle(node);
            const box = node.getBoundingClientRect();
            const place = [...document.querySelectorAll('a[href], button, [tabindex]')].indexOf(node);
            return { place, html: node.outerHTML.slice(0, 80), ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, width: box.width, height: box.height };
          });
          if (!focus || places.has(focus.place)) break;
          places.add(focus.place);
          reached.push(focus.html);
          expect(focus.ring, `focus ring on ${focus.html}`).toBe(true);
          expect(Math.min(focus.width, focus.height), `target size of ${focus.html}`).toBeGreaterThanOrEqual(24);
        }
        expect(reached[0]).toContain('skip-link');
        expect(reached).toEqual(controls);

        const levels = await page.evaluate(() =>
          [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((node) => node.checkVisibility()).map((node) => Number(node.tagName[1])),
        );
        expect(levels[0], 'the first heading is an h1').toBe(1);
        expect(levels.filter((level) => level === 1), 'one h1').toHaveLength(1);
        levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0), 'no heading level skipped').toBeLessThanOrEqual(1));
        expect(tab.problems).toEqual([]);
      });

      // The visitor's own palette decides every colour here, so contrast is theirs, not axe's to judge.
      it(`${address} in forced colours fits the width, nothing opts out of the system colours, and the selected legal tab is told by more than its fill`, async () => {
        await arrive(address);
        await tab.page.emulateMedia({ forcedColors: 'active' });
        try {
          expect(await tab.page.evaluate(measureOverflow)).toEqual({ excess: 0, outside: [] });
          const optedOut = await tab.page.evaluate(() => [...document.querySelectorAll('body *')].filter((node) => getComputedStyle(node).forcedColorAdjust === 'none').map((node) => node.className));
          expect(optedOut).toEqual([]);
          if (address.startsWith(LEGAL_PATH)) {
            const underline = await tab.page.locator('.legal-tabs__list .tab').evaluateAll((tabs) => tabs.map((link) => getComputedStyle(link).textDecorationLine));
            expect(underline.filter((line) => line.includes('underline'))).toHaveLength(1);
          }
          expect(tab.problems).toEqual([]);
        } finally {
          await tab.page.emulateMedia({ forcedColors: 'none' });
        }
      });

      it(`${address} on paper fits the printable width of A4 and Letter`, async () => {
        await arrive(address);
        await tab.page.emulateMedia({ media: 'print' });
        try {
          // A4 and Letter less the stylesheet's page margins (16 mm a side), in CSS pixels.
          for (const width of [Math.floor(((210 - 32) / 25.4) * 96), Math.floor(((215.9 - 32) / 25.4) * 96)]) {
            await tab.page.setViewportSize({ width, height: 1000 });
            expect(await tab.page.evaluate(measureOverflow), `${width} px`).toEqual({ excess: 0, outside: [] });
          }
        } finally {
          await tab.page.emulateMedia({ media: 'screen' });
          await tab.page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
        }
      });
    }

    it('the skip link is the first Tab stop, shows itself when focused, and moves focus to the main content', async () => {
      const { page } = tab;
      await visit(page, site, LEGAL_PATH);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: content.labels.skipLink });
      expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.x >= 0).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(focused)).toMatchObject({ tag: 'MAIN', id: 'main' });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      expect(await page.evaluate(focused)).toMatchObject({ text: content.legal[0]!.tabLabel });
    });
  });

  describe('the error screen', () => {
    const tab = usePage(site, WIDTHS.phone);

    it('for an address that cannot be decoded fits the width, and axe finds nothing', async () => {
      const { page } = tab;
      await visit(page, site, BAD_ADDRESS, { script: false, status: 400 });
      expect(await page.locator('h1').textContent()).toBe(content.labels.errorHeading);
      expect(await page.evaluate(measureOverflow)).toEqual({ excess: 0, outside: [] });
      await page.screenshot({ path: screenshotPath('chromium', 'error', WIDTHS.phone), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(tab.problems).toEqual([]);
    });
  });

  describe('the script', () => {
    // Before any interaction: not in the headless shell, which points at every page it loads.
    const browser = inFullBrowser(site);
    const tab = usePage(browser, WIDTHS.phone);

    it('loads React and hydrates the islands only on the first interaction', async () => {
      const { page } = tab;
      const scripts: string[] = [];
      const record = (request: { url: () => string; resourceType: () => string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      try {
        await visit(page, site, HOME_PATH, { script: false });
        await page.waitForLoadState('networkidle');
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/entry\./)]);
        expect(await drawerButton(page).getAttribute('aria-expanded')).toBeNull();

        await page.mouse.move(20, 40);
        await page.locator('#site-menu[aria-modal="true"]').waitFor({ state: 'attached' });
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/entry\./), expect.stringMatching(/^\/assets\/hydrate-islands\./)]);
        expect(await drawerButton(page).getAttribute('aria-expanded')).toBe('false');
        expect(tab.problems).toEqual([]);
      } finally {
        page.off('request', record);
      }
    });
  });

  describe('the overlay menu', () => {
    const phone = usePage(site, WIDTHS.phone);

    it('keeps a long page behind still while open, by wheel and by keys, and lets it scroll again once closed', async () => {
      const { page } = phone;
      await visit(page, site, '/products');
      await drawerButton(page).click();
      await page.evaluate(settled);
      expect(await tryToScroll(page)).toBe(0);

      await closeButton(page).click();
      await page.evaluate(settled);
      expect(await tryToScroll(page)).toBeGreaterThan(0);
      expect(phone.problems).toEqual([]);
    });

    it('fades in unless the visitor prefers reduced motion', async () => {
      const { page } = phone;
      await visit(page, site, HOME_PATH);
      const longest = () => menu(page).evaluate((node) => Math.max(...getComputedStyle(node).transitionDuration.split(',').map(parseFloat)));
      for (const [reducedMotion, fades] of [['reduce', false], ['no-preference', true]] as const) {
        await page.emulateMedia({ reducedMotion });
        await drawerButton(page).click();
        expect((await longest()) > 0, `with prefers-reduced-motion: ${reducedMotion}`).toBe(fades);
        await closeButton(page).click();
        expect(await page.evaluate(menuIsOpen)).toBe(false);
      }
      expect(phone.problems).toEqual([]);
    });
  });

  describe('without JavaScript', () => {
    const tab = usePage(site, WIDTHS.phone, { javaScriptEnabled: false });

    describe('before the script has loaded', () => {
      // axe needs timers, which a page with JavaScript switched off does not run; so this
      // page keeps JavaScript but never gets our script, and shows the same server HTML.
      const waiting = usePage(site, WIDTHS.phone);

      beforeAll(() => waiting.page.route('**/assets/entry.*.js', (route) => route.abort()));

      it.each(addresses)('%s: axe finds nothing', async (address) => {
        const { page } = waiting;
        await visit(page, site, address, { script: false });
        expect(await page.locator('#site-menu').getAttribute('aria-modal')).toBeNull();
        expect(await axeViolations(page)).toEqual([]);
      });

      it('the menu keeps the page behind still while open, and lets it scroll once closed', async () => {
        const { page } = waiting;
        await visit(page, site, '/products', { script: false });
        await drawerButton(page).click();
        expect(await tryToScroll(page)).toBe(0);
        await closeButton(page).click();
        expect(await tryToScroll(page)).toBeGreaterThan(0);
      });
    });

    it('the menu opens by keyboard, Tab moves into it, and Escape closes it with focus back on the drawer button', async () => {
      const { page } = tab;
      await visit(page, site, ABOUT_PATH, { script: false });
      await drawerButton(page).focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate(menuIsOpen)).toBe(true);
      await page.keyboard.press('Tab');
      expect((await page.evaluate(focused))?.inMenu).toBe(true);
      await page.keyboard.press('Escape');
      expect(await page.evaluate(menuIsOpen)).toBe(false);
      // The browser hands focus back to the button that opened the popover.
      expect(await page.evaluate(focused)).toMatchObject({ label: content.labels.nav.openMenu });
      expect(tab.problems).toEqual([]);
    });
  });

  describe('on paper', () => {
    const tab = usePage(site, WIDTHS.desktop);
    if (!pdftotext && !process.env.CI) console.warn('Skipping the printed pages: no pdftotext (apt-get install poppler-utils)');
    it.skipIf(!pdftotext && !process.env.CI).each([
      ['A4', DOCUMENTS[0]!],
      ['Letter', DOCUMENTS.at(-1)!],
    ] as const)('on %s, %s prints its legal document under its heading, no tabs and no menu', async (format, { path, document }) => {
      await visit(tab.page, site, path);
      await tab.page.keyboard.press('Shift');
      const lines = await printed(tab.page, format);
      expect(lines).toContain(document!.title);
      // The other documents' tabs, the menu's labels and the header's: none, but the page's own heading.
      const heading = content.legalPage!.title;
      const menuWords = [...routes.flatMap((route) => (route.menuLabel && route.menuLabel !== heading ? [route.menuLabel] : [])), content.labels.nav.home, ...DOCUMENTS.filter((other) => other.path !== path).map((other) => other.document!.tabLabel)];
      expect(lines.filter((line) => menuWords.includes(line))).toEqual([]);
      expect(lines.filter((line) => line === heading)).toHaveLength(1);
      // A link prints its address after its words.
      expect(lines.join(' ')).toContain(`(${defaultSite.linkedInUrl})`);
      expect(tab.problems).toEqual([]);
    });

    it.skipIf(!pdftotext && !process.env.CI)('each category card prints its page’s full address, as the button cannot', async () => {
      await visit(tab.page, site, '/products');
      const lines = await printed(tab.page, 'A4');
      const categories = routes.filter((route) => route.category);
      expect(categories.length).toBeGreaterThan(1);
      for (const route of categories) expect(lines).toContain(defaultSite.publicUrl + route.path);
    });
  });

  describe('links into the site', () => {
    const tab = usePage(site, WIDTHS.phone);

    it(`${content.home.cta} on the home page says where it goes and lands on its page, at the top`, async () => {
      const { page } = tab;
      await visit(page, site, HOME_PATH);
      const target = routes.find((route) => route.path === ABOUT_PATH)!;
      const link = page.getByRole('link', { name: `${content.home.cta} ${content.home.ctaDestination}` });
      expect(await visibleWords(link)).toBe(content.home.cta);
      await link.click();
      await page.waitForURL(site.url(target.path));
      expect(await page.locator('h1').textContent()).toBe(target.title);
      expect(await scrollY(page)).toBe(0);
      expect(tab.problems).toEqual([]);
    });

    it('each category card’s button says where it goes, and the last one lands on its page, at the top', async () => {
      const { page } = tab;
      await visit(page, site, '/products');
      const categories = routes.filter((route) => route.category);
      const links = categories.map(({ title }) => page.getByRole('link', { name: say(content, 'readMore', { label: content.products!.readMore, title }) }));
      for (const link of links) expect(await visibleWords(link)).toBe(content.products!.readMore);
      const { title, path } = categories.at(-1)!;
      await links.at(-1)!.scrollIntoViewIfNeeded();
      expect(await scrollY(page)).toBeGreaterThan(0);
      await links.at(-1)!.click();
      await page.waitForURL(site.url(path));
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await scrollY(page)).toBe(0);
      expect(tab.problems).toEqual([]);
    });
  });

  describe('the business hours in the visitor’s time zone', () => {
    // The hours' chunk comes a second late, so the slot is seen empty first. Each language's line at a moment in Tokyo:
    // the rule itself (zones, summer time, open or closed) is tests/hours.test.ts's.
    const NOW = '2026-07-15T10:00:00Z';
    // The hours are on the About page, in each language that has it: one translated in part may not (docs/editing.md).
    const inTokyo = editions.filter(({ content: words }) => words.about).map(({ prefix, content: words }) => ({
      code: words.language.code,
      address: prefix + ABOUT_PATH,
      text: localHours(new Date(NOW), 'Asia/Tokyo', localHoursInput(words)).text,
      hours: hoursText(words.hours, hoursTextInput(words)).hours,
    }));
    const slow = useSlowChunks(site, 1_000);

    it.each(inTokyo)('in $code, "$text", beside the GMT hours, filled without React, with no layout shift', async ({ address, text, hours }) => {
      // Tall enough that the footer is on screen when its slot is filled: a shift counts only where it is seen.
      const { page, problems, close } = await openPage(slow, WIDTHS.narrowest, { timezoneId: 'Asia/Tokyo', viewport: { width: WIDTHS.narrowest, height: 6000 } });
      try {
        await page.clock.setFixedTime(new Date(NOW));
        await page.addInitScript(recordFill);
        await page.goto(slow.url(address));
        const slot = page.locator('[data-local-hours]');
        expect(await slot.textContent(), 'the slot before its chunk has come').toBe('');
        await expect.poll(() => slot.textContent()).toBe(text);
        // The GMT hours are still there, as the HTML has them.
        expect(await page.locator('.contact-block').textContent()).toContain(hours);
        // Filled without React: the islands are hydrated only on a first interaction.
        expect(await page.locator('#site-menu[aria-modal="true"]').count()).toBe(0);
        // The text fits the room kept for it, and nothing moved when it came.
        expect(await slot.evaluate((node) => node.scrollHeight <= node.clientHeight)).toBe(true);
        expect(await slot.evaluate((node) => node.getBoundingClientRect().bottom <= innerHeight), 'the slot on screen').toBe(true);
        const since = await filledAt(page);
        const shift = await layoutShiftSince(page, since);
        expect(shift.total, shift.moved.join('\n')).toBe(0);
        // The control: a shift of the page's own content is seen by the same measure (polled: on a starved CPU its frame may come later than two).
        await page.evaluate(() => document.querySelector('main')!.prepend(Object.assign(document.createElement('div'), { style: 'height: 50px' })));
        await expect.poll(async () => (await layoutShiftSince(page, since)).total).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });

    it('without JavaScript shows the GMT hours only, and the empty slot takes no room', async () => {
      const { page, problems, close } = await openPage(site, WIDTHS.phone, { timezoneId: 'Asia/Tokyo', javaScriptEnabled: false });
      try {
        await page.goto(site.url(ABOUT_PATH));
        expect(await page.locator('.contact-block').textContent()).toContain(hoursText(content.hours, hoursTextInput(content)).hours);
        const slot = page.locator('[data-local-hours]');
        expect(await slot.textContent()).toBe('');
        expect(await slot.isVisible()).toBe(false);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  describe('speculation rules and view transitions', () => {
    const requests: Array<{ url: string; purpose: string | undefined }> = [];
    let origin = '';
    let close = async () => {};
    beforeAll(async () => {
      // The site again, on a server that notes each request and what it was for (a prerender says so).
      const app = sharedApp();
      const served = await listening((req, res) => {
        requests.push({ url: req.url ?? '', purpose: req.headers['sec-purpose'] as string | undefined });
        app(req, res);
      });
      origin = `http://127.0.0.1:${served.port}`;
      close = served.close;
    });
    afterAll(() => close());

    /** Opens the home page, hovers its call to action and follows it; reports what the browser did on the way. */
    async function followCallToAction(reducedMotion: 'no-preference' | 'reduce') {
      const context = await site.browser.newContext({ reducedMotion });
      await context.addInitScript(() => {
        const record = window as unknown as { violations: string[]; viewTransition: Promise<boolean> };
        record.violations = [];
        document.addEventListener('securitypolicyviolation', (event) => record.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
        // pagereveal comes with the first frame after activation, which can be after 'load' on a busy machine.
        record.viewTransition = new Promise((resolve) => {
          window.addEventListener('pagereveal', (event) => resolve((event as Event & { viewTransition: unknown }).viewTransition != null), { once: true });
        });
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      const cdp = await context.newCDPSession(page);
      const ruleSets: Array<{ errorType?: string }> = [];
      cdp.on('Preload.ruleSetUpdated', (event: { ruleSet: { errorType?: string } }) => ruleSets.push(event.ruleSet));
      await cdp.send('Preload.enable');

      const cta = `main a.button[href="${ABOUT_PATH}"]`;
      await page.goto(`${origin}${HOME_PATH}`);
      const violationsOnHome = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
      requests.length = 0;
      await page.hover(cta);
      await expect.poll(() => requests.find((entry) => entry.url === ABOUT_PATH)?.purpose).toBe('prefetch;prerender');
      await page.click(cta);
      await page.waitForURL(`${origin}${ABOUT_PATH}`);
      await page.waitForLoadState('load');
      const onTarget = await page.evaluate(async () => {
        const record = window as unknown as { violations: string[]; viewTransition: Promise<boolean> };
        return { violations: record.violations, viewTransition: await record.viewTransition };
      });
      const result = { ruleSets, violations: [...violationsOnHome, ...onTarget.violations], viewTransition: onTarget.viewTransition, problems };
      await context.close();
      return result;
    }

    it('the speculation rules load, a hovered link is prerendered, and following it cross-fades, with no CSP violation', async () => {
      const visited = await followCallToAction('no-preference');
      expect(visited.ruleSets.length).toBeGreaterThan(0);
      expect(visited.ruleSets.every((ruleSet) => ruleSet.errorType === undefined)).toBe(true);
      expect(visited.violations).toEqual([]);
      expect(visited.problems).toEqual([]);
      expect(visited.viewTransition).toBe(true);
    });

    it('the page change does not animate when the visitor prefers reduced motion', async () => {
      const visited = await followCallToAction('reduce');
      expect(visited.viewTransition).toBe(false);
    });
  });
});
