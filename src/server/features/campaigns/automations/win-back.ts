import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { fillVariables, type MessageVariable } from '../../../../shared/campaigns';
import { nextAllowedSendTime } from '../../../../shared/quiet-hours';
import { addDays, formatCalendarDate, formatSlot, utcToZoned } from '../../../../shared/time';
import { bookings, customers, marketingConsents, messagingSettings } from '../../../db/schema';
import { withOptOut } from '../../../emails/sms';
import { EXPIRY_DAYS, senderOf } from '../campaign-send.service';
import { blockedPhones, consentedSmsNumber } from '../consent.service';
import { renderMarketingEmail } from '../marketing-email';
import { type AutomationDeps, type MessageRow, queueMessages } from './message-queue';
import { getAutomationSettings } from './settings';

// Win-back (decision 613).

const HOUR_MS = 3_600_000;

/**
 * For each business with win-back on: customers whose last completed booking is at least N days old and who have
 * nothing booked get the owner's message once per lapse (the dedupe key names that last booking). Marketing:
 * email to those who have not unsubscribed, SMS only with a recorded opt-in, inside quiet hours.
 */
export async function planWinback(deps: AutomationDeps, now = new Date()) {
  const businesses = await deps.db
    .select({ businessId: messagingSettings.businessId })
    .from(messagingSettings)
    .where(eq(messagingSettings.winback, true));
  const written: string[] = [];
  for (const { businessId } of businesses) written.push(...(await planWinbackFor(deps, businessId, now)));
  return written;
}

async function planWinbackFor(deps: AutomationDeps, businessId: string, now: Date) {
  const settings = await getAutomationSettings(deps.db, businessId);
  if (!settings.winback || !settings.winbackMessage) return [];
  const sender = await senderOf(deps.db, businessId);
  if (settings.winbackChannel === 'email' && !sender.address) return [];
  const cutoff = new Date(now.getTime() - settings.winbackDays * 24 * HOUR_MS);
  const last = deps.db
    .select({
      customerId: bookings.customerId,
      lastAt: sql<Date>`max(${bookings.scheduledAt})`.as('last_at'),
      lastId: sql<string>`(array_agg(${bookings.id} order by ${bookings.scheduledAt} desc))[1]`.as('last_id'),
    })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.status, 'completed')))
    .groupBy(bookings.customerId)
    .as('last');
  const lapsed = await deps.db
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      lastId: last.lastId,
      emailUnsubscribedAt: marketingConsents.emailUnsubscribedAt,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(last)
    .innerJoin(customers, eq(customers.id, last.customerId))
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(
      and(
        lte(last.lastAt, cutoff),
        sql`not exists (select 1 from ${bookings} b2 where b2.customer_id = ${customers.id} and b2.status in ('pending', 'confirmed', 'in_progress'))`,
      ),
    );
  const today = utcToZoned(now, sender.timeZone).date;
  const fmtDate = (date: string) => formatCalendarDate(date, { weekday: false });
  const channel = settings.winbackChannel;
  const candidates = lapsed.flatMap((c) => {
    if (channel === 'email')
      return !c.emailUnsubscribedAt && c.email ? [{ ...c, to: c.email.toLowerCase() }] : [];
    const phone = consentedSmsNumber(c, c.phone);
    return phone ? [{ ...c, to: phone }] : [];
  });
  const blocked =
    channel === 'sms'
      ? await blockedPhones(
          deps.db,
          candidates.map((c) => c.to),
        )
      : new Set<string>();
  const notBefore = channel === 'sms' ? nextAllowedSendTime(now, sender.timeZone) : now;
  const rows: MessageRow[] = await Promise.all(
    candidates
      .filter((c) => !blocked.has(c.to))
      .map(async (c) => {
        const id = randomUUID();
        const values: Record<MessageVariable, string> = {
          customer_name: c.firstName,
          business_name: sender.name,
          booking_link: `${deps.publicUrl}/book?business=${businessId}`,
          date: fmtDate(today),
          time: formatSlot(utcToZoned(now, sender.timeZone).time),
          expiry_date: fmtDate(addDays(today, EXPIRY_DAYS)),
        };
        const body = fillVariables(settings.winbackMessage, values);
        const email =
          channel === 'email'
            ? await renderMarketingEmail({
                publicUrl: deps.publicUrl,
                linkSecret: deps.linkSecret,
                sendId: id,
                body,
                businessName: sender.name,
                postalAddress: sender.address ?? '',
                db: deps.db,
                businessId: businessId,
              })
            : null;
        return {
          id,
          businessId,
          customerId: c.customerId,
          kind: 'winback' as const,
          marketing: true,
          dedupeKey: `winback:${c.customerId}:${c.lastId}:${channel}`,
          channel,
          to: c.to,
          subject: channel === 'email' ? fillVariables(settings.winbackSubject ?? '', values) || null : null,
          body: email?.text ?? withOptOut(body),
          html: email?.html ?? null,
          notBefore,
        };
      }),
  );
  return queueMessages(deps.db, deps.publicUrl, rows);
}
