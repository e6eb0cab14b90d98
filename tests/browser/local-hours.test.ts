/**
 * The footer's hours in the visitor's time zone, in Chromium with emulated
 * time zones and fixed clocks: filled by the entry script without React,
 * without moving anything, and absent without JavaScript.
 */
import { expect, it } from 'vitest';
import { businessHours } from '../../shared/site.ts';
import { describeInBrowser, openPage, useSite, WIDTHS } from './harness.ts';

const cases = [
  // Wednesday 10:00 GMT.
  { timezoneId: 'Asia/Tokyo', now: '2026-07-15T10:00:00Z', text: '6:00 pm – 3:00 am the next day in Tokyo · Open now' },
  // Saturday 2:00 am in Tokyo is still Friday 5:00 pm in GMT: open.
  { timezoneId: 'Asia/Tokyo', now: '2026-07-17T17:00:00Z', text: '6:00 pm – 3:00 am the next day in Tokyo · Open now' },
  // Wednesday 3:00 pm in Chicago (summer, UTC−5) is 8:00 pm GMT: closed.
  { timezoneId: 'America/Chicago', now: '2026-07-15T20:00:00Z', text: '4:00 am – 1:00 pm in Chicago · Closed now' },
  // London in summer is on BST, an hour ahead of GMT.
  { timezoneId: 'Europe/London', now: '2026-07-15T17:30:00Z', text: '10:00 am – 7:00 pm in London · Open now' },
];

describeInBrowser('the business hours in the visitor’s time zone', () => {
  const site = useSite();

  it.each(cases)('$timezoneId at $now: "$text", beside the GMT hours, with no layout shift', async ({ timezoneId, now, text }) => {
    const { page, problems, close } = await openPage(site, WIDTHS.narrowest, { timezoneId });
    try {
      await page.clock.setFixedTime(new Date(now));
      await page.goto(site.url('/about'));
      const slot = page.locator('[data-local-hours]');
      await expect.poll(() => slot.textContent()).toBe(text);
      // The GMT hours are still there, as the HTML has them.
      await expect.poll(() => page.locator('.contact-block').textContent()).toContain(businessHours.hours);
      // Filled without React: the islands are hydrated only on a first interaction.
      expect(await page.locator('#site-menu[aria-modal="true"]').count()).toBe(0);
      // The text fits the room kept for it, and nothing moved when it came.
      expect(await slot.evaluate((node) => node.scrollHeight <= node.clientHeight)).toBe(true);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0))).observe({
              type: 'layout-shift',
              buffered: true,
            });
            setTimeout(() => resolve(0), 500);
          }),
      );
      expect(shift).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('without JavaScript shows the GMT hours only, and the empty slot takes no room', async () => {
    const { page, problems, close } = await openPage(site, WIDTHS.phone, { timezoneId: 'Asia/Tokyo', javaScriptEnabled: false });
    try {
      await page.goto(site.url('/about'));
      expect(await page.locator('.contact-block').textContent()).toContain(businessHours.hours);
      const slot = page.locator('[data-local-hours]');
      expect(await slot.textContent()).toBe('');
      expect(await slot.isVisible()).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
