import { describe, expect, it } from 'vitest';
import { addDays, formatSlot, isValidTimeZone, todayInZone, utcToZoned, zonedTimeToUtc } from './time';

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
