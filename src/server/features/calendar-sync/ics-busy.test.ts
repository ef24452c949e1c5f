import fc from 'fast-check';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { describe, expect, it } from 'vitest';
import { addDays, utcToZoned, zonedTimeToUtc } from '../../../shared/time';
import { busySpans, mergeSpans } from './ics-busy';

// Recurring events of other calendars (decision 1221): a weekly event at a wall-clock time in its own zone keeps that
// wall-clock time across DST changes; EXDATE removes an instance; RECURRENCE-ID moves one.

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney'] as const;
const local = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

function weeklyCalendar(o: {
  zone: string;
  first: string;
  time: string;
  minutes: number;
  count: number;
  exdates: string[];
  moved: { date: string; to: string } | null;
}) {
  const end = utcToZoned(
    new Date(zonedTimeToUtc(o.first, o.time, o.zone).getTime() + o.minutes * 60_000),
    o.zone,
  );
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    (tzlib_get_ical_block(o.zone) as string[])[0]!,
    'BEGIN:VEVENT',
    'UID:series@test',
    'DTSTAMP:20300101T000000Z',
    `DTSTART;TZID=${o.zone}:${local(o.first, o.time)}`,
    `DTEND;TZID=${o.zone}:${local(end.date, end.time)}`,
    `RRULE:FREQ=WEEKLY;COUNT=${o.count}`,
    ...o.exdates.map((d) => `EXDATE;TZID=${o.zone}:${local(d, o.time)}`),
    'END:VEVENT',
  ];
  if (o.moved) {
    const movedEnd = utcToZoned(
      new Date(zonedTimeToUtc(o.moved.date, o.moved.to, o.zone).getTime() + o.minutes * 60_000),
      o.zone,
    );
    lines.push(
      'BEGIN:VEVENT',
      'UID:series@test',
      'DTSTAMP:20300101T000000Z',
      `RECURRENCE-ID;TZID=${o.zone}:${local(o.moved.date, o.time)}`,
      `DTSTART;TZID=${o.zone}:${local(o.moved.date, o.moved.to)}`,
      `DTEND;TZID=${o.zone}:${local(movedEnd.date, movedEnd.time)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

describe('busy spans of an iCal calendar', () => {
  it('expands weekly events across DST in three zones, with exceptions and moved instances', () => {
    // First dates a few weeks before a DST change of each hemisphere (March, October/November 2030).
    const firsts = ['2030-02-16', '2030-03-02', '2030-09-14', '2030-10-12', '2030-10-26'];
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...firsts),
        fc.integer({ min: 7, max: 19 }),
        fc.constantFrom(0, 30),
        fc.constantFrom(30, 60, 90),
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 2 }),
        fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
        (zone, first, hour, minute, minutes, count, exWeeks, movedWeek) => {
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const dates = Array.from({ length: count }, (_, k) => addDays(first, 7 * k));
          const exdates = [...new Set(exWeeks.filter((w) => w < count).map((w) => dates[w]!))];
          const movedDate =
            movedWeek !== null && movedWeek < count && !exdates.includes(dates[movedWeek]!)
              ? dates[movedWeek]!
              : null;
          const moved = movedDate ? { date: movedDate, to: '06:00' } : null;
          const text = weeklyCalendar({ zone, first, time, minutes, count, exdates, moved });
          const spans = busySpans(text, {
            from: new Date('2030-01-01T00:00:00Z'),
            to: new Date('2031-06-01T00:00:00Z'),
            timeZone: zone,
          });
          // The reference: each kept date at its wall-clock time in the zone (the moved one at 06:00).
          const expected = dates
            .filter((d) => !exdates.includes(d))
            .map((d) => zonedTimeToUtc(d, d === movedDate ? '06:00' : time, zone).getTime())
            .sort((a, b) => a - b);
          expect(spans.map((s) => s.start.getTime())).toEqual(expected);
          for (const s of spans) expect(s.end.getTime() - s.start.getTime()).toBe(minutes * 60_000);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('blocks all-day events for their dates in the business zone and skips free or cancelled events', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:holiday@test',
      'DTSTART;VALUE=DATE:20300401',
      'DTEND;VALUE=DATE:20300403',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:free@test',
      'DTSTART:20300405T150000Z',
      'DTEND:20300405T160000Z',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:off@test',
      'DTSTART:20300406T150000Z',
      'DTEND:20300406T160000Z',
      'STATUS:CANCELLED',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const spans = busySpans(text, {
      from: new Date('2030-01-01T00:00:00Z'),
      to: new Date('2031-01-01T00:00:00Z'),
      timeZone: 'America/Chicago',
    });
    expect(spans).toEqual([
      {
        start: zonedTimeToUtc('2030-04-01', '00:00', 'America/Chicago'),
        end: zonedTimeToUtc('2030-04-03', '00:00', 'America/Chicago'),
      },
    ]);
  });

  it('refuses a text that is no calendar', () => {
    expect(() =>
      busySpans('<html></html>', { from: new Date(0), to: new Date(), timeZone: 'UTC' }),
    ).toThrow();
  });

  it('merges one person’s overlapping spans', () => {
    const d = (h: number) => new Date(Date.UTC(2030, 0, 1, h));
    expect(
      mergeSpans([
        { start: d(9), end: d(11) },
        { start: d(10), end: d(12) },
        { start: d(14), end: d(15) },
      ]),
    ).toEqual([
      { start: d(9), end: d(12) },
      { start: d(14), end: d(15) },
    ]);
  });
});
