import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { JobTime } from '../../../shared/field';
import type { Viewer } from '../../access/technician-access';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import { at, entryMinutes } from './instants';
import { actedAt } from './shifts.service';
import { timeEntries } from './timesheets.schema';

// The time on each job (decision 1242): the technician's check-in opens the job's entry, completing the job or checking
// out ends it. One entry per job and technician, from the first check-in to the last of completion and check-out,
// counted from the phone's clock as for shifts. Replays and actions arriving out of order on a slow queue land on the
// same row; an entry the owner corrected is no longer moved by the field.

const jobEntryOf = (viewer: Viewer, bookingId: string) =>
  and(
    eq(timeEntries.businessId, viewer.businessId),
    eq(timeEntries.technicianId, viewer.userId),
    eq(timeEntries.bookingId, bookingId),
    eq(timeEntries.kind, 'job'),
  );

/** Check-in: opens the job's entry, or moves its start earlier when an earlier check-in arrives late. */
export async function startJobTime(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  input: { deviceTime: string; lat?: number; lng?: number },
  now = new Date(),
) {
  const startedAt = actedAt(input.deviceTime, now);
  await db
    .insert(timeEntries)
    .values({
      businessId: viewer.businessId,
      technicianId: viewer.userId,
      kind: 'job',
      bookingId,
      startedAt,
      deviceStartedAt: input.deviceTime,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      recordedAt: now,
    })
    .onConflictDoUpdate({
      target: [timeEntries.bookingId, timeEntries.technicianId],
      targetWhere: sql`kind = 'job'`,
      set: { startedAt, deviceStartedAt: input.deviceTime, updatedAt: now },
      setWhere: sql`${timeEntries.editedAt} is null and ${timeEntries.startedAt} > ${at(startedAt)}
        and (${timeEntries.endedAt} is null or ${timeEntries.endedAt} > ${at(startedAt)})`,
    });
}

/**
 * Completion or check-out: ends the job's entry at the later of its current end and this action (a second after the
 * start at the earliest). A job never checked in has no entry and gets none: its time is not known.
 */
export async function endJobTime(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  input: { deviceTime: string },
  now = new Date(),
) {
  const endedAt = actedAt(input.deviceTime, now);
  await db
    .update(timeEntries)
    .set({
      endedAt: sql`greatest(coalesce(${timeEntries.endedAt}, ${at(endedAt)}), ${at(endedAt)}, ${timeEntries.startedAt} + interval '1 second')`,
      deviceEndedAt: sql`case when ${timeEntries.endedAt} is null or ${timeEntries.endedAt} < ${at(endedAt)}
        then ${input.deviceTime} else ${timeEntries.deviceEndedAt} end`,
      updatedAt: now,
    })
    .where(and(jobEntryOf(viewer, bookingId), isNull(timeEntries.editedAt)));
}

/**
 * The job's time per technician, read from their job entries (the owner's booking panel): the same entries and minutes
 * as Timesheets, an owner's correction included, never recomputed from the field events.
 */
export async function jobTimeOf(
  db: DbOrTx,
  businessId: string,
  bookingId: string,
  now = new Date(),
): Promise<JobTime[]> {
  const rows = await db
    .select({
      technicianId: timeEntries.technicianId,
      name: user.name,
      startedAt: timeEntries.startedAt,
      endedAt: timeEntries.endedAt,
      editedAt: timeEntries.editedAt,
    })
    .from(timeEntries)
    .innerJoin(user, eq(user.id, timeEntries.technicianId))
    .where(
      and(
        eq(timeEntries.businessId, businessId),
        eq(timeEntries.bookingId, bookingId),
        eq(timeEntries.kind, 'job'),
      ),
    )
    .orderBy(asc(timeEntries.startedAt), asc(timeEntries.id));
  return rows.map((r) => ({
    technician: { id: r.technicianId, name: r.name },
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    minutes: entryMinutes(r.startedAt, r.endedAt, now),
    edited: r.editedAt !== null,
  }));
}
