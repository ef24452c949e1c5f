import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SubscriptionTier } from '../../../shared/constants';
import { PLAN_SEATS } from '../../../shared/plan-features';
import type { DbOrTx } from '../../db/client';
import { profiles, teamInvitations, userRoles } from '../../db/schema';
import { conflict } from '../../http/errors';
import { getPlatformSettings } from '../platform-settings/platform-settings.service';
import { loadPlan, subscriptionState, trialDaysLeft } from './plan-state';
import { promotionView, recentCharges } from './promotion.service';

/** Seats in use: the owner, every technician and every pending invitation. */
export async function seatsUsed(db: DbOrTx, businessId: string) {
  const [members] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.businessId, businessId),
        eq(userRoles.role, 'technician'),
        isNotNull(userRoles.businessId),
      ),
    );
  return 1 + (members?.n ?? 0) + (await pendingInvitationCount(db, businessId));
}

/** Open invitations that have not expired hold a seat. */
async function pendingInvitationCount(db: DbOrTx, businessId: string) {
  const [row] = await db.select({ n: count() }).from(teamInvitations).where(openInvitationsOf(businessId));
  return row?.n ?? 0;
}

/** Invitations of a business that are neither accepted, revoked nor expired (they hold a seat). */
export const openInvitationsOf = (businessId: string) =>
  and(
    eq(teamInvitations.businessId, businessId),
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, sql`now()`),
  );

export function seatsMessage(plan: SubscriptionTier, limit: number) {
  const name = `${plan[0]!.toUpperCase()}${plan.slice(1)}`;
  return `The ${name} plan includes ${limit} ${limit === 1 ? 'user' : 'users'}, counting you and pending invitations. Remove a member or upgrade your plan.`;
}

export async function getBilling(
  db: DbOrTx,
  businessId: string,
  memberRole: 'owner' | 'technician',
  mode: 'test' | 'stripe',
) {
  const p = await loadPlan(db, businessId);
  const settings = await getPlatformSettings(db);
  return {
    // The admin's monthly prices (docs/decisions/0812) and the first-months promotion (decision 0951).
    prices: {
      starter: settings.starterPriceCents,
      pro: settings.proPriceCents,
      elite: settings.elitePriceCents,
    },
    promotion: await promotionView(db, businessId),
    // The business's charges are the owner's (decision 1160).
    charges: memberRole === 'owner' ? await recentCharges(db, businessId) : [],
    businessName: p.businessName,
    memberRole,
    plan: p.plan,
    state: subscriptionState(p),
    subscriptionActive: p.subscriptionActive,
    trialEndsAt: p.trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: trialDaysLeft(p.trialEndsAt),
    seats: { used: await seatsUsed(db, businessId), limit: PLAN_SEATS[p.plan] },
    mode,
  };
}

/**
 * Records a plan change (test mode, or a Stripe subscription webhook). A downgrade below the seats in use is refused
 * until members are removed; the business row is locked so concurrent invitations cannot slip past.
 */
export async function applyPlan(
  db: DbOrTx,
  businessId: string,
  plan: SubscriptionTier,
  opts: { active?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, businessId)).for('update');
    const limit = PLAN_SEATS[plan];
    const used = await seatsUsed(tx, businessId);
    if (limit !== null && used > limit) throw conflict(seatsMessage(plan, limit));
    await tx
      .update(profiles)
      .set({
        subscriptionTier: plan,
        ...(opts.active === undefined ? {} : { subscriptionActive: opts.active }),
      })
      .where(eq(profiles.id, businessId));
  });
}
