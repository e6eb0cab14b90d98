/**
 * With JavaScript switched off every screen still works: the content is
 * there, the menu is a native popover that opens and closes, and the legal
 * tabs are links that load the page with that tab selected.
 */
import { describe, expect, it } from 'vitest';
import {
  addresses,
  axeViolations,
  closeButton,
  describeInBrowser,
  drawerButton,
  focusedElement,
  menu,
  menuIsOpen,
  settled,
  usePage,
  useSite,
  visit,
  WIDTHS,
} from './harness.ts';

describeInBrowser('without JavaScript', () => {
  const site = useSite();
  const tab = usePage(site, WIDTHS.phone, { javaScriptEnabled: false });

  it.each(addresses)('%s shows its content', async (address) => {
    const { page } = tab;
    await visit(page, site, address, { script: false });
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(100);
    expect(tab.problems).toEqual([]);
  });

  describe('before the script has loaded', () => {
    // axe needs timers, which a page with JavaScript switched off does not run; so this
    // page keeps JavaScript but never gets our script, and shows the same server HTML.
    const waiting = usePage(site, WIDTHS.phone);

    it.each(addresses)('%s: axe finds nothing', async (address) => {
      const { page } = waiting;
      await page.route('**/assets/entry.*.js', (route) => route.abort());
      await visit(page, site, address, { script: false });
      expect(await page.locator('#site-menu').getAttribute('aria-modal')).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('the drawer button opens the menu and the close button closes it, by mouse and by keyboard', async () => {
    const { page } = tab;
    await visit(page, site, '/about', { script: false });
    await drawerButton(page).click();
    await settled(page);
    expect(await menuIsOpen(page)).toBe(true);
    expect(await menu(page).getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    await closeButton(page).click();
    expect(await menuIsOpen(page)).toBe(false);

    await drawerButton(page).focus();
    await page.keyboard.press('Enter');
    expect(await menuIsOpen(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focusedElement(page))?.inMenu).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menuIsOpen(page)).toBe(false);
    // The browser hands focus back to the button that opened the popover.
    expect(await focusedElement(page)).toMatchObject({ label: 'Open menu' });
    expect(tab.problems).toEqual([]);
  });

  it('keeps the page behind still while the menu is open', async () => {
    const { page } = tab;
    await visit(page, site, '/products', { script: false });
    await drawerButton(page).click();
    await page.mouse.move(180, 500);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100); // wheel scrolling is asynchronous; give a scroll the chance to happen
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('the legal tabs are links: each loads the page with its text, marked as the current one, and Back returns', async () => {
    const { page } = tab;
    await visit(page, site, '/legal', { script: false });
    expect(await page.getByRole('tablist').count()).toBe(0);
    for (const [label, search] of [
      ['Privacy Policy', '?tab=privacy'],
      ['Disclaimer', '?tab=disclaimer'],
      ['Terms of Use', ''],
    ] as const) {
      await page.getByRole('link', { name: label }).click();
      await page.waitForURL(site.url(`/legal${search}`));
      expect(await page.getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page');
      expect(await page.locator('.legal-tabs__panel:visible h2').allTextContents()).toEqual([label]);
    }
    await page.goBack();
    await page.waitForURL(site.url('/legal?tab=disclaimer'));
    expect(await page.locator('.legal-tabs__panel:visible h2').allTextContents()).toEqual(['Disclaimer']);
    expect(tab.problems).toEqual([]);
  });
});
