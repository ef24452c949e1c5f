import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { CUSTOMER_MESSAGES } from '../../../shared/customers.schemas';
import { loyaltyTier } from '../../../shared/loyalty';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { bookings, customerSearchText, customers, customerVehicles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertUuid, isUniqueViolation } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';
import { pointColumns } from '../../providers/geo/zip-centroid';
import { businessTimeZone } from '../bookings/bookings.service';
import { lifetimeValueCents } from './lifetime-value';

const NOT_FOUND = 'Customer not found';

export interface CustomerValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  notes: string | null;
}

type CustomerRow = typeof customers.$inferSelect;

function toCustomer(
  c: CustomerRow,
  extra: { vehicleCount?: number; bookingCount?: number; lifetimeValueCents?: number } = {},
) {
  // "Total spent" is the lifetime value (docs/decisions/0948); a customer just created has received nothing yet.
  const spent = extra.lifetimeValueCents ?? 0;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    notes: c.notes,
    totalSpentCents: spent,
    loyaltyPoints: c.loyaltyPoints,
    loyaltyTier: loyaltyTier(c.loyaltyPoints, spent),
    createdAt: c.createdAt.toISOString(),
    vehicleCount: extra.vehicleCount ?? 0,
    bookingCount: extra.bookingCount ?? 0,
  };
}

/** §7: newest first, a page at a time (keyset on created_at, id); search by name, email, phone or address. */
export async function listCustomers(db: Database, businessId: string, query: ListQuery) {
  const rows = await customersPageQuery(db, businessId, query);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.customer.id]);
  return { items: page.items.map((r) => toCustomer(r.customer, r)), nextCursor: page.nextCursor };
}

/** The query of one page (not run: customers-scale.test.ts EXPLAINs it). */
export function customersPageQuery(db: Database, businessId: string, query: ListQuery) {
  const pattern = containsPattern(query.q);
  const vehicleCount = db
    .select({ n: count() })
    .from(customerVehicles)
    .where(eq(customerVehicles.customerId, customers.id));
  const bookingCount = db.select({ n: count() }).from(bookings).where(eq(bookings.customerId, customers.id));
  return db
    .select({
      customer: customers,
      at: cursorText(customers.createdAt),
      vehicleCount: sql<number>`(${vehicleCount})`.mapWith(Number),
      bookingCount: sql<number>`(${bookingCount})`.mapWith(Number),
      lifetimeValueCents: lifetimeValueCents(),
    })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        // One expression, the one its trigram index is built on (decision 444).
        pattern ? ilike(customerSearchText(customers), pattern) : undefined,
        afterCursor(query.cursor, CUSTOMER_ORDER, 'desc'),
      ),
    )
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(query.limit + 1);
}

const CUSTOMER_ORDER: SortKey[] = [
  { column: customers.createdAt, kind: 'timestamp' },
  { column: customers.id, kind: 'uuid' },
];

async function findOwn(db: Database, businessId: string, id: string) {
  assertUuid(id, NOT_FOUND);
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function assertEmailFree(db: Database, businessId: string, email: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = ${email.toLowerCase()}`),
    );
  if (clash && clash.id !== exceptId) throw conflict(CUSTOMER_MESSAGES.duplicateEmail);
}

export async function createCustomer(db: Database, businessId: string, values: CustomerValues) {
  await assertEmailFree(db, businessId, values.email);
  try {
    const [row] = await db
      .insert(customers)
      .values({ businessId, ...values, ...pointColumns(values.address) })
      .returning();
    return toCustomer(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CUSTOMER_MESSAGES.duplicateEmail);
    throw err;
  }
}

export async function updateCustomer(db: Database, businessId: string, id: string, values: CustomerValues) {
  const current = await findOwn(db, businessId, id);
  await assertEmailFree(db, businessId, values.email, id);
  // The same address keeps its point (a technician's check-in may have refined it, decision 1247); a new one is placed.
  const point =
    values.address === undefined || values.address === current.address
      ? {}
      : { ...pointColumns(values.address), coordinatesSource: null, coordinatesAccuracyM: null };
  try {
    const [row] = await db
      .update(customers)
      .set({ ...values, ...point })
      .where(and(eq(customers.id, id), eq(customers.businessId, businessId)))
      .returning();
    return toCustomer(row!, { lifetimeValueCents: await lifetimeValueOf(db, id) });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CUSTOMER_MESSAGES.duplicateEmail);
    throw err;
  }
}

/** Deleting a customer keeps their bookings (revenue history) without the personal details. */
export async function deleteCustomer(db: Database, businessId: string, id: string) {
  await findOwn(db, businessId, id);
  await db.delete(customers).where(and(eq(customers.id, id), eq(customers.businessId, businessId)));
}

/** One customer's lifetime value (docs/decisions/0948). */
async function lifetimeValueOf(db: Database, customerId: string) {
  const [row] = await db
    .select({ cents: lifetimeValueCents() })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.cents ?? 0;
}

/** The detail view: vehicles, booking history, lifetime value and loyalty tier. */
export async function getCustomerDetail(db: Database, businessId: string, id: string) {
  const customer = await findOwn(db, businessId, id);
  const [vehicles, history, timeZone] = await Promise.all([
    db
      .select({
        id: customerVehicles.id,
        make: customerVehicles.make,
        model: customerVehicles.model,
        year: customerVehicles.year,
        color: customerVehicles.color,
        vehicleType: customerVehicles.vehicleType,
      })
      .from(customerVehicles)
      .where(and(eq(customerVehicles.customerId, id), eq(customerVehicles.businessId, businessId)))
      .orderBy(desc(customerVehicles.createdAt)),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        scheduledAt: bookings.scheduledAt,
        serviceName: bookings.serviceName,
        quotedPriceCents: bookings.quotedPriceCents,
        finalPriceCents: bookings.finalPriceCents,
        locationAddress: bookings.locationAddress,
      })
      .from(bookings)
      .where(and(eq(bookings.customerId, id), eq(bookings.businessId, businessId)))
      .orderBy(desc(bookings.scheduledAt)),
    businessTimeZone(db, businessId),
  ]);
  const completed = history.filter((b) => b.status === 'completed');
  const lifetimeValue = await lifetimeValueOf(db, id);
  return {
    customer: toCustomer(customer, {
      vehicleCount: vehicles.length,
      bookingCount: history.length,
      lifetimeValueCents: lifetimeValue,
    }),
    timeZone,
    vehicles,
    bookings: history.map((b) => ({ ...b, scheduledAt: b.scheduledAt.toISOString() })),
    lifetimeValueCents: lifetimeValue,
    completedBookings: completed.length,
  };
}
