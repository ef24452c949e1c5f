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
  // §9 "AI route optimizer" (issue 27): Optimize and Apply on the Routes screen; Starter sees the day's routes.
  route_optimizer: 'pro',
  // §9 Pro "automated upsells": service add-ons at booking (decision 1255).
  upsells: 'pro',
  // §9 Elite: "API access, custom integrations" (decision 1200).
  api_access: 'elite',
  // §9 Elite: "AI insights" (decision 1241).
  insights: 'elite',
  // §9 Elite: "multi-location" (decision 1280): a second location and the location filters.
  multi_location: 'elite',
  // §9 Elite: "white-label" (decision 1315): the business's name, colour and logo instead of ShineRoute's; a custom
  // domain (decision 1316).
  white_label: 'elite',
} as const satisfies Record<string, SubscriptionTier>;

export type PlanFeature = keyof typeof FEATURE_MIN_PLAN;

const PLAN_RANK: Record<SubscriptionTier, number> = { starter: 0, pro: 1, elite: 2, franchise: 3 };

export function planIncludes(plan: SubscriptionTier, feature: PlanFeature) {
  return PLAN_RANK[plan] >= PLAN_RANK[FEATURE_MIN_PLAN[feature]];
}

/** How a gated feature is named in messages and upgrade cards. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  inventory: 'Inventory',
  campaigns: 'SMS and email campaigns',
  loyalty: 'The loyalty program',
  promo_codes: 'Promo codes',
  advanced_analytics: 'Advanced analytics',
  route_optimizer: 'Route optimization',
  upsells: 'Automated upsells',
  api_access: 'API access',
  insights: 'AI insights',
  multi_location: 'Multiple locations',
  white_label: 'White-label branding',
};

/** Team seats per plan (§1, §9): the owner and pending invitations count; null = unlimited. */
export const PLAN_SEATS: Record<SubscriptionTier, number | null> = {
  starter: 1,
  pro: 3,
  elite: null,
  franchise: null,
};

/** The lowest plan that includes a feature, by name (for "… is part of the Pro plan"). */
export function minimumPlanOf(feature: PlanFeature): SubscriptionTier {
  return FEATURE_MIN_PLAN[feature];
}

/** The server's 402 message for a feature the plan lacks; the upgrade card shows the same words. */
export function upgradeMessage(feature: PlanFeature) {
  const plan = FEATURE_MIN_PLAN[feature];
  return `${FEATURE_LABELS[feature]} is part of the ${plan[0]!.toUpperCase()}${plan.slice(1)} plan. Upgrade on the Billing page to use it.`;
}

export const LAPSED_MESSAGE =
  'Your subscription has lapsed. Your data stays readable; renew on the Billing page to make changes.';
