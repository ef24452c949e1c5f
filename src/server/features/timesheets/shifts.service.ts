import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import { TIMESHEET_TEXT } from '../../../shared/timesheets';
import type { Viewer } from '../../access/technician-access';
import type { Database, DbOrTx } from '../../db/client';
import { conflict } from '../../http/errors';
import { isUniqueViolation } from '../../http/ids';
import { businessTimeZone } from '../bookings/bookings.service';
import { at } from './instants';
import { timeEntries } from './timesheets.schema';

/** How far ahead of the server's clock a phone may say it acted (its clock runs a little fast). */
const DEVICE_SKEW_MS = 5 * 60_000;

/**
 * The time an action counts from: the phone's, as the technician acted (an offline clock-out synced later still ends
 * the shift when it was tapped), never later than the server's now (decision 1180).
 */
export function actedAt(deviceTime: string, now: Date): Date {
  const device = new Date(deviceTime);
  return device.getTime() > now.getTime() + DEVICE_SKEW_MS
    ? now
    : new Date(Math.min(device.getTime(), now.getTime()));
}

const openShiftOf = (viewer: Viewer) =>
  and(
    eq(timeEntries.businessId, viewer.businessId),
    eq(timeEntries.technicianId, viewer.userId),
    eq(timeEntries.kind, 'shift'),
    isNull(timeEntries.endedAt),
  );

export async function clockIn(
  db: Database,
  viewer: Viewer,
  input: { deviceTime: string; lat?: number; lng?: number },
  now = new Date(),
) {
  try {
    const [row] = await db
      .insert(timeEntries)
      .values({
        businessId: viewer.businessId,
        technicianId: viewer.userId,
        kind: 'shift',
        startedAt: actedAt(input.deviceTime, now),
        deviceStartedAt: input.deviceTime,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        recordedAt: now,
      })
      .returning({ id: timeEntries.id, startedAt: timeEntries.startedAt });
    return { id: row!.id, startedAt: row!.startedAt.toISOString() };
  } catch (err) {
    // The open-shift index: one open shift per technician, whatever the race.
    if (isUniqueViolation(err)) throw conflict(TIMESHEET_TEXT.alreadyClockedIn);
    throw err;
  }
}

export async function clockOut(
  db: Database,
  viewer: Viewer,
  input: { deviceTime: string },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [open] = await tx.select().from(timeEntries).where(openShiftOf(viewer)).for('update');
    if (!open) throw conflict(TIMESHEET_TEXT.notClockedIn);
    // A phone whose clock says it left before it arrived still closes the shift, a second after it began.
    const endedAt = new Date(
      Math.max(actedAt(input.deviceTime, now).getTime(), open.startedAt.getTime() + 1000),
    );
    await tx
      .update(timeEntries)
      .set({ endedAt, deviceEndedAt: input.deviceTime, updatedAt: now })
      .where(eq(timeEntries.id, open.id));
    return { id: open.id, startedAt: open.startedAt.toISOString(), endedAt: endedAt.toISOString() };
  });
}

/** The technician's open shift, if any, and the minutes of their shifts today (the business's day). */
export async function shiftState(db: DbOrTx, viewer: Viewer, now = new Date()) {
  const zone = await businessTimeZone(db, viewer.businessId);
  const today = todayInZone(zone, now);
  const dayStart = zonedTimeToUtc(today, '00:00', zone);
  const dayEnd = zonedTimeToUtc(addDays(today, 1), '00:00', zone);
  const [open] = await db
    .select({ id: timeEntries.id, startedAt: timeEntries.startedAt })
    .from(timeEntries)
    .where(openShiftOf(viewer));
  const [sum] = await db
    .select({
      seconds: sql<number>`coalesce(sum(extract(epoch from least(coalesce(${timeEntries.endedAt}, ${at(now)}), ${at(dayEnd)}) - greatest(${timeEntries.startedAt}, ${at(dayStart)}))), 0)::float8`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.businessId, viewer.businessId),
        eq(timeEntries.technicianId, viewer.userId),
        eq(timeEntries.kind, 'shift'),
        sql`${timeEntries.startedAt} < ${at(dayEnd)}`,
        sql`coalesce(${timeEntries.endedAt}, ${at(now)}) > ${at(dayStart)}`,
      ),
    );
  return {
    open: open ? { id: open.id, startedAt: open.startedAt.toISOString() } : null,
    todayMinutes: Math.floor(Number(sum?.seconds ?? 0) / 60),
  };
}
