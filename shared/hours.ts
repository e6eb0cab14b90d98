/**
 * The business hours as the footer prints them, and in a visitor's own time
 * zone with whether we are open right now. Pure, and derived from the hours
 * file (content/words/hours.yaml), which the structured data and llms.txt
 * read too. The hours are GMT, so an opening is plain UTC arithmetic, and
 * Intl only says what the clock and the calendar show in the visitor's zone.
 * The browser calls localHours (client/local-hours.ts); nothing is asked of
 * the network.
 */
import type { Hours, Labels } from '../content/schema.ts';

/** The hours in words, in a language: "Monday to Friday", "9:00 am to 6:00 pm GMT"; "lundi à vendredi", "09:00 à 18:00 GMT". */
export function hoursText(hours: Hours, labels: Labels['hours'], locale: string): { days: string; hours: string } {
  const first = WEEKDAYS.indexOf(hours.days[0]!);
  const consecutive = hours.days.every((day, index) => WEEKDAYS[(first + index) % 7] === day);
  const name = (day: Weekday) => dayName(day, locale);
  const days = hours.days.length === 1 ? name(hours.days[0]!) : consecutive ? `${name(hours.days[0]!)} ${labels.through} ${name(hours.days.at(-1)!)}` : new Intl.ListFormat(locale, { type: 'unit' }).format(hours.days.map(name));
  return { days, hours: `${clock(hours.opens, locale)} ${labels.through} ${clock(hours.closes, locale)} ${hours.timeZone}` };
}

type Weekday = (typeof WEEKDAYS)[number];

/** "Monday" in a language, by Intl (1 January 2023 was a Sunday). */
function dayName(day: Weekday, locale: string): string {
  return utcFormat(locale, 'weekday').format(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day)));
}

/** "09:00" as the language's clock shows it: "9:00 am" in en-GB-u-hc-h12, "09:00" in fr-FR. */
function clock(time: string, locale: string): string {
  return utcFormat(locale, 'clock').format(Date.UTC(2023, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))));
}

/** A formatter costs far more to make than to use, and every page's footer asks for the same few: one per language and kind. */
const utcFormats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(locale: string, kind: 'weekday' | 'clock'): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let format = utcFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, kind === 'weekday' ? { weekday: 'long', timeZone: 'UTC' } : { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    utcFormats.set(key, format);
  }
  return format;
}

/** What the browser needs to say the hours in the visitor's zone, as the footer's slot carries it (data-local-hours). */
export interface LocalHoursInput {
  hours: Hours;
  labels: Labels['hours'];
  /** The page's language's locale (languages.yaml): how days and times are written. */
  locale: string;
}

export interface LocalHours {
  /** e.g. "6:00 pm – 3:00 am the next day in Tokyo · Open now". */
  text: string;
  open: boolean;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The hours that are open now (or the next ones to open) as the visitor's clock shows them, in the page's language, and whether we are open. */
export function localHours(now: Date, timeZone: string, { hours, labels, locale }: LocalHoursInput): LocalHours {
  const openings = openingsAround(now, hours);
  const current = openings.find((opening) => opening.start <= now.getTime() && now.getTime() < opening.end);
  const shown = current ?? openings.find((opening) => opening.start > now.getTime())!;
  const calendar = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const start = { ...wallDay(calendar, shown.start), time: time.format(shown.start) };
  const end = { ...wallDay(calendar, shown.end), time: time.format(shown.end) };
  // The GMT opening days as the visitor's calendar has them (Monday 9:00 am GMT is Sunday 11:00 pm in Honolulu).
  const shift = (WEEKDAYS.indexOf(start.weekday) - new Date(shown.start).getUTCDay() + 7) % 7;
  const days = hours.days.map((day) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift) % 7]!);
  const times = `${start.time} – ${end.time}${end.date === start.date ? '' : ` ${labels.nextDay}`} ${labels.in} ${placeName(timeZone) ?? labels.yourTimeZone}`;
  const open = current !== undefined;
  return { text: `${shift === 0 ? '' : `${hoursText({ ...hours, days }, labels, locale).days}${labels.comma} `}${times} · ${open ? labels.openNow : labels.closedNow}`, open };
}

/** "Asia/Tokyo" → "Tokyo", "America/Argentina/Buenos_Aires" → "Buenos Aires"; a zone that is no place → undefined. */
export function placeName(timeZone: string): string | undefined {
  const place = timeZone.startsWith('Etc/') ? undefined : timeZone.split('/').slice(1).at(-1);
  return place?.replace(/_/g, ' ');
}

/** Every opening (start and end, ms since the epoch) from a week before `now` to a week after. */
function openingsAround(now: Date, hours: Hours): { start: number; end: number }[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const opens = minutes(hours.opens) * 60_000;
  const closes = minutes(hours.closes) * 60_000;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const openings: { start: number; end: number }[] = [];
  for (let offset = -7; offset <= 7; offset++) {
    const day = today + offset * DAY_MS;
    if (!(hours.days as readonly string[]).includes(WEEKDAYS[new Date(day).getUTCDay()]!)) continue;
    openings.push({ start: day + opens, end: day + closes + (closes <= opens ? DAY_MS : 0) });
  }
  return openings;
}

/** The weekday and the date a calendar in the zone shows at an instant (en-US only for reading its parts). */
function wallDay(format: Intl.DateTimeFormat, instant: number) {
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { weekday: parts.weekday as Weekday, date: `${parts.year}-${parts.month}-${parts.day}` };
}
