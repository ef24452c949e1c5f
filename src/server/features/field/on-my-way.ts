import { eq } from 'drizzle-orm';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import { renderEmailRow } from '../../emails';
import { onMyWaySms } from '../../emails/sms';
import type { AppDeps } from '../../http/context';
import { queueTransactionalEmail, queueTransactionalSms } from '../campaigns/automations/message-queue';
import { bookingRecipient, senderOf } from '../campaigns/campaign-send.service';

/**
 * Tells the customer the technician is on the way, by email and (to a textable number) SMS: message rows written in
 * the transaction that records the event (decision 1331), delivered after its commit by the caller. The dedupe key is
 * the event's: one message per press, however often it is replayed.
 */
export async function queueOnMyWay(
  deps: Pick<AppDeps, 'publicUrl'>,
  tx: DbOrTx,
  who: { businessId: string; userId: string },
  bookingId: string,
  eventId: string,
  etaMinutes: number,
) {
  const { businessId } = who;
  const about = await bookingRecipient(tx, businessId, bookingId);
  if (!about?.customerId) return [];
  const sender = await senderOf(tx, businessId);
  const props = {
    firstName: about.firstName ?? 'there',
    businessName: sender.name,
    serviceName: about.serviceName,
    technicianName: await technicianFirstName(tx, who.userId),
    etaMinutes,
    arrival: { at: new Date(Date.now() + etaMinutes * 60_000), timeZone: sender.timeZone },
    address: about.address,
    phone: sender.phone,
  };
  const base = { businessId, bookingId, customerId: about.customerId, kind: 'on_my_way' as const };
  const email = about.email
    ? await queueTransactionalEmail(tx, deps.publicUrl, {
        ...base,
        dedupeKey: `on_my_way:${eventId}:email`,
        to: about.email.toLowerCase(),
        ...(await renderEmailRow('on-my-way', props, { db: tx, businessId, publicUrl: deps.publicUrl })),
      })
    : [];
  const sms = await queueTransactionalSms(tx, deps.publicUrl, {
    ...base,
    dedupeKey: `on_my_way:${eventId}:sms`,
    phone: about.phone,
    body: onMyWaySms(props),
  });
  return [...email, ...sms];
}

async function technicianFirstName(db: DbOrTx, userId: string) {
  const [u] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return u?.name?.split(' ')[0] || 'Your technician';
}
