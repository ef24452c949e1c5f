import { describe, expect, it } from 'vitest';
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  schedulingInputSchema,
  timeZoneForAddress,
  weekdayOf,
} from './scheduling';
import { bookingWindow, checkSlot, fitsCapacity, slotsForDate } from './slots';
import { zonedTimeToUtc } from './time';

const rules = (over: Partial<BookingRules> = {}): BookingRules => ({ ...DEFAULT_BOOKING_RULES, ...over });
const weekdays9to5 = [null, ...Array.from({ length: 5 }, () => ({ open: '09:00', close: '17:00' })), null];
const times = (s: Array<{ time: string }>) => s.map((x) => x.time);
const available = (s: Array<{ time: string; state: string }>) =>
  s.filter((x) => x.state === 'available').map((x) => x.time);

describe('working hours, closed dates and slot length', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  it('offers every slot length from opening while the start is before closing', () => {
    // 2030-06-03 is a Monday.
    expect(weekdayOf('2030-06-03')).toBe(1);
    const slots = slotsForDate({
      date: '2030-06-03',
      timeZone: 'America/Chicago',
      durationMinutes: 60,
      busy: [],
      now,
      rules: rules({ weeklyHours: weekdays9to5, slotMinutes: 90 }),
    });
    expect(times(slots)).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00', '16:30']);
  });

  it('offers nothing on a day off or a closed date, and says why', () => {
    const r = rules({ weeklyHours: weekdays9to5, closedDates: ['2030-06-04'] });
    const q = { timeZone: 'America/Chicago', durationMinutes: 60, busy: [], now, rules: r };
    expect(slotsForDate({ ...q, date: '2030-06-02' })).toEqual([]); // Sunday
    expect(slotsForDate({ ...q, date: '2030-06-04' })).toEqual([]); // closed date
    expect(checkSlot({ ...q, date: '2030-06-04', time: '10:00' })).toMatchObject({
      ok: false,
      reason: 'closed',
      message: 'The business is closed on this date',
    });
    expect(checkSlot({ ...q, date: '2030-06-05', time: '08:00' })).toMatchObject({
      ok: false,
      reason: 'outside',
    });
    expect(checkSlot({ ...q, date: '2030-06-05', time: '10:00' })).toMatchObject({ ok: true });
  });
});

describe('capacity (crews)', () => {
  const at = (time: string) => zonedTimeToUtc('2030-06-03', time, 'America/Chicago');
  it('lets two jobs run at once with two crews, never three', () => {
    const busy = [
      { start: at('09:00'), durationMinutes: 120 }, // 09–11
      { start: at('10:00'), durationMinutes: 120 }, // 10–12
    ];
    expect(fitsCapacity({ start: at('08:00'), durationMinutes: 60 }, busy, 2)).toBe(true);
    expect(fitsCapacity({ start: at('09:00'), durationMinutes: 60 }, busy, 2)).toBe(true); // one crew free 9–10
    expect(fitsCapacity({ start: at('10:00'), durationMinutes: 60 }, busy, 2)).toBe(false); // both busy
    expect(fitsCapacity({ start: at('08:00'), durationMinutes: 180 }, busy, 2)).toBe(false); // runs into 10–11
    expect(fitsCapacity({ start: at('11:00'), durationMinutes: 60 }, busy, 2)).toBe(true); // the first has ended
    // Two jobs that never overlap each other leave a crew free for a job spanning both.
    const apart = [
      { start: at('09:00'), durationMinutes: 60 },
      { start: at('11:00'), durationMinutes: 60 },
    ];
    expect(fitsCapacity({ start: at('08:00'), durationMinutes: 300 }, apart, 2)).toBe(true);
    expect(fitsCapacity({ start: at('08:00'), durationMinutes: 300 }, apart, 1)).toBe(false);
  });

  it('marks a slot taken only when every crew is busy', () => {
    const busy = [{ start: at('10:00'), durationMinutes: 60 }];
    const now = new Date('2030-06-01T12:00:00Z');
    const q = { date: '2030-06-03', timeZone: 'America/Chicago', durationMinutes: 60, busy, now };
    expect(available(slotsForDate({ ...q, rules: rules() }))).not.toContain('10:00');
    expect(available(slotsForDate({ ...q, rules: rules({ capacity: 2 }) }))).toContain('10:00');
    expect(checkSlot({ ...q, time: '10:00', rules: rules() })).toMatchObject({
      ok: false,
      reason: 'taken',
      message: 'That time is no longer available',
    });
  });
});

describe('notice and horizon', () => {
  it('refuses times inside the minimum notice and dates past the horizon', () => {
    const tz = 'America/New_York';
    const now = zonedTimeToUtc('2030-06-03', '09:30', tz);
    const q = { timeZone: tz, durationMinutes: 60, busy: [], now };
    const r = rules({ minNoticeMinutes: 24 * 60, horizonDays: 10 });
    expect(available(slotsForDate({ ...q, date: '2030-06-04', rules: r }))[0]).toBe('10:00');
    expect(checkSlot({ ...q, date: '2030-06-04', time: '09:00', rules: r })).toMatchObject({
      ok: false,
      reason: 'notice',
      message: 'Please choose a time at least 1 day from now',
    });
    expect(checkSlot({ ...q, date: '2030-06-03', time: '08:00', rules: r })).toMatchObject({
      reason: 'past',
    });
    expect(checkSlot({ ...q, date: '2030-06-02', time: '10:00', rules: r })).toMatchObject({
      reason: 'past',
    });
    expect(bookingWindow(r, tz, now)).toEqual({ today: '2030-06-03', maxDate: '2030-06-13' });
    expect(checkSlot({ ...q, date: '2030-06-13', time: '10:00', rules: r })).toMatchObject({ ok: true });
    expect(checkSlot({ ...q, date: '2030-06-14', time: '10:00', rules: r })).toMatchObject({
      ok: false,
      reason: 'horizon',
      message: 'Please choose a date within the next 10 days',
    });
  });
});

describe('time zones and daylight saving', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it('places the same wall-clock slots at different instants per zone', () => {
    const q = { date: '2030-06-03', durationMinutes: 60, busy: [], now };
    const first = (timeZone: string) => slotsForDate({ ...q, timeZone })[0]!.startsAt.toISOString();
    expect(first('America/Chicago')).toBe('2030-06-03T13:00:00.000Z'); // CDT, UTC−5
    expect(first('America/Phoenix')).toBe('2030-06-03T15:00:00.000Z'); // no DST, UTC−7
    expect(first('Pacific/Honolulu')).toBe('2030-06-03T18:00:00.000Z'); // UTC−10
  });

  it('keeps hourly wall-clock slots across the spring-forward day and skips the missing hour', () => {
    // US clocks jump 02:00 → 03:00 on Sunday 2030-03-10.
    const tz = 'America/Chicago';
    const day = slotsForDate({ date: '2030-03-10', timeZone: tz, durationMinutes: 60, busy: [], now });
    expect(day[0]!.startsAt.toISOString()).toBe('2030-03-10T13:00:00.000Z'); // 08:00 CDT
    const before = slotsForDate({ date: '2030-03-09', timeZone: tz, durationMinutes: 60, busy: [], now });
    expect(before[0]!.startsAt.toISOString()).toBe('2030-03-09T14:00:00.000Z'); // 08:00 CST
    const night = slotsForDate({
      date: '2030-03-10',
      timeZone: tz,
      durationMinutes: 60,
      busy: [],
      now,
      rules: rules({ weeklyHours: Array.from({ length: 7 }, () => ({ open: '00:00', close: '05:00' })) }),
    });
    expect(times(night)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    expect(night.map((s) => s.startsAt.toISOString())).toEqual([
      '2030-03-10T06:00:00.000Z',
      '2030-03-10T07:00:00.000Z',
      '2030-03-10T08:00:00.000Z',
      '2030-03-10T09:00:00.000Z',
    ]);
  });

  it('offers the repeated fall-back hour once', () => {
    // Clocks go 02:00 → 01:00 on Sunday 2030-11-03.
    const night = slotsForDate({
      date: '2030-11-03',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      busy: [],
      now,
      rules: rules({ weeklyHours: Array.from({ length: 7 }, () => ({ open: '00:00', close: '03:00' })) }),
    });
    expect(times(night)).toEqual(['00:00', '01:00', '02:00']);
    const gaps = night
      .slice(1)
      .map((s, i) => (s.startsAt.getTime() - night[i]!.startsAt.getTime()) / 3_600_000);
    expect(gaps).toEqual([1, 2]); // 01:00 EDT, then 02:00 EST two real hours later
  });

  it('counts the notice in real time across the change', () => {
    // Saturday 23:00 CST; with 10 hours' notice the earliest start is 10:00 CDT Sunday (9 wall hours later).
    const tz = 'America/Chicago';
    const sat = zonedTimeToUtc('2030-03-09', '23:00', tz);
    const day = slotsForDate({
      date: '2030-03-10',
      timeZone: tz,
      durationMinutes: 60,
      busy: [],
      now: sat,
      rules: rules({ minNoticeMinutes: 600 }),
    });
    expect(available(day)[0]).toBe('10:00');
  });
});

describe('settings', () => {
  it('takes the zone from the address zip', () => {
    expect(timeZoneForAddress('100 Main St, Phoenix, AZ 85004')).toBe('America/Phoenix');
    expect(timeZoneForAddress('1 Congress Ave, Austin, TX 78701')).toBe('America/Chicago');
    expect(timeZoneForAddress('Seattle, WA 98101')).toBe('America/Los_Angeles');
    expect(timeZoneForAddress('Boston MA 02108')).toBe('America/New_York');
    expect(timeZoneForAddress('Denver CO 80202')).toBe('America/Denver');
    expect(timeZoneForAddress('Honolulu 96813')).toBe('Pacific/Honolulu');
    expect(timeZoneForAddress('no zip here')).toBeNull();
    expect(timeZoneForAddress(null)).toBeNull();
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'Please choose a valid time zone'],
    [{ slotMinutes: 5 }, 'Slots must be at least 15 minutes'],
    [{ capacity: 0 }, 'At least one job must be able to run'],
    [{ minNoticeMinutes: -1 }, 'Notice cannot be negative'],
    [{ horizonDays: 0 }, 'Customers must be able to book at least 1 day ahead'],
    [{ closedDates: ['June 4'] }, 'Please enter a date as YYYY-MM-DD'],
    [
      { weeklyHours: [{ open: '17:00', close: '09:00' }, null, null, null, null, null, null] },
      'Closing time must be after opening time',
    ],
    [{ weeklyHours: [null] }, 'Please give hours for all seven days'],
  ])('refuses %j with “%s”', (override, message) => {
    const parsed = schedulingInputSchema.safeParse({
      ...DEFAULT_BOOKING_RULES,
      timeZone: 'America/Chicago',
      ...override,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });
});
