/**
 * The hours in words and in the visitor's time zone (shared/hours.ts), for hours and templates of the test's own, so
 * they hold when the site's hours change (those are the spec's: tests/spec.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { portableAst } from '../content/messages.ts';
import type { Hours, Labels } from '../content/schema.ts';
import { hoursText, localHours, type HoursTextInput, type LocalHoursInput } from '../shared/hours.ts';

const HOURS: Hours = { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00', timeZone: 'GMT', closed: 'Closed on weekends' };

/** A language as a test writes it: its locale, list style, templates and words. */
function language(locale: string, { spaced = false, listStyle = 'conjunction' as Labels['listStyle'], zone, open, closed, templates }: { spaced?: boolean; listStyle?: Labels['listStyle']; zone: string; open: string; closed: string; templates: Record<string, string> }) {
  const parsed = Object.fromEntries(Object.entries(templates).map(([key, text]) => [key, portableAst(text)]));
  const footer = { locale, spaced, listStyle, zone, templates: parsed } as unknown as HoursTextInput;
  const local = (hours = HOURS): LocalHoursInput => ({ locale, spaced, listStyle, hours, templates: parsed as LocalHoursInput['templates'], status: { open, closed } });
  return { footer, local };
}

/** English as the site writes it: British, on a 12-hour clock. */
const ENGLISH = language('en-GB-u-hc-h12', {
  zone: 'GMT',
  open: 'Open now',
  closed: 'Closed now',
  templates: { time: '{time}', dayRange: '{first} to {last}', openingHours: '{opens} to {closes} {zone}', localHours: '{opens} – {closes}, {zone}', localHoursOvernight: '{opens} – {closes} the next day, {zone}', localDays: '{days}, {hours}', localStatus: '{hours} · {status}' },
});
/** French, its times written "9 h" by its template, and its punctuation spaced. */
const FRENCH = language('fr-FR', {
  spaced: true,
  zone: 'GMT',
  open: 'Ouvert',
  closed: 'Fermé',
  templates: { time: '{hour} h{minutes, select, 00 {} other { {minutes}}}', dayRange: 'du {first} au {last}', openingHours: 'de {opens} à {closes} {zone}', localHours: 'de {opens} à {closes}, {zone}', localHoursOvernight: 'de {opens} à {closes} le lendemain, {zone}', localDays: '{days}, {hours}', localStatus: '{hours} · {status}' },
});
const ARABIC = language('ar-EG', {
  listStyle: 'unit',
  zone: 'بتوقيت غرينتش',
  open: 'مفتوح',
  closed: 'مغلق',
  templates: { time: '{time}', dayRange: 'من {first} إلى {last}', openingHours: 'من {opens} إلى {closes} {zone}', localHours: 'من {opens} إلى {closes}، {zone}', localHoursOvernight: 'من {opens} إلى {closes} من اليوم التالي، {zone}', localDays: '{days}، {hours}', localStatus: '{hours} · {status}' },
});
const at = (iso: string, zone: string, hours = HOURS) => localHours(new Date(iso), zone, ENGLISH.local(hours));

describe('hoursText', () => {
  it.each<[Partial<Hours>, { days: string; hours: string }]>([
    [{}, { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ opens: '08:30', closes: '12:00' }, { days: 'Monday to Friday', hours: '8:30 am to 12:00 pm GMT' }],
    [{ days: ['Saturday', 'Sunday', 'Monday'], opens: '00:00', closes: '23:59' }, { days: 'Saturday to Monday', hours: '12:00 am to 11:59 pm GMT' }],
    [{ days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'Monday, Wednesday and Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ days: ['Tuesday'] }, { days: 'Tuesday', hours: '9:00 am to 6:00 pm GMT' }],
  ])('writes %j as %j', (change, text) => {
    expect(hoursText({ ...HOURS, ...change }, ENGLISH.footer)).toEqual(text);
  });

  // The footer's GMT line: French days in lower case, "du … au", its times "9 h" by its own template; Arabic's من … إلى, Arabic-Indic digits and ص/م (am/pm).
  it.each<[string, typeof FRENCH, Partial<Hours>, { days: string; hours: string }]>([
    ['French', FRENCH, {}, { days: 'du lundi au vendredi', hours: 'de 9 h à 18 h GMT' }],
    ['French', FRENCH, { opens: '08:30', closes: '12:05' }, { days: 'du lundi au vendredi', hours: 'de 8 h 30 à 12 h 05 GMT' }],
    ['French', FRENCH, { days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'lundi, mercredi et vendredi', hours: 'de 9 h à 18 h GMT' }],
    ['French', FRENCH, { days: ['Saturday'], opens: '00:00', closes: '23:59' }, { days: 'samedi', hours: 'de 0 h à 23 h 59 GMT' }],
    ['Arabic', ARABIC, {}, { days: 'من الاثنين إلى الجمعة', hours: 'من ٩:٠٠ ص إلى ٦:٠٠ م بتوقيت غرينتش' }],
    ['Arabic', ARABIC, { opens: '08:30', closes: '12:00' }, { days: 'من الاثنين إلى الجمعة', hours: 'من ٨:٣٠ ص إلى ١٢:٠٠ م بتوقيت غرينتش' }],
    ['Arabic', ARABIC, { days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'الاثنين، والأربعاء، والجمعة', hours: 'من ٩:٠٠ ص إلى ٦:٠٠ م بتوقيت غرينتش' }],
  ])('writes in %s %j as %j', (_language, { footer }, change, text) => {
    expect(hoursText({ ...HOURS, ...change }, footer)).toEqual(text);
  });
});

describe('localHours', () => {
  it('follows the hours it is given: opening at 8:30 GMT is 9:30 am in London in summer', () => {
    expect(at('2026-07-15T07:45:00Z', 'Europe/London', { ...HOURS, opens: '08:30' }).text).toBe('9:30 am – 7:00 pm, United Kingdom Time · Closed now');
    expect(at('2026-07-15T07:45:00Z', 'Europe/London').text).toBe('10:00 am – 7:00 pm, United Kingdom Time · Closed now');
  });

  it.each([
    // Wednesday 10:00 GMT, summer: Tokyo (UTC+9, no DST) is past midnight by closing time.
    ['2026-07-15T10:00:00Z', 'Asia/Tokyo', '6:00 pm – 3:00 am the next day, Japan Standard Time · Open now'],
    // Chicago in summer is UTC−5, in winter UTC−6.
    ['2026-07-15T10:00:00Z', 'America/Chicago', '4:00 am – 1:00 pm, Central Time · Open now'],
    ['2026-01-14T10:00:00Z', 'America/Chicago', '3:00 am – 12:00 pm, Central Time · Open now'],
    // London is GMT in winter and BST (GMT+1) in summer.
    ['2026-01-14T10:00:00Z', 'Europe/London', '9:00 am – 6:00 pm, United Kingdom Time · Open now'],
    ['2026-07-15T17:30:00Z', 'Europe/London', '10:00 am – 7:00 pm, United Kingdom Time · Open now'],
    ['2026-07-15T18:00:00Z', 'Europe/London', '10:00 am – 7:00 pm, United Kingdom Time · Closed now'],
    // Half-hour offsets.
    ['2026-07-15T12:00:00Z', 'Asia/Kolkata', '2:30 pm – 11:30 pm, India Standard Time · Open now'],
    ['2026-07-15T12:00:00Z', 'America/St_Johns', '6:30 am – 3:30 pm, Newfoundland Time · Open now'],
  ])('%s in %s: %s', (now, zone, text) => {
    expect(at(now, zone).text).toBe(text);
  });

  it('is open on the visitor’s Saturday when it is still Friday in GMT (Tokyo, Saturday 2:00 am)', () => {
    expect(at('2026-07-17T17:00:00Z', 'Asia/Tokyo')).toEqual({ text: '6:00 pm – 3:00 am the next day, Japan Standard Time · Open now', open: true });
  });

  it('is closed on the visitor’s Friday evening when it is Saturday in GMT (Honolulu, Friday 3:00 pm)', () => {
    expect(at('2026-07-18T01:00:00Z', 'Pacific/Honolulu')).toEqual({
      text: 'Sunday to Thursday, 11:00 pm – 8:00 am the next day, Hawaii-Aleutian Standard Time · Closed now',
      open: false,
    });
  });

  it('names the visitor’s days when GMT’s Monday to Friday fall on others there (Honolulu, UTC−10)', () => {
    // Monday 9:00 GMT is Sunday 11:00 pm in Honolulu: open from Sunday night.
    expect(at('2026-07-13T09:30:00Z', 'Pacific/Honolulu')).toEqual({
      text: 'Sunday to Thursday, 11:00 pm – 8:00 am the next day, Hawaii-Aleutian Standard Time · Open now',
      open: true,
    });
  });

  it('is closed over the GMT weekend and shows the hours of the next opening', () => {
    expect(at('2026-07-18T12:00:00Z', 'Europe/London')).toEqual({ text: '10:00 am – 7:00 pm, United Kingdom Time · Closed now', open: false });
    expect(at('2026-07-19T23:59:59Z', 'Asia/Tokyo').open).toBe(false);
    expect(at('2026-07-20T09:00:00Z', 'Asia/Tokyo').open).toBe(true);
  });

  it('opens and closes on the minute, in every zone alike', () => {
    for (const zone of ['Asia/Tokyo', 'America/Chicago', 'Europe/London', 'Pacific/Auckland', 'UTC']) {
      expect(at('2026-03-11T08:59:59Z', zone).open, zone).toBe(false);
      expect(at('2026-03-11T09:00:00Z', zone).open, zone).toBe(true);
      expect(at('2026-03-11T17:59:59Z', zone).open, zone).toBe(true);
      expect(at('2026-03-11T18:00:00Z', zone).open, zone).toBe(false);
    }
  });

  it('follows a daylight saving change inside the week (Chicago springs forward on Sunday 8 March 2026)', () => {
    // Friday before: UTC−6. Monday after: UTC−5.
    expect(at('2026-03-06T10:00:00Z', 'America/Chicago').text).toBe('3:00 am – 12:00 pm, Central Time · Open now');
    expect(at('2026-03-09T10:00:00Z', 'America/Chicago').text).toBe('4:00 am – 1:00 pm, Central Time · Open now');
    // On the Sunday itself the next opening is Monday's, after the change.
    expect(at('2026-03-08T12:00:00Z', 'America/Chicago').text).toBe('4:00 am – 1:00 pm, Central Time · Closed now');
  });

  // The line under the footer's, in the page's language: its clock, its digits, its words, and the visitor's time zone as the language names it.
  it.each<[string, string, string, string, typeof FRENCH]>([
    ['French', '2026-07-15T10:00:00Z', 'Asia/Tokyo', 'de 18 h à 3 h le lendemain, heure normale du Japon · Ouvert', FRENCH],
    ['French', '2026-07-18T12:00:00Z', 'Europe/Paris', 'de 11 h à 20 h, heure d’Europe centrale · Fermé', FRENCH],
    ['French', '2026-07-13T09:30:00Z', 'Pacific/Honolulu', 'du dimanche au jeudi, de 23 h à 8 h le lendemain, heure normale d’Hawaï - Aléoutiennes · Ouvert', FRENCH],
    ['French', '2026-07-15T10:00:00Z', 'Etc/GMT+5', 'de 4 h à 13 h, UTC−05:00 · Ouvert', FRENCH],
    ['Arabic', '2026-07-15T10:00:00Z', 'Asia/Tokyo', 'من ٦:٠٠ م إلى ٣:٠٠ ص من اليوم التالي، توقيت اليابان الرسمي · مفتوح', ARABIC],
    ['Arabic', '2026-01-14T07:00:00Z', 'Africa/Cairo', 'من ١١:٠٠ ص إلى ٨:٠٠ م، توقيت شرق أوروبا · مغلق', ARABIC],
    ['Arabic', '2026-07-13T09:30:00Z', 'Pacific/Honolulu', 'من الأحد إلى الخميس، من ١١:٠٠ م إلى ٨:٠٠ ص من اليوم التالي، توقيت هاواي ألوتيان الرسمي · مفتوح', ARABIC],
  ])('says in %s at %s in %s: %s', (_language, now, zone, text, { local }) => {
    expect(localHours(new Date(now), zone, local()).text).toBe(text);
  });

  it('names the visitor’s time zone, never a city: a visitor in Montreal reads Eastern Time, not Toronto; a zone with no name, its offset', () => {
    expect(at('2026-07-15T10:00:00Z', 'America/Montreal').text).toBe('5:00 am – 2:00 pm, Eastern Time · Open now');
    expect(at('2026-07-15T10:00:00Z', 'America/Toronto').text).toBe('5:00 am – 2:00 pm, Eastern Time · Open now');
    expect(at('2026-07-15T10:00:00Z', 'Etc/GMT+5').text).toBe('4:00 am – 1:00 pm, GMT-05:00 · Open now');
  });
});
