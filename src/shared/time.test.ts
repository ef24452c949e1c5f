import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatSlot,
  formatTime,
  formatTimeInZone,
  isValidTimeZone,
  parseCalendarDate,
  todayInZone,
  utcToZoned,
  zonedTimeToUtc,
} from './time';

describe('zoned wall-clock times', () => {
  it('converts in winter and summer (DST)', () => {
    expect(zonedTimeToUtc('2030-01-15', '08:00', 'America/Chicago').toISOString()).toBe(
      '2030-01-15T14:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '08:00', 'America/Chicago').toISOString()).toBe(
      '2030-07-15T13:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '17:00', 'America/New_York').toISOString()).toBe(
      '2030-07-15T21:00:00.000Z',
    );
    expect(zonedTimeToUtc('2030-07-15', '08:00', 'UTC').toISOString()).toBe('2030-07-15T08:00:00.000Z');
  });

  it('round-trips', () => {
    const instant = zonedTimeToUtc('2030-03-10', '09:00', 'America/Chicago'); // the day DST starts
    expect(utcToZoned(instant, 'America/Chicago')).toEqual({ date: '2030-03-10', time: '09:00' });
  });

  it('knows today in a zone', () => {
    // 03:00 UTC on the 2nd is still the evening of the 1st in Chicago.
    expect(todayInZone('America/Chicago', new Date('2030-06-02T03:00:00Z'))).toBe('2030-06-01');
  });

  it('adds days, formats slots and validates zones', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(formatSlot('08:00')).toBe('8:00 AM');
    expect(formatSlot('12:00')).toBe('12:00 PM');
    expect(formatSlot('17:00')).toBe('5:00 PM');
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('dates and times in the business zone, in en-US', () => {
  // 04:30 UTC on 1 Jan 2031 is New Year's Day in UTC but still New Year's Eve in Chicago (22:30) and New York
  // (23:30): the zone decides the day, never the machine running the code.
  const instant = new Date('2031-01-01T04:30:00Z');

  it('formats the day and time an instant falls on in the zone', () => {
    expect(formatDate(instant, 'America/Chicago')).toBe('Tue, Dec 31, 2030');
    expect(formatDate(instant, 'UTC')).toBe('Wed, Jan 1, 2031');
    expect(formatDate(instant.toISOString(), 'America/Chicago', { weekday: false })).toBe('Dec 31, 2030');
    expect(formatDate(instant, 'America/Chicago', { weekday: false, month: 'long' })).toBe(
      'December 31, 2030',
    );
    expect(formatDate(instant, 'America/Chicago', { year: false })).toBe('Tue, Dec 31');
    expect(formatTime(instant, 'America/Chicago')).toBe('10:30 PM');
    expect(formatTime(instant, 'America/New_York', { zoneName: true })).toBe('11:30 PM EST');
    expect(formatTimeInZone(instant, 'America/Phoenix')).toBe('9:30 PM');
    expect(formatDateTimeInZone(new Date('2030-07-15T15:00:00Z'), 'America/Chicago')).toBe(
      'Mon, Jul 15, 2030 at 10:00 AM CDT',
    );
    expect(formatCalendarDate('2030-12-25', { weekday: false, month: 'long' })).toBe('December 25, 2030');
  });

  it('gives the text the screens showed with toLocaleDateString / toLocaleString in en-US', () => {
    const at = new Date('2030-07-15T15:04:00Z');
    const zone = 'America/Chicago';
    const old = (opts: Intl.DateTimeFormatOptions) => at.toLocaleString('en-US', { timeZone: zone, ...opts });
    expect(formatDate(at, zone, { weekday: false })).toBe(old({ dateStyle: 'medium' }));
    expect(formatDate(at, zone, { weekday: false, month: 'long' })).toBe(old({ dateStyle: 'long' }));
    expect(formatDate(at, zone, { weekday: false, year: false })).toBe(
      old({ month: 'short', day: 'numeric' }),
    );
    expect(formatDate(at, zone, { weekday: false, day: false, month: 'long' })).toBe(
      old({ month: 'long', year: 'numeric' }),
    );
    expect(formatDate(at, zone, { weekday: false, month: 'numeric' })).toBe(
      at.toLocaleDateString('en-US', { timeZone: zone }),
    );
    expect(formatDateTime(at, zone)).toBe(old({ dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatDateTime(at, zone, { year: false })).toBe(
      old({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    );
    expect(formatDateTime(at, zone)).toBe('Jul 15, 2030, 10:04 AM');
    expect(formatCalendarDate('2030-07-05', { weekday: false })).toBe('Jul 5, 2030');
  });

  it('parses a calendar date one way, as its 00:00 UTC, and refuses what is not one', () => {
    expect(parseCalendarDate('2030-12-25').toISOString()).toBe('2030-12-25T00:00:00.000Z');
    expect(parseCalendarDate('2028-02-29').getUTCDate()).toBe(29);
    for (const bad of [
      '2030-02-30',
      '2029-02-29',
      '2030-13-01',
      '2030-1-05',
      '2030-01-05T00:00:00Z',
      '',
      'soon',
    ]) {
      expect(() => parseCalendarDate(bad)).toThrow(RangeError);
    }
  });

  it('refuses an unknown zone instead of guessing', () => {
    expect(() => zonedTimeToUtc('2030-01-15', '08:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => utcToZoned(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});
