import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiscounts, bookingTipCents } from './discounts';

describe('applyDiscounts (docs/decisions/0702)', () => {
  it('applies the promo code first, then the reward, on what is left', () => {
    // 20% of $120 = $24; then a $10 reward: $86 (the other order would give $88).
    expect(
      applyDiscounts(12_000, {
        promo: { discountType: 'percent', discountValue: 20 },
        reward: { category: 'discount', valueCents: 1000 },
      }),
    ).toEqual({
      subtotalCents: 12_000,
      promoDiscountCents: 2400,
      rewardDiscountCents: 1000,
      totalCents: 8600,
    });
  });

  it('never goes below $0', () => {
    expect(
      applyDiscounts(4500, {
        promo: { discountType: 'fixed', discountValue: 4000 },
        reward: { category: 'service', valueCents: 7500 },
      }),
    ).toEqual({
      subtotalCents: 4500,
      promoDiscountCents: 4000,
      rewardDiscountCents: 500,
      totalCents: 0,
    });
    expect(applyDiscounts(4500, { promo: { discountType: 'percent', discountValue: 100 } }).totalCents).toBe(
      0,
    );
    expect(
      applyDiscounts(4500, { promo: { discountType: 'fixed', discountValue: 9000 } }).promoDiscountCents,
    ).toBe(4500);
  });

  it('takes nothing off for a product reward', () => {
    expect(applyDiscounts(4500, { reward: { category: 'product', valueCents: 1500 } }).totalCents).toBe(4500);
  });

  it('for any price, code and reward: total = subtotal − discounts, between $0 and the subtotal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(
          fc.oneof(
            fc.record({
              discountType: fc.constant('percent' as const),
              discountValue: fc.integer({ min: 1, max: 100 }),
            }),
            fc.record({
              discountType: fc.constant('fixed' as const),
              discountValue: fc.integer({ min: 1, max: 2_000_000 }),
            }),
          ),
        ),
        fc.option(
          fc.record({
            category: fc.constantFrom('discount' as const, 'service' as const, 'product' as const),
            valueCents: fc.integer({ min: 0, max: 2_000_000 }),
          }),
        ),
        (price, promo, reward) => {
          const r = applyDiscounts(price, { promo, reward });
          expect(r.totalCents).toBeGreaterThanOrEqual(0);
          expect(r.totalCents).toBeLessThanOrEqual(price);
          expect(r.subtotalCents - r.promoDiscountCents - r.rewardDiscountCents).toBe(r.totalCents);
          expect(Number.isInteger(r.totalCents)).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('bookingTipCents (docs/decisions/0947)', () => {
  it('suggests percentages of what the customer pays after the promo code and the reward', () => {
    // Issue 25: a $120 service, 25 % off ($90), then a $21 reward: $69 to pay. 15 % is $10.35, not $18.00.
    const price = applyDiscounts(12_000, {
      promo: { discountType: 'percent', discountValue: 25 },
      reward: { category: 'discount', valueCents: 2100 },
    });
    expect(price.totalCents).toBe(6900);
    expect(bookingTipCents({ kind: 'percent', percent: 15 }, price)).toBe(1035);
    expect(bookingTipCents({ kind: 'percent', percent: 20 }, price)).toBe(1380);
    expect(bookingTipCents({ kind: 'custom', cents: 500 }, price)).toBe(500);
    expect(bookingTipCents({ kind: 'none' }, price)).toBe(0);
  });

  it('is the percentage of what is paid, rounded to the cent, and nothing on a free booking', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(15, 20, 25),
        (price, off, percent) => {
          const paid = applyDiscounts(price, { promo: { discountType: 'percent', discountValue: off } });
          const tip = bookingTipCents({ kind: 'percent', percent }, paid);
          expect(Math.abs(tip * 100 - paid.totalCents * percent)).toBeLessThanOrEqual(50);
        },
      ),
    );
    expect(
      bookingTipCents(
        { kind: 'percent', percent: 20 },
        applyDiscounts(4500, { promo: { discountType: 'fixed', discountValue: 4500 } }),
      ),
    ).toBe(0);
  });
});
