/**
 * The hours in words and in the visitor's time zone (shared/hours.ts), for
 * hours and words of the test's own: GMT hours as clocks elsewhere show them,
 * across midnight, weekends, daylight saving time and half-hour zones, and
 * days and times as English, French and Arabic write them (Intl, by the
 * locales of languages.yaml). The site's own hours (content/words/hours.*.yaml)
 * are the spec's, checked in tests/spec.test.ts; these do not change when they do.
 */
import { describe, expect, it } from 'vitest';
import type { Hours, Labels } from '../content/schema.ts';
import { hoursText, localHours, placeName } from '../shared/hours.ts';

const HOURS: Hours = { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00', timeZone: 'GMT', closed: 'Closed on weekends' };
const LABELS: Labels['hours'] = { openNow: 'Open now', closedNow: 'Closed now', nextDay: 'the next day', in: 'in', yourTimeZone: 'your time zone', through: 'to', comma: ',' };
/** English as the site writes it: British, on a 12-hour clock. */
const LOCALE = 'en-GB-u-hc-h12';
const at = (iso: string, zone: string, hours = HOURS) => localHours(new Date(iso), zone, { hours, labels: LABELS, locale: LOCALE });

/** French and Arabic, with the locales languages.yaml gives them, and words of the test's own. */
const FRENCH = { locale: 'fr-FR', labels: { openNow: 'Ouvert', closedNow: 'Fermé', nextDay: 'le lendemain', in: 'à', yourTimeZone: 'votre fuseau horaire', through: 'à', comma: ',' } };
const ARABIC = { locale: 'ar-EG', labels: { openNow: 'مفتوح', closedNow: 'مغلق', nextDay: 'من اليوم التالي', in: 'بتوقيت', yourTimeZone: 'منطقتكم الزمنية', through: 'إلى', comma: '،' } };

describe('hoursText', () => {
  it.each<[Partial<Hours>, { days: string; hours: string }]>([
    [{}, { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ opens: '08:30', closes: '12:00' }, { days: 'Monday to Friday', hours: '8:30 am to 12:00 pm GMT' }],
    [{ days: ['Saturday', 'Sunday', 'Monday'], opens: '00:00', closes: '23:59' }, { days: 'Saturday to Monday', hours: '12:00 am to 11:59 pm GMT' }],
    [{ days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'Monday, Wednesday, Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ days: ['Tuesday'] }, { days: 'Tuesday', hours: '9:00 am to 6:00 pm GMT' }],
  ])('writes %j as %j', (change, text) => {
    expect(hoursText({ ...HOURS, ...change }, LABELS, LOCALE)).toEqual(text);
  });

  // The footer's GMT line: French days in lower case on a 24-hour clock; Arabic days, Arabic-Indic digits and ص/م (am/pm).
  it.each<[string, typeof FRENCH, Partial<Hours>, { days: string; hours: string }]>([
    ['French', FRENCH, {}, { days: 'lundi à vendredi', hours: '9:00 à 18:00 GMT' }],
    ['French', FRENCH, { opens: '08:30', closes: '12:00' }, { days: 'lundi à vendredi', hours: '8:30 à 12:00 GMT' }],
    ['French', FRENCH, { days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'lundi, mercredi et vendredi', hours: '9:00 à 18:00 GMT' }],
    ['French', FRENCH, { days: ['Saturday'], opens: '00:00', closes: '23:59' }, { days: 'samedi', hours: '0:00 à 23:59 GMT' }],
    ['Arabic', ARABIC, {}, { days: 'الاثنين إلى الجمعة', hours: '٩:٠٠ ص إلى ٦:٠٠ م GMT' }],
    ['Arabic', ARABIC, { opens: '08:30', closes: '12:00' }, { days: 'الاثنين إلى الجمعة', hours: '٨:٣٠ ص إلى ١٢:٠٠ م GMT' }],
    ['Arabic', ARABIC, { days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'الاثنين، والأربعاء، والجمعة', hours: '٩:٠٠ ص إلى ٦:٠٠ م GMT' }],
  ])('writes in %s %j as %j', (_language, { labels, locale }, change, text) => {
    expect(hoursText({ ...HOURS, ...change }, labels, locale)).toEqual(text);
  });
});

describe('localHours', () => {
  it('follows the hours it is given: opening at 8:30 GMT is 9:30 am in London in summer', () => {
    expect(at('2026-07-15T07:45:00Z', 'Europe/London', { ...HOURS, opens: '08:30' }).text).toBe('9:30 am – 7:00 pm in London · Closed now');
    expect(at('2026-07-15T07:45:00Z', 'Europe/London').text).toBe('10:00 am – 7:00 pm in London · Closed now');
  });

  it.each([
    // Wednesday 10:00 GMT, summer: Tokyo (UTC+9, no DST) is past midnight by closing time.
    ['2026-07-15T10:00:00Z', 'Asia/Tokyo', '6:00 pm – 3:00 am the next day in Tokyo · Open now'],
    // Chicago in summer is UTC−5, in winter UTC−6.
    ['2026-07-15T10:00:00Z', 'America/Chicago', '4:00 am – 1:00 pm in Chicago · Open now'],
    ['2026-01-14T10:00:00Z', 'America/Chicago', '3:00 am – 12:00 pm in Chicago · Open now'],
    // London is GMT in winter and BST (GMT+1) in summer.
    ['2026-01-14T10:00:00Z', 'Europe/London', '9:00 am – 6:00 pm in London · Open now'],
    ['2026-07-15T17:30:00Z', 'Europe/London', '10:00 am – 7:00 pm in London · Open now'],
    ['2026-07-15T18:00:00Z', 'Europe/London', '10:00 am – 7:00 pm in London · Closed now'],
    // Half-hour offsets.
    ['2026-07-15T12:00:00Z', 'Asia/Kolkata', '2:30 pm – 11:30 pm in Kolkata · Open now'],
    ['2026-07-15T12:00:00Z', 'America/St_Johns', '6:30 am – 3:30 pm in St Johns · Open now'],
  ])('%s in %s: %s', (now, zone, text) => {
    expect(at(now, zone).text).toBe(text);
  });

  it('is open on the visitor’s Saturday when it is still Friday in GMT (Tokyo, Saturday 2:00 am)', () => {
    expect(at('2026-07-17T17:00:00Z', 'Asia/Tokyo')).toEqual({ text: '6:00 pm – 3:00 am the next day in Tokyo · Open now', open: true });
  });

  it('is closed on the visitor’s Friday evening when it is Saturday in GMT (Honolulu, Friday 3:00 pm)', () => {
    expect(at('2026-07-18T01:00:00Z', 'Pacific/Honolulu')).toEqual({
      text: 'Sunday to Thursday, 11:00 pm – 8:00 am the next day in Honolulu · Closed now',
      open: false,
    });
  });

  it('names the visitor’s days when GMT’s Monday to Friday fall on others there (Honolulu, UTC−10)', () => {
    // Monday 9:00 GMT is Sunday 11:00 pm in Honolulu: open from Sunday night.
    expect(at('2026-07-13T09:30:00Z', 'Pacific/Honolulu')).toEqual({
      text: 'Sunday to Thursday, 11:00 pm – 8:00 am the next day in Honolulu · Open now',
      open: true,
    });
  });

  it('is closed over the GMT weekend and shows the hours of the next opening', () => {
    expect(at('2026-07-18T12:00:00Z', 'Europe/London')).toEqual({ text: '10:00 am – 7:00 pm in London · Closed now', open: false });
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
    expect(at('2026-03-06T10:00:00Z', 'America/Chicago').text).toBe('3:00 am – 12:00 pm in Chicago · Open now');
    expect(at('2026-03-09T10:00:00Z', 'America/Chicago').text).toBe('4:00 am – 1:00 pm in Chicago · Open now');
    // On the Sunday itself the next opening is Monday's, after the change.
    expect(at('2026-03-08T12:00:00Z', 'America/Chicago').text).toBe('4:00 am – 1:00 pm in Chicago · Closed now');
  });

  // The line under the footer's, in the page's language: its clock, its digits, its words.
  it.each<[string, string, string, string, typeof FRENCH]>([
    ['French', '2026-07-15T10:00:00Z', 'Asia/Tokyo', '18:00 – 3:00 le lendemain à Tokyo · Ouvert', FRENCH],
    ['French', '2026-07-18T12:00:00Z', 'Europe/Paris', '11:00 – 20:00 à Paris · Fermé', FRENCH],
    ['French', '2026-07-13T09:30:00Z', 'Pacific/Honolulu', 'dimanche à jeudi, 23:00 – 8:00 le lendemain à Honolulu · Ouvert', FRENCH],
    ['French', '2026-07-15T10:00:00Z', 'Etc/GMT+5', '4:00 – 13:00 à votre fuseau horaire · Ouvert', FRENCH],
    ['Arabic', '2026-07-15T10:00:00Z', 'Asia/Tokyo', '٦:٠٠ م – ٣:٠٠ ص من اليوم التالي بتوقيت Tokyo · مفتوح', ARABIC],
    ['Arabic', '2026-01-14T07:00:00Z', 'Africa/Cairo', '١١:٠٠ ص – ٨:٠٠ م بتوقيت Cairo · مغلق', ARABIC],
    ['Arabic', '2026-07-13T09:30:00Z', 'Pacific/Honolulu', 'الأحد إلى الخميس، ١١:٠٠ م – ٨:٠٠ ص من اليوم التالي بتوقيت Honolulu · مفتوح', ARABIC],
    ['Arabic', '2026-07-15T10:00:00Z', 'Etc/GMT+5', '٤:٠٠ ص – ١:٠٠ م بتوقيت منطقتكم الزمنية · مفتوح', ARABIC],
  ])('says in %s at %s in %s: %s', (_language, now, zone, text, { labels, locale }) => {
    expect(localHours(new Date(now), zone, { hours: HOURS, labels, locale }).text).toBe(text);
  });

  it('names the place from the time zone id', () => {
    expect(placeName('Asia/Tokyo')).toBe('Tokyo');
    expect(placeName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(placeName('UTC')).toBeUndefined();
    expect(placeName('Etc/GMT+5')).toBeUndefined();
    expect(at('2026-07-15T10:00:00Z', 'Etc/GMT+5').text).toBe('4:00 am – 1:00 pm in your time zone · Open now');
  });
});
