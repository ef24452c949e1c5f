import { and, eq, or, sql } from 'drizzle-orm';
import {
  ADD_ON_CATALOGUE,
  ADD_ON_IDS,
  type AddOnId,
  type AddOnPurchaseInput,
  CRM_BOOSTER_MONTHLY_CENTS,
  NFC_TAGS_MAX,
  NFC_TARGETS,
  type NfcTarget,
  nfcTagUnitCents,
  WHITE_LABEL_SETUP_CENTS,
} from '../../../shared/add-ons';
import { PROMOTION, planPriceCents } from '../../../shared/billing';
import { PLANS, SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { billingSubscriptions, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import type { PaymentWebhookEvent } from '../../providers/payments/payments';
import { getPlatformSettings } from '../platform-settings/platform-settings.service';
import { addOnTerms, addOnView, cancelTestBooster, purchaseOf } from './add-ons.service';
import { addOnPurchases } from './billing.schema';
import { applyPlan } from './billing.service';
import { addMonths, grantPromotion, promotionEligible } from './promotion.service';

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

export function billingOf(deps: Pick<AppDeps, 'payments'>) {
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

/**
 * A Stripe Checkout for an add-on (docs/decisions/1156), after the same checks as the test-mode purchase: the
 * white-label setup and NFC tags as one-time payments, the CRM booster pack as a monthly subscription of its own.
 * Nothing is recorded here: the signed webhook records the purchase once Stripe says it is paid.
 */
export async function startAddOnCheckout(
  deps: Pick<AppDeps, 'db' | 'payments' | 'publicUrl'>,
  businessId: string,
  input: AddOnPurchaseInput,
) {
  const billing = billingOf(deps);
  const terms = await deps.db.transaction((tx) => addOnTerms(tx, businessId, input, deps.publicUrl));
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, businessId));
  const existing = await subscriptionRow(deps.db, businessId);
  const metadata: Record<string, string> = {
    business_id: businessId,
    add_on: input.addOn,
    quantity: String(terms.quantity),
    ...(terms.nfcTarget && { nfc_target: terms.nfcTarget }),
    ...(terms.tagUrl && { tag_url: terms.tagUrl }),
  };
  return billing.createAddOnCheckout({
    businessId,
    name: `ShineRoute ${terms.name}`,
    unitCents: terms.unitPriceCents,
    quantity: terms.quantity,
    monthly: input.addOn === 'crm_booster',
    customerEmail: owner?.email ?? '',
    customerId: existing?.stripeCustomerId ?? null,
    metadata,
    successUrl: `${deps.publicUrl}${BILLING_PATH}?add_on=success`,
    cancelUrl: `${deps.publicUrl}${BILLING_PATH}?add_on=cancelled`,
  });
}

const UNIT_CENTS: Record<AddOnId, (quantity: number) => number> = {
  white_label_setup: () => WHITE_LABEL_SETUP_CENTS,
  crm_booster: () => CRM_BOOSTER_MONTHLY_CENTS,
  nfc_tags: nfcTagUnitCents,
};

/**
 * Records an add-on Stripe says is paid: one purchase per Checkout session (a unique column), so a replayed or
 * duplicated webhook records nothing more. Prices are ours, by the add-on and quantity the session's metadata names.
 */
export async function handleAddOnCheckout(
  deps: Pick<AppDeps, 'db'>,
  event: Extract<PaymentWebhookEvent, { type: 'add_on.checkout.completed' }>,
) {
  if (!event.paid) return { received: true as const, outcome: 'Not paid yet' };
  const addOn = (ADD_ON_IDS as readonly string[]).includes(event.addOn ?? '')
    ? (event.addOn as AddOnId)
    : null;
  if (!addOn || !event.businessId) return { received: true as const, outcome: 'Unknown add-on' };
  const quantity = addOn === 'nfc_tags' ? Math.min(event.quantity, NFC_TAGS_MAX) : 1;
  const nfcTarget = (NFC_TARGETS as readonly string[]).includes(event.nfcTarget ?? '')
    ? (event.nfcTarget as NfcTarget)
    : null;
  const businessId = event.businessId;
  const at = new Date(event.created * 1000);
  return deps.db.transaction(async (tx) => {
    const [business] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, businessId))
      .for('update');
    if (!business) return { received: true as const, outcome: 'Unknown business' };
    const unit = UNIT_CENTS[addOn](quantity);
    const [purchase] = await tx
      .insert(addOnPurchases)
      .values({
        businessId,
        addOn,
        status: addOn === 'crm_booster' ? 'active' : 'ordered',
        quantity,
        unitPriceCents: unit,
        amountCents: unit * quantity,
        nfcTarget: addOn === 'nfc_tags' ? nfcTarget : null,
        tagUrl: addOn === 'nfc_tags' ? event.tagUrl : null,
        stripeSessionId: event.sessionId,
        stripeSubscriptionId: addOn === 'crm_booster' ? event.subscriptionId : null,
        ...(addOn === 'crm_booster' && { periodNumber: 1, currentPeriodEnd: addMonths(at, 1) }),
      })
      .onConflictDoNothing()
      .returning({ id: addOnPurchases.id });
    if (purchase) return { received: true as const };
    const [same] = await tx
      .select({ id: addOnPurchases.id })
      .from(addOnPurchases)
      .where(eq(addOnPurchases.stripeSessionId, event.sessionId));
    // Paid twice for a once-only add-on (two Checkouts opened side by side): our team refunds the second.
    return {
      received: true as const,
      outcome: same ? 'Already recorded' : `Already held: ${ADD_ON_CATALOGUE[addOn].name}`,
    };
  });
}

const BOOSTER_ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The booster's subscription as Stripe reports it: cancelled at period end → it ends then (endsAt); resumed → it
 * renews again; deleted → cancelled. Events older than the last one applied change nothing.
 */
export async function handleAddOnSubscriptionEvent(
  deps: Pick<AppDeps, 'db'>,
  event: Extract<PaymentWebhookEvent, { type: 'add_on.subscription.updated' }>,
) {
  const at = new Date(event.created * 1000);
  return deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(addOnPurchases)
      .where(eq(addOnPurchases.stripeSubscriptionId, event.subscriptionId))
      .for('update');
    if (!p) return { received: true as const, outcome: 'Unknown add-on subscription' };
    if (p.stripeEventAt && p.stripeEventAt.getTime() > at.getTime())
      return { received: true as const, outcome: 'Older event ignored' };
    const periodEnd = event.currentPeriodEnd ? new Date(event.currentPeriodEnd * 1000) : p.currentPeriodEnd;
    const renewed =
      periodEnd && p.currentPeriodEnd && periodEnd.getTime() > p.currentPeriodEnd.getTime() ? 1 : 0;
    const set: Partial<typeof addOnPurchases.$inferInsert> = BOOSTER_ENDED.has(event.status)
      ? { status: 'cancelled', endsAt: p.endsAt ?? at }
      : {
          currentPeriodEnd: periodEnd,
          periodNumber: (p.periodNumber ?? 1) + renewed,
          endsAt: event.cancelAtPeriodEnd ? periodEnd : null,
        };
    await tx
      .update(addOnPurchases)
      .set({ ...set, stripeEventAt: at })
      .where(and(eq(addOnPurchases.id, p.id), sql`${addOnPurchases.status} <> 'cancelled'`));
    return { received: true as const };
  });
}

/**
 * Cancels the business's CRM booster at the end of its month: through Stripe for a booster bought there (its state
 * then follows the webhook), else at once in the test-mode billing. Answers the purchase and whether Stripe was asked.
 */
export async function cancelBooster(deps: Pick<AppDeps, 'db' | 'payments'>, businessId: string, id: string) {
  const p = await purchaseOf(deps.db, businessId, id);
  if (!p.stripeSubscriptionId)
    return { purchase: await cancelTestBooster(deps.db, businessId, id), viaStripe: false };
  await billingOf(deps).cancelSubscriptionAtPeriodEnd(p.stripeSubscriptionId);
  return { purchase: addOnView(p), viaStripe: true };
}
