import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import { conflict, invalid } from '../../http/errors';

// The ledger API other features call (invoices, deposits, tips, lead assignment): every write is idempotent by its
// key and runs in the caller's transaction when given one (drizzle nests it as a savepoint).

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export interface CompletedCharge {
  businessId: string;
  /** What was paid: 'booking', 'invoice', 'deposit' … */
  documentType: string;
  documentId: string;
  /** The provider's payment (Stripe payment_intent, or the test payment); one charge per reference. */
  paymentReference: string;
  /** Charged for the document, tip excluded. */
  amountCents: number;
  /** Passed to the business in full (no fee). */
  tipCents: number;
  /** The platform's fee that stayed on the platform (chargeTermsFor's applicationFeeCents). */
  applicationFeeCents: number;
  /** Shown on the Payouts screen and in the CSV, e.g. "Booking: Premium Detail — Casey Nguyen". */
  description: string;
}

type Entry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;

async function append(db: DbOrTx, entries: Entry[]) {
  const rows = entries.filter((e) => e.amountCents !== 0);
  if (rows.length === 0) return;
  await db.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.key });
}

function assertCents(n: number, label: string, min = 0) {
  if (!Number.isSafeInteger(n) || n < min)
    throw invalid(`${label} must be a whole number of cents of at least ${min}`);
}

/** A completed charge: the charge, its tip and the platform's fee, written together (once per payment). */
export async function recordCompletedCharge(db: DbOrTx, c: CompletedCharge) {
  assertCents(c.amountCents, 'amountCents');
  assertCents(c.tipCents, 'tipCents');
  if (c.amountCents + c.tipCents === 0) return;
  assertCents(c.applicationFeeCents, 'applicationFeeCents');
  if (c.applicationFeeCents > c.amountCents) throw invalid('The fee cannot be more than the charge');
  const base = {
    businessId: c.businessId,
    documentType: c.documentType,
    documentId: c.documentId,
    paymentReference: c.paymentReference,
  };
  await append(db, [
    {
      ...base,
      kind: 'charge',
      amountCents: c.amountCents,
      description: c.description,
      key: `charge:${c.paymentReference}`,
    },
    {
      ...base,
      kind: 'tip',
      amountCents: c.tipCents,
      description: `Tip — ${c.description}`,
      key: `tip:${c.paymentReference}`,
    },
    {
      ...base,
      kind: 'fee',
      amountCents: -c.applicationFeeCents,
      description: `Platform fee — ${c.description}`,
      key: `fee:${c.paymentReference}`,
    },
  ]);
}

/** What one payment has charged, refunded and kept as fee so far (signed sums per kind). */
async function paymentTotals(db: DbOrTx, paymentReference: string) {
  const rows = await db
    .select({
      kind: ledgerEntries.kind,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentReference, paymentReference))
    .groupBy(ledgerEntries.kind);
  const of = (k: LedgerKind) => rows.find((r) => r.kind === k)?.cents ?? 0;
  const [first] = await db
    .select({
      businessId: ledgerEntries.businessId,
      documentType: ledgerEntries.documentType,
      documentId: ledgerEntries.documentId,
      description: ledgerEntries.description,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentReference, paymentReference),
        inArray(ledgerEntries.kind, ['charge', 'tip']),
      ),
    )
    .orderBy(ledgerEntries.seq)
    .limit(1);
  return {
    charge: first ?? null,
    chargedCents: of('charge') + of('tip'),
    feeCents: -of('fee'),
    refundedCents: -of('refund'),
    feeRefundedCents: of('fee_refund'),
  };
}

/**
 * A refund of part or all of a payment: the refund, and the platform's fee given back in proportion (cumulative, so
 * refunding everything returns exactly the whole fee). Returns what was written; nothing for a payment the ledger
 * never charged (a platform lead). `refundKey` identifies this refund (Stripe's re_… or the caller's key).
 */
export async function recordRefund(
  db: DbOrTx,
  r: { paymentReference: string; refundKey: string; amountCents?: number; description?: string },
): Promise<{ refundCents: number; feeRefundCents: number }> {
  return db.transaction(async (tx) => {
    // One refund of a payment at a time: the proportional fee depends on the refunds before it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger-payment:${r.paymentReference}`}))`);
    const [done] = await tx
      .select({ cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.key, `refund:${r.refundKey}`));
    const totals = await paymentTotals(tx, r.paymentReference);
    if (done || !totals.charge) return { refundCents: done ? -done.cents : 0, feeRefundCents: 0 };
    const remaining = totals.chargedCents - totals.refundedCents;
    const amount = r.amountCents ?? remaining;
    assertCents(amount, 'amountCents');
    if (amount > remaining) throw conflict('The refund is more than what is left of this payment');
    if (amount === 0) return { refundCents: 0, feeRefundCents: 0 };
    const refundedAfter = totals.refundedCents + amount;
    const feeRefundedAfter = Math.floor((totals.feeCents * refundedAfter) / totals.chargedCents);
    const feeRefundCents = feeRefundedAfter - totals.feeRefundedCents;
    const base = {
      businessId: totals.charge.businessId,
      documentType: totals.charge.documentType,
      documentId: totals.charge.documentId,
      paymentReference: r.paymentReference,
    };
    const description = r.description ?? `Refund — ${totals.charge.description}`;
    await append(tx, [
      { ...base, kind: 'refund', amountCents: -amount, description, key: `refund:${r.refundKey}` },
      {
        ...base,
        kind: 'fee_refund',
        amountCents: feeRefundCents,
        description: `Platform fee returned — ${totals.charge.description}`,
        key: `fee_refund:${r.refundKey}`,
      },
    ]);
    return { refundCents: amount, feeRefundCents };
  });
}

/**
 * §9's lead-generation add-on: the platform charges the business for a lead an admin assigned to it. One charge
 * per lead (leadId, e.g. the booking's id); the business's balance (its next payouts) pays for it.
 */
export async function recordLeadCharge(
  db: DbOrTx,
  lead: { businessId: string; leadId: string; amountCents: number; description: string },
) {
  assertCents(lead.amountCents, 'amountCents', 1);
  await append(db, [
    {
      businessId: lead.businessId,
      kind: 'lead_charge',
      amountCents: -lead.amountCents,
      documentType: 'lead',
      documentId: lead.leadId,
      paymentReference: null,
      description: lead.description,
      key: `lead:${lead.leadId}`,
    },
  ]);
}

/** A payout leaving the balance (and, if it fails, coming back). */
export async function recordPayoutEntry(
  db: DbOrTx,
  p: { businessId: string; payoutId: string; amountCents: number; failed?: boolean },
) {
  await append(db, [
    {
      businessId: p.businessId,
      kind: p.failed ? 'payout_failed' : 'payout',
      amountCents: p.failed ? p.amountCents : -p.amountCents,
      documentType: 'payout',
      documentId: p.payoutId,
      paymentReference: null,
      description: p.failed ? 'Payout failed — returned to balance' : 'Payout to bank account',
      key: `${p.failed ? 'payout_failed' : 'payout'}:${p.payoutId}`,
    },
  ]);
}

export type LedgerTotals = Record<LedgerKind, number> & { balance: number };

const KINDS: LedgerKind[] = [
  'charge',
  'tip',
  'fee',
  'refund',
  'fee_refund',
  'lead_charge',
  'payout',
  'payout_failed',
];

/** Signed sums per kind and the balance (what the business is owed and not yet paid out). */
export async function ledgerTotals(db: DbOrTx, businessId: string): Promise<LedgerTotals> {
  const rows = await db
    .select({
      kind: ledgerEntries.kind,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId))
    .groupBy(ledgerEntries.kind);
  const totals = Object.fromEntries(
    KINDS.map((k) => [k, rows.find((r) => r.kind === k)?.cents ?? 0]),
  ) as Record<LedgerKind, number>;
  return { ...totals, balance: KINDS.reduce((sum, k) => sum + totals[k], 0) };
}

/**
 * The reconciliation (issue 15): charges (tips included) − fees (net of fees returned) − refunds − lead charges =
 * transfers, and transfers = payouts (net of failed ones) + balance. Both sides come from different entries.
 */
export function reconcile(t: LedgerTotals) {
  const transfers = t.charge + t.tip + t.fee + t.fee_refund + t.refund + t.lead_charge;
  const paidOut = -(t.payout + t.payout_failed);
  return { transfers, paidOut, balance: t.balance, ok: transfers === paidOut + t.balance };
}

/** Platform fee revenue across businesses (fees kept minus fees returned). */
export async function platformFeeRevenue(db: DbOrTx) {
  const [row] = await db
    .select({
      fees: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'fee'), 0)`.mapWith(
        Number,
      ),
      feeRefunds:
        sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'fee_refund'), 0)`.mapWith(
          Number,
        ),
      leadCharges:
        sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'lead_charge'), 0)`.mapWith(
          Number,
        ),
      charges: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'charge')`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.kind, ['fee', 'fee_refund', 'lead_charge', 'charge']));
  const r = row ?? { fees: 0, feeRefunds: 0, leadCharges: 0, charges: 0 };
  return {
    feeRevenueCents: r.fees - r.feeRefunds,
    feesCents: r.fees,
    feeRefundsCents: r.feeRefunds,
    leadChargesCents: r.leadCharges,
    chargeCount: r.charges,
  };
}
