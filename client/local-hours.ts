/**
 * The footer's business hours in the visitor's own time zone, beside the GMT
 * ones the HTML prints: plain DOM, no React, run when client/entry.tsx imports
 * this module and again each minute (so "Open now" turns into "Closed now" on
 * an open page). The hours and their words come with the page, in the slot's
 * data-local-hours, filled as the server filled the rest. The slot's room is
 * reserved by the stylesheet, so filling it moves nothing.
 */
import { localHours, type LocalHoursInput } from '../shared/hours.ts';
import { isolates, pageWriting } from '../shared/writing.ts';

export function showLocalHours(): void {
  const slot = document.querySelector<HTMLElement>('[data-local-hours]');
  if (!slot?.dataset.localHours) return;
  const input = JSON.parse(slot.dataset.localHours) as LocalHoursInput;
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const writing = pageWriting(document.documentElement);
  // A place's name inside right-to-left words keeps its order, as the footer's other words do (ui/Words.tsx).
  const update = () => {
    const pieces = isolates(localHours(new Date(), timeZone, input).text, writing);
    slot.replaceChildren(...pieces.map((piece) => (typeof piece === 'string' ? piece : Object.assign(document.createElement('bdi'), { textContent: piece.isolated }))));
  };
  update();
  setInterval(update, 60_000);
}

showLocalHours();
