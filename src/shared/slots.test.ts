import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES } from './scheduling';
import { intervalsOverlap, isSlotFree, slotsForDate } from './slots';
import { zonedTimeToUtc } from './time';

const TZ = 'America/Chicago';
const at = (time: string, date = '2030-06-03') => zonedTimeToUtc(date, time, TZ);

describe('slot overlap', () => {
  it('treats intervals as half-open', () => {
    expect(
      intervalsOverlap(
        { start: at('09:00'), durationMinutes: 60 },
        { start: at('10:00'), durationMinutes: 60 },
      ),
    ).toBe(false);
    expect(
      intervalsOverlap(
        { start: at('10:00'), durationMinutes: 60 },
        { start: at('09:00'), durationMinutes: 60 },
      ),
    ).toBe(false);
    expect(
      intervalsOverlap(
        { start: at('09:00'), durationMinutes: 61 },
        { start: at('10:00'), durationMinutes: 60 },
      ),
    ).toBe(true);
  });

  it('finds overlaps from either side and containment', () => {
    const existing = { start: at('10:00'), durationMinutes: 180 }; // 10:00–13:00
    expect(isSlotFree({ start: at('08:00'), durationMinutes: 60 }, [existing])).toBe(true);
    expect(isSlotFree({ start: at('09:00'), durationMinutes: 120 }, [existing])).toBe(false); // runs into it
    expect(isSlotFree({ start: at('11:00'), durationMinutes: 60 }, [existing])).toBe(false); // inside it
    expect(isSlotFree({ start: at('12:00'), durationMinutes: 360 }, [existing])).toBe(false); // starts before it ends
    expect(isSlotFree({ start: at('13:00'), durationMinutes: 60 }, [existing])).toBe(true);
    expect(isSlotFree({ start: at('08:00'), durationMinutes: 480 }, [existing])).toBe(false); // contains it
  });
});

describe('slots for a day', () => {
  const now = new Date('2030-06-01T12:00:00Z');

  it('offers the hourly slots 08:00–17:00 in the business zone', () => {
    const slots = slotsForDate({ date: '2030-06-03', timeZone: TZ, durationMinutes: 60, busy: [], now });
    expect(slots.map((s) => s.time)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(slots.every((s) => s.state === 'available')).toBe(true);
    // Chicago is UTC−5 in June: 08:00 local is 13:00 UTC.
    expect(slots[0]!.startsAt.toISOString()).toBe('2030-06-03T13:00:00.000Z');
  });

  it('marks slots that a 3-hour service would run into a held booking as taken', () => {
    const busy = [{ start: at('12:00'), durationMinutes: 60 }];
    const slots = slotsForDate({ date: '2030-06-03', timeZone: TZ, durationMinutes: 180, busy, now });
    const taken = slots.filter((s) => s.state === 'taken').map((s) => s.time);
    expect(taken).toEqual(['10:00', '11:00', '12:00']);
  });

  it('marks slots a long existing job occupies as taken for a short service', () => {
    const busy = [{ start: at('09:00'), durationMinutes: 360 }]; // 09:00–15:00
    const slots = slotsForDate({ date: '2030-06-03', timeZone: TZ, durationMinutes: 60, busy, now });
    expect(slots.filter((s) => s.state === 'available').map((s) => s.time)).toEqual([
      '08:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });

  it('does not offer slots that have already started', () => {
    const midMorning = zonedTimeToUtc('2030-06-03', '10:30', TZ);
    const slots = slotsForDate({
      date: '2030-06-03',
      timeZone: TZ,
      durationMinutes: 60,
      busy: [],
      now: midMorning,
      rules: { ...DEFAULT_BOOKING_RULES, minNoticeMinutes: 0 },
    });
    expect(slots.filter((s) => s.state === 'past').map((s) => s.time)).toEqual(['08:00', '09:00', '10:00']);
  });

  it('keeps the default two hours of notice', () => {
    const midMorning = zonedTimeToUtc('2030-06-03', '10:30', TZ);
    const slots = slotsForDate({
      date: '2030-06-03',
      timeZone: TZ,
      durationMinutes: 60,
      busy: [],
      now: midMorning,
    });
    expect(slots.filter((s) => s.state === 'past').map((s) => s.time)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ]);
    expect(slots.find((s) => s.time === '13:00')!.state).toBe('available');
  });
});
