import { and, eq, gt, lt } from 'drizzle-orm';
import type { BusyInterval } from '../../../shared/slots';
import type { DbOrTx } from '../../db/client';
import { externalBusy, externalCalendars } from '../../db/schema';
import { mergeSpans } from './ics-busy';

export interface BusySpan {
  start: Date;
  end: Date;
}

/**
 * The busy times other calendars hold in [from, to) (decision 1221), by person (the user whose calendars they are),
 * each person's spans merged: one person is one crew however many of their calendars or events overlap. The one
 * query of other calendars' busy times: the slot function and the day's commitments (decision 1248) both read it.
 */
export async function externalBusyByPerson(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
): Promise<Map<string, BusySpan[]>> {
  const rows = await db
    .select({ userId: externalCalendars.userId, start: externalBusy.startsAt, end: externalBusy.endsAt })
    .from(externalBusy)
    .innerJoin(
      externalCalendars,
      and(
        eq(externalCalendars.businessId, externalBusy.businessId),
        eq(externalCalendars.id, externalBusy.calendarId),
      ),
    )
    .where(
      and(
        eq(externalBusy.businessId, businessId),
        lt(externalBusy.startsAt, to),
        gt(externalBusy.endsAt, from),
      ),
    );
  const byPerson = new Map<string, BusySpan[]>();
  for (const r of rows) {
    const list = byPerson.get(r.userId) ?? [];
    list.push({ start: r.start, end: r.end });
    byPerson.set(r.userId, list);
  }
  return new Map([...byPerson].map(([id, spans]) => [id, mergeSpans(spans)]));
}

/** A person's merged busy spans as the slot function's busy intervals. */
export const busyIntervalsOf = (spans: BusySpan[]): BusyInterval[] =>
  spans.map((s) => ({
    start: s.start,
    durationMinutes: Math.ceil((s.end.getTime() - s.start.getTime()) / 60_000),
  }));

/** Every person's busy times in [from, to) as the slot function's busy intervals. */
export async function externalBusyBetween(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
): Promise<BusyInterval[]> {
  const byPerson = await externalBusyByPerson(db, businessId, from, to);
  return [...byPerson.values()].flatMap(busyIntervalsOf);
}
