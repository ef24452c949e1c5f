import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_REWARDS, LOYALTY_TEXT, type RewardInput } from '../../../shared/loyalty.schemas';
import type { DbOrTx } from '../../db/client';
import { loyaltyRewards } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';

type RewardRow = typeof loyaltyRewards.$inferSelect;
type RewardValues = Omit<RewardInput, 'description' | 'isActive'> & {
  description: string | null;
  isActive: boolean;
};

export const toReward = (r: RewardRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  pointsRequired: r.pointsRequired,
  valueCents: r.valueCents,
  category: r.category,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
});

/** §9: a new business starts with the four seeded rewards (no-op when it has any reward already). */
export async function seedDefaultRewards(db: DbOrTx, businessId: string) {
  const [any] = await db
    .select({ id: loyaltyRewards.id })
    .from(loyaltyRewards)
    .where(eq(loyaltyRewards.businessId, businessId))
    .limit(1);
  if (any) return;
  await db.insert(loyaltyRewards).values(DEFAULT_REWARDS.map((r) => ({ ...r, businessId })));
}

/** The Rewards tab: every reward, active and inactive, cheapest first. A business has a handful, so no pages. */
export async function listRewards(db: DbOrTx, businessId: string, opts: { activeOnly?: boolean } = {}) {
  const rows = await db
    .select()
    .from(loyaltyRewards)
    .where(
      and(
        eq(loyaltyRewards.businessId, businessId),
        opts.activeOnly ? eq(loyaltyRewards.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(loyaltyRewards.pointsRequired), asc(loyaltyRewards.name));
  return rows.map(toReward);
}

export async function findReward(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, LOYALTY_TEXT.rewardNotFound);
  const [row] = await db
    .select()
    .from(loyaltyRewards)
    .where(and(eq(loyaltyRewards.id, id), eq(loyaltyRewards.businessId, businessId)));
  if (!row) throw notFound(LOYALTY_TEXT.rewardNotFound);
  return row;
}

export async function createReward(db: DbOrTx, businessId: string, values: RewardValues) {
  const [row] = await db
    .insert(loyaltyRewards)
    .values({ ...values, businessId })
    .returning();
  return toReward(row!);
}

/** Edit or deactivate (isActive false): a reward is never deleted, so past transactions keep naming it. */
export async function updateReward(db: DbOrTx, businessId: string, id: string, values: RewardValues) {
  await findReward(db, businessId, id);
  const [row] = await db
    .update(loyaltyRewards)
    .set(values)
    .where(and(eq(loyaltyRewards.id, id), eq(loyaltyRewards.businessId, businessId)))
    .returning();
  return toReward(row!);
}
