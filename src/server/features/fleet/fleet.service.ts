import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import {
  FLEET_TEXT,
  type FleetAccountInput,
  fleetAccountSchema,
  monthSchema,
  previousMonth,
} from '../../../shared/fleet';
import { formatCalendarDate, utcToZoned, zonedTimeToUtc } from '../../../shared/time';
import type { Database } from '../../db/client';
import {
  bookings,
  customers,
  customerVehicles,
  fleetAccounts,
  fleetInvoices,
  invoices,
  profiles,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { sendInvoice } from '../invoices/invoice-sending.service';
import { getInvoice, issueVisitsInvoice } from '../invoices/invoices.service';

// Fleet and commercial accounts (issue 32, decision 1261): a company customer's completed visits of a month become
// one invoice with the visits as lines, made and sent once per account and month — on the first of the month by the
// job, or by the owner's hand from the customer page.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'>;
const NOT_FOUND = 'Customer not found';

async function ownCustomer(db: Database, businessId: string, customerId: string) {
  assertUuid(customerId, NOT_FOUND);
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)));
  if (!row) throw notFound(NOT_FOUND);
}

const accountView = (a: typeof fleetAccounts.$inferSelect) => ({
  companyName: a.companyName,
  billingEmail: a.billingEmail,
  poNumber: a.poNumber,
  paymentTermsDays: a.paymentTermsDays as 15 | 30,
});

/** The customer's company account (null when they are a person) and its monthly invoices, newest first. */
export async function getFleetAccount(db: Database, businessId: string, customerId: string) {
  await ownCustomer(db, businessId, customerId);
  const [account] = await db
    .select()
    .from(fleetAccounts)
    .where(and(eq(fleetAccounts.businessId, businessId), eq(fleetAccounts.customerId, customerId)));
  const monthly = account
    ? await db
        .select({
          month: fleetInvoices.month,
          visits: fleetInvoices.visits,
          invoiceId: invoices.id,
          number: invoices.number,
          totalCents: invoices.totalCents,
          status: invoices.status,
          sentAt: invoices.sentAt,
        })
        .from(fleetInvoices)
        .innerJoin(invoices, eq(invoices.id, fleetInvoices.invoiceId))
        .where(and(eq(fleetInvoices.businessId, businessId), eq(fleetInvoices.customerId, customerId)))
        .orderBy(desc(fleetInvoices.month))
        .limit(24)
    : [];
  // The last 24 months at most: answered whole, in the house list shape.
  return {
    account: account ? accountView(account) : null,
    items: monthly.map((m) => ({ ...m, sentAt: m.sentAt?.toISOString() ?? null })),
    nextCursor: null,
  };
}

export async function saveFleetAccount(
  db: Database,
  businessId: string,
  customerId: string,
  raw: FleetAccountInput,
) {
  await ownCustomer(db, businessId, customerId);
  const input = fleetAccountSchema.parse(raw);
  await db
    .insert(fleetAccounts)
    .values({ businessId, customerId, ...input })
    .onConflictDoUpdate({ target: fleetAccounts.customerId, set: { ...input, updatedAt: new Date() } });
  return getFleetAccount(db, businessId, customerId);
}

/** The customer is a person again; invoices already made stay (their rows in fleet_invoices go). */
export async function removeFleetAccount(db: Database, businessId: string, customerId: string) {
  await ownCustomer(db, businessId, customerId);
  await db
    .delete(fleetAccounts)
    .where(and(eq(fleetAccounts.businessId, businessId), eq(fleetAccounts.customerId, customerId)));
}

/** A YYYY-MM month in a zone: [its first midnight, the next month's first midnight). */
export function monthRange(month: string, timeZone: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    from: zonedTimeToUtc(`${month}-01`, '00:00', timeZone),
    to: zonedTimeToUtc(`${next}-01`, '00:00', timeZone),
  };
}

/** The month (YYYY-MM) an instant falls in, in the business's zone. */
export const monthInZone = (instant: Date, timeZone: string) =>
  utcToZoned(instant, timeZone).date.slice(0, 7);

/**
 * The account's invoice of `month`, made once: the completed visits scheduled in that month of the business's zone
 * that no invoice covers yet, one line each. The unique (business, customer, month) row is written in the issuing
 * transaction, so a replayed job, a second instance or a second click finds it and makes nothing. Returns the
 * invoice id (null when the month had no visits) and whether this call made it.
 */
export async function invoiceMonth(db: Database, businessId: string, customerId: string, month: string) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ a: fleetAccounts, timeZone: profiles.timeZone })
      .from(fleetAccounts)
      .innerJoin(profiles, eq(profiles.id, fleetAccounts.businessId))
      .where(and(eq(fleetAccounts.businessId, businessId), eq(fleetAccounts.customerId, customerId)))
      .for('update', { of: fleetAccounts });
    if (!account) throw notFound(NOT_FOUND);
    const [done] = await tx
      .select({ invoiceId: fleetInvoices.invoiceId })
      .from(fleetInvoices)
      .where(
        and(
          eq(fleetInvoices.businessId, businessId),
          eq(fleetInvoices.customerId, customerId),
          eq(fleetInvoices.month, month),
        ),
      );
    if (done) return { id: done.invoiceId, created: false };
    const { from, to } = monthRange(month, account.timeZone);
    const visits = await tx
      .select({
        id: bookings.id,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        scheduledAt: bookings.scheduledAt,
        priceCents: sql<number>`coalesce(${bookings.finalPriceCents}, ${bookings.quotedPriceCents})`,
        make: customerVehicles.make,
        model: customerVehicles.model,
      })
      .from(bookings)
      .leftJoin(customerVehicles, eq(customerVehicles.id, bookings.customerVehicleId))
      .leftJoin(invoices, eq(invoices.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.businessId, businessId),
          eq(bookings.customerId, customerId),
          eq(bookings.status, 'completed'),
          gte(bookings.scheduledAt, from),
          lt(bookings.scheduledAt, to),
          isNull(invoices.id),
        ),
      )
      .orderBy(asc(bookings.scheduledAt), asc(bookings.id));
    if (visits.length === 0) return { id: null, created: false };
    const a = account.a;
    const inv = await issueVisitsInvoice(tx, {
      businessId,
      customerId,
      customerName: a.companyName,
      customerEmail: a.billingEmail,
      lines: visits.map((v) => ({
        serviceId: v.serviceId,
        serviceName: [
          formatCalendarDate(utcToZoned(v.scheduledAt, account.timeZone).date, { weekday: false }),
          v.serviceName,
          [v.make, v.model].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(' · '),
        unitPriceCents: v.priceCents,
      })),
      notes: [`Visits of ${month}`, a.poNumber && `PO ${a.poNumber}`, `Net ${a.paymentTermsDays}`]
        .filter(Boolean)
        .join(' · '),
      dueDays: a.paymentTermsDays,
    });
    await tx
      .insert(fleetInvoices)
      .values({ businessId, customerId, month, invoiceId: inv.id, visits: visits.length });
    return { id: inv.id, created: true };
  });
}

/** The owner's Send on the account: the month's invoice made (once) and sent (once). */
export async function sendMonthlyInvoice(deps: Deps, businessId: string, customerId: string, raw: string) {
  await ownCustomer(deps.db, businessId, customerId);
  const parsed = monthSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Please give a month as YYYY-MM');
  const month = parsed.data;
  const { id } = await invoiceMonth(deps.db, businessId, customerId, month);
  if (!id) throw conflict(FLEET_TEXT.noVisits);
  await sendInvoice(deps, businessId, id);
  return getInvoice(deps.db, businessId, id);
}

/**
 * The first-of-the-month run: for every account whose business has reached a new month in its own zone, last month's
 * invoice is made and sent, once. Runs hourly (a missed hour catches up on the next).
 */
export async function runMonthlyFleetInvoices(deps: Deps, now = new Date()) {
  const accounts = await deps.db
    .select({
      businessId: fleetAccounts.businessId,
      customerId: fleetAccounts.customerId,
      timeZone: profiles.timeZone,
    })
    .from(fleetAccounts)
    .innerJoin(profiles, eq(profiles.id, fleetAccounts.businessId));
  let sent = 0;
  for (const a of accounts) {
    const month = previousMonth(monthInZone(now, a.timeZone));
    const made = await invoiceMonth(deps.db, a.businessId, a.customerId, month);
    // Sent by the run that made it; one the owner already sent (or voided) is left alone.
    if (!made.created || !made.id) continue;
    await sendInvoice(deps, a.businessId, made.id);
    sent++;
  }
  return { sent };
}
