// How a booking's price is lowered, in one fixed order shared by the Price Summary and the server
// (docs/decisions/0702): 1. the promo code, on the service price (its minimum order is checked against that price);
// 2. the loyalty reward, on what is left. Each step stops at $0; the total is never below $0.

import { type TipChoice, tipCents } from './document-money';

export interface PromoTerms {
  discountType: 'percent' | 'fixed';
  /** Percent 1–100, or cents for a fixed amount. */
  discountValue: number;
}

export interface RewardTerms {
  category: 'discount' | 'service' | 'product';
  valueCents: number;
}

export interface PriceBreakdown {
  subtotalCents: number;
  promoDiscountCents: number;
  rewardDiscountCents: number;
  totalCents: number;
}

export function promoDiscountCents(priceCents: number, promo: PromoTerms): number {
  const raw =
    promo.discountType === 'percent'
      ? Math.round((priceCents * promo.discountValue) / 100)
      : promo.discountValue;
  return Math.max(0, Math.min(priceCents, raw));
}

/** A discount or service reward takes off up to its value; a product reward is handed over, not discounted. */
export function rewardDiscountCents(priceCents: number, reward: RewardTerms): number {
  if (reward.category === 'product') return 0;
  return Math.max(0, Math.min(priceCents, reward.valueCents));
}

export function applyDiscounts(
  subtotalCents: number,
  { promo, reward }: { promo?: PromoTerms | null; reward?: RewardTerms | null } = {},
): PriceBreakdown {
  const subtotal = Math.max(0, subtotalCents);
  const promoCents = promo ? promoDiscountCents(subtotal, promo) : 0;
  const afterPromo = subtotal - promoCents;
  const rewardCents = reward ? rewardDiscountCents(afterPromo, reward) : 0;
  return {
    subtotalCents: subtotal,
    promoDiscountCents: promoCents,
    rewardDiscountCents: rewardCents,
    totalCents: afterPromo - rewardCents,
  };
}

/**
 * A booking's tip, for /book's suggestions and the checkout alike (docs/decisions/0947): a percentage applies to what
 * the customer pays for the service after discounts, never to the price before them; a custom tip is as typed.
 */
export function bookingTipCents(choice: TipChoice, price: Pick<PriceBreakdown, 'totalCents'>): number {
  return tipCents(choice, price.totalCents);
}
