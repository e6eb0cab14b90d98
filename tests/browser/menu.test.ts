/**
 * The overlay menu as a modal dialog, by mouse and by keyboard: focus moves
 * in and stays in, Escape closes, focus comes back to the drawer button, and
 * the page behind neither scrolls nor takes focus.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeButton,
  describeInBrowser,
  drawerButton,
  focusedElement,
  menu,
  menuIsOpen,
  openPage,
  settled,
  usePage,
  useSite,
  visit,
  WIDTHS,
} from './harness.ts';

/** Whether everything outside the menu (skip link, header, main, footer) is inert. */
const backgroundInert = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.skip-link, .site-header, main, .site-footer')].map((node) => Boolean(node.closest('[inert]'))));

describeInBrowser('the overlay menu', () => {
  const site = useSite();
  const tab = usePage(site, WIDTHS.desktop);

  it('opens by mouse as a modal dialog, with focus inside, the current page marked and the page behind inert', async () => {
    const { page } = tab;
    await visit(page, site, '/about');
    const drawer = drawerButton(page);
    expect(await drawer.getAttribute('aria-controls')).toBe('site-menu');
    expect(await drawer.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedElement(page)).toMatchObject({ tag: 'BODY' });

    await drawer.click();
    await settled(page);
    expect(await menuIsOpen(page)).toBe(true);
    await expect.poll(() => drawer.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Menu' }).getAttribute('aria-modal')).toBe('true');
    expect((await focusedElement(page))?.inMenu).toBe(true);
    expect(await backgroundInert(page)).toEqual([true, true, true, true]);
    await expect.poll(() => menu(page).locator('a[aria-current="page"]').textContent()).toBe('About Us');

    await closeButton(page).click();
    expect(await menuIsOpen(page)).toBe(false);
    await expect.poll(() => drawer.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedElement(page)).toMatchObject({ label: 'Open menu' });
    expect(await backgroundInert(page)).toEqual([false, false, false, false]);
    expect(tab.problems).toEqual([]);
  });

  it('opens by keyboard, keeps Tab and Shift+Tab inside, and Escape closes it with focus back on the drawer button', async () => {
    const { page } = tab;
    await visit(page, site, '/legal');
    for (let step = 0; step < 5 && (await focusedElement(page))?.label !== 'Open menu'; step++) await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toMatchObject({ label: 'Open menu' });

    await page.keyboard.press('Enter');
    expect(await menuIsOpen(page)).toBe(true);
    // The script moves focus on the popover's toggle event, which comes a task later.
    await expect.poll(() => focusedElement(page)).toMatchObject({ inMenu: true, text: 'Example Sourcing' });
    const visited = new Set<string>();
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab');
      const focus = await focusedElement(page);
      expect(focus?.inMenu, `Tab ${step + 1} stays in the menu`).toBe(true);
      visited.add(focus?.label ?? focus?.text ?? '');
    }
    // Brand, close button and the four links: Tab went round all six.
    expect(visited.size).toBe(6);
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focusedElement(page))?.inMenu, `Shift+Tab ${step + 1} stays in the menu`).toBe(true);
    }

    await page.keyboard.press('Escape');
    expect(await menuIsOpen(page)).toBe(false);
    await expect.poll(() => focusedElement(page)).toMatchObject({ label: 'Open menu' });
    expect(await drawerButton(page).getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Space');
    expect(await menuIsOpen(page)).toBe(true);
    await expect.poll(() => focusedElement(page)).toMatchObject({ inMenu: true });
    await closeButton(page).focus();
    await page.keyboard.press('Enter');
    expect(await menuIsOpen(page)).toBe(false);
    await expect.poll(() => focusedElement(page)).toMatchObject({ label: 'Open menu' });
    expect(tab.problems).toEqual([]);
  });

  it('leads to the page a link names', async () => {
    const { page } = tab;
    await visit(page, site, '/home');
    await drawerButton(page).click();
    await menu(page).getByRole('link', { name: 'Our Products' }).click();
    await page.waitForURL(site.url('/products'));
    expect(await page.locator('h1').textContent()).toBe('Our Products');
  });

  describe('on a long page on a phone', () => {
    const phone = usePage(site, WIDTHS.phone);

    it('keeps the page behind still while the menu is open, and lets it scroll again once closed', async () => {
      const { page } = phone;
      await visit(page, site, '/products');
      await drawerButton(page).click();
      await settled(page);
      await page.mouse.move(180, 500);
      await page.mouse.wheel(0, 800);
      await page.keyboard.press('PageDown');
      await page.keyboard.press('End');
      await page.waitForTimeout(100); // wheel scrolling is asynchronous; give a scroll the chance to happen
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await closeButton(page).click();
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(phone.problems).toEqual([]);
    });
  });

  it.each([
    ['reduce', false],
    ['no-preference', true],
  ] as const)('with prefers-reduced-motion: %s, the menu fades: %s', async (reducedMotion, fades) => {
    const { page, problems, close } = await openPage(site, WIDTHS.desktop, { reducedMotion });
    try {
      await visit(page, site, '/home');
      await drawerButton(page).click();
      const longest = await menu(page).evaluate((node) => Math.max(...getComputedStyle(node).transitionDuration.split(',').map(parseFloat)));
      expect(longest > 0).toBe(fades);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
