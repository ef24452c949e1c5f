import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueReminders, REMINDER_OFFSETS, reminderDueAt } from './messaging';
import { type BookingRules, DEFAULT_BOOKING_RULES } from './scheduling';
import { slotsForDate, slotTimesForDate } from './slots';
import { addDays, utcToZoned, zonedTimeToUtc } from './time';

// Daylight-saving changes in three US zones (decision 0965), against an oracle written from the US rule itself
// (since 2007: clocks go forward at 02:00 on March's second Sunday and back at 02:00 on November's first Sunday;
// Arizona keeps standard time), so neither the library nor Intl grades its own answers.

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ZONES = {
  'America/Chicago': { standardHours: -6, dst: true },
  'America/New_York': { standardHours: -5, dst: true },
  'America/Phoenix': { standardHours: -7, dst: false },
} as const;
type Zone = keyof typeof ZONES;
const zoneNames = Object.keys(ZONES) as Zone[];

const sundayOnOrAfter = (year: number, month: number, day: number) =>
  day + ((7 - new Date(Date.UTC(year, month, day)).getUTCDay()) % 7);

/** The UTC instants at which the zone's clocks change in a year: [forward, back]. */
function transitions(zone: Zone, year: number): [number, number] | null {
  const { standardHours, dst } = ZONES[zone];
  if (!dst) return null;
  const forward = Date.UTC(year, 2, sundayOnOrAfter(year, 2, 8), 2 - standardHours);
  const back = Date.UTC(year, 10, sundayOnOrAfter(year, 10, 1), 2 - (standardHours + 1));
  return [forward, back];
}

/** How many hours the zone's clock is ahead of UTC at an instant (negative in the US). */
function offsetHoursAt(zone: Zone, instant: number): number {
  const { standardHours } = ZONES[zone];
  const t = transitions(zone, new Date(instant).getUTCFullYear());
  return t && instant >= t[0] && instant < t[1] ? standardHours + 1 : standardHours;
}

const pad = (n: number) => String(n).padStart(2, '0');
function oracleWall(zone: Zone, instant: number) {
  const wall = new Date(instant + offsetHoursAt(zone, instant) * HOUR);
  return {
    date: wall.toISOString().slice(0, 10),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** Every instant at which the zone's clock shows the date and time: none in a skipped hour, two in a repeated one. */
function oracleInstants(zone: Zone, date: string, time: string): number[] {
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  const { standardHours } = ZONES[zone];
  return [standardHours + 1, standardHours]
    .map((offset) => wallAsUtc - offset * HOUR)
    .filter((instant, i, all) => all.indexOf(instant) === i)
    .filter((instant) => oracleWall(zone, instant).time === time && oracleWall(zone, instant).date === date)
    .sort((a, b) => a - b);
}

const asDate = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A zone and a calendar date within three days of one of its (or, for Phoenix, Chicago's) clock changes. */
const zoneAndDate = fc
  .record({
    zone: fc.constantFrom(...zoneNames),
    year: fc.integer({ min: 2026, max: 2040 }),
    spring: fc.boolean(),
    shift: fc.integer({ min: -3, max: 3 }),
  })
  .map(({ zone, year, spring, shift }) => {
    const day = spring ? sundayOnOrAfter(year, 2, 8) : sundayOnOrAfter(year, 10, 1);
    return { zone, date: isoDate(asDate(year, spring ? 2 : 10, day + shift)) };
  });

const clockTime = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 15, 30, 45, 59) })
  .map(({ h, m }) => `${pad(h)}:${pad(m)}`);

const RUNS = { numRuns: 400 };

describe('wall-clock conversion across daylight-saving changes', () => {
  it('turns a wall-clock time into the instant the zone shows it (the first, when the hour repeats)', () => {
    fc.assert(
      fc.property(zoneAndDate, clockTime, ({ zone, date }, time) => {
        const instants = oracleInstants(zone, date, time);
        const got = zonedTimeToUtc(date, time, zone).getTime();
        if (instants.length > 0) expect(got).toBe(instants[0]);
        // A time the clocks skip has no instant: whatever is returned, the zone never shows that time at it.
        else expect(utcToZoned(new Date(got), zone)).not.toEqual({ date, time });
      }),
      RUNS,
    );
  });

  it('reads any instant near a change on the zone clock as the oracle does', () => {
    fc.assert(
      fc.property(zoneAndDate, fc.integer({ min: 0, max: 48 * 60 - 1 }), ({ zone, date }, minutes) => {
        const instant = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
        expect(utcToZoned(new Date(instant), zone)).toEqual(oracleWall(zone, instant));
      }),
      RUNS,
    );
  });

  it('skips one hour in spring and repeats one in autumn where the zone keeps DST, none in Phoenix', () => {
    for (const zone of zoneNames) {
      for (const year of [2026, 2030, 2040]) {
        const [springDay, autumnDay] = [sundayOnOrAfter(year, 2, 8), sundayOnOrAfter(year, 10, 1)];
        const count = (date: string, n: number) =>
          Array.from({ length: 24 * 60 }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`).filter(
            (time) => oracleInstants(zone, date, time).length === n,
          ).length;
        const spring = isoDate(asDate(year, 2, springDay));
        const autumn = isoDate(asDate(year, 10, autumnDay));
        const skipped = Array.from(
          { length: 24 * 60 },
          (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
        ).filter((time) => {
          const at = zonedTimeToUtc(spring, time, zone);
          return utcToZoned(at, zone).time !== time;
        }).length;
        expect(skipped).toBe(ZONES[zone].dst ? 60 : 0);
        expect(count(spring, 0)).toBe(skipped);
        expect(count(autumn, 2)).toBe(ZONES[zone].dst ? 60 : 0);
      }
    }
  });
});

/** Booking rules with any opening hours of the day, night hours included, and any slot length. */
const rulesArb = fc
  .record({
    open: fc.integer({ min: 0, max: 22 * 60 }),
    length: fc.integer({ min: 60, max: 24 * 60 }),
    slotMinutes: fc.constantFrom(15, 20, 30, 45, 60, 90, 120),
  })
  .map(({ open, length, slotMinutes }): BookingRules => {
    const close = Math.min(open + length, 24 * 60 - 1);
    const hhmm = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    return {
      ...DEFAULT_BOOKING_RULES,
      weeklyHours: Array.from({ length: 7 }, () => ({ open: hhmm(open), close: hhmm(close) })),
      slotMinutes,
      minNoticeMinutes: 0,
    };
  });

describe('the one slot function across daylight-saving changes (decision 1101)', () => {
  const longAgo = new Date('2020-01-01T00:00:00Z');

  it('offers every opening-hours time the clock shows, once, at the right instant; none that the clock skips', () => {
    fc.assert(
      fc.property(zoneAndDate, rulesArb, ({ zone, date }, rules) => {
        const slots = slotsForDate({
          date,
          timeZone: zone,
          durationMinutes: 60,
          busy: [],
          now: longAgo,
          rules,
        });
        const expected = slotTimesForDate(date, rules)
          .map((time) => ({ time, instants: oracleInstants(zone, date, time) }))
          .filter(({ instants }) => instants.length > 0);
        // Not lost, not doubled: exactly the times that exist on that day, each at its first instant.
        expect(slots.map((s) => ({ time: s.time, at: s.startsAt.getTime() }))).toEqual(
          expected.map(({ time, instants }) => ({ time, at: instants[0] })),
        );
        expect(new Set(slots.map((s) => s.startsAt.getTime())).size).toBe(slots.length);
        // In real time, in order.
        for (let i = 1; i < slots.length; i++) {
          expect(slots[i]!.startsAt.getTime()).toBeGreaterThan(slots[i - 1]!.startsAt.getTime());
        }
        for (const s of slots) expect(utcToZoned(s.startsAt, zone)).toEqual({ date, time: s.time });
      }),
      RUNS,
    );
  });

  it('marks a slot taken when a held job covers it in real time, across the change', () => {
    fc.assert(
      fc.property(
        zoneAndDate,
        rulesArb,
        fc.integer({ min: 30, max: 300 }),
        ({ zone, date }, rules, duration) => {
          const all = slotsForDate({
            date,
            timeZone: zone,
            durationMinutes: 60,
            busy: [],
            now: longAgo,
            rules,
          });
          fc.pre(all.length > 0);
          const held = { start: all[0]!.startsAt, durationMinutes: duration };
          const slots = slotsForDate({
            date,
            timeZone: zone,
            durationMinutes: 1,
            busy: [held],
            now: longAgo,
            rules,
          });
          for (const s of slots) {
            const inside = s.startsAt.getTime() < held.start.getTime() + duration * MINUTE;
            expect(s.state).toBe(inside ? 'taken' : 'available');
          }
        },
      ),
      RUNS,
    );
  });
});

describe('"24 hours before" reminders across daylight-saving changes (decision 611)', () => {
  const all = { reminder_24h: true, reminder_2h: true };

  it('is due exactly 24 real hours before the start, which is another wall-clock time when the clocks changed', () => {
    fc.assert(
      fc.property(zoneAndDate, clockTime, ({ zone, date }, time) => {
        const instants = oracleInstants(zone, date, time);
        fc.pre(instants.length > 0);
        const startsAt = zonedTimeToUtc(date, time, zone);
        expect(startsAt.getTime()).toBe(instants[0]);
        const due = reminderDueAt(startsAt, 24);
        expect(startsAt.getTime() - due.getTime()).toBe(24 * HOUR);
        const changedBetween = offsetHoursAt(zone, due.getTime()) !== offsetHoursAt(zone, startsAt.getTime());
        const sameTimeDayBefore = { date: addDays(date, -1), time };
        if (changedBetween) expect(utcToZoned(due, zone)).not.toEqual(sameTimeDayBefore);
        expect(utcToZoned(due, zone)).toEqual(oracleWall(zone, due.getTime()));
      }),
      RUNS,
    );
  });

  it('sends the 24-hour reminder from 24 real hours before until the 2-hour one is due, and that one until the start', () => {
    fc.assert(
      fc.property(
        zoneAndDate,
        clockTime,
        fc.integer({ min: -30 * 60, max: 0 }),
        ({ zone, date }, time, minutesFromStart) => {
          const instants = oracleInstants(zone, date, time);
          fc.pre(instants.length > 0);
          const startsAt = zonedTimeToUtc(date, time, zone);
          const realStart = instants[0]!;
          expect(startsAt.getTime()).toBe(realStart);
          const now = new Date(realStart + minutesFromStart * MINUTE);
          const due = dueReminders({ startsAt, createdAt: new Date(realStart - 30 * 24 * HOUR) }, all, now);
          const before = realStart - now.getTime();
          const expected = REMINDER_OFFSETS.filter(({ kind }) =>
            kind === 'reminder_24h' ? before <= 24 * HOUR && before > 2 * HOUR : before <= 2 * HOUR,
          ).map(({ kind }) => kind);
          expect(due).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('sends no reminder whose moment passed before the booking was made', () => {
    fc.assert(
      fc.property(
        zoneAndDate,
        clockTime,
        fc.integer({ min: 1, max: 23 * 60 }),
        ({ zone, date }, time, minutes) => {
          fc.pre(oracleInstants(zone, date, time).length > 0);
          const startsAt = zonedTimeToUtc(date, time, zone);
          const createdAt = new Date(startsAt.getTime() - minutes * MINUTE); // inside the 24-hour window
          const now = new Date(Math.max(createdAt.getTime(), startsAt.getTime() - 2 * HOUR - MINUTE));
          expect(dueReminders({ startsAt, createdAt }, all, now)).not.toContain('reminder_24h');
        },
      ),
      RUNS,
    );
  });
});
