/**
 * The hours in words and in the visitor's time zone (shared/hours.ts), for
 * hours of the test's own: GMT hours as clocks elsewhere show them, across
 * midnight, weekends, daylight saving time and half-hour zones. The site's
 * own hours (content/words/hours.yaml) are the spec's, checked in
 * tests/site.test.ts; these do not change when they do.
 */
import { describe, expect, it } from 'vitest';
import type { Hours, Labels } from '../content/schema.ts';
import { hoursText, localHours, placeName } from '../shared/hours.ts';

const HOURS: Hours = { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00', timeZone: 'GMT', closed: 'Closed on weekends' };
const LABELS: Labels['hours'] = { openNow: 'Open now', closedNow: 'Closed now', nextDay: 'the next day', in: 'in', yourTimeZone: 'your time zone' };
const at = (iso: string, zone: string, hours = HOURS) => localHours(new Date(iso), zone, hours, LABELS);

describe('hoursText', () => {
  it.each<[Partial<Hours>, { days: string; hours: string }]>([
    [{}, { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ opens: '08:30', closes: '12:00' }, { days: 'Monday to Friday', hours: '8:30 am to 12:00 pm GMT' }],
    [{ days: ['Saturday', 'Sunday', 'Monday'], opens: '00:00', closes: '23:59' }, { days: 'Saturday to Monday', hours: '12:00 am to 11:59 pm GMT' }],
    [{ days: ['Monday', 'Wednesday', 'Friday'] }, { days: 'Monday, Wednesday, Friday', hours: '9:00 am to 6:00 pm GMT' }],
    [{ days: ['Tuesday'] }, { days: 'Tuesday', hours: '9:00 am to 6:00 pm GMT' }],
  ])('writes %j as %j', (change, text) => {
    expect(hoursText({ ...HOURS, ...change })).toEqual(text);
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

  it('names the place from the time zone id', () => {
    expect(placeName('Asia/Tokyo')).toBe('Tokyo');
    expect(placeName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(placeName('UTC')).toBeUndefined();
    expect(placeName('Etc/GMT+5')).toBeUndefined();
    expect(at('2026-07-15T10:00:00Z', 'Etc/GMT+5').text).toBe('4:00 am – 1:00 pm in your time zone · Open now');
  });
});
