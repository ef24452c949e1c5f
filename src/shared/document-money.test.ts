import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Deposit,
  depositCents,
  documentTotals,
  lineTotalCents,
  mulDivHalfUp,
  paymentProblem,
  paymentStatusOf,
  settlementOf,
  type TipChoice,
  tipCents,
} from './document-money';

describe('document money', () => {
  it('rounds each line half-up to the cent', () => {
    expect(lineTotalCents({ quantity: 1, unitPriceCents: 4500 })).toBe(4500);
    expect(lineTotalCents({ quantity: 1.5, unitPriceCents: 333 })).toBe(500); // 499.5 → 500
    expect(lineTotalCents({ quantity: 0.25, unitPriceCents: 2 })).toBe(1); // 0.5 → 1
    expect(lineTotalCents({ quantity: 0.33, unitPriceCents: 1 })).toBe(0); // 0.33 → 0
  });

  it('computes subtotal, 8.5 % tax half-up once, and total', () => {
    const t = documentTotals(
      [
        { quantity: 1, unitPriceCents: 12000 },
        { quantity: 2, unitPriceCents: 4500 },
      ],
      850,
    );
    expect(t).toEqual({ lineTotals: [12000, 9000], subtotalCents: 21000, taxCents: 1785, totalCents: 22785 });
    // 8.5 % of $0.10 = 0.85 ¢ → 1 ¢; of $0.05 = 0.425 ¢ → 0 ¢; of 1000 ¢ × 8.25 % = 82.5 → 83.
    expect(documentTotals([{ quantity: 1, unitPriceCents: 10 }], 850).taxCents).toBe(1);
    expect(documentTotals([{ quantity: 1, unitPriceCents: 5 }], 850).taxCents).toBe(0);
    expect(documentTotals([{ quantity: 1, unitPriceCents: 1000 }], 825).taxCents).toBe(83);
  });

  it('caps deposits at the total and rounds percent deposits half-up', () => {
    expect(depositCents({ kind: 'percent', percentBps: 2500 }, 22785)).toBe(5696); // 5696.25
    expect(depositCents({ kind: 'percent', percentBps: 5000 }, 101)).toBe(51); // 50.5 → 51
    expect(depositCents({ kind: 'fixed', cents: 5000 }, 3000)).toBe(3000);
    expect(depositCents({ kind: 'none' }, 3000)).toBe(0);
  });

  it('tips on the subtotal before tax, as their own amount', () => {
    expect(tipCents({ kind: 'percent', percent: 15 }, 21000)).toBe(3150);
    expect(tipCents({ kind: 'percent', percent: 20 }, 1003)).toBe(201); // 200.6
    expect(tipCents({ kind: 'custom', cents: 700 }, 21000)).toBe(700);
    expect(tipCents({ kind: 'none' }, 21000)).toBe(0);
  });

  it('refuses payments that are not positive or exceed the balance', () => {
    expect(paymentProblem(1000, 1000)).toBeNull();
    expect(paymentProblem(1000, 1001)).toBe('The amount is more than the balance due');
    expect(paymentProblem(1000, 0)).toBe('Enter an amount greater than $0.00');
    expect(paymentStatusOf(1000, 0)).toBe('unpaid');
    expect(paymentStatusOf(1000, 1)).toBe('partially_paid');
    expect(paymentStatusOf(1000, 1000)).toBe('paid');
  });

  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 10_000 }).map((h) => h / 100),
    unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  });
  const deposit: fc.Arbitrary<Deposit> = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.integer({ min: 1, max: 10_000 }).map((percentBps) => ({ kind: 'percent' as const, percentBps })),
    fc.integer({ min: 1, max: 1_000_000 }).map((cents) => ({ kind: 'fixed' as const, cents })),
  );
  const tip: fc.Arbitrary<TipChoice> = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.constantFrom(15, 20, 25).map((percent) => ({ kind: 'percent' as const, percent })),
    fc.integer({ min: 0, max: 100_000 }).map((cents) => ({ kind: 'custom' as const, cents })),
  );

  it('property: every settled document has payments + credits = total + tip, rounding included', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 2_500 }),
        deposit,
        tip,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, taxRateBps, dep, tipChoice, partialShares, creditShare) => {
          const totals = documentTotals(lines, taxRateBps);
          // Each line and the tax are within half a cent of the exact amount, and the parts add up.
          lines.forEach((l, i) => {
            expect(Math.abs(totals.lineTotals[i]! - l.quantity * l.unitPriceCents)).toBeLessThanOrEqual(
              0.5 + 1e-6,
            );
          });
          expect(
            Math.abs(totals.taxCents - (totals.subtotalCents * taxRateBps) / 10_000),
          ).toBeLessThanOrEqual(0.5);
          expect(totals.totalCents).toBe(totals.subtotalCents + totals.taxCents);

          const payments: number[] = [];
          const credits: number[] = [];
          const owed = () =>
            settlementOf({
              totalCents: totals.totalCents,
              paymentsCents: payments,
              creditsCents: credits,
              tipsCents: [],
            }).balanceCents;
          const d = depositCents(dep, totals.totalCents);
          if (d > 0) payments.push(d);
          const credit = Math.floor(owed() * creditShare);
          if (credit > 0) credits.push(credit);
          for (const share of partialShares) {
            const amount = Math.floor(owed() * share);
            if (amount > 0 && paymentProblem(owed(), amount) === null) payments.push(amount);
          }
          const tip = tipCents(tipChoice, totals.subtotalCents);
          if (owed() > 0) {
            expect(paymentProblem(owed(), owed() + 1)).not.toBeNull();
            payments.push(owed());
          }
          const s = settlementOf({
            totalCents: totals.totalCents,
            paymentsCents: payments,
            creditsCents: credits,
            tipsCents: tip > 0 ? [tip] : [],
          });
          expect(s.balanceCents).toBe(0);
          expect(s.receivedCents).toBe(totals.totalCents + tip);
          expect(paymentStatusOf(totals.totalCents, s.appliedCents)).toBe('paid');
          for (const n of [...payments, ...credits, tip]) expect(Number.isInteger(n) && n >= 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('mulDivHalfUp matches exact rational rounding', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(100_000), fc.integer({ min: 1, max: 10_000 }), (a, b, c) => {
        const r = mulDivHalfUp(a, b, c);
        // r is the integer nearest a·b/c, ties upward: |2(a·b) − 2rc| ≤ c with the tie going up.
        const twice = 2n * BigInt(a) * BigInt(b) - 2n * BigInt(r) * BigInt(c);
        expect(twice >= -BigInt(c) && twice < BigInt(c)).toBe(true);
      }),
    );
  });
});
