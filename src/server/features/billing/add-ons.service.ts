import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ADD_ON_CATALOGUE,
  ADD_ON_TEXT,
  type AddOnPurchaseInput,
  CRM_BOOSTER_MONTHLY_CENTS,
  nfcTagUnitCents,
  WHITE_LABEL_SETUP_CENTS,
} from '../../../shared/add-ons';
import type { Database, DbOrTx } from '../../db/client';
import { citySeoPages, profiles, user } from '../../db/schema';
import { conflict, notFound, paymentRequired } from '../../http/errors';
import { recordAudit } from '../admin-users/audit.service';
import { ensureBookingSlug } from '../booking-link/booking-link.service';
import { isUuid } from '../ids';
import { addOnPurchases, billingCharges } from './billing.schema';

// The §9 add-ons (docs/decisions/0952): bought by the owner on /billing, recorded at once by the test-mode billing
// (a purchase row and its charge, in one transaction); NFC tag orders are fulfilled by an admin.

type Purchase = typeof addOnPurchases.$inferSelect;

const view = (p: Purchase) => ({
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

/** Buys an add-on in test mode: the purchase and its charge, once (a second white-label or booster answers 409). */
export async function buyAddOn(
  db: Database,
  businessId: string,
  input: AddOnPurchaseInput,
  publicUrl: string,
) {
  return db.transaction(async (tx) => {
    // Locked: two clicks at once buy once.
    const [biz] = await tx
      .select({ plan: profiles.subscriptionTier })
      .from(profiles)
      .where(eq(profiles.id, businessId))
      .for('update');
    if (!biz) throw notFound('No business profile found for this account');
    const name = ADD_ON_CATALOGUE[input.addOn].name;
    let values: typeof addOnPurchases.$inferInsert;
    if (input.addOn === 'white_label_setup') {
      // White-label is an Elite feature (§9); Franchise has Elite's features.
      if (biz.plan !== 'elite' && biz.plan !== 'franchise') throw paymentRequired(ADD_ON_TEXT.eliteOnly);
      values = {
        businessId,
        addOn: input.addOn,
        status: 'active',
        unitPriceCents: WHITE_LABEL_SETUP_CENTS,
        amountCents: WHITE_LABEL_SETUP_CENTS,
      };
    } else if (input.addOn === 'crm_booster') {
      values = {
        businessId,
        addOn: input.addOn,
        status: 'active',
        unitPriceCents: CRM_BOOSTER_MONTHLY_CENTS,
        amountCents: CRM_BOOSTER_MONTHLY_CENTS,
      };
    } else {
      const unit = nfcTagUnitCents(input.quantity);
      values = {
        businessId,
        addOn: input.addOn,
        status: 'ordered',
        quantity: input.quantity,
        unitPriceCents: unit,
        amountCents: unit * input.quantity,
        nfcTarget: input.target,
        tagUrl: await tagUrlOf(tx, businessId, input.target, publicUrl),
      };
    }
    const [purchase] = await tx.insert(addOnPurchases).values(values).onConflictDoNothing().returning();
    if (!purchase) throw conflict(ADD_ON_TEXT.alreadyBought(name));
    const description =
      purchase.addOn === 'nfc_tags'
        ? `${name} × ${purchase.quantity}`
        : purchase.addOn === 'crm_booster'
          ? `${name}, first month`
          : name;
    await tx.insert(billingCharges).values({
      businessId,
      kind: 'add_on',
      description,
      listPriceCents: purchase.amountCents,
      amountCents: purchase.amountCents,
    });
    return view(purchase);
  });
}

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

/** An admin marks an NFC tag order fulfilled (sent); the audit log keeps who and when. */
export async function fulfilOrder(db: Database, actor: { id: string; email: string }, id: string) {
  if (!isUuid(id)) throw notFound(ADD_ON_TEXT.notFound);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(addOnPurchases).where(eq(addOnPurchases.id, id)).for('update');
    if (!order) throw notFound(ADD_ON_TEXT.notFound);
    if (order.addOn !== 'nfc_tags') throw conflict(ADD_ON_TEXT.notAnOrder);
    if (order.status === 'fulfilled') throw conflict(ADD_ON_TEXT.alreadyFulfilled);
    const [done] = await tx
      .update(addOnPurchases)
      .set({ status: 'fulfilled', fulfilledAt: new Date(), fulfilledBy: actor.id })
      .where(eq(addOnPurchases.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'add_on.fulfil',
      targetType: 'add_on',
      targetId: id,
      targetLabel: `NFC tap tags × ${order.quantity}`,
      before: { status: order.status },
      after: { status: 'fulfilled' },
    });
    return view(done!);
  });
}
