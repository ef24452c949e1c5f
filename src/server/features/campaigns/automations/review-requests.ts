import { and, eq } from 'drizzle-orm';
import { nextAllowedSendTime } from '../../../../shared/quiet-hours';
import type { DbOrTx } from '../../../db/client';
import { bookings, customers, marketingConsents } from '../../../db/schema';
import { renderEmailRow } from '../../../emails';
import { reviewRequestSms } from '../../../emails/sms';
import { senderOf } from '../campaign-send.service';
import { blockedPhones, consentedSmsNumber } from '../consent.service';
import { newReviewToken, reviewUrl } from './customer-links';
import { type MessageRow, queueMessages } from './message-queue';
import { getAutomationSettings } from './settings';

// Review requests (decision 613).

/**
 * One review request per completed booking, to every customer (no review gating): email always, SMS only with the
 * customer's SMS opt-in. Written in the transaction that completes the booking, delivered by the next tick.
 */
export async function queueReviewRequest(
  tx: DbOrTx,
  publicUrl: string,
  businessId: string,
  bookingId: string,
  now = new Date(),
) {
  const settings = await getAutomationSettings(tx, businessId);
  if (!settings.reviewRequests) return [];
  const [b] = await tx
    .select({
      serviceName: bookings.serviceName,
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!b) return [];
  const sender = await senderOf(tx, businessId);
  // Our own review page (decision 614); the owner's review link (e.g. Google) is offered there after the review.
  const link = reviewUrl(publicUrl, await newReviewToken(tx, businessId, bookingId));
  const base = { businessId, bookingId, customerId: b.customerId, kind: 'review_request' as const };
  const rows: MessageRow[] = [
    {
      ...base,
      dedupeKey: `review_request:${bookingId}:email`,
      channel: 'email',
      to: b.email.toLowerCase(),
      ...(await renderEmailRow(
        'review-request',
        {
          firstName: b.firstName,
          businessName: sender.name,
          serviceName: b.serviceName,
          reviewLink: link,
        },
        { db: tx, businessId, publicUrl },
      )),
      notBefore: now,
    },
  ];
  const phone = consentedSmsNumber(b, b.phone);
  if (phone && !(await blockedPhones(tx, [phone])).has(phone))
    rows.push({
      ...base,
      dedupeKey: `review_request:${bookingId}:sms`,
      channel: 'sms',
      to: phone,
      body: reviewRequestSms({ businessName: sender.name, serviceName: b.serviceName, link }),
      notBefore: nextAllowedSendTime(now, sender.timeZone),
    });
  return queueMessages(tx, publicUrl, rows);
}
