import { and, eq } from 'drizzle-orm';
import { bookings, customers } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { arrivalChangedSms } from '../../emails/sms';
import type { AppDeps } from '../../http/context';
import { sendTransactional, sendTransactionalSms } from '../campaigns/automations/message-queue';
import { senderOf } from '../campaigns/campaign-send.service';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'>;

/**
 * Tells a customer their arrival time moved, by email and (to a textable number) SMS. The dedupe key is the booking
 * and the new time: told once per changed arrival, however often a plan with it is applied.
 */
export async function notifyArrivalChanged(
  deps: Deps,
  businessId: string,
  bookingId: string,
  arrivalAt: Date,
): Promise<boolean> {
  const [about] = await deps.db
    .select({
      customerId: bookings.customerId,
      serviceName: bookings.serviceName,
      address: bookings.locationAddress,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      bookerPhone: bookings.bookerPhone,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!about?.customerId) return false;
  const sender = await senderOf(deps.db, businessId);
  const arrival = { at: arrivalAt, timeZone: sender.timeZone };
  const base = { businessId, bookingId, customerId: about.customerId, kind: 'arrival_changed' as const };
  const key = `arrival_changed:${bookingId}:${arrivalAt.toISOString()}`;
  if (about.email)
    await sendTransactional(deps, {
      ...base,
      dedupeKey: `${key}:email`,
      channel: 'email',
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
        { db: deps.db, businessId, publicUrl: deps.publicUrl },
      )),
    });
  await sendTransactionalSms(deps, {
    ...base,
    dedupeKey: `${key}:sms`,
    phone: about.phone ?? about.bookerPhone,
    body: arrivalChangedSms({ businessName: sender.name, serviceName: about.serviceName, arrival }),
  });
  return true;
}
