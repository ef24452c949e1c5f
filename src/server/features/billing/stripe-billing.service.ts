import { eq, or } from 'drizzle-orm';
import { PROMOTION, planPriceCents } from '../../../shared/billing';
import { PLANS, SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { billingSubscriptions, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import type { PaymentWebhookEvent } from '../../providers/payments/payments';
import { getPlatformSettings } from '../platform-settings/platform-settings.service';
import { applyPlan } from './billing.service';
import { grantPromotion, promotionEligible } from './promotion.service';

export const STRIPE_BILLING_TEXT = {
  notConfigured: 'Stripe Billing is not configured: plan changes are recorded at once in test mode',
  useCheckout: 'Plan changes go through Stripe Checkout: use Change plan on the Billing page',
  noPrice: 'The Franchise plan is arranged with our team; please contact us',
  noCustomer: 'There is no Stripe subscription for this business yet: choose a plan first',
} as const;

/** Stripe's statuses that keep a business's subscription active (past_due, unpaid, canceled… lapse it). */
const ACTIVE = new Set(['active', 'trialing']);

const BILLING_PATH = '/billing';
/** The Stripe coupon of the first-months promotion: one id, so every instance finds the same coupon. */
export const PROMOTION_COUPON_ID = `shineroute-first-${PROMOTION.months}-months-${PROMOTION.percentOff}-off`;

function billingOf(deps: Pick<AppDeps, 'payments'>) {
  const billing = deps.payments.kind === 'stripe' ? deps.payments.billing : undefined;
  if (!billing) throw conflict(STRIPE_BILLING_TEXT.notConfigured);
  return billing;
}

async function subscriptionRow(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.businessId, businessId));
  return row ?? null;
}

/** A Stripe Checkout session (subscription mode) for the chosen plan; the plan changes when Stripe says it is paid. */
export async function startSubscriptionCheckout(
  deps: Pick<AppDeps, 'db' | 'payments' | 'publicUrl'>,
  businessId: string,
  plan: SubscriptionTier,
) {
  const billing = billingOf(deps);
  const price = PLANS.find((p) => p.id === plan);
  if (!price) throw conflict(STRIPE_BILLING_TEXT.noPrice);
  // The admin's price (docs/decisions/0812), as the landing page and /billing show it.
  const monthlyCents = planPriceCents(await getPlatformSettings(deps.db), plan) ?? price.priceMonthly * 100;
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, businessId));
  const existing = await subscriptionRow(deps.db, businessId);
  // A new subscription while the promotion is on gets its coupon: 50 % off the first 3 months (decision 0951).
  const coupon = (await promotionEligible(deps.db, businessId))
    ? await billing.ensureCoupon({
        id: PROMOTION_COUPON_ID,
        name: `${PROMOTION.percentOff}% off the first ${PROMOTION.months} months`,
        percentOff: PROMOTION.percentOff,
        months: PROMOTION.months,
      })
    : null;
  return billing.createSubscriptionCheckout({
    businessId,
    plan,
    planName: price.name,
    monthlyCents,
    customerEmail: owner?.email ?? '',
    customerId: existing?.stripeCustomerId ?? null,
    couponId: coupon?.id ?? null,
    successUrl: `${deps.publicUrl}${BILLING_PATH}?checkout=success`,
    cancelUrl: `${deps.publicUrl}${BILLING_PATH}?checkout=cancelled`,
  });
}

/** Stripe's customer portal (cancel, payment method, invoices) for the business's subscription. */
export async function openCustomerPortal(
  deps: Pick<AppDeps, 'db' | 'payments' | 'publicUrl'>,
  businessId: string,
) {
  const billing = billingOf(deps);
  const row = await subscriptionRow(deps.db, businessId);
  if (!row?.stripeCustomerId) throw conflict(STRIPE_BILLING_TEXT.noCustomer);
  return billing.createPortalSession({
    customerId: row.stripeCustomerId,
    returnUrl: `${deps.publicUrl}${BILLING_PATH}`,
  });
}

const asPlan = (plan: string | null): SubscriptionTier | null =>
  plan && (SUBSCRIPTION_TIERS as readonly string[]).includes(plan) ? (plan as SubscriptionTier) : null;

/**
 * Applies a verified subscription webhook (docs/decisions/0832): the business's plan and subscription_active follow
 * Stripe. Events are applied in creation order per business (an older one arriving late is ignored); a downgrade
 * the seats do not allow keeps the old plan but still records whether the subscription is active.
 */
export async function handleSubscriptionEvent(
  deps: Pick<AppDeps, 'db'>,
  event: Extract<PaymentWebhookEvent, { type: 'subscription.checkout.completed' | 'subscription.updated' }>,
) {
  const { db } = deps;
  const at = new Date(event.created * 1000);
  const sub =
    event.type === 'subscription.updated'
      ? event.subscription
      : {
          subscriptionId: event.subscriptionId,
          customerId: event.customerId,
          status: 'active',
          businessId: event.businessId,
          plan: event.plan,
        };

  return db.transaction(async (tx) => {
    // The business: named in the metadata, else known by its subscription or customer id.
    let businessId = sub.businessId;
    if (!businessId) {
      const [known] = await tx
        .select({ businessId: billingSubscriptions.businessId })
        .from(billingSubscriptions)
        .where(
          or(
            sub.subscriptionId
              ? eq(billingSubscriptions.stripeSubscriptionId, sub.subscriptionId)
              : undefined,
            sub.customerId ? eq(billingSubscriptions.stripeCustomerId, sub.customerId) : undefined,
          ),
        );
      businessId = known?.businessId ?? null;
    }
    const [business] = businessId
      ? await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, businessId)).for('update')
      : [];
    if (!business) return { received: true as const, outcome: 'Unknown business' };

    const row = await subscriptionRow(tx, business.id);
    if (row?.lastEventAt && row.lastEventAt.getTime() > at.getTime())
      return { received: true as const, outcome: 'Older event ignored' };
    // A different subscription than the one on record that is not active (an old one ending) changes nothing.
    if (
      row?.stripeSubscriptionId &&
      sub.subscriptionId &&
      row.stripeSubscriptionId !== sub.subscriptionId &&
      !ACTIVE.has(sub.status)
    ) {
      return { received: true as const, outcome: 'Not the current subscription' };
    }
    const values = {
      stripeCustomerId: sub.customerId ?? row?.stripeCustomerId ?? null,
      stripeSubscriptionId: sub.subscriptionId ?? row?.stripeSubscriptionId ?? null,
      status: sub.status,
      lastEventAt: at,
      updatedAt: new Date(),
    };
    await tx
      .insert(billingSubscriptions)
      .values({ businessId: business.id, ...values })
      .onConflictDoUpdate({ target: billingSubscriptions.businessId, set: values });

    const active = ACTIVE.has(sub.status);
    const plan = asPlan(sub.plan);
    // Stripe applies the coupon to the invoices; /billing shows until when (decision 0951).
    if (event.type === 'subscription.checkout.completed' && event.promotion)
      await grantPromotion(tx, business.id, at);
    try {
      if (plan) await applyPlan(tx, business.id, plan, { active });
      else await tx.update(profiles).set({ subscriptionActive: active }).where(eq(profiles.id, business.id));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      await tx.update(profiles).set({ subscriptionActive: active }).where(eq(profiles.id, business.id));
      return { received: true as const, outcome: err.message };
    }
    return { received: true as const };
  });
}
