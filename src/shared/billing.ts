import { z } from 'zod';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from './constants';
import { formatDate } from './date-labels';

export const planChangeSchema = z.object({ plan: z.enum(SUBSCRIPTION_TIERS, 'Choose a plan') });

export const BILLING_TEXT = {
  planChanged: (name: string) => `You're now on the ${name} plan`,
  fetchFailed: 'Failed to load billing',
} as const;

/**
 * The advertised "50% off the first 3 months" (§1, §9), honoured while the promotion is on: the admin's banner switch
 * on /admin/settings turns both the banner and the discount on or off (docs/decisions/0951).
 */
export const PROMOTION = { percentOff: 50, months: 3 } as const;

/** The discount of a price at a percentage, in whole cents (the customer never pays a fraction of a cent more). */
export const percentOfCents = (cents: number, percent: number) => Math.floor((cents * percent) / 100);

/** A subscription's promotion as /billing shows it: offered to a new subscription, or applied to this one. */
export interface PromotionView {
  percentOff: number;
  months: number;
  /** 'offered': the next subscription gets it; 'applied': this subscription has it until endsAt (null until it starts). */
  state: 'offered' | 'applied';
  endsAt: string | null;
}

/** "50% off your first 3 months" / "50% off until Feb 25, 2027". */
export function promotionText(p: PromotionView) {
  if (p.state === 'applied' && p.endsAt) {
    const until = formatDate(p.endsAt, 'UTC', { weekday: false });
    return `${p.percentOff}% off until ${until}`;
  }
  return `${p.percentOff}% off your first ${p.months} months`;
}

/** A plan's monthly price from the platform settings (the admin's prices); Franchise has none (§9: on request). */
export function planPriceCents(
  prices: { starterPriceCents: number; proPriceCents: number; elitePriceCents: number },
  plan: SubscriptionTier,
): number | null {
  if (plan === 'franchise') return null;
  return { starter: prices.starterPriceCents, pro: prices.proPriceCents, elite: prices.elitePriceCents }[
    plan
  ];
}
