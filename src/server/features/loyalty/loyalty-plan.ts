import { planIncludes } from '../../../shared/plan-features';
import type { DbOrTx } from '../../db/client';
import { loadPlan, subscriptionState } from '../billing/plan-state';

/** Points are spent online (/book, the pay page) only while the business's plan has the loyalty program (not lapsed). */
export async function offersLoyalty(db: DbOrTx, businessId: string) {
  const plan = await loadPlan(db, businessId);
  return planIncludes(plan.plan, 'loyalty') && subscriptionState(plan) !== 'lapsed';
}
