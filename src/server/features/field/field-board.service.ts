import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/constants';
import type { FieldBoardRow, FieldEventKind, FieldStatus } from '../../../shared/field';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import { bookingAssignments, bookings, customers, fieldEvents, userRoles } from '../../db/schema';
import { wholeList } from '../../http/lists';
import { rangeInZone, toEvent } from './field-read.service';

/** A job's place in the field: done once completed or checked out, on site from check-in, on the way after on my way. */
export function fieldStatusOf(status: BookingStatus, kinds: ReadonlySet<FieldEventKind>): FieldStatus {
  if (status === 'completed' || kinds.has('completed') || kinds.has('check_out')) return 'done';
  if (status === 'in_progress' || kinds.has('check_in')) return 'on_site';
  if (kinds.has('on_my_way')) return 'on_the_way';
  return 'not_started';
}

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
      // The order the technician drives: an applied route plan's arrivals first, as the field app lists them.
      .orderBy(sql`coalesce(${bookings.plannedArrivalAt}, ${bookings.scheduledAt})`, asc(bookings.id)),
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
  const jobIds = jobs.map((j) => j.id);
  const steps = jobIds.length
    ? await db
        .selectDistinct({ bookingId: fieldEvents.bookingId, kind: fieldEvents.kind })
        .from(fieldEvents)
        .where(
          and(
            eq(fieldEvents.businessId, businessId),
            inArray(fieldEvents.bookingId, jobIds),
            inArray(fieldEvents.kind, ['on_my_way', 'check_in', 'completed', 'check_out']),
          ),
        )
    : [];
  const kindsOf = new Map<string, Set<FieldEventKind>>();
  for (const step of steps) {
    const kinds = kindsOf.get(step.bookingId) ?? new Set<FieldEventKind>();
    kinds.add(step.kind);
    kindsOf.set(step.bookingId, kinds);
  }
  const nameOf = (j: (typeof jobs)[number]) =>
    `${j.firstName ?? ''} ${j.lastName ?? ''}`.trim() || 'Customer';
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
            customerName: nameOf(current),
            status: current.status,
            startsAt: current.startsAt.toISOString(),
          }
        : null,
      lastEvent: last ? toEvent(last.e, last.by) : null,
      jobsDone: mine.filter((j) => j.status === 'completed').length,
      jobsTotal: mine.length,
      jobs: mine.map((j) => ({
        id: j.id,
        customerName: nameOf(j),
        status: j.status,
        startsAt: j.startsAt.toISOString(),
        fieldStatus: fieldStatusOf(j.status, kindsOf.get(j.id) ?? new Set()),
      })),
    };
  });
  return wholeList(items);
}
