import { eq } from 'drizzle-orm';
import { ADD_ON_CATALOGUE, ADD_ON_TEXT } from '../../../shared/add-ons';
import type { DbOrTx } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { recordAudit } from '../admin-users/audit.service';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { view } from './add-ons.service';
import { addOnPurchases } from './billing.schema';

// Apart from add-ons.service.ts because the owner's email renders with the business's branding, and the branding
// feature reads add-ons.service.ts: here the email module is imported like any other, without a load-order cycle.

/**
 * An admin marks an order done: an NFC tag order sent, or a white-label setup done (decision 1357); the audit log keeps
 * who and when. A white-label setup's owner is told by email, its row written in the fulfilment's
 * transaction (decision 1366) and delivered after the commit; a process killed in between leaves it for the tick.
 */
export async function fulfilOrder(
  deps: Pick<AppDeps, 'db' | 'publicUrl'> & AutomationDeps,
  actor: { id: string; email: string },
  id: string,
) {
  if (!isUuid(id)) throw notFound(ADD_ON_TEXT.notFound);
  const { result, messageIds } = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(addOnPurchases).where(eq(addOnPurchases.id, id)).for('update');
    if (!order) throw notFound(ADD_ON_TEXT.notFound);
    if (order.addOn === 'crm_booster') throw conflict(ADD_ON_TEXT.notAnOrder);
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
      targetLabel:
        order.addOn === 'nfc_tags' ? `NFC tap tags × ${order.quantity}` : ADD_ON_CATALOGUE[order.addOn].name,
      before: { status: order.status },
      after: { status: 'fulfilled' },
    });
    const messageIds =
      order.addOn === 'white_label_setup' ? await queueSetupDone(deps, tx, order.businessId, id) : [];
    return { result: view(done!), messageIds };
  });
  await deliverQueued(deps, messageIds);
  return result;
}

async function queueSetupDone(
  deps: Pick<AppDeps, 'publicUrl'>,
  tx: DbOrTx,
  businessId: string,
  orderId: string,
) {
  const [owner] = await tx
    .select({ email: user.email, businessName: profiles.businessName })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, businessId));
  if (!owner) return [];
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId,
    kind: 'white_label_setup',
    // One per order: the fulfilment cannot run twice (409), and a replay of its row writes nothing.
    dedupeKey: `white-label-setup-done:${orderId}`,
    to: owner.email,
    ...(await renderEmailRow('white-label-setup-done', {
      businessName: owner.businessName,
      link: `${deps.publicUrl.replace(/\/+$/, '')}/business-profile?tab=branding`,
    })),
  });
}
