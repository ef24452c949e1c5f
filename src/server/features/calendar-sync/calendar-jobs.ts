import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingAssignments, bookings, customers } from '../../db/schema';

/**
 * The jobs a calendar shows, from `since` on, earliest first: the business's every job, or one technician's own (a
 * job assigned to them), with what an event says of it (service, address, the customer's first name and phone) and
 * its SEQUENCE. The subscribed feed and the Google Calendar copy show the same jobs.
 */
export async function calendarJobs(
  db: DbOrTx,
  of: { businessId: string; technicianId: string | null; since: Date },
) {
  const base = db
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      scheduledAt: bookings.scheduledAt,
      durationMinutes: bookings.durationMinutes,
      status: bookings.status,
      address: bookings.locationAddress,
      sequence: bookings.icalSequence,
      updatedAt: bookings.updatedAt,
      firstName: sql<string | null>`coalesce(${bookings.bookerFirstName}, ${customers.firstName})`,
      phone: sql<string | null>`coalesce(${customers.phone}, ${bookings.bookerPhone})`,
    })
    .from(bookings)
    .leftJoin(
      customers,
      and(eq(customers.businessId, bookings.businessId), eq(customers.id, bookings.customerId)),
    )
    .$dynamic();
  return (
    of.technicianId
      ? base.innerJoin(
          bookingAssignments,
          and(
            eq(bookingAssignments.businessId, bookings.businessId),
            eq(bookingAssignments.bookingId, bookings.id),
            eq(bookingAssignments.technicianId, of.technicianId),
          ),
        )
      : base
  )
    .where(and(eq(bookings.businessId, of.businessId), gte(bookings.scheduledAt, of.since)))
    .orderBy(asc(bookings.scheduledAt));
}
