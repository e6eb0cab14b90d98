/**
 * The business hours as the footer prints them, and in a visitor's own time
 * zone with whether we are open right now. Pure, and derived from the hours
 * file (content/words/hours.<code>.yaml), which the structured data and llms.txt
 * read too. The hours are GMT, so an opening is plain UTC arithmetic, and
 * Intl says what the clock and the calendar show in the visitor's zone and
 * how the language names its days, times and time zone; the sentences are
 * the language's templates (templates.yaml), given parsed, so the browser
 * fills them without a parser (content/message-format.ts). The browser calls
 * localHours (client/local-hours.ts); nothing is asked of the network.
 */
import type { Hours, Labels } from '../content/schema.ts';
import { formatText, spacePunctuation, type MessageAst } from '../content/message-format.ts';

/** How a language writes the hours: its locale, its punctuation, its list style, and its templates, parsed (content/messages.ts portableAst). */
export interface HoursLanguage {
  locale: string;
  /** languages.yaml `punctuation: spaced` (French). */
  spaced: boolean;
  listStyle: Labels['listStyle'];
  templates: { dayRange: MessageAst; time: MessageAst };
}

/** The footer's words for the hours: the language's, with the opening hours' template and the zone's name (labels: hours.zone). */
export interface HoursTextInput extends HoursLanguage {
  templates: HoursLanguage['templates'] & { openingHours: MessageAst };
  zone: string;
}

/** The hours in words, in a language: "Monday to Friday", "9:00 am to 6:00 pm GMT"; "du lundi au vendredi", "de 9 h à 18 h GMT". */
export function hoursText(hours: Pick<Hours, 'days' | 'opens' | 'closes'>, words: HoursTextInput): { days: string; hours: string } {
  const say = sayer(words);
  return { days: daysText(hours.days, words), hours: say(words.templates.openingHours, { opens: clock(hours.opens, words), closes: clock(hours.closes, words), zone: words.zone }) };
}

type Weekday = (typeof WEEKDAYS)[number];

/** The days in words: one day's name, a run of days from the first to the last (dayRange), or a list of them. */
function daysText(days: readonly Weekday[], words: HoursLanguage): string {
  const first = WEEKDAYS.indexOf(days[0]!);
  const consecutive = days.every((day, index) => WEEKDAYS[(first + index) % 7] === day);
  const name = (day: Weekday) => utcFormat(words.locale, 'weekday').format(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day)));
  if (days.length === 1) return name(days[0]!);
  if (consecutive) return sayer(words)(words.templates.dayRange, { first: name(days[0]!), last: name(days.at(-1)!) });
  return new Intl.ListFormat(words.locale, { type: words.listStyle, style: 'long' }).format(days.map(name));
}

/** "09:00" as the language writes a time (its template: "9:00 am", "9 h"), from Intl's parts (1 January 2023 was a Sunday). */
function clock(time: string, words: HoursLanguage): string {
  return clockAt(Date.UTC(2023, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))), 'UTC', words);
}

/** The time an instant shows in a zone, through the language's time template: {time} as Intl writes it, {hour} and {minutes} its parts. */
function clockAt(instant: number, timeZone: string, words: HoursLanguage): string {
  const time = zonedFormat(words.locale, timeZone, { hour: 'numeric', minute: '2-digit' }).format(instant);
  const parts = Object.fromEntries(zonedFormat('en-US', timeZone, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant).map((part) => [part.type, part.value]));
  return sayer(words)(words.templates.time, { time, hour: Number(parts.hour), minutes: parts.minute! });
}

function sayer({ locale, spaced }: Pick<HoursLanguage, 'locale' | 'spaced'>) {
  return (template: MessageAst, values: Record<string, string | number>) => {
    const text = formatText(template, locale, values);
    return spaced ? spacePunctuation(text) : text;
  };
}

/** A formatter costs far more to make than to use, and every page's footer asks for the same few: one per language, zone and kind. */
const formats = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}
function utcFormat(locale: string, kind: 'weekday'): Intl.DateTimeFormat {
  return zonedFormat(locale, 'UTC', { [kind]: 'long' });
}

/** What the browser needs to say the hours in the visitor's zone, as the footer's slot carries it (data-local-hours). */
export interface LocalHoursInput extends HoursLanguage {
  hours: Pick<Hours, 'days' | 'opens' | 'closes'>;
  templates: HoursLanguage['templates'] & { localHours: MessageAst; localHoursOvernight: MessageAst; localDays: MessageAst; localStatus: MessageAst };
  /** labels: hours.openNow and hours.closedNow. */
  status: { open: string; closed: string };
}

export interface LocalHours {
  /** e.g. "6:00 pm – 3:00 am the next day, Japan Standard Time · Open now". */
  text: string;
  open: boolean;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The hours that are open now (or the next ones to open) as the visitor's
 * clock shows them, in the page's language, with their time zone named as
 * the language names it ("Eastern Time", "heure de l’Est nord-américain":
 * Intl's long generic name, never a city the visitor may not be in), and
 * whether we are open.
 */
export function localHours(now: Date, timeZone: string, input: LocalHoursInput): LocalHours {
  const { hours, templates, locale } = input;
  const say = sayer(input);
  const openings = openingsAround(now, hours);
  const current = openings.find((opening) => opening.start <= now.getTime() && now.getTime() < opening.end);
  const shown = current ?? openings.find((opening) => opening.start > now.getTime())!;
  const calendar = zonedFormat('en-US', timeZone, { weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit' });
  const start = wallDay(calendar, shown.start);
  const end = wallDay(calendar, shown.end);
  // The GMT opening days as the visitor's calendar has them (Monday 9:00 am GMT is Sunday 11:00 pm in Honolulu).
  const shift = (WEEKDAYS.indexOf(start.weekday) - new Date(shown.start).getUTCDay() + 7) % 7;
  const days = hours.days.map((day) => WEEKDAYS[(WEEKDAYS.indexOf(day) + shift) % 7]!);
  const zone = zoneName(now, timeZone, locale);
  const times = say(end.date === start.date ? templates.localHours : templates.localHoursOvernight, { opens: clockAt(shown.start, timeZone, input), closes: clockAt(shown.end, timeZone, input), zone });
  const open = current !== undefined;
  const when = shift === 0 ? times : say(templates.localDays, { days: daysText(days, input), hours: times });
  return { text: say(templates.localStatus, { hours: when, status: open ? input.status.open : input.status.closed }), open };
}

/** The time zone as the language names it at that instant: its long generic name ("Eastern Time"), or its offset where it has none ("GMT-05:00"). */
export function zoneName(now: Date, timeZone: string, locale: string): string {
  return zonedFormat(locale, timeZone, { timeZoneName: 'longGeneric' }).formatToParts(now).find((part) => part.type === 'timeZoneName')!.value;
}

/** Every opening (start and end, ms since the epoch) from a week before `now` to a week after. */
function openingsAround(now: Date, hours: Pick<Hours, 'days' | 'opens' | 'closes'>): { start: number; end: number }[] {
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
