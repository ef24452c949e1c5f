import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FieldBoardRow } from '../../../shared/field';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import { bookingAssignments, bookings, customers, fieldEvents, userRoles } from '../../db/schema';
import { wholeList } from '../../http/lists';
import { rangeInZone, toEvent } from './field-read.service';

/**
 * Today's board (GET /api/field/board): each technician's current job (the one in progress, else the next one not
 * done), their latest field event of the day and how many of the day's jobs are done.
 */
export async function fieldBoard(db: DbOrTx, businessId: string, date: string) {
  const { start, end } = await rangeInZone(db, businessId, date, date);
  const technicians = await db
    .select({ id: user.id, name: user.name })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')))
    .orderBy(asc(user.name));
  if (!technicians.length) return wholeList<FieldBoardRow>([]);
  const ids = technicians.map((t) => t.id);
  const [jobs, events] = await Promise.all([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        startsAt: bookings.scheduledAt,
        technicianId: bookingAssignments.technicianId,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(bookings)
      .innerJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
      .leftJoin(customers, eq(customers.id, bookings.customerId))
      .where(
        and(
          eq(bookings.businessId, businessId),
          inArray(bookingAssignments.technicianId, ids),
          gte(bookings.scheduledAt, start),
          lt(bookings.scheduledAt, end),
        ),
      )
      .orderBy(asc(bookings.scheduledAt)),
    db
      .selectDistinctOn([fieldEvents.userId], { e: fieldEvents, by: user.name })
      .from(fieldEvents)
      .leftJoin(user, eq(user.id, fieldEvents.userId))
      .where(
        and(
          eq(fieldEvents.businessId, businessId),
          inArray(fieldEvents.userId, ids),
          gte(fieldEvents.deviceTime, start),
          lt(fieldEvents.deviceTime, end),
        ),
      )
      .orderBy(fieldEvents.userId, desc(fieldEvents.deviceTime), desc(fieldEvents.recordedAt)),
  ]);
  const items = technicians.map((t): FieldBoardRow => {
    const mine = jobs.filter((j) => j.technicianId === t.id && j.status !== 'cancelled');
    const current =
      mine.find((j) => j.status === 'in_progress') ??
      mine.find((j) => j.status === 'pending' || j.status === 'confirmed') ??
      null;
    const last = events.find((e) => e.e.userId === t.id);
    return {
      technician: { id: t.id, name: t.name },
      currentJob: current
        ? {
            id: current.id,
            customerName: `${current.firstName ?? ''} ${current.lastName ?? ''}`.trim() || 'Customer',
            status: current.status,
            startsAt: current.startsAt.toISOString(),
          }
        : null,
      lastEvent: last ? toEvent(last.e, last.by) : null,
      jobsDone: mine.filter((j) => j.status === 'completed').length,
      jobsTotal: mine.length,
    };
  });
  return wholeList(items);
}
