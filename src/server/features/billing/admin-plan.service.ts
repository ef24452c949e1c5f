import { eq } from 'drizzle-orm';
import { type SubscriptionTier, TIER_LABELS } from '../../../shared/constants';
import type { Database } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { recordAudit } from '../admin-users/audit.service';
import { applyPlan } from './billing.service';

const NO_BUSINESS = 'This account has no business';

/**
 * An admin assigns a business's plan (docs/decisions/0952): the only way onto Franchise, which has no self-serve
 * price (§9). The same seat check as any plan change; the audit log keeps before and after.
 */
export async function assignPlan(
  db: Database,
  actor: { id: string; email: string },
  businessId: string,
  plan: SubscriptionTier,
) {
  if (!isUuid(businessId)) throw notFound(NO_BUSINESS);
  return db.transaction(async (tx) => {
    const [biz] = await tx
      .select({ plan: profiles.subscriptionTier, email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, businessId));
    if (!biz) throw notFound(NO_BUSINESS);
    await applyPlan(tx, businessId, plan, { active: true });
    if (biz.plan !== plan) {
      await recordAudit(tx, {
        actor,
        action: 'plan.assign',
        targetType: 'user',
        targetId: businessId,
        targetLabel: biz.email,
        before: { plan: TIER_LABELS[biz.plan] },
        after: { plan: TIER_LABELS[plan] },
      });
    }
    return { plan };
  });
}
