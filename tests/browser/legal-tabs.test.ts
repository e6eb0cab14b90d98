/**
 * The legal tabs with the script: the WAI-ARIA tabs pattern, switching
 * without a reload, the address following, and Back and Forward working.
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations, describeInBrowser, LEGAL_TAB_MOVES, usePage, useSite, visit, WIDTHS } from './harness.ts';

const LABELS = { terms: 'Terms of Use', privacy: 'Privacy Policy', disclaimer: 'Disclaimer' } as const;
type TabId = keyof typeof LABELS;

/** What a sighted and a screen reader user can tell about the tabs now. */
function tabState(page: Page) {
  return page.evaluate(() => {
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tablist"] [role="tab"]')];
    const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
    const shownPanels = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((panel) => panel.checkVisibility());
    return {
      selected: selected.map((tab) => tab.textContent),
      inTabOrder: tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.textContent),
      shownPanels: shownPanels.map((panel) => panel.querySelector('h2')?.textContent),
      focused: document.activeElement?.textContent ?? null,
      search: location.search,
      // Set by the test before switching: still there means the page did not reload.
      samePage: 'samePageMarker' in window,
    };
  });
}

/** The state when tab `id` is selected, on the page first loaded. */
function selectedState(id: TabId, { focused = false } = {}) {
  return {
    selected: [LABELS[id]],
    inTabOrder: [LABELS[id]],
    shownPanels: [LABELS[id]],
    search: id === 'terms' ? '' : `?tab=${id}`,
    samePage: true,
    ...(focused ? { focused: LABELS[id] } : {}),
  };
}

function expectTab(state: Awaited<ReturnType<typeof tabState>>, id: TabId, options: { focused?: boolean } = {}) {
  expect(state).toMatchObject(selectedState(id, options));
}

async function openLegal(page: Page, site: Parameters<typeof visit>[1], address = '/legal') {
  await visit(page, site, address);
  await page.getByRole('tablist').waitFor();
  await page.evaluate(() => Object.assign(window, { samePageMarker: true }));
}

describeInBrowser('the legal tabs', () => {
  const site = useSite();
  const tab = usePage(site, WIDTHS.desktop);

  it('switch by click without a reload, the address following, with no axe violation on the panel shown by the script', async () => {
    const { page } = tab;
    await openLegal(page, site);
    expectTab(await tabState(page), 'terms');
    for (const id of ['privacy', 'disclaimer', 'terms'] as const) {
      await page.getByRole('tab', { name: LABELS[id] }).click();
      expectTab(await tabState(page), id);
      expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(`tab-${id}`);
      expect(await axeViolations(page), `axe on ${id}`).toEqual([]);
    }
    expect(tab.problems).toEqual([]);
  });

  it('move by Left, Right, Home and End with a roving tabindex, and Tab goes on to the panel', async () => {
    const { page } = tab;
    await openLegal(page, site);
    await page.getByRole('tab', { name: LABELS.terms }).focus();
    for (const [key, lands] of LEGAL_TAB_MOVES) {
      await page.keyboard.press(key);
      expectTab(await tabState(page), lands, { focused: true });
    }
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-privacy');
    expect(tab.problems).toEqual([]);
  });

  it('follow Back and Forward', async () => {
    const { page } = tab;
    await openLegal(page, site);
    await page.getByRole('tab', { name: LABELS.privacy }).click();
    await page.getByRole('tab', { name: LABELS.disclaimer }).click();
    // React renders a popstate update a task later, so these poll.
    await page.goBack();
    await expect.poll(() => tabState(page)).toMatchObject(selectedState('privacy'));
    await page.goBack();
    await expect.poll(() => tabState(page)).toMatchObject(selectedState('terms'));
    await page.goForward();
    await expect.poll(() => tabState(page)).toMatchObject(selectedState('privacy'));
    expect(tab.problems).toEqual([]);
  });

  it.each([
    ['/legal?tab=disclaimer', 'disclaimer'],
    ['/legal?tab=privacy', 'privacy'],
    ['/legal?tab=unknown', 'terms'],
  ] as const)('%s opens on %s', async (address, id) => {
    const { page } = tab;
    await openLegal(page, site, address);
    const state = await tabState(page);
    expect(state.selected).toEqual([LABELS[id]]);
    expect(state.shownPanels).toEqual([LABELS[id]]);
    expect(tab.problems).toEqual([]);
  });
});
