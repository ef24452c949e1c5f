import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, PAYMENT_ACCOUNT_MODES, PAYOUT_STATUSES } from '../../../shared/payouts';
import { profiles } from '../../db/domain.schema';

/** Where a business's money goes: a Stripe connected account, or the built-in test-mode account (no money moves). */
export const paymentAccountMode = pgEnum('payment_account_mode', PAYMENT_ACCOUNT_MODES);

/** One connected account per business; its state comes from Stripe (`account.updated`) or test mode. */
export const paymentAccounts = pgTable('payment_accounts', {
  businessId: text()
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  mode: paymentAccountMode().notNull(),
  // Stripe's acct_… (or acct_test_… for the test-mode account): the destination of charges.
  accountId: text().notNull().unique(),
  detailsSubmitted: boolean().notNull().default(false),
  chargesEnabled: boolean().notNull().default(false),
  payoutsEnabled: boolean().notNull().default(false),
  // Stripe's requirements.disabled_reason, shown to the owner when charges are off.
  disabledReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every money movement of a business, append-only (a trigger refuses UPDATE and DELETE), in integer cents signed
 * by its effect on the business's balance: charge, tip, fee refund, payout failure are +; fee, refund, lead
 * charge, payout are −. `key` makes each write idempotent (a replayed webhook or retried request adds nothing).
 */
export const ledgerEntryKind = pgEnum('ledger_entry_kind', LEDGER_KINDS);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Insertion order: entries of one transaction share created_at; lists and the CSV follow seq.
    seq: bigserial({ mode: 'number' }).notNull().unique(),
    businessId: text()
      .notNull()
      .references(() => profiles.id),
    kind: ledgerEntryKind().notNull(),
    amountCents: integer().notNull(),
    // What the money was for: 'booking', 'invoice', 'deposit', 'lead', 'payout' … and its id.
    documentType: text().notNull(),
    documentId: text().notNull(),
    // The provider's payment (payment_intent / test payment) the entry belongs to; refunds find their charge by it.
    paymentReference: text(),
    description: text().notNull(),
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_idx').on(t.key),
    index('ledger_entries_business_seq_idx').on(t.businessId, t.seq),
    index('ledger_entries_payment_reference_idx').on(t.paymentReference),
    check(
      'ledger_entries_sign',
      sql`(${t.kind} in ('charge', 'tip', 'fee_refund', 'payout_failed') and ${t.amountCents} > 0)
        or (${t.kind} in ('fee', 'refund', 'lead_charge', 'payout') and ${t.amountCents} < 0)`,
    ),
  ],
);

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

/** Money sent from a business's balance to its bank: Stripe's payout webhooks, or the simulated daily payout. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id),
    mode: paymentAccountMode().notNull(),
    // Stripe's po_… (or po_test_… for a simulated payout).
    providerPayoutId: text().notNull().unique(),
    amountCents: integer().notNull(),
    status: payoutStatus().notNull(),
    arrivalDate: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_business_created_idx').on(t.businessId, t.createdAt, t.id),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
