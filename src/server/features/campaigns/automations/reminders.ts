import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { DEFAULT_AUTOMATION_SETTINGS, dueReminders } from '../../../../shared/messaging';
import { formatCents } from '../../../../shared/money';
import { toE164 } from '../../../../shared/sms';
import type { DbOrTx } from '../../../db/client';
import { bookings, customers, customerVehicles, messageSends, messagingSettings } from '../../../db/schema';
import { renderEmailRow } from '../../../emails';
import { bookingReminderSms } from '../../../emails/sms';
import { suggestionsForReminder } from '../../service-add-ons/service-add-ons.service';
import { senderOf } from '../campaign-send.service';
import { blockedPhones } from '../consent.service';
import { manageUrl, newManageToken } from './customer-links';
import { type AutomationDeps, type MessageRow, queueMessages } from './message-queue';

// Appointment reminders (decision 611).

const HOUR_MS = 3_600_000;

/** A cancelled or moved booking's reminders that have not gone out yet are dropped (a moved one is re-planned). */
export async function dropPendingReminders(db: DbOrTx, bookingId: string) {
  await db
    .delete(messageSends)
    .where(
      and(
        eq(messageSends.bookingId, bookingId),
        eq(messageSends.status, 'pending'),
        inArray(messageSends.kind, ['reminder_24h', 'reminder_2h']),
      ),
    );
}

/**
 * Writes the reminders that are due now: for each pending or confirmed booking starting within 24 hours, each
 * switched-on offset whose moment has come. The dedupe key holds the booking's start, so a moved booking gets
 * fresh reminders and a repeated run (a retry, a second instance) writes nothing twice. A booking made inside an
 * offset's window gets no reminder for it (its confirmation is fresh); the 24-hour reminder is not sent once the
 * 2-hour one is due.
 */
export async function planReminders(deps: AutomationDeps, now = new Date()) {
  const horizon = new Date(now.getTime() + 24 * HOUR_MS);
  const upcoming = await deps.db
    .select({
      id: bookings.id,
      businessId: bookings.businessId,
      scheduledAt: bookings.scheduledAt,
      createdAt: bookings.createdAt,
      serviceName: bookings.serviceName,
      serviceId: bookings.serviceId,
      vehicleType: customerVehicles.vehicleType,
      locationAddress: bookings.locationAddress,
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      reminder24h: messagingSettings.reminder24h,
      reminder2h: messagingSettings.reminder2h,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(customerVehicles, eq(customerVehicles.id, bookings.customerVehicleId))
    .leftJoin(messagingSettings, eq(messagingSettings.businessId, bookings.businessId))
    .where(
      and(
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.scheduledAt, now),
        lte(bookings.scheduledAt, horizon),
      ),
    );
  const rows: MessageRow[] = [];
  const phones = upcoming.map((b) => toE164(b.phone)).filter((p): p is string => p !== null);
  const blocked = await blockedPhones(deps.db, phones);
  const senders = new Map<string, Awaited<ReturnType<typeof senderOf>>>();
  // Reminders already written: the tick runs every minute, and a link's token is minted only for a message to write.
  const written = new Set(
    upcoming.length === 0
      ? []
      : (
          await deps.db
            .select({ key: messageSends.dedupeKey })
            .from(messageSends)
            .where(
              and(
                inArray(
                  messageSends.bookingId,
                  upcoming.map((b) => b.id),
                ),
                inArray(messageSends.kind, ['reminder_24h', 'reminder_2h']),
              ),
            )
        ).map((r) => r.key),
  );
  for (const b of upcoming) {
    if (!b.businessId) continue;
    const enabled = {
      reminder_24h: b.reminder24h ?? DEFAULT_AUTOMATION_SETTINGS.reminder24h,
      reminder_2h: b.reminder2h ?? DEFAULT_AUTOMATION_SETTINGS.reminder2h,
    };
    for (const kind of dueReminders({ startsAt: b.scheduledAt, createdAt: b.createdAt }, enabled, now)) {
      let sender = senders.get(b.businessId);
      if (!sender) {
        sender = await senderOf(deps.db, b.businessId);
        senders.set(b.businessId, sender);
      }
      const key = `${kind}:${b.id}:${b.scheduledAt.toISOString()}`;
      const smsTo = toE164(b.phone);
      const keys = [`${key}:email`, ...(smsTo && !blocked.has(smsTo) ? [`${key}:sms`] : [])];
      if (keys.every((k) => written.has(k))) continue;
      const token = await newManageToken(deps.db, b.businessId, b.id);
      const link = manageUrl(deps.publicUrl, token);
      const about = {
        businessName: sender.name,
        serviceName: b.serviceName,
        when: { at: b.scheduledAt, timeZone: sender.timeZone },
        link,
      };
      const base = { businessId: b.businessId, bookingId: b.id, customerId: b.customerId, kind };
      // Add-ons suggested by vehicle and history, not already on the booking (decision 1255; Pro and Elite).
      const suggestions = (
        await suggestionsForReminder(deps.db, b.businessId, {
          serviceId: b.serviceId,
          vehicleType: b.vehicleType,
          email: b.email,
          bookingId: b.id,
        })
      ).map((a) => ({ name: a.name, price: formatCents(a.priceCents), reason: a.suggestion ?? '' }));
      rows.push({
        ...base,
        dedupeKey: `${key}:email`,
        channel: 'email',
        to: b.email.toLowerCase(),
        ...(await renderEmailRow(
          'booking-reminder',
          {
            ...about,
            firstName: b.firstName,
            address: b.locationAddress,
            manageLink: link,
            phone: sender.phone,
            suggestions,
          },
          { db: deps.db, businessId: b.businessId, publicUrl: deps.publicUrl },
        )),
      });
      const phone = toE164(b.phone);
      if (phone && !blocked.has(phone))
        rows.push({
          ...base,
          dedupeKey: `${key}:sms`,
          channel: 'sms',
          to: phone,
          body: bookingReminderSms(about),
        });
    }
  }
  return queueMessages(deps.db, deps.publicUrl, rows);
}
