/**
 * The business hours in a visitor's own time zone, and whether we are open
 * right now. Pure and computed from businessHours (shared/site.ts), the hours
 * the footer prints and the structured data carries: those are GMT, so an
 * opening is plain UTC arithmetic, and Intl only says what the clock and the
 * calendar show in the visitor's zone. The browser calls it
 * (client/local-hours.ts); nothing is asked of the network.
 */
import { businessHours } from './site.ts';

export interface LocalHours {
  /** e.g. "6:00 pm – 3:00 am the next day in Tokyo · Open now". */
  text: string;
  open: boolean;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours that are open now (or the next ones to open) as the visitor's clock shows them, and whether we are open. */
export function localHours(now: Date, timeZone: string): LocalHours {
  const openings = openingsAround(now);
  const current = openings.find((opening) => opening.start <= now.getTime() && now.getTime() < opening.end);
  const shown = current ?? openings.find((opening) => opening.start > now.getTime())!;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const start = wallClock(format, shown.start);
  const end = wallClock(format, shown.end);
  // The GMT opening days as the visitor's calendar has them (Monday 9:00 am GMT is Sunday 11:00 pm in Honolulu).
  const shift = (WEEKDAYS.indexOf(start.weekday) - new Date(shown.start).getUTCDay() + 7) % 7;
  const days = businessHours.dayOfWeek.map((day) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift) % 7]!);
  const hours = `${start.time} – ${end.time}${end.date === start.date ? '' : ' the next day'} in ${placeName(timeZone)}`;
  const open = current !== undefined;
  return { text: `${shift === 0 ? '' : `${days[0]} to ${days.at(-1)}, `}${hours} · ${open ? 'Open now' : 'Closed now'}`, open };
}

/** "Asia/Tokyo" → "Tokyo", "America/Argentina/Buenos_Aires" → "Buenos Aires"; a zone that is no place → "your time zone". */
export function placeName(timeZone: string): string {
  const place = timeZone.startsWith('Etc/') ? undefined : timeZone.split('/').slice(1).at(-1);
  return place ? place.replace(/_/g, ' ') : 'your time zone';
}

/** Every opening (start and end, ms since the epoch) from a week before `now` to a week after. */
function openingsAround(now: Date): { start: number; end: number }[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const opens = minutes(businessHours.opens) * 60_000;
  const closes = minutes(businessHours.closes) * 60_000;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const openings: { start: number; end: number }[] = [];
  for (let offset = -7; offset <= 7; offset++) {
    const day = today + offset * DAY_MS;
    if (!(businessHours.dayOfWeek as readonly string[]).includes(WEEKDAYS[new Date(day).getUTCDay()]!)) continue;
    openings.push({ start: day + opens, end: day + closes + (closes <= opens ? DAY_MS : 0) });
  }
  return openings;
}

/** What a wall clock and calendar in the zone show at an instant: "6:00 pm", the weekday and the date. */
function wallClock(format: Intl.DateTimeFormat, instant: number) {
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    time: `${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`,
    weekday: parts.weekday as (typeof WEEKDAYS)[number],
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}
