import { and, eq, gt, lt } from 'drizzle-orm';
import type { BusyInterval } from '../../../shared/slots';
import type { DbOrTx } from '../../db/client';
import { externalBusy, externalCalendars } from '../../db/schema';
import { mergeSpans } from './ics-busy';

/**
 * The busy times other calendars hold in [from, to) (decision 1221), as the slot function's busy intervals: each
 * person's spans merged, so one person counts as one crew however many of their calendars or events overlap.
 */
export async function externalBusyBetween(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
): Promise<BusyInterval[]> {
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
  const byPerson = new Map<string, { start: Date; end: Date }[]>();
  for (const r of rows) {
    const list = byPerson.get(r.userId) ?? [];
    list.push({ start: r.start, end: r.end });
    byPerson.set(r.userId, list);
  }
  return [...byPerson.values()].flatMap((spans) =>
    mergeSpans(spans).map((s) => ({
      start: s.start,
      durationMinutes: Math.ceil((s.end.getTime() - s.start.getTime()) / 60_000),
    })),
  );
}
