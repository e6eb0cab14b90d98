/**
 * Every page in Chromium at phone and desktop widths: the right status, a
 * clean console and hydration, no sideways scrolling, no axe violations with
 * the menu closed and open, a screenshot for people to look at, and a
 * keyboard walk over every control.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_HEADING } from '../../shared/screens/ErrorScreen.tsx';
import {
  addresses,
  axeViolations,
  brokenHeadingWords,
  closeButton,
  describeInBrowser,
  drawerButton,
  horizontalOverflow,
  menuIsOpen,
  screenshotPath,
  settled,
  usePage,
  useSite,
  visit,
  WIDTHS,
} from './harness.ts';

/** A malformed percent-escape: the server refuses it with the error screen. */
const BAD_ADDRESS = '/%E0%A4%A';

describeInBrowser('every page', () => {
  const site = useSite();

  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    describe(`at ${width} px`, () => {
      const tab = usePage(site, width);

      it.each(addresses)('%s hydrates without a console message, fits the width, and axe finds nothing with the menu closed or open', async (address) => {
        const { page } = tab;
        await visit(page, site, address);
        expect(await horizontalOverflow(page)).toEqual({ excess: 0, outside: [] });
        expect(await brokenHeadingWords(page)).toEqual([]);
        await page.screenshot({ path: screenshotPath(address, width), fullPage: true });
        expect(await axeViolations(page), 'axe, menu closed').toEqual([]);

        await drawerButton(page).click();
        await settled(page);
        expect(await menuIsOpen(page)).toBe(true);
        await page.screenshot({ path: screenshotPath(address, width, '-menu') });
        expect(await axeViolations(page), 'axe, menu open').toEqual([]);
        await closeButton(page).click();
        expect(await menuIsOpen(page)).toBe(false);
        expect(tab.problems).toEqual([]);
      });
    });
  }

  describe(`at ${WIDTHS.narrowest} px`, () => {
    const tab = usePage(site, WIDTHS.narrowest);

    it.each(addresses)('%s fits the width, with no heading word split over two lines', async (address) => {
      await visit(tab.page, site, address);
      expect(await horizontalOverflow(tab.page)).toEqual({ excess: 0, outside: [] });
      expect(await brokenHeadingWords(tab.page)).toEqual([]);
      await tab.page.screenshot({ path: screenshotPath(address, WIDTHS.narrowest) });
      expect(tab.problems).toEqual([]);
    });
  });

  describe('by keyboard', () => {
    const tab = usePage(site, WIDTHS.desktop);

    it.each(addresses)('%s: Tab reaches every control from the skip link on, each with a visible focus ring and a target of at least 24 by 24 px', async (address) => {
      const { page } = tab;
      await visit(page, site, address);
      // Everything focusable and shown, less what the roving tabindex of the legal tabs takes out of the Tab order.
      const controls = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button, [tabindex]')]
          .filter((node) => node.tabIndex >= 0 && node.checkVisibility())
          .map((node) => node.outerHTML.slice(0, 80)),
      );
      const reached: string[] = [];
      for (let step = 0; step <= controls.length; step++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const node = document.activeElement as HTMLElement | null;
          if (!node || node === document.body) return null;
          const style = getComputedStyle(node);
          const box = node.getBoundingClientRect();
          return { html: node.outerHTML.slice(0, 80), ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, width: box.width, height: box.height };
        });
        if (!focus || reached.includes(focus.html)) break;
        reached.push(focus.html);
        expect(focus.ring, `focus ring on ${focus.html}`).toBe(true);
        expect(Math.min(focus.width, focus.height), `target size of ${focus.html}`).toBeGreaterThanOrEqual(24);
      }
      expect(reached[0]).toContain('skip-link');
      expect(reached).toEqual(controls);
    });

    it.each(addresses)('%s: one h1, and headings that never skip a level', async (address) => {
      await visit(tab.page, site, address);
      const levels = await tab.page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((node) => node.checkVisibility()).map((node) => Number(node.tagName[1])),
      );
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    });
  });

  describe('the error screen', () => {
    const tab = usePage(site, WIDTHS.phone);

    it('for an address that cannot be decoded fits the width, and axe finds nothing', async () => {
      const { page } = tab;
      await visit(page, site, BAD_ADDRESS, { script: false, status: 400 });
      expect(await page.locator('h1').textContent()).toBe(ERROR_HEADING);
      expect(await horizontalOverflow(page)).toEqual({ excess: 0, outside: [] });
      await page.screenshot({ path: screenshotPath('error', WIDTHS.phone), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(tab.problems).toEqual([]);
    });
  });

  describe('the script', () => {
    const tab = usePage(site, WIDTHS.phone);

    it('loads React and hydrates the islands only on the first interaction', async () => {
      const { page } = tab;
      const scripts: string[] = [];
      const record = (request: { url: () => string; resourceType: () => string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      try {
        await visit(page, site, '/home', { script: false });
        await page.waitForLoadState('networkidle');
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/entry\./)]);
        expect(await drawerButton(page).getAttribute('aria-expanded')).toBeNull();

        await page.mouse.move(20, 40);
        await page.locator('#site-menu[aria-modal="true"]').waitFor({ state: 'attached' });
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/entry\./), expect.stringMatching(/^\/assets\/islands\./)]);
        expect(await drawerButton(page).getAttribute('aria-expanded')).toBe('false');
        expect(tab.problems).toEqual([]);
      } finally {
        page.off('request', record);
      }
    });
  });

  describe('the hydration check', () => {
    const tab = usePage(site, WIDTHS.desktop);

    it('catches a server render that the client does not reproduce', async () => {
      // Proves the "no console message" checks above can fail: the HOME link's text is changed in transit.
      await tab.page.route(site.url('/about'), async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace('>HOME<', '>HOMEPAGE<') });
      });
      await visit(tab.page, site, '/about');
      await expect.poll(() => tab.problems.join('\n')).toMatch(/418|hydrat/i);
      await tab.page.unrouteAll();
    });
  });
});
