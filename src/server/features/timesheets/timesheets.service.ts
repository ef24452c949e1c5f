import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { addDays, parseCalendarDate, todayInZone, utcToZoned, zonedTimeToUtc } from '../../../shared/time';
import {
  MAX_ENTRY_MINUTES,
  TIMESHEET_TEXT,
  type TimeEntryEdit,
  type TimeEntryKind,
  weekStartOf,
} from '../../../shared/timesheets';
import type { Database, DbOrTx } from '../../db/client';
import { bookings, customers, user, userRoles } from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { businessTimeZone } from '../bookings/bookings.service';
import { at, entryMinutes } from './instants';
import { timeEntries, timeEntryEdits } from './timesheets.schema';

export const MAX_RANGE_DAYS = 62;
const ENTRY_NOT_FOUND = 'Time entry not found';

export interface TimesheetQuery {
  from?: string;
  to?: string;
  technicianId?: string;
}

type Range = { from: string; to: string; technicianId?: string };

function daysOf(from: string, to: string) {
  try {
    parseCalendarDate(from);
    parseCalendarDate(to);
  } catch {
    throw invalid('Dates are YYYY-MM-DD');
  }
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > MAX_RANGE_DAYS) throw invalid(TIMESHEET_TEXT.rangeTooLong);
  }
  if (!days.length) throw invalid('The range must end on or after its start');
  return days;
}

/**
 * Seconds of each technician's shifts and jobs on each of the business's days, in SQL: a day runs from its midnight to
 * the next in the business's zone (23 or 25 hours across a daylight-saving change), an entry spanning midnight counts on
 * both days, and an open entry counts until now.
 */
async function dailySeconds(db: DbOrTx, businessId: string, zone: string, q: Range, now: Date) {
  const result = await db.execute<{
    technician_id: string;
    day: string;
    kind: TimeEntryKind;
    seconds: number;
  }>(sql`
    with days as (
      select d::date as day,
             (d::date::timestamp at time zone ${zone}) as s,
             ((d::date + 1)::timestamp at time zone ${zone}) as e
      from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    )
    select te.technician_id, to_char(days.day, 'YYYY-MM-DD') as day, te.kind,
      sum(extract(epoch from least(coalesce(te.ended_at, ${at(now)}), days.e) - greatest(te.started_at, days.s)))::float8
        as seconds
    from ${timeEntries} te
    join days on te.started_at < days.e and coalesce(te.ended_at, ${at(now)}) > days.s
    where te.business_id = ${businessId}
      ${q.technicianId ? sql`and te.technician_id = ${q.technicianId}` : sql``}
    group by 1, 2, 3`);
  return result.rows;
}

/** The business's technicians (and anyone else, the owner, with time in the range), by name. */
async function peopleOf(db: DbOrTx, businessId: string, withTime: string[], technicianId?: string) {
  const members = db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')));
  const ids = withTime.length
    ? or(inArray(user.id, members), inArray(user.id, withTime))
    : inArray(user.id, members);
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(technicianId ? and(ids, eq(user.id, technicianId)) : ids)
    .orderBy(asc(user.name), asc(user.id));
}

async function entriesIn(db: DbOrTx, businessId: string, start: Date, end: Date, q: Range, now: Date) {
  const rows = await db
    .select({
      id: timeEntries.id,
      technicianId: timeEntries.technicianId,
      kind: timeEntries.kind,
      bookingId: timeEntries.bookingId,
      startedAt: timeEntries.startedAt,
      endedAt: timeEntries.endedAt,
      editedAt: timeEntries.editedAt,
      customerName: sql<
        string | null
      >`nullif(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})), '')`,
    })
    .from(timeEntries)
    .leftJoin(bookings, eq(bookings.id, timeEntries.bookingId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        eq(timeEntries.businessId, businessId),
        q.technicianId ? eq(timeEntries.technicianId, q.technicianId) : undefined,
        sql`${timeEntries.startedAt} < ${at(end)}`,
        sql`coalesce(${timeEntries.endedAt}, ${at(now)}) > ${at(start)}`,
      ),
    )
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id));
  const edits = rows.length
    ? await db
        .select()
        .from(timeEntryEdits)
        .where(
          inArray(
            timeEntryEdits.entryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(timeEntryEdits.createdAt))
    : [];
  return rows.map((r) => ({
    id: r.id,
    technicianId: r.technicianId,
    kind: r.kind,
    bookingId: r.bookingId,
    customerName: r.customerName,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    minutes: entryMinutes(r.startedAt, r.endedAt, now),
    edits: edits
      .filter((e) => e.entryId === r.id)
      .map((e) => ({
        at: e.createdAt.toISOString(),
        by: e.editorName,
        reason: e.reason,
        before: e.before as EntryTimes,
        after: e.after as EntryTimes,
      })),
  }));
}

/**
 * Hours per technician per day of [from, to] (the business's calendar days), with each day's entries and the range's
 * totals. A technician asking sees only their own (technicianId is theirs).
 */
export async function listTimesheets(
  db: DbOrTx,
  businessId: string,
  query: TimesheetQuery,
  now = new Date(),
) {
  const zone = await businessTimeZone(db, businessId);
  const from = query.from ?? weekStartOf(todayInZone(zone, now));
  const q: Range = { ...query, from, to: query.to ?? addDays(from, 6) };
  const days = daysOf(q.from, q.to);
  const start = zonedTimeToUtc(q.from, '00:00', zone);
  const end = zonedTimeToUtc(addDays(q.to, 1), '00:00', zone);
  const seconds = await dailySeconds(db, businessId, zone, q, now);
  const entries = await entriesIn(db, businessId, start, end, q, now);
  const people = await peopleOf(
    db,
    businessId,
    [...new Set(seconds.map((s) => s.technician_id))],
    q.technicianId,
  );
  const items = people.map((person) => {
    const byDay = days.map((date) => {
      const minutesOf = (kind: TimeEntryKind) =>
        Math.round(
          Number(
            seconds.find((s) => s.technician_id === person.id && s.day === date && s.kind === kind)
              ?.seconds ?? 0,
          ) / 60,
        );
      return {
        date,
        shiftMinutes: minutesOf('shift'),
        jobMinutes: minutesOf('job'),
        entries: entries
          .filter((e) => e.technicianId === person.id && dayOfStart(e.startedAt, zone, q.from) === date)
          .map(({ technicianId: _, ...e }) => e),
      };
    });
    return {
      technician: { id: person.id, name: person.name, email: person.email },
      days: byDay,
      totalShiftMinutes: byDay.reduce((n, d) => n + d.shiftMinutes, 0),
      totalJobMinutes: byDay.reduce((n, d) => n + d.jobMinutes, 0),
    };
  });
  return { timeZone: zone, from: q.from, to: q.to, items, nextCursor: null };
}

/** The day an entry is listed on: the business's day it started, or the range's first day if it started before. */
function dayOfStart(startedAt: string, zone: string, from: string) {
  const day = utcToZoned(new Date(startedAt), zone).date;
  return day < from ? from : day;
}

type EntryTimes = { startedAt: string; endedAt: string | null };

/**
 * The owner's correction of one entry, with its audit row (who, when, before, after, why) in the same transaction.
 * After it, the field events no longer move the entry (decision 1180).
 */
export async function editTimeEntry(
  db: Database,
  businessId: string,
  editor: { id: string; name: string },
  id: string,
  input: TimeEntryEdit,
  now = new Date(),
) {
  assertUuid(id, ENTRY_NOT_FOUND);
  if (input.startedAt === undefined && input.endedAt === undefined)
    throw invalid('Change the start or the end');
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.id, id), eq(timeEntries.businessId, businessId)))
      .for('update');
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    const startedAt = input.startedAt ? new Date(input.startedAt) : entry.startedAt;
    const endedAt = input.endedAt ? new Date(input.endedAt) : entry.endedAt;
    if (endedAt && endedAt <= startedAt) throw invalid(TIMESHEET_TEXT.endBeforeStart);
    if ((endedAt ?? now).getTime() - startedAt.getTime() > MAX_ENTRY_MINUTES * 60_000)
      throw invalid(TIMESHEET_TEXT.tooLong);
    const before: EntryTimes = {
      startedAt: entry.startedAt.toISOString(),
      endedAt: entry.endedAt?.toISOString() ?? null,
    };
    const after: EntryTimes = { startedAt: startedAt.toISOString(), endedAt: endedAt?.toISOString() ?? null };
    await tx
      .update(timeEntries)
      .set({ startedAt, endedAt, editedAt: now, updatedAt: now })
      .where(eq(timeEntries.id, id));
    await tx.insert(timeEntryEdits).values({
      businessId,
      entryId: id,
      editedBy: editor.id,
      editorName: editor.name,
      before,
      after,
      reason: input.reason,
      createdAt: now,
    });
    return { id, kind: entry.kind, ...after, edited: true };
  });
}
