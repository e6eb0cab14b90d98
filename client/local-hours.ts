/**
 * The footer's business hours in the visitor's own time zone, beside the GMT
 * ones the HTML prints: plain DOM, no React, run when client/entry.tsx imports
 * this module and again each minute (so "Open now" turns into "Closed now" on
 * an open page). The slot's room is reserved by the stylesheet, so filling it
 * moves nothing.
 */
import { hours, labels } from '../shared/content/index.ts';
import { localHours } from '../shared/hours.ts';

export function showLocalHours(): void {
  const slot = document.querySelector<HTMLElement>('[data-local-hours]');
  if (!slot) return;
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const update = () => {
    slot.textContent = localHours(new Date(), timeZone, hours, labels.hours).text;
  };
  update();
  setInterval(update, 60_000);
}

showLocalHours();
