import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PROMOTION, type PromotionView, percentOfCents, planPriceCents } from '../../../shared/billing';
import { TIER_LABELS } from '../../../shared/constants';
import type { Database, DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { getPlatformSettings, readPlatformSettings } from '../platform-settings/platform-settings.service';
import { billingCharges, billingPromotions, billingSubscriptions } from './billing.schema';

// The first-months promotion (docs/decisions/0951): on while the admin's banner switch is on; a subscription that
// starts meanwhile keeps it for its first PROMOTION.months months.

export const addMonths = (d: Date, n: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + n);
  return out;
};

export async function promotionOf(db: DbOrTx, businessId: string) {
  const [row] = await db.select().from(billingPromotions).where(eq(billingPromotions.businessId, businessId));
  return row ?? null;
}

/** Grants the promotion to a subscription starting at `startsAt` (once: a later grant changes nothing). */
export async function grantPromotion(db: DbOrTx, businessId: string, startsAt: Date) {
  await db
    .insert(billingPromotions)
    .values({
      businessId,
      percentOff: PROMOTION.percentOff,
      months: PROMOTION.months,
      startsAt,
      endsAt: addMonths(startsAt, PROMOTION.months),
    })
    .onConflictDoNothing();
}

/** Whether the business has ever had a subscription: then a new one is not "new" and gets no promotion. */
async function hasSubscribed(db: DbOrTx, businessId: string) {
  const [charged] = await db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(and(eq(billingCharges.businessId, businessId), eq(billingCharges.kind, 'subscription')))
    .limit(1);
  if (charged) return true;
  const [sub] = await db
    .select({ id: billingSubscriptions.businessId })
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.businessId, businessId),
        isNotNull(billingSubscriptions.stripeSubscriptionId),
      ),
    );
  return Boolean(sub);
}

/** Whether a subscription the business starts now gets the promotion: it is on, and the business never subscribed. */
export async function promotionEligible(db: DbOrTx, businessId: string) {
  const settings = await getPlatformSettings(db);
  if (!settings.bannerEnabled) return false;
  if (await promotionOf(db, businessId)) return false;
  return !(await hasSubscribed(db, businessId));
}

/** The promotion /billing shows: applied to this subscription (until it ends), else offered to a new one, else none. */
export async function promotionView(
  db: DbOrTx,
  businessId: string,
  now = new Date(),
): Promise<PromotionView | null> {
  const granted = await promotionOf(db, businessId);
  if (granted) {
    if (granted.endsAt.getTime() <= now.getTime()) return null;
    return {
      percentOff: granted.percentOff,
      months: granted.months,
      state: 'applied',
      endsAt: granted.endsAt.toISOString(),
    };
  }
  if (!(await promotionEligible(db, businessId))) return null;
  return { percentOff: PROMOTION.percentOff, months: PROMOTION.months, state: 'offered', endsAt: null };
}

/**
 * The test-mode billing (docs/decisions/0951): records every monthly period of the business's plan that has begun,
 * from the end of its trial, at the admin's price, less the promotion for the periods it covers. The first period
 * decides the promotion: granted if it is on then. Each period is recorded once (a unique index), so calling this
 * again, or from two requests at once, charges nothing twice. A lapsed subscription and Franchise (priced by
 * arrangement) record nothing.
 */
export async function recordDuePeriods(db: Database, businessId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [biz] = await tx
      .select({
        plan: profiles.subscriptionTier,
        active: profiles.subscriptionActive,
        trialEndsAt: profiles.trialEndsAt,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(eq(profiles.id, businessId))
      .for('update');
    if (!biz?.active) return 0;
    const start = biz.trialEndsAt ?? biz.createdAt;
    if (start.getTime() > now.getTime()) return 0;
    const settings = await readPlatformSettings(tx);
    const list = planPriceCents(settings, biz.plan);
    if (list === null) return 0;
    const [last] = await tx
      .select({ n: billingCharges.periodNumber })
      .from(billingCharges)
      .where(and(eq(billingCharges.businessId, businessId), eq(billingCharges.kind, 'subscription')))
      .orderBy(desc(billingCharges.periodNumber))
      .limit(1);
    let recorded = 0;
    for (let n = (last?.n ?? 0) + 1; ; n++) {
      const periodStart = addMonths(start, n - 1);
      if (periodStart.getTime() > now.getTime()) break;
      if (n === 1 && settings.bannerEnabled && !(await hasSubscribed(tx, businessId)))
        await grantPromotion(tx, businessId, periodStart);
      const promo = await promotionOf(tx, businessId);
      const discounted =
        promo !== null &&
        periodStart.getTime() < promo.endsAt.getTime() &&
        periodStart.getTime() >= promo.startsAt.getTime();
      const discount = discounted ? percentOfCents(list, promo.percentOff) : 0;
      const inserted = await tx
        .insert(billingCharges)
        .values({
          businessId,
          kind: 'subscription',
          description: `${TIER_LABELS[biz.plan]} plan, month ${n}${discounted ? ` (${promo.percentOff}% off)` : ''}`,
          periodNumber: n,
          periodStart,
          listPriceCents: list,
          discountCents: discount,
          amountCents: list - discount,
        })
        .onConflictDoNothing()
        .returning({ id: billingCharges.id });
      recorded += inserted.length;
    }
    return recorded;
  });
}

/** The business's charges, newest first (at most 24: two years of months and the add-ons among them). */
export async function recentCharges(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(billingCharges)
    .where(eq(billingCharges.businessId, businessId))
    .orderBy(desc(billingCharges.createdAt), desc(sql`coalesce(${billingCharges.periodNumber}, 0)`))
    .limit(24);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    description: r.description,
    periodStart: r.periodStart?.toISOString() ?? null,
    listPriceCents: r.listPriceCents,
    discountCents: r.discountCents,
    amountCents: r.amountCents,
    createdAt: r.createdAt.toISOString(),
  }));
}
