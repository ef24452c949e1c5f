import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { BookingFilter } from '../../../shared/booking-status';
import type { BookingWhen } from '../../../shared/owner-bookings';
import { addDays, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  bookingAssignments,
  bookingSearchText,
  bookings,
  customerSearchText,
  customers,
  customerVehicles,
  vehicleSearchText,
} from '../../db/schema';
import { invalid } from '../../http/errors';
import { afterCursor, cursorText, pageOf, type SortKey } from '../../http/lists';
import { assertOwnLocation, bookingLocationCondition } from '../locations/locations.service';
import { bookingColumns, businessTimeZone, selectBookings, toBooking } from './bookings.service';

/** The technician filter of /bookings: one team member's jobs, or 'unassigned' (features/team assignments). */
export function technicianCondition(technicianId: string | undefined): SQL | undefined {
  if (!technicianId) return undefined;
  const assigned = sql`select 1 from ${bookingAssignments} where ${bookingAssignments.bookingId} = ${bookings.id}`;
  if (technicianId === 'unassigned') return sql`not exists (${assigned})`;
  return sql`exists (${assigned} and ${bookingAssignments.technicianId} = ${technicianId})`;
}

/**
 * Service or address of the booking, or its customer (name, email, phone, address) or vehicle contains the text
 * (case-insensitive). Each part is the expression a trigram index is built on (decision 444); the customers and
 * vehicles found become id arrays, so the three arms are index conditions on bookings that PostgreSQL ORs as bitmaps.
 */
function searchCondition(db: Database, businessId: string, q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q);
  if (!pattern) return undefined;
  const matchingCustomers = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), ilike(customerSearchText(customers), pattern)));
  const matchingVehicles = db
    .select({ id: customerVehicles.id })
    .from(customerVehicles)
    .where(
      and(eq(customerVehicles.businessId, businessId), ilike(vehicleSearchText(customerVehicles), pattern)),
    );
  return or(
    ilike(bookingSearchText(bookings), pattern),
    sql`${bookings.customerId} = any(array(${matchingCustomers}))`,
    sql`${bookings.customerVehicleId} = any(array(${matchingVehicles}))`,
  );
}

const statusCondition = (status: BookingFilter | undefined) =>
  status && status !== 'all' ? eq(bookings.status, status) : undefined;

const BY_TIME: SortKey[] = [
  { column: bookings.scheduledAt, kind: 'timestamp' },
  { column: bookings.id, kind: 'uuid' },
];

/**
 * The /bookings list, a page at a time (`{ items, nextCursor }`): upcoming is today onwards in the business's
 * zone, soonest first, so today's jobs lead; past is before today, latest first. Keyset on (scheduled_at, id).
 */
export async function listBookingsPage(
  db: Database,
  businessId: string,
  query: {
    q?: string;
    status?: BookingFilter;
    when?: BookingWhen;
    technicianId?: string;
    locationId?: string;
    cursor?: string;
    limit: number;
  },
) {
  // Another business's location is 404 (decision 1280).
  await assertOwnLocation(db, businessId, query.locationId);
  const timeZone = await businessTimeZone(db, businessId);
  const startOfToday = zonedTimeToUtc(todayInZone(timeZone), '00:00', timeZone);
  const rows = await bookingsPageQuery(db, businessId, query, startOfToday);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.id]);
  return { timeZone, items: page.items.map(toBooking), nextCursor: page.nextCursor };
}

type BookingsPage = Parameters<typeof listBookingsPage>[2];

/** The query of one page (not run: bookings-search.test.ts EXPLAINs it). */
export function bookingsPageQuery(db: Database, businessId: string, query: BookingsPage, startOfToday: Date) {
  const upcoming = (query.when ?? 'upcoming') === 'upcoming';
  return db
    .select({ ...bookingColumns, at: cursorText(bookings.scheduledAt) })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(customerVehicles, eq(customerVehicles.id, bookings.customerVehicleId))
    .where(
      and(
        eq(bookings.businessId, businessId),
        upcoming ? gte(bookings.scheduledAt, startOfToday) : lt(bookings.scheduledAt, startOfToday),
        statusCondition(query.status),
        searchCondition(db, businessId, query.q),
        technicianCondition(query.technicianId),
        bookingLocationCondition(query.locationId),
        afterCursor(query.cursor, BY_TIME, upcoming ? 'asc' : 'desc'),
      ),
    )
    .orderBy(
      upcoming ? asc(bookings.scheduledAt) : desc(bookings.scheduledAt),
      upcoming ? asc(bookings.id) : desc(bookings.id),
    )
    .limit(query.limit + 1);
}

/** Longest calendar range one request may ask for (a month view with its spill-over weeks). */
export const CALENDAR_MAX_DAYS = 42;

/** Bookings from the start of `from` to the end of `to` (dates in the business's zone), for the time grid. */
export async function calendarBookings(
  db: Database,
  businessId: string,
  query: { from: string; to: string; status?: BookingFilter; technicianId?: string; locationId?: string },
) {
  await assertOwnLocation(db, businessId, query.locationId);
  if (query.to < query.from) throw invalid('The end date must not be before the start date');
  if (query.to > addDays(query.from, CALENDAR_MAX_DAYS - 1))
    throw invalid(`Please ask for at most ${CALENDAR_MAX_DAYS} days`);
  const timeZone = await businessTimeZone(db, businessId);
  const rows = await selectBookings(db)
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.scheduledAt, zonedTimeToUtc(query.from, '00:00', timeZone)),
        lt(bookings.scheduledAt, zonedTimeToUtc(addDays(query.to, 1), '00:00', timeZone)),
        statusCondition(query.status),
        technicianCondition(query.technicianId),
        bookingLocationCondition(query.locationId),
      ),
    )
    .orderBy(asc(bookings.scheduledAt), asc(bookings.id));
  return { timeZone, items: rows.map(toBooking), nextCursor: null };
}
