/**
 * Both islands work without JavaScript (the menu is a native popover, the
 * legal tabs are links), so React is loaded and they are hydrated only when
 * the visitor first points, touches, types or moves focus: a visit that only
 * reads runs no more script than this. See docs/decisions/0003-islands.md.
 * The footer's hours in the visitor's time zone are plain DOM, filled at once.
 */
const FIRST_INTERACTION = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

function hydrateOnce(): void {
  for (const type of FIRST_INTERACTION) removeEventListener(type, hydrateOnce, true);
  void import('./islands.tsx').then(({ hydrateIslands }) => hydrateIslands());
}

for (const type of FIRST_INTERACTION) addEventListener(type, hydrateOnce, { capture: true, passive: true });
// Only pages with the contact block have the hours; scripts/build.ts bundles this module on its own.
if (document.querySelector('[data-local-hours]')) void import('./local-hours.ts');
