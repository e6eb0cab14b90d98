/**
 * The links that lead into the site: READ MORE, each product card's Read
 * More, and the skip link. Each keeps its visible words, names where it goes,
 * and lands on the right page at the top.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { productCategories } from '../../shared/content/products.ts';
import { routes } from '../../shared/routes.ts';
import { describeInBrowser, focusedElement, usePage, useSite, visit, WIDTHS } from './harness.ts';

const scrollY = (page: import('playwright-core').Page) => page.evaluate(() => window.scrollY);

describeInBrowser('links into the site', () => {
  const site = useSite();
  const tab = usePage(site, WIDTHS.phone);

  it('READ MORE on the home page says where it goes and lands on About Us, at the top', async () => {
    const { page } = tab;
    await visit(page, site, '/home');
    const link = page.getByRole('link', { name: 'Read more about us' });
    expect(await visibleWords(link)).toBe('READ MORE');
    await link.click();
    await page.waitForURL(site.url('/about'));
    expect(await page.locator('h1').textContent()).toBe('About Us');
    expect(await scrollY(page)).toBe(0);
    expect(tab.problems).toEqual([]);
  });

  it.each(productCategories.map((category) => [category.title, category.slug]))(
    'the %s card’s Read More says where it goes and lands on its page, at the top',
    async (title, slug) => {
      const { page } = tab;
      const target = routes.find((route) => route.productSlug === slug);
      await visit(page, site, '/products');
      const link = page.getByRole('link', { name: `Read more about ${title}` });
      expect(await visibleWords(link)).toBe('Read More');
      await link.scrollIntoViewIfNeeded();
      expect(await scrollY(page)).toBeGreaterThan(0);
      await link.click();
      await page.waitForURL(site.url(target!.path));
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await scrollY(page)).toBe(0);
      expect(tab.problems).toEqual([]);
    },
  );

  it('the skip link is the first Tab stop, shows itself when focused, and moves focus to the main content', async () => {
    const { page } = tab;
    await visit(page, site, '/legal');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedElement(page)).toMatchObject({ tag: 'MAIN', id: 'main' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    expect(await focusedElement(page)).toMatchObject({ text: 'Terms of Use' });
  });
});

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
