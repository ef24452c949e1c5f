import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_CHECKOUT_PURPOSES, DOCUMENT_CHECKOUT_STATUSES } from '../../../shared/checkout';
import { INVOICE_STATUSES, PAYMENT_METHODS, QUOTE_STATUSES } from '../../../shared/invoices.schemas';
import { bookings, customers, profiles } from '../../db/domain.schema';
import { paymentProvider } from '../bookings/book/booking.schema';

export const quoteStatus = pgEnum('quote_status', QUOTE_STATUSES);
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);
// 'loyalty': a reward redeemed on the pay page pays its value off the balance (docs/decisions/0710).
export const paymentMethod = pgEnum('invoice_payment_method', PAYMENT_METHODS);
export const documentCheckoutPurpose = pgEnum('document_checkout_purpose', DOCUMENT_CHECKOUT_PURPOSES);
export const documentCheckoutStatus = pgEnum('document_checkout_status', DOCUMENT_CHECKOUT_STATUSES);

/** A line as stored on a quote or invoice: a snapshot, so the document reads the same after a service changes. */
export interface DocumentLine {
  serviceId: string | null;
  serviceName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const businessId = () =>
  text()
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });

export const quotes = pgTable(
  'quotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    customerId: uuid(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    items: jsonb().$type<DocumentLine[]>().notNull(),
    subtotalCents: integer().notNull(),
    taxRateBps: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    // The deposit asked on acceptance (0 = none) and how it was set.
    depositCents: integer().notNull().default(0),
    depositPercentBps: integer(),
    notes: text(),
    status: quoteStatus().notNull().default('draft'),
    // The public quote page's key is a signed token of the id (http/tokens.ts, decision 1164), stored nowhere; a link
    // sent before it carried a random token, whose SHA-256 is kept here so that it still opens the page.
    legacyTokenHash: text().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    depositPaidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('quotes_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'quotes_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    index('quotes_business_created_idx').on(t.businessId, t.createdAt),
    index('quotes_customer_id_idx').on(t.customerId),
    check(
      'quotes_money_ck',
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.depositCents} between 0 and ${t.totalCents}`,
    ),
  ],
);

/** The per-business invoice counter; incremented in the issuing transaction, so numbers are gapless. */
export const invoiceCounters = pgTable('invoice_counters', {
  businessId: text()
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  lastNumber: integer().notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    number: integer().notNull(),
    customerId: uuid(),
    quoteId: uuid().unique(),
    bookingId: uuid().unique(),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    items: jsonb().$type<DocumentLine[]>().notNull(),
    subtotalCents: integer().notNull(),
    taxRateBps: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    // Sums of the payments rows, kept with them in one transaction.
    paidCents: integer().notNull().default(0),
    tipCents: integer().notNull().default(0),
    // Money given back by the owner's refunds (docs/decisions/1190), kept with the refund rows in one transaction.
    refundedCents: integer().notNull().default(0),
    notes: text(),
    status: invoiceStatus().notNull().default('unpaid'),
    // As quotes': the pay page's key is a signed token of the id; the hash of a random token sent before (decision 1164).
    legacyTokenHash: text().unique(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    // When the owner sent it to the customer (decision 0956); set once.
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'invoices_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'invoices_quote_tenant_fk',
      columns: [t.businessId, t.quoteId],
      foreignColumns: [quotes.businessId, quotes.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'invoices_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    uniqueIndex('invoices_business_number_uq').on(t.businessId, t.number),
    index('invoices_customer_id_idx').on(t.customerId),
    check('invoices_paid_ck', sql`${t.paidCents} between 0 and ${t.totalCents} and ${t.tipCents} >= 0`),
    // The database's last word on "never refund more than was paid" (price and tips).
    check('invoices_refunded_ck', sql`${t.refundedCents} between 0 and ${t.paidCents} + ${t.tipCents}`),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid().notNull(),
    method: paymentMethod().notNull(),
    // Applied to the invoice total; the tip is its own amount, never part of it.
    amountCents: integer().notNull(),
    tipCents: integer().notNull().default(0),
    // The provider's session (card payments): unique, so paying twice records one payment.
    providerSessionId: text().unique(),
    paymentReference: text(),
    note: text(),
    // A reward redeemed on the invoice (method 'loyalty'): the points entry that paid it, returned by a full refund.
    loyaltyTransactionId: uuid(),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'invoice_payments_invoice_tenant_fk',
      columns: [t.businessId, t.invoiceId],
      foreignColumns: [invoices.businessId, invoices.id],
    }).onDelete('cascade'),
    index('invoice_payments_invoice_id_idx').on(t.invoiceId),
    index('invoice_payments_business_paid_idx').on(t.businessId, t.paidAt),
    check(
      'invoice_payments_amount_ck',
      sql`${t.amountCents} >= 0 and ${t.tipCents} >= 0 and ${t.amountCents} + ${t.tipCents} > 0`,
    ),
  ],
);

/** A card payment in progress for a quote deposit or an invoice (what checkout_sessions is for bookings). */
export const documentCheckouts = pgTable(
  'document_checkouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    purpose: documentCheckoutPurpose().notNull(),
    quoteId: uuid(),
    invoiceId: uuid(),
    provider: paymentProvider().notNull(),
    providerSessionId: text().notNull().unique(),
    amountCents: integer().notNull(),
    tipCents: integer().notNull().default(0),
    // Destination-charge terms (docs/decisions/1000): the business's connected account and the platform's fee on
    // amountCents (never on the tip), fixed when the checkout opens.
    destinationAccount: text(),
    applicationFeeCents: integer().notNull().default(0),
    description: text().notNull(),
    returnUrl: text().notNull(),
    status: documentCheckoutStatus().notNull().default('open'),
    paymentReference: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    // A payment that was not needed (status refunded): the provider's refund and when it was made.
    refundId: text(),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'document_checkouts_invoice_tenant_fk',
      columns: [t.businessId, t.invoiceId],
      foreignColumns: [invoices.businessId, invoices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'document_checkouts_quote_tenant_fk',
      columns: [t.businessId, t.quoteId],
      foreignColumns: [quotes.businessId, quotes.id],
    }).onDelete('cascade'),
    index('document_checkouts_business_id_idx').on(t.businessId),
    index('document_checkouts_quote_id_idx').on(t.quoteId),
    index('document_checkouts_invoice_id_idx').on(t.invoiceId),
    check(
      'document_checkouts_money_ck',
      sql`${t.amountCents} between 0 and 1000000000 and ${t.tipCents} between 0 and 100000000 and ${t.applicationFeeCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

/** One part of a refund: what was given back of one payment, and the provider's refund for a card payment. */
export interface RefundPart {
  paymentId: string;
  method: string;
  amountCents: number;
  providerRefundId: string | null;
}

/**
 * An owner's refund of a paid invoice (docs/decisions/1190): the client's Idempotency-Key makes a replay refund once, the
 * parts say which payments it came from (cards first, through the provider; cash, check or other given back by the
 * business), and a full refund returns the points of rewards redeemed on the invoice.
 */
export const invoiceRefunds = pgTable(
  'invoice_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid().notNull(),
    // The request's Idempotency-Key (or one made by the server when none was sent): a replay refunds once.
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    reason: text(),
    parts: jsonb().$type<RefundPart[]>().notNull(),
    pointsReturned: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'invoice_refunds_invoice_tenant_fk',
      columns: [t.businessId, t.invoiceId],
      foreignColumns: [invoices.businessId, invoices.id],
    }).onDelete('cascade'),
    uniqueIndex('invoice_refunds_business_key_uq').on(t.businessId, t.idempotencyKey),
    index('invoice_refunds_invoice_id_idx').on(t.invoiceId),
    index('invoice_refunds_business_created_idx').on(t.businessId, t.createdAt),
    check('invoice_refunds_amount_ck', sql`${t.amountCents} between 1 and 1000000000`),
  ],
);
