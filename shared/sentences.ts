/**
 * The sentences the site makes of its own words: a language's templates
 * (templates.<code>.yaml, checked by the content check) filled with what the
 * code has, as that language writes them (content/messages.ts). The server,
 * the build and the browser editor's preview run this; the browser's own
 * script gets what it fills already parsed (localHoursInput).
 */
import { formatMessage, messageParts, portableAst } from '../content/messages.ts';
import type { SlotValue } from '../content/message-format.ts';
import type { Content, TemplateKey } from '../content/schema.ts';
import type { HoursTextInput, LocalHoursInput } from './hours.ts';

type Words = Pick<Content, 'language' | 'templates'>;

/** A template of the language filled: "Last updated 1 June 2023", "Dernière mise à jour le 1er juin 2023". */
export function say(content: Words, key: TemplateKey, values: Readonly<Record<string, string | number>>): string {
  return formatMessage(content.templates[key], content.language, values);
}

/** The same, in parts: the words, and the values that are parts of a page (a link, an element) where the template puts them. */
export function sayParts<T>(content: Words, key: TemplateKey, values: Readonly<Record<string, SlotValue<T>>>): Array<string | T> {
  return messageParts(content.templates[key], content.language, values);
}

/** A date written YYYY-MM-DD as the language writes it (its date template, from Intl's parts: "1 June 2023", "1er juin 2023", "١ يونيو ٢٠٢٣"). */
export function sayDate(content: Words, iso: string): string {
  const instant = new Date(`${iso}T00:00:00Z`);
  const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  const format = new Intl.DateTimeFormat(content.language.locale, options);
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  // The day as a number in the locale's own calendar, read in Latin digits.
  const day = new Intl.DateTimeFormat(content.language.locale, { ...options, numberingSystem: 'latn' }).formatToParts(instant).find((part) => part.type === 'day')!.value;
  return say(content, 'date', { date: format.format(instant), day: Number(day), month: parts.month!, year: parts.year! });
}

/** The footer's and llms.txt's hours, in the language of the content. */
export function hoursTextInput(content: Pick<Content, 'language' | 'templates' | 'labels'>): HoursTextInput {
  const { language, templates, labels } = content;
  return {
    locale: language.locale,
    spaced: language.punctuation === 'spaced',
    listStyle: labels.listStyle,
    templates: { dayRange: portableAst(templates.dayRange), time: portableAst(templates.time), openingHours: portableAst(templates.openingHours) },
    zone: labels.hours.zone,
  };
}

/** What the footer's slot carries for the browser to say the hours in the visitor's time zone: the hours, the words, the templates parsed. */
export function localHoursInput(content: Pick<Content, 'language' | 'templates' | 'labels' | 'hours'>): LocalHoursInput {
  const { language, templates, labels, hours } = content;
  const parsed = (key: TemplateKey) => portableAst(templates[key]);
  return {
    hours: { days: hours.days, opens: hours.opens, closes: hours.closes },
    locale: language.locale,
    spaced: language.punctuation === 'spaced',
    listStyle: labels.listStyle,
    templates: {
      dayRange: parsed('dayRange'),
      time: parsed('time'),
      localHours: parsed('localHours'),
      localHoursOvernight: parsed('localHoursOvernight'),
      localDays: parsed('localDays'),
      localStatus: parsed('localStatus'),
    },
    status: { open: labels.hours.openNow, closed: labels.hours.closedNow },
  };
}
