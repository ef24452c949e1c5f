import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ADD_ON_CATALOGUE,
  ADD_ON_TEXT,
  type AddOnPurchaseInput,
  CRM_BOOSTER_MONTHLY_CENTS,
  nfcTagUnitCents,
  WHITE_LABEL_SETUP_CENTS,
} from '../../../shared/add-ons';
import type { DbOrTx } from '../../db/client';
import { citySeoPages, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, notFound, paymentRequired } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { ensureBookingSlug } from '../booking-link/booking-link.service';
import { addOnPurchases, billingCharges } from './billing.schema';
import { addMonths } from './promotion.service';

// The §9 add-ons (docs/decisions/0952, 1156): bought by the owner on /billing, recorded at once by the test-mode
// billing (a purchase row and its charge, in one transaction) or, with Stripe Billing, by Stripe's signed webhook;
// NFC tag orders are fulfilled by an admin. The CRM booster pack renews monthly until cancelled.

/** The test-mode booster's next month, charged by a job at the end of the month in progress. */
export const CRM_BOOSTER_RENEW_JOB = 'billing.crm-booster-renew';
export interface CrmBoosterRenewJob {
  purchaseId: string;
  /** The month to charge (2, 3, …). */
  period: number;
}

type Purchase = typeof addOnPurchases.$inferSelect;

export const view = (p: Purchase) => ({
  id: p.id,
  addOn: p.addOn,
  name: ADD_ON_CATALOGUE[p.addOn].name,
  status: p.status,
  quantity: p.quantity,
  unitPriceCents: p.unitPriceCents,
  amountCents: p.amountCents,
  nfcTarget: p.nfcTarget,
  tagUrl: p.tagUrl,
  fulfilledAt: p.fulfilledAt?.toISOString() ?? null,
  // The booster: when its month in progress ends (it renews then), and when it ends once cancelled.
  currentPeriodEnd: p.currentPeriodEnd?.toISOString() ?? null,
  endsAt: p.endsAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

export async function listAddOns(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(addOnPurchases)
    .where(eq(addOnPurchases.businessId, businessId))
    .orderBy(desc(addOnPurchases.createdAt), desc(addOnPurchases.id))
    .limit(50);
  return rows.map(view);
}

/**
 * Where the business's one-time white-label setup stands (decision 1357): not bought, in progress (bought, waiting for
 * ShineRoute's team), or done (an admin marked it fulfilled), with its dates.
 */
export async function whiteLabelSetupOf(db: DbOrTx, businessId: string) {
  const [p] = await db
    .select({
      status: addOnPurchases.status,
      createdAt: addOnPurchases.createdAt,
      doneAt: addOnPurchases.fulfilledAt,
    })
    .from(addOnPurchases)
    .where(and(eq(addOnPurchases.businessId, businessId), eq(addOnPurchases.addOn, 'white_label_setup')))
    .limit(1);
  if (!p) return { status: 'not_purchased' as const, purchasedAt: null, doneAt: null };
  return {
    status: p.status === 'fulfilled' ? ('done' as const) : ('in_progress' as const),
    purchasedAt: p.createdAt.toISOString(),
    doneAt: p.doneAt?.toISOString() ?? null,
  };
}

/** Whether the business has a running CRM booster pack (its customer export, decision 0953). */
export async function hasCrmBooster(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ id: addOnPurchases.id })
    .from(addOnPurchases)
    .where(
      and(
        eq(addOnPurchases.businessId, businessId),
        eq(addOnPurchases.addOn, 'crm_booster'),
        eq(addOnPurchases.status, 'active'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Where an order's tags lead: the business's booking link, or its business page with its reviews. */
async function tagUrlOf(tx: DbOrTx, businessId: string, target: 'booking' | 'review', publicUrl: string) {
  if (target === 'booking') {
    // The readable link once the business has a name (decision 0955); before that the id link, which always works.
    const link = await ensureBookingSlug(tx, businessId, publicUrl);
    return link.url ?? `${publicUrl}/book?business=${encodeURIComponent(businessId)}`;
  }
  const [page] = await tx
    .select({ slug: citySeoPages.slug })
    .from(profiles)
    .innerJoin(citySeoPages, eq(citySeoPages.id, profiles.businessPageId))
    .where(eq(profiles.id, businessId));
  if (!page) throw conflict(ADD_ON_TEXT.noReviewPage);
  return `${publicUrl}/seo/${page.slug}`;
}

/**
 * What buying `input` would record, checked inside the caller's transaction with the business row locked: the
 * white-label setup needs Elite or Franchise and is bought once, the booster runs once at a time, and an NFC order's
 * tags need their page (409 without it). Used by the test-mode purchase and before a Stripe Checkout.
 */
export async function addOnTerms(
  tx: DbOrTx,
  businessId: string,
  input: AddOnPurchaseInput,
  publicUrl: string,
) {
  const [biz] = await tx
    .select({ plan: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, businessId))
    .for('update');
  if (!biz) throw notFound('No business profile found for this account');
  const name = ADD_ON_CATALOGUE[input.addOn].name;
  if (input.addOn === 'white_label_setup') {
    // White-label is an Elite feature (§9); Franchise has Elite's features.
    if (biz.plan !== 'elite' && biz.plan !== 'franchise') throw paymentRequired(ADD_ON_TEXT.eliteOnly);
  }
  if (input.addOn !== 'nfc_tags') {
    const [held] = await tx
      .select({ id: addOnPurchases.id })
      .from(addOnPurchases)
      .where(
        and(
          eq(addOnPurchases.businessId, businessId),
          eq(addOnPurchases.addOn, input.addOn),
          input.addOn === 'crm_booster' ? eq(addOnPurchases.status, 'active') : undefined,
        ),
      )
      .limit(1);
    if (held) throw conflict(ADD_ON_TEXT.alreadyBought(name));
  }
  if (input.addOn === 'white_label_setup')
    return { name, quantity: 1, unitPriceCents: WHITE_LABEL_SETUP_CENTS, nfcTarget: null, tagUrl: null };
  if (input.addOn === 'crm_booster')
    return { name, quantity: 1, unitPriceCents: CRM_BOOSTER_MONTHLY_CENTS, nfcTarget: null, tagUrl: null };
  return {
    name,
    quantity: input.quantity,
    unitPriceCents: nfcTagUnitCents(input.quantity),
    nfcTarget: input.target,
    tagUrl: await tagUrlOf(tx, businessId, input.target, publicUrl),
  };
}

/** The booster's first month: it began at `start` and renews a month later. */
const boosterMonth = (start: Date) => ({ periodNumber: 1, currentPeriodEnd: addMonths(start, 1) });

/** Queues the charge of the booster's month `period`, due when the month before it ends. */
async function scheduleRenewal(deps: Pick<AppDeps, 'jobs'>, purchaseId: string, period: number, at: Date) {
  await deps.jobs?.send<CrmBoosterRenewJob>(
    CRM_BOOSTER_RENEW_JOB,
    { purchaseId, period },
    {
      singletonKey: `${purchaseId}:${period}`,
      startAfterSeconds: Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000)),
    },
  );
}

/**
 * Buys an add-on in test mode: the purchase and its charge, once (a second white-label or booster answers 409). The
 * booster's next month is queued to be charged when this one ends.
 */
export async function buyAddOn(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'publicUrl'>,
  businessId: string,
  input: AddOnPurchaseInput,
) {
  const now = new Date();
  const purchase = await deps.db.transaction(async (tx) => {
    // Locked in addOnTerms: two clicks at once buy once.
    const terms = await addOnTerms(tx, businessId, input, deps.publicUrl);
    const [purchase] = await tx
      .insert(addOnPurchases)
      .values({
        businessId,
        addOn: input.addOn,
        // An NFC order and the white-label setup are work to do, waiting until an admin marks them done (decisions
        // 0952, 1357); the booster is active at once.
        status: input.addOn === 'crm_booster' ? 'active' : 'ordered',
        quantity: terms.quantity,
        unitPriceCents: terms.unitPriceCents,
        amountCents: terms.unitPriceCents * terms.quantity,
        nfcTarget: terms.nfcTarget,
        tagUrl: terms.tagUrl,
        ...(input.addOn === 'crm_booster' && boosterMonth(now)),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!purchase) throw conflict(ADD_ON_TEXT.alreadyBought(terms.name));
    const description =
      purchase.addOn === 'nfc_tags'
        ? `${terms.name} × ${purchase.quantity}`
        : purchase.addOn === 'crm_booster'
          ? `${terms.name}, month 1`
          : terms.name;
    await tx.insert(billingCharges).values({
      businessId,
      kind: 'add_on',
      description,
      addOnPurchaseId: purchase.id,
      ...(purchase.addOn === 'crm_booster' && { periodNumber: 1, periodStart: now }),
      listPriceCents: purchase.amountCents,
      amountCents: purchase.amountCents,
    });
    return purchase;
  });
  if (purchase.addOn === 'crm_booster' && purchase.currentPeriodEnd)
    await scheduleRenewal(deps, purchase.id, 2, purchase.currentPeriodEnd);
  return view(purchase);
}

/**
 * The test-mode booster's month `period`, when the month before it ends (the job's time): charged once (unique per
 * purchase and month, and a month already charged is skipped), then the next month is queued. A cancelled booster
 * ends here instead: its status becomes cancelled and nothing more is charged. Stripe renews its own boosters.
 */
export async function renewCrmBooster(deps: Pick<AppDeps, 'db' | 'jobs'>, job: CrmBoosterRenewJob) {
  if (!isUuid(job.purchaseId)) return null;
  const next = await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(addOnPurchases)
      .where(eq(addOnPurchases.id, job.purchaseId))
      .for('update');
    if (p?.addOn !== 'crm_booster' || p.status !== 'active' || p.stripeSubscriptionId) return null;
    if ((p.periodNumber ?? 1) >= job.period) return null;
    if (p.endsAt) {
      await tx.update(addOnPurchases).set({ status: 'cancelled' }).where(eq(addOnPurchases.id, p.id));
      return null;
    }
    const periodStart = p.currentPeriodEnd ?? addMonths(p.createdAt, job.period - 1);
    await tx
      .insert(billingCharges)
      .values({
        businessId: p.businessId,
        kind: 'add_on',
        description: `${ADD_ON_CATALOGUE.crm_booster.name}, month ${job.period}`,
        addOnPurchaseId: p.id,
        periodNumber: job.period,
        periodStart,
        listPriceCents: p.unitPriceCents,
        amountCents: p.unitPriceCents,
      })
      .onConflictDoNothing();
    const currentPeriodEnd = addMonths(p.createdAt, job.period);
    await tx
      .update(addOnPurchases)
      .set({ periodNumber: job.period, currentPeriodEnd })
      .where(eq(addOnPurchases.id, p.id));
    return { period: job.period + 1, at: currentPeriodEnd };
  });
  if (next) await scheduleRenewal(deps, job.purchaseId, next.period, next.at);
  return next;
}

/** The business's purchase `id` (another business's, or a malformed id, is 404). */
export async function purchaseOf(db: DbOrTx, businessId: string, id: string) {
  if (!isUuid(id)) throw notFound(ADD_ON_TEXT.notFound);
  const [p] = await db
    .select()
    .from(addOnPurchases)
    .where(and(eq(addOnPurchases.id, id), eq(addOnPurchases.businessId, businessId)));
  if (!p) throw notFound(ADD_ON_TEXT.notFound);
  if (p.addOn !== 'crm_booster') throw conflict(ADD_ON_TEXT.onlyBoosterCancels);
  if (p.status !== 'active' || p.endsAt) throw conflict(ADD_ON_TEXT.alreadyCancelled);
  return p;
}

/**
 * Cancels a test-mode booster at the end of its month in progress: it keeps working until then, and the renewal due
 * then ends it instead of charging (a Stripe booster is cancelled through Stripe, stripe-billing.service.ts).
 */
export async function cancelTestBooster(db: DbOrTx, businessId: string, id: string) {
  const p = await purchaseOf(db, businessId, id);
  const [done] = await db
    .update(addOnPurchases)
    .set({ endsAt: p.currentPeriodEnd ?? addMonths(p.createdAt, p.periodNumber ?? 1) })
    .where(and(eq(addOnPurchases.id, p.id), sql`${addOnPurchases.endsAt} is null`))
    .returning();
  if (!done) throw conflict(ADD_ON_TEXT.alreadyCancelled);
  return view(done);
}

export const addOnView = view;

/** Every business's add-on purchases for the admin, NFC orders waiting first, then newest. */
export async function listAddOnOrders(db: DbOrTx, status?: 'ordered' | 'fulfilled') {
  const rows = await db
    .select({ p: addOnPurchases, businessName: profiles.businessName, ownerEmail: user.email })
    .from(addOnPurchases)
    .innerJoin(profiles, eq(profiles.id, addOnPurchases.businessId))
    .innerJoin(user, eq(user.id, addOnPurchases.businessId))
    .where(status ? eq(addOnPurchases.status, status) : undefined)
    .orderBy(
      sql`(${addOnPurchases.status} = 'ordered') desc`,
      desc(addOnPurchases.createdAt),
      desc(addOnPurchases.id),
    )
    .limit(200);
  return rows.map((r) => ({
    ...view(r.p),
    businessId: r.p.businessId,
    businessName: r.businessName,
    ownerEmail: r.ownerEmail,
  }));
}
