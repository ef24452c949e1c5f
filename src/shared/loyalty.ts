// §4/§9: the tier comes from points or total spent (dollars), whichever qualifies for more.

export const LOYALTY_TIERS = ['bronze', 'silver', 'gold', 'elite'] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

export const LOYALTY_TIER_LABELS: Record<LoyaltyTier, string> = {
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  elite: 'Elite',
};

const THRESHOLDS: Array<[LoyaltyTier, number]> = [
  ['elite', 1000],
  ['gold', 500],
  ['silver', 200],
];

export function loyaltyTier(loyaltyPoints: number, totalSpentCents: number): LoyaltyTier {
  const best = Math.max(loyaltyPoints, totalSpentCents / 100);
  return THRESHOLDS.find(([, min]) => best >= min)?.[0] ?? 'bronze';
}

/** §9's sample (25 points for a $125 service) made the rule: 1 point per whole $5 of the final price. */
export const CENTS_PER_POINT = 500;

export function pointsForPriceCents(finalPriceCents: number): number {
  return finalPriceCents > 0 ? Math.floor(finalPriceCents / CENTS_PER_POINT) : 0;
}
