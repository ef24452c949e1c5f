import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { INVOICE_DUE_DAYS, paymentProblem, paymentStatusOf } from '../../../shared/document-money';
import type { InvoiceFilter, OFFLINE_METHODS, PaymentMethod } from '../../../shared/invoices.schemas';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  bookings,
  customers,
  documentCheckouts,
  invoiceCounters,
  invoicePayments,
  invoiceRefunds,
  invoices,
  profiles,
  quotes,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, type ListQuery, pageOf } from '../../http/lists';
import { tipsCentsBetween, tipsCentsQuery } from '../analytics/booking-figures';
import { vehicleInvoiceLines, vehiclesOfBookings } from '../bookings/vehicles/booking-vehicles.service';
import { deliverQueued } from '../campaigns/automations/message-queue';
import { v1Invoice } from '../public-api/v1-schemas';
import { recordWebhookEvent } from '../webhooks/webhooks.service';
import { DAY_MS, documentBusiness, invoiceNumberText, invoicePageUrl, pricedLines } from './documents';
import { queueReceipt } from './invoice-emails';
import type { DocumentLine } from './invoices.schema';
import { findOwnQuote, QUOTE_NOT_FOUND } from './quotes.service';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;
type RefundRow = typeof invoiceRefunds.$inferSelect;

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
  loyalty: 'Loyalty reward',
};

export const isOverdue = (i: InvoiceRow, now = new Date()) =>
  (i.status === 'unpaid' || i.status === 'partially_paid') && i.dueAt.getTime() < now.getTime();

export function toInvoice(i: InvoiceRow, payments: PaymentRow[] = [], refunds: RefundRow[] = []) {
  return {
    id: i.id,
    number: i.number,
    numberText: invoiceNumberText(i.number),
    customerId: i.customerId,
    quoteId: i.quoteId,
    bookingId: i.bookingId,
    customerName: i.customerName,
    customerEmail: i.customerEmail,
    items: i.items,
    subtotalCents: i.subtotalCents,
    taxRateBps: i.taxRateBps,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    tipCents: i.tipCents,
    refundedCents: i.refundedCents,
    balanceCents: i.status === 'void' ? 0 : i.totalCents - i.paidCents,
    notes: i.notes,
    status: i.status,
    overdue: isOverdue(i),
    issuedAt: i.issuedAt.toISOString(),
    dueAt: i.dueAt.toISOString(),
    paidAt: i.paidAt?.toISOString() ?? null,
    sentAt: i.sentAt?.toISOString() ?? null,
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      amountCents: p.amountCents,
      tipCents: p.tipCents,
      note: p.note,
      paidAt: p.paidAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      reason: r.reason,
      pointsReturned: r.pointsReturned,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * The next invoice number of a business, taken inside the issuing transaction: the counter row is locked until
 * commit, and a rolled-back issue gives its number back, so numbers are gapless under concurrency.
 */
async function nextInvoiceNumber(tx: Transaction, businessId: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ businessId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.businessId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  return row!.n;
}

interface NewInvoice {
  businessId: string;
  customerId: string | null;
  quoteId?: string;
  bookingId?: string;
  customerName: string;
  customerEmail: string;
  items: DocumentLine[];
  subtotalCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  notes: string | null;
  /** Days until due; the house default otherwise (a fleet account's net 15/30). */
  dueDays?: number;
}

async function issueInvoice(tx: Transaction, { dueDays = INVOICE_DUE_DAYS, ...values }: NewInvoice) {
  const number = await nextInvoiceNumber(tx, values.businessId);
  const issuedAt = new Date();
  const [row] = await tx
    .insert(invoices)
    .values({
      ...values,
      number,
      issuedAt,
      dueAt: new Date(issuedAt.getTime() + dueDays * DAY_MS),
      status: values.totalCents === 0 ? 'paid' : 'unpaid',
      paidAt: values.totalCents === 0 ? issuedAt : null,
    })
    .returning();
  return row!;
}

/**
 * Applies one payment to an invoice inside the caller's transaction (the invoice row locked first): refuses a
 * void invoice and an amount over the balance, records the payment and keeps the sums and status with it.
 * Returns null when the provider session was already recorded (paying twice records one payment).
 */
export async function applyPayment(
  tx: Transaction,
  invoiceId: string,
  p: {
    method: PaymentMethod;
    amountCents: number;
    tipCents: number;
    providerSessionId?: string;
    paymentReference?: string | null;
    note?: string | null;
    paidAt?: Date;
  },
) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  if (p.providerSessionId) {
    // Checked under the invoice lock: a second completion of the same payment finds the first one here.
    const [seen] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.providerSessionId, p.providerSessionId));
    if (seen) return null;
  }
  if (inv.status === 'void') throw conflict('This invoice is void');
  const problem = paymentProblem(inv.totalCents - inv.paidCents, p.amountCents);
  if (problem) throw invalid(problem);
  const [payment] = await tx
    .insert(invoicePayments)
    .values({
      businessId: inv.businessId,
      invoiceId,
      method: p.method,
      amountCents: p.amountCents,
      tipCents: p.tipCents,
      providerSessionId: p.providerSessionId ?? null,
      paymentReference: p.paymentReference ?? null,
      note: p.note ?? null,
      paidAt: p.paidAt ?? new Date(),
    })
    .onConflictDoNothing({ target: invoicePayments.providerSessionId })
    .returning();
  if (!payment) return null;
  const paidCents = inv.paidCents + p.amountCents;
  const status = paymentStatusOf(inv.totalCents, paidCents);
  const [updated] = await tx
    .update(invoices)
    .set({
      paidCents,
      tipCents: inv.tipCents + p.tipCents,
      status,
      paidAt: status === 'paid' ? payment.paidAt : null,
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  // Paid in full by this payment: told to the business's webhooks with the payment (decision 1202).
  if (status === 'paid' && inv.status !== 'paid')
    await recordWebhookEvent(tx, inv.businessId, 'invoice.paid', v1Invoice.parse(toInvoice(updated!)));
  return { invoice: updated!, payment };
}

/** The receipt of one recorded payment, to the invoice's customer, written in the payment's transaction. */
export async function queueInvoiceReceipt(
  deps: Pick<AppDeps, 'publicUrl' | 'linkSecret'>,
  tx: Transaction,
  applied: { invoice: InvoiceRow; payment: PaymentRow },
) {
  const { invoice, payment } = applied;
  const business = await documentBusiness(tx, invoice.businessId);
  return queueReceipt(deps, tx, {
    businessId: invoice.businessId,
    customerId: invoice.customerId,
    receiptKey: `invoice-payment:${payment.id}`,
    to: invoice.customerEmail,
    customerName: invoice.customerName,
    businessName: business.name,
    documentTitle: `Invoice ${invoiceNumberText(invoice.number)}`,
    amountCents: payment.amountCents,
    tipCents: payment.tipCents,
    methodLabel: payment.note === 'Deposit' ? 'Deposit' : METHOD_LABELS[payment.method],
    balanceCents: invoice.totalCents - invoice.paidCents,
    link: invoicePageUrl(deps, invoice.id),
    // A several-vehicle booking's invoice (decision 1327): the receipt lists each vehicle's lines as the invoice does.
    ...(invoice.bookingId &&
      invoice.items.length > 1 && {
        items: invoice.items.map((i) => ({ name: i.serviceName, cents: i.totalCents })),
      }),
  });
}

/** An accepted quote becomes an invoice once; its paid deposit (and its date) comes along as a payment. */
export async function invoiceFromQuote(deps: Pick<AppDeps, 'db'>, businessId: string, quoteId: string) {
  await findOwnQuote(deps.db, businessId, quoteId);
  const invoiceId = await deps.db.transaction(async (tx) => {
    const [q] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.businessId, businessId)))
      .for('update');
    if (!q) throw notFound(QUOTE_NOT_FOUND);
    if (q.status === 'invoiced') {
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.quoteId, q.id));
      if (existing) return existing.id;
    }
    if (q.status !== 'accepted') throw conflict('Only an accepted quote can be invoiced');
    const inv = await issueInvoice(tx, {
      businessId,
      customerId: q.customerId,
      quoteId: q.id,
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      items: q.items,
      subtotalCents: q.subtotalCents,
      taxRateBps: q.taxRateBps,
      taxCents: q.taxCents,
      totalCents: q.totalCents,
      notes: q.notes,
    });
    if (q.depositPaidAt && q.depositCents > 0) {
      const [deposit] = await tx
        .select()
        .from(documentCheckouts)
        .where(and(eq(documentCheckouts.quoteId, q.id), eq(documentCheckouts.status, 'completed')));
      await applyPayment(tx, inv.id, {
        method: 'card',
        amountCents: q.depositCents,
        tipCents: 0,
        providerSessionId: deposit?.providerSessionId,
        paymentReference: deposit?.paymentReference,
        note: 'Deposit',
        paidAt: q.depositPaidAt,
      });
    }
    await tx.update(quotes).set({ status: 'invoiced' }).where(eq(quotes.id, q.id));
    return inv.id;
  });
  return getInvoice(deps.db, businessId, invoiceId);
}

/** One click on a completed booking: its service at the final price (no tax: the booked price is what was agreed). */
export async function invoiceFromBooking(deps: Pick<AppDeps, 'db'>, businessId: string, bookingId: string) {
  assertUuid(bookingId, 'Booking not found');
  const invoiceId = await deps.db.transaction(async (tx) => {
    const [b] = await tx
      .select({ booking: bookings, customer: customers })
      .from(bookings)
      .leftJoin(customers, eq(customers.id, bookings.customerId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)))
      .for('update', { of: bookings });
    if (!b) throw notFound('Booking not found');
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.bookingId, bookingId));
    if (existing) return existing.id;
    if (b.booking.status !== 'completed') throw conflict('Only a completed booking can be invoiced');
    if (!b.customer) throw conflict('This booking has no customer to invoice');
    const chargedCents = b.booking.finalPriceCents ?? b.booking.quotedPriceCents;
    // Several vehicles (decision 1327): a line per vehicle and add-on, the same total; one vehicle reads as before.
    const vehicles = (await vehiclesOfBookings(tx, businessId, [bookingId])).get(bookingId) ?? [];
    const priced =
      vehicles.length > 1
        ? {
            lines: vehicleInvoiceLines(vehicles, chargedCents),
            subtotalCents: chargedCents,
            totalCents: chargedCents,
          }
        : pricedLines(
            [
              {
                serviceId: b.booking.serviceId,
                serviceName: b.booking.serviceName,
                quantity: 1,
                unitPriceCents: chargedCents,
              },
            ],
            0,
          );
    const inv = await issueInvoice(tx, {
      businessId,
      customerId: b.customer.id,
      bookingId,
      customerName: `${b.customer.firstName} ${b.customer.lastName}`.trim(),
      customerEmail: b.customer.email,
      items: priced.lines,
      subtotalCents: priced.subtotalCents,
      taxRateBps: 0,
      taxCents: 0,
      totalCents: priced.totalCents,
      notes: null,
    });
    return inv.id;
  });
  return getInvoice(deps.db, businessId, invoiceId);
}

/**
 * A company's month of visits as one invoice (features/fleet), inside the caller's transaction: one line per visit
 * at its final price, no tax (the booked price is what was agreed), due after the account's terms.
 */
export async function issueVisitsInvoice(
  tx: Transaction,
  values: {
    businessId: string;
    customerId: string;
    customerName: string;
    customerEmail: string;
    lines: { serviceId: string | null; serviceName: string; unitPriceCents: number }[];
    notes: string | null;
    dueDays: number;
  },
) {
  const priced = pricedLines(
    values.lines.map((l) => ({ ...l, quantity: 1 })),
    0,
  );
  return issueInvoice(tx, {
    businessId: values.businessId,
    customerId: values.customerId,
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    items: priced.lines,
    subtotalCents: priced.subtotalCents,
    taxRateBps: 0,
    taxCents: 0,
    totalCents: priced.totalCents,
    notes: values.notes,
    dueDays: values.dueDays,
  });
}

export async function findOwnInvoice(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, INVOICE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.businessId, businessId)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export async function paymentsOf(db: DbOrTx, invoiceId: string) {
  return db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(invoicePayments.paidAt);
}

export async function getInvoice(db: Database, businessId: string, id: string) {
  const row = await findOwnInvoice(db, businessId, id);
  const refunds = await db
    .select()
    .from(invoiceRefunds)
    .where(eq(invoiceRefunds.invoiceId, row.id))
    .orderBy(invoiceRefunds.createdAt);
  return toInvoice(row, await paymentsOf(db, row.id), refunds);
}

function filterCondition(filter: InvoiceFilter) {
  const open = inArray(invoices.status, ['unpaid', 'partially_paid']);
  if (filter === 'unpaid') return open;
  if (filter === 'overdue') return and(open, lt(invoices.dueAt, new Date()));
  if (filter === 'paid') return inArray(invoices.status, ['paid', 'partially_refunded', 'refunded']);
  return undefined;
}

/** Newest number first, filtered (unpaid = anything still owed), with the business's total outstanding. */
export async function listInvoices(
  db: Database,
  businessId: string,
  query: ListQuery & { filter: InvoiceFilter },
) {
  // The number is unique per business, so it alone orders the pages; a cursor that is not an integer is a 400.
  const after = afterCursor(query.cursor, [{ column: invoices.number, kind: 'int' }], 'desc');
  const term = query.q?.trim();
  const [rows, [outstanding]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.businessId, businessId),
          filterCondition(query.filter),
          term
            ? or(
                sql`${invoices.customerName} ilike ${containsPattern(term)}`,
                sql`'INV-' || lpad(${invoices.number}::text, 4, '0') ilike ${containsPattern(term)}`,
              )
            : undefined,
          after,
        ),
      )
      .orderBy(desc(invoices.number))
      .limit(query.limit + 1),
    db
      .select({
        cents: sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}), 0)`.mapWith(Number),
        overdueCents:
          sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}) filter (where ${invoices.dueAt} < now()), 0)`.mapWith(
            Number,
          ),
      })
      .from(invoices)
      .where(
        and(eq(invoices.businessId, businessId), inArray(invoices.status, ['unpaid', 'partially_paid'])),
      ),
  ]);
  const page = pageOf(rows, query.limit, (r) => [r.number]);
  return {
    items: page.items.map((r) => toInvoice(r)),
    nextCursor: page.nextCursor,
    outstandingCents: outstanding?.cents ?? 0,
    overdueCents: outstanding?.overdueCents ?? 0,
  };
}

/** Cash, check or other, recorded by the business; the customer gets a receipt. */
export async function recordOfflinePayment(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl' | 'linkSecret'>,
  businessId: string,
  id: string,
  input: { method: (typeof OFFLINE_METHODS)[number]; amountCents: number; note: string | null },
) {
  await findOwnInvoice(deps.db, businessId, id);
  const messageIds = await deps.db.transaction(async (tx) => {
    const applied = await applyPayment(tx, id, {
      method: input.method,
      amountCents: input.amountCents,
      tipCents: 0,
      note: input.note,
    });
    // The receipt commits with the payment (decision 1331).
    return applied ? queueInvoiceReceipt(deps, tx, applied) : [];
  });
  await deliverQueued(deps, messageIds);
  return getInvoice(deps.db, businessId, id);
}

/** Voids an invoice with nothing paid on it (a paid one needs a refund, not a void); its number stays used. */
export async function voidInvoice(db: Database, businessId: string, id: string) {
  await findOwnInvoice(db, businessId, id);
  const [row] = await db
    .update(invoices)
    .set({ status: 'void', voidedAt: new Date() })
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.status, 'unpaid'),
        eq(invoices.paidCents, 0),
        eq(invoices.tipCents, 0),
      ),
    )
    .returning();
  if (!row) throw conflict('Only an invoice with no payments can be voided');
  return getInvoice(db, businessId, id);
}

/** Tips this calendar month in the business's time zone: booking tips and invoice tips, for the dashboard. */
export async function tipsThisMonthCents(db: Database, businessId: string) {
  // The same query as the platform analytics' tips (features/analytics), so the two agree.
  return tipsCentsBetween(db, monthStartOf(businessId), sql`'infinity'::timestamptz`, businessId);
}

/** tipsThisMonthCents's SQL, for the dashboard's one query. */
export const tipsThisMonthQuery = (businessId: string) =>
  tipsCentsQuery(monthStartOf(businessId), sql`'infinity'::timestamptz`, businessId);

/** The start of the business's calendar month in its time zone, as SQL. */
export const monthStartOf = (businessId: string) =>
  sql`(select date_trunc('month', now() at time zone ${profiles.timeZone}) at time zone ${profiles.timeZone} from ${profiles} where ${profiles.id} = ${businessId})`;
