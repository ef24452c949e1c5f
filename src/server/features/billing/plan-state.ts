import { eq } from 'drizzle-orm';
import type { SubscriptionTier } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';

export type SubscriptionState = 'trialing' | 'active' | 'lapsed';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a business stands: trialing until trialEndsAt, then active while subscription_active holds. Test mode keeps
 * trials active (§9: trials convert to paid unless cancelled); Stripe's webhooks clear subscription_active when a
 * subscription ends or goes unpaid, and that lapses the business (docs/decisions/0802).
 */
export function subscriptionState(
  p: { subscriptionActive: boolean; trialEndsAt: Date | null },
  now = new Date(),
): SubscriptionState {
  if (!p.subscriptionActive) return 'lapsed';
  if (p.trialEndsAt && p.trialEndsAt.getTime() > now.getTime()) return 'trialing';
  return 'active';
}

export function trialDaysLeft(trialEndsAt: Date | null, now = new Date()) {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export async function loadPlan(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({
      plan: profiles.subscriptionTier,
      subscriptionActive: profiles.subscriptionActive,
      trialEndsAt: profiles.trialEndsAt,
      businessName: profiles.businessName,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  return (
    row ?? {
      plan: 'starter' as SubscriptionTier,
      subscriptionActive: false,
      trialEndsAt: null,
      businessName: null,
    }
  );
}
