import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import ical, { foldLines, type ICalEventStatus } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLine, renderEvents } from './ics-events';

// Decision 1250: the feed's events are written directly; they must read exactly as ical-generator wrote them
// (but for DTSTAMP, now in UTC as RFC 5545 requires).

const text = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '\\', '\n', 'é', '·', '漢', '😀', '1'),
  maxLength: 200,
});

describe('feed events written directly', () => {
  it('fold lines exactly as ical-generator does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (line) => {
        const clean = line.replace(/[\r\n]/g, '');
        expect(foldLine(clean)).toBe(foldLines(clean));
      }),
      { numRuns: 500 },
    );
  });

  it('write the same VEVENT as ical-generator, in the business’s zone', () => {
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2031, 0, 1) }),
        fc.constantFrom('America/Chicago', 'America/New_York', 'America/Phoenix', 'Pacific/Honolulu'),
        fc.constantFrom('CONFIRMED', 'TENTATIVE', 'CANCELLED') as fc.Arbitrary<
          'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
        >,
        (summary, location, description, at, zone, status) => {
          const start = new Date(Math.floor(at / 60_000) * 60_000);
          const end = new Date(start.getTime() + 90 * 60_000);
          const calendar = ical({ name: 'x' });
          calendar.createEvent({
            id: 'b1@shineroute',
            sequence: 3,
            stamp: new TZDate(start.getTime(), zone),
            start: new TZDate(start.getTime(), zone),
            end: new TZDate(end.getTime(), zone),
            timezone: zone,
            summary,
            location,
            description,
            status: status as ICalEventStatus,
          });
          const theirs = calendar.toString();
          const block = theirs.slice(theirs.indexOf('BEGIN:VEVENT'), theirs.indexOf('END:VEVENT') + 10);
          const ours = renderEvents(
            [
              {
                uid: 'b1@shineroute',
                sequence: 3,
                stamp: start,
                start,
                end,
                summary,
                location,
                description,
                status,
              },
            ],
            zone,
          );
          const noStamp = (s: string) => s.replace(/DTSTAMP:[^\r]*\r\n/, '');
          expect(noStamp(ours)).toBe(`${noStamp(block)}\r\n`);
          expect(ours).toContain(`DTSTAMP:${start.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z\r\n`);
        },
      ),
      { numRuns: 200 },
    );
  });
});
