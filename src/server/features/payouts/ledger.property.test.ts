import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import {
  ledgerTotals,
  reconcile,
  recordCompletedCharge,
  recordLeadCharge,
  recordRefund,
} from './ledger.service';
import { chargeTermsFor } from './payment-accounts.service';
import { payOutTestBalance } from './payouts.service';

// The reconciliation over random sequences (issue 15): 4 runs × 250 operations = 1,000 operations through the
// real services on the database, checked against a model kept here in plain arithmetic.
const t = await createTestContext();

type Op =
  | { kind: 'charge'; amount: number; tip: number }
  | { kind: 'refund'; pick: number; part: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'lead'; amount: number }
  | { kind: 'payout' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      amount: fc.integer({ min: 1, max: 60_000 }),
      tip: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8_000 })),
    }),
  },
  // part: 0 = the whole remainder, else that fraction (in thousandths) of it, at least 1 cent.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      part: fc.integer({ min: 0, max: 1000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('lead' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'payout' as const }) },
);

/** The model's fee: 5% (rounded half up) + 30¢, at most the amount — the documented default. */
const modelFee = (amount: number) => Math.min(amount, Math.floor((amount * 5 + 50) / 100) + 30);

interface ModelCharge {
  ref: string;
  amount: number;
  tip: number;
  fee: number;
  refunded: number;
  feeRefunded: number;
}

let run = 0;

describe('the ledger reconciles', () => {
  it('charges − fees − refunds − lead charges = transfers = payouts + balance, after 1,000 random operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 250, maxLength: 250 }), async (ops) => {
        run += 1;
        const owner = await t.signUp();
        await bookableBusiness(t.db, owner.userId);
        const charges: ModelCharge[] = [];
        let leads = 0;
        let paidOut = 0;
        const balance = () =>
          charges.reduce((s, c) => s + c.amount + c.tip - c.fee - c.refunded + c.feeRefunded, 0) -
          leads -
          paidOut;

        for (const [i, op] of ops.entries()) {
          if (op.kind === 'charge') {
            const terms = await chargeTermsFor(t.deps, owner.userId, {
              amountCents: op.amount,
              tipCents: op.tip,
            });
            expect(terms.transfer.applicationFeeCents).toBe(modelFee(op.amount));
            const ref = `pay_${run}_${i}`;
            await recordCompletedCharge(t.db, {
              businessId: owner.userId,
              documentType: i % 2 ? 'booking' : 'invoice',
              documentId: `doc-${i}`,
              paymentReference: ref,
              amountCents: op.amount,
              tipCents: op.tip,
              applicationFeeCents: terms.transfer.applicationFeeCents,
              description: `Charge ${i}`,
            });
            charges.push({
              ref,
              amount: op.amount,
              tip: op.tip,
              fee: modelFee(op.amount),
              refunded: 0,
              feeRefunded: 0,
            });
          } else if (op.kind === 'replay' && charges.length > 0) {
            const c = charges[op.pick % charges.length]!;
            await recordCompletedCharge(t.db, {
              businessId: owner.userId,
              documentType: 'booking',
              documentId: 'replayed',
              paymentReference: c.ref,
              amountCents: c.amount,
              tipCents: c.tip,
              applicationFeeCents: c.fee,
              description: 'Replayed webhook',
            });
          } else if (op.kind === 'refund' && charges.length > 0) {
            const c = charges[op.pick % charges.length]!;
            const total = c.amount + c.tip;
            const remaining = total - c.refunded;
            if (remaining === 0) {
              await expect(
                recordRefund(t.db, { paymentReference: c.ref, refundKey: `re_${run}_${i}`, amountCents: 1 }),
              ).rejects.toThrow('more than what is left');
              continue;
            }
            const amount = op.part === 0 ? remaining : Math.max(1, Math.floor((remaining * op.part) / 1000));
            const written = await recordRefund(t.db, {
              paymentReference: c.ref,
              refundKey: `re_${run}_${i}`,
              amountCents: amount,
            });
            c.refunded += amount;
            const feeRefundedAfter = Math.floor((c.fee * c.refunded) / total);
            expect(written).toEqual({
              refundCents: amount,
              feeRefundCents: feeRefundedAfter - c.feeRefunded,
            });
            c.feeRefunded = feeRefundedAfter;
            // The same refund delivered again writes nothing.
            await recordRefund(t.db, {
              paymentReference: c.ref,
              refundKey: `re_${run}_${i}`,
              amountCents: amount,
            });
          } else if (op.kind === 'lead') {
            await recordLeadCharge(t.db, {
              businessId: owner.userId,
              leadId: `lead_${run}_${i}`,
              amountCents: op.amount,
              description: 'Lead',
            });
            leads += op.amount;
          } else if (op.kind === 'payout') {
            const expected = balance();
            const payout = await payOutTestBalance(t.db, owner.userId);
            if (expected > 0) {
              expect(payout?.amountCents).toBe(expected);
              paidOut += expected;
            } else {
              expect(payout).toBeNull();
            }
          }
        }

        const totals = await ledgerTotals(t.db, owner.userId);
        const sum = (f: (c: ModelCharge) => number) => charges.reduce((s, c) => s + f(c), 0);
        expect(totals).toEqual({
          charge: sum((c) => c.amount),
          tip: sum((c) => c.tip),
          fee: -sum((c) => c.fee),
          refund: -sum((c) => c.refunded),
          fee_refund: sum((c) => c.feeRefunded),
          lead_charge: -leads,
          payout: -paidOut,
          payout_failed: 0,
          balance: balance(),
        });
        // Fully refunded payments gave back exactly their whole fee; no payment returned more fee than it took.
        for (const c of charges) {
          expect(c.feeRefunded).toBeLessThanOrEqual(c.fee);
          if (c.refunded === c.amount + c.tip) expect(c.feeRefunded).toBe(c.fee);
        }
        const r = reconcile(totals);
        expect(r.ok).toBe(true);
        expect(r.transfers).toBe(sum((c) => c.amount + c.tip - c.fee - c.refunded + c.feeRefunded) - leads);
        const rows = await t.db
          .select({ cents: payouts.amountCents })
          .from(payouts)
          .where(eq(payouts.businessId, owner.userId));
        expect(rows.reduce((s, p) => s + p.cents, 0)).toBe(r.paidOut);
      }),
      { numRuns: 4 },
    );
    expect(run).toBe(4);
  }, 240_000);
});
