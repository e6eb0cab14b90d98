/**
 * Both islands work without JavaScript (the menu is a native popover, the
 * legal tabs are links), so React is loaded and they are hydrated only when
 * the visitor first points, touches, types or moves focus: a visit that only
 * reads runs no more script than this. See docs/decisions/0003-islands.md.
 * The footer's hours in the visitor's time zone are plain DOM, filled at once.
 */
const FIRST_INTERACTION = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs a module's import. Firefox rejects an import that the visitor cut
 * short by following a link, before the page is gone: a failure is reported
 * only if the page is still there a moment later.
 */
function load<T>(module: Promise<T>, then: (loaded: T) => void = () => {}): void {
  module.then(then, (error: unknown) => setTimeout(() => reportError(error), 3_000));
}

function hydrateOnce(): void {
  for (const type of FIRST_INTERACTION) removeEventListener(type, hydrateOnce, true);
  load(import('./hydrate-islands.tsx'), ({ hydrateIslands }) => hydrateIslands());
}

for (const type of FIRST_INTERACTION) addEventListener(type, hydrateOnce, { capture: true, passive: true });
// Only pages with the contact block have the hours; scripts/build/build.ts bundles this module on its own.
if (document.querySelector('[data-local-hours]')) load(import('./local-hours.ts'));
