import type { DbOrTx } from '../../db/client';
import { renderEmailRow } from '../../emails';
import { arrivalChangedSms } from '../../emails/sms';
import type { AppDeps } from '../../http/context';
import { queueTransactionalEmail, queueTransactionalSms } from '../campaigns/automations/message-queue';
import { bookingRecipient, senderOf } from '../campaigns/campaign-send.service';

/**
 * Tells a customer their arrival time moved, by email and (to a textable number) SMS: message rows written in the
 * transaction that applies the plan (decision 1331), delivered after its commit by the caller. The dedupe key is the
 * booking and the new time: told once per changed arrival, however often a plan with it is applied. Null when the
 * booking has no customer to tell.
 */
export async function queueArrivalChanged(
  deps: Pick<AppDeps, 'publicUrl'>,
  tx: DbOrTx,
  businessId: string,
  bookingId: string,
  arrivalAt: Date,
): Promise<string[] | null> {
  const about = await bookingRecipient(tx, businessId, bookingId);
  if (!about?.customerId) return null;
  const sender = await senderOf(tx, businessId);
  const arrival = { at: arrivalAt, timeZone: sender.timeZone };
  const base = { businessId, bookingId, customerId: about.customerId, kind: 'arrival_changed' as const };
  const key = `arrival_changed:${bookingId}:${arrivalAt.toISOString()}`;
  const email = about.email
    ? await queueTransactionalEmail(tx, deps.publicUrl, {
        ...base,
        dedupeKey: `${key}:email`,
        to: about.email.toLowerCase(),
        ...(await renderEmailRow(
          'arrival-changed',
          {
            firstName: about.firstName ?? 'there',
            businessName: sender.name,
            serviceName: about.serviceName,
            arrival,
            address: about.address,
            phone: sender.phone,
          },
          { db: tx, businessId, publicUrl: deps.publicUrl },
        )),
      })
    : [];
  const sms = await queueTransactionalSms(tx, deps.publicUrl, {
    ...base,
    dedupeKey: `${key}:sms`,
    phone: about.phone,
    body: arrivalChangedSms({ businessName: sender.name, serviceName: about.serviceName, arrival }),
  });
  return [...email, ...sms];
}
