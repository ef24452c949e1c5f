import type { SubscriptionTier } from './constants';

/**
 * Which plan a gated feature needs (§9: Pro adds inventory, campaigns, advanced analytics, loyalty; Elite adds API
 * access…). One declarative map read by the server's `requireFeature` guard and by the web app's upgrade cards.
 */
export const FEATURE_MIN_PLAN = {
  inventory: 'pro',
  campaigns: 'pro',
  loyalty: 'pro',
  promo_codes: 'pro',
  advanced_analytics: 'pro',
} as const satisfies Record<string, SubscriptionTier>;

export type PlanFeature = keyof typeof FEATURE_MIN_PLAN;

const PLAN_RANK: Record<SubscriptionTier, number> = { starter: 0, pro: 1, elite: 2, franchise: 3 };

export function planIncludes(plan: SubscriptionTier, feature: PlanFeature) {
  return PLAN_RANK[plan] >= PLAN_RANK[FEATURE_MIN_PLAN[feature]];
}
