import ical from 'node-ical';
import { addDays, zonedTimeToUtc } from '../../../shared/time';

// Busy times of another calendar (decision 1221): what an iCal subscription's events block. Pure: text in, intervals
// out, so the property tests need no server.

export interface BusySpan {
  start: Date;
  end: Date;
}

/** At most this many busy spans are kept per calendar (a runaway RRULE cannot fill the database). */
export const MAX_SPANS = 5000;

const dateKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The busy spans of an iCalendar text inside [from, to): every event that is not free (TRANSP:TRANSPARENT) or
 * cancelled, recurring ones expanded with their exceptions (EXDATE, RECURRENCE-ID) in their own zone; an all-day
 * event blocks its whole dates in the business's zone. Throws when the text is no calendar.
 */
export function busySpans(text: string, window: { from: Date; to: Date; timeZone: string }): BusySpan[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new Error('This address did not answer an iCal calendar.');
  const parsed = ical.sync.parseICS(text);
  const spans: BusySpan[] = [];
  const allDay = (start: Date, end: Date | undefined) => {
    const first = dateKey(start);
    const last = end && end.getTime() > start.getTime() ? dateKey(end) : addDays(first, 1);
    return {
      start: zonedTimeToUtc(first, '00:00', window.timeZone),
      end: zonedTimeToUtc(last, '00:00', window.timeZone),
    };
  };
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as ical.VEvent;
    if (event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED') continue;
    const fullDay = (event.start as Date & { dateOnly?: boolean }).dateOnly === true;
    if (event.rrule) {
      const instances = ical.expandRecurringEvent(event, {
        from: new Date(window.from.getTime() - 86_400_000),
        to: window.to,
        expandOngoing: true,
      });
      for (const i of instances) {
        if (i.event?.transparency === 'TRANSPARENT' || i.event?.status === 'CANCELLED') continue;
        spans.push(i.isFullDay ? allDay(i.start, i.end) : { start: i.start, end: i.end });
      }
    } else {
      spans.push(
        fullDay ? allDay(event.start, event.end) : { start: event.start, end: event.end ?? event.start },
      );
    }
  }
  return spans
    .filter((s) => s.end.getTime() > s.start.getTime() && s.end > window.from && s.start < window.to)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, MAX_SPANS);
}

/** Overlapping or touching spans of one person merged: one person is one crew, however many events they hold. */
export function mergeSpans(spans: readonly BusySpan[]): BusySpan[] {
  const sorted = [...spans].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: BusySpan[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start.getTime() <= last.end.getTime()) {
      if (s.end > last.end) last.end = s.end;
    } else out.push({ start: s.start, end: s.end });
  }
  return out;
}
