import { and, eq, inArray } from 'drizzle-orm';
import { bookingVehicleLines } from '../../../../shared/booking-vehicles';
import { VEHICLE_TYPE_LABELS } from '../../../../shared/pricing';
import { toE164 } from '../../../../shared/sms';
import type { DbOrTx } from '../../../db/client';
import { type checkoutSessions, messageSends } from '../../../db/schema';
import { renderEmail, renderEmailRow } from '../../../emails';
import { bookingConfirmedSms, withOptOut } from '../../../emails/sms';
import type { AppDeps } from '../../../http/context';
import { customerFacingName } from '../../branding/branding.service';
import { manageUrl, newManageToken } from '../../campaigns/automations/customer-links';
import {
  type MessageRow,
  queueMessages,
  queueTransactionalEmail,
} from '../../campaigns/automations/message-queue';
import { blockedPhones } from '../../campaigns/consent.service';
import { queuePlatformEmail } from '../../campaigns/platform-email';
import { findPublicBusiness } from './booking-options.service';

type Checkout = typeof checkoutSessions.$inferSelect;

function vehicleText(c: Checkout) {
  const label = [c.vehicleColor, c.vehicleYear, c.vehicleMake, c.vehicleModel].filter(Boolean).join(' ');
  const type = VEHICLE_TYPE_LABELS[c.vehicleType];
  return label ? `${label} (${type})` : type;
}

/** What the customer booked and paid, as the templates show it. */
function details(c: Checkout) {
  return {
    serviceName: c.serviceName,
    when: { at: c.scheduledAt, timeZone: c.timeZone },
    address: c.locationAddress,
    vehicle: vehicleText(c),
    // Each vehicle with its service and add-ons when the booking has several (decision 1325).
    vehicles:
      c.extraVehicles.length > 0
        ? bookingVehicleLines([
            {
              vehicleType: c.vehicleType,
              make: c.vehicleMake,
              model: c.vehicleModel,
              year: c.vehicleYear,
              color: c.vehicleColor,
              serviceName: c.serviceName,
              addOns: c.addOns,
            },
            ...c.extraVehicles,
          ])
        : undefined,
    priceCents: c.amountCents,
    tipCents: c.tipCents,
    notes: c.specialInstructions || null,
  };
}

const customerOf = (c: Checkout) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone || null,
});

/**
 * The customer's confirmation (email, and SMS to a mobile number that did not text STOP) and the owner's new-booking
 * notice, written as message rows in the transaction that creates the booking (decision 1263): they exist exactly when
 * the booking does, and a process killed right after the commit leaves them pending for the automations tick, so a
 * paid booking always gets its confirmation and manage link (decisions 610, 612). Returns the rows to deliver now.
 */
export async function queueBookingMessages(
  deps: Pick<AppDeps, 'publicUrl'>,
  tx: DbOrTx,
  c: Checkout & { businessId: string },
  bookingId: string,
  customerId: string | null,
): Promise<string[]> {
  const business = await findPublicBusiness(tx, c.businessId);
  const businessName = business?.name ?? 'ShineRoute';
  const contact = [business?.phone, business?.businessEmail].filter(Boolean).join(' or ');
  const link = manageUrl(deps.publicUrl, await newManageToken(tx, c.businessId, bookingId));
  const confirmation = await renderEmail(
    'booking-confirmation',
    {
      ...details(c),
      firstName: c.firstName,
      businessName,
      contact: contact || null,
      manageLink: link,
      reference: bookingId.slice(0, 8).toUpperCase(),
    },
    { db: tx, businessId: c.businessId, publicUrl: deps.publicUrl },
  );
  const base = { businessId: c.businessId, bookingId, customerId, marketing: false } as const;
  const rows: MessageRow[] = [
    {
      ...base,
      kind: 'confirmation',
      dedupeKey: `confirmation:${bookingId}:email`,
      channel: 'email',
      to: c.email.toLowerCase(),
      subject: confirmation.subject,
      body: confirmation.text,
      html: confirmation.html,
    },
  ];
  const phone = toE164(c.phone);
  if (phone && !(await blockedPhones(tx, [phone])).has(phone))
    rows.push({
      ...base,
      kind: 'confirmation',
      dedupeKey: `confirmation:${bookingId}:sms`,
      channel: 'sms',
      to: phone,
      body: withOptOut(
        bookingConfirmedSms({
          businessName: await customerFacingName(tx, c.businessId, businessName),
          serviceName: c.serviceName,
          when: { at: c.scheduledAt, timeZone: c.timeZone },
          link,
        }),
      ),
    });
  if (business) {
    const notice = await renderEmail('booking-new-for-owner', {
      ...details(c),
      customer: customerOf(c),
      businessName,
    });
    rows.push({
      ...base,
      kind: 'owner_notice',
      dedupeKey: `owner-notice:${bookingId}:email`,
      channel: 'email',
      to: business.ownerEmail.toLowerCase(),
      subject: notice.subject,
      body: notice.text,
      html: notice.html,
    });
  }
  return queueMessages(tx, deps.publicUrl, rows);
}

/** The booking's confirmation and notice rows not yet delivered. */
export async function pendingBookingMessages(db: DbOrTx, bookingId: string) {
  const rows = await db
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(
      and(
        eq(messageSends.bookingId, bookingId),
        eq(messageSends.status, 'pending'),
        inArray(messageSends.kind, ['confirmation', 'owner_notice']),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * A platform lead (no business yet): the customer's confirmation and the notice to support, written as platform
 * email jobs in the booking's transaction (decision 1336; no business owns them, so no message rows): they exist
 * exactly when the lead does, and a provider outage or a process killed after the commit leaves them to the queue.
 * Returns what to run after the commit (the direct sends when there is no queue).
 */
export async function queuePlatformLeadEmails(
  deps: Pick<AppDeps, 'mailer' | 'supportEmail' | 'jobs'>,
  tx: DbOrTx,
  c: Checkout,
  bookingId: string,
): Promise<() => Promise<void>> {
  const confirmation = await renderEmail(
    'booking-confirmation',
    {
      ...details(c),
      firstName: c.firstName,
      businessName: 'ShineRoute',
      contact: null,
      manageLink: null,
      reference: bookingId.slice(0, 8).toUpperCase(),
    },
    { platformLead: true },
  );
  const notice = await renderEmail('platform-lead', {
    ...details(c),
    customer: customerOf(c),
    zipCode: c.zipCode,
  });
  const sends = [
    await queuePlatformEmail(
      deps,
      { to: c.email, ...confirmation },
      { key: `platform-lead:${bookingId}:confirmation`, tx },
    ),
    await queuePlatformEmail(
      deps,
      { to: deps.supportEmail, ...notice },
      { key: `platform-lead:${bookingId}:support`, tx },
    ),
  ];
  return async () => {
    for (const send of sends) await send();
  };
}

/**
 * The slot was taken while the customer paid: the email telling them the money went back, written in the transaction
 * that marks the checkout refunded (decision 1290). A checkout without a business (a platform lead) never loses a slot.
 */
export async function queueSlotLostEmail(tx: DbOrTx, publicUrl: string, c: Checkout) {
  if (!c.businessId) return [];
  return queueTransactionalEmail(tx, publicUrl, {
    businessId: c.businessId,
    kind: 'slot_lost',
    dedupeKey: `slot-lost:${c.id}`,
    to: c.email,
    ...(await renderEmailRow(
      'booking-slot-lost',
      {
        firstName: c.firstName,
        serviceName: c.serviceName,
        when: { at: c.scheduledAt, timeZone: c.timeZone },
        amountCents: c.amountCents,
      },
      { db: tx, businessId: c.businessId },
    )),
  });
}
