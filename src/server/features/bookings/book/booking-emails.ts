import { eq } from 'drizzle-orm';
import { VEHICLE_TYPE_LABELS } from '../../../../shared/pricing';
import { bookings, type checkoutSessions } from '../../../db/schema';
import { renderEmail } from '../../../emails';
import { bookingConfirmedSms } from '../../../emails/sms';
import type { AppDeps } from '../../../http/context';
import { manageUrl, newManageToken } from '../../campaigns/automations/customer-links';
import { sendTransactional, sendTransactionalSms } from '../../campaigns/automations/message-queue';
import { findPublicBusiness } from './booking-options.service';

type Checkout = typeof checkoutSessions.$inferSelect;
type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'supportEmail'>;
type ConfirmationDeps = MailDeps & Pick<AppDeps, 'publicUrl' | 'linkSecret' | 'sms' | 'messageRetryDelaysMs'>;

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
 * The customer's confirmation and the owner's new-booking notice (a platform lead's notice goes to support). The
 * confirmation is a transactional message row (decision 610) carrying the self-service link (decision 612).
 */
export async function sendBookingEmails(deps: ConfirmationDeps, c: Checkout, bookingId: string) {
  const business = c.businessId ? await findPublicBusiness(deps.db, c.businessId) : null;
  const businessName = business?.name ?? 'ShineRoute';
  const contact = [business?.phone, business?.businessEmail].filter(Boolean).join(' or ');
  const link = c.businessId
    ? manageUrl(deps.publicUrl, await newManageToken(deps.db, c.businessId, bookingId))
    : null;

  const confirmation = await renderEmail('booking-confirmation', {
    ...details(c),
    firstName: c.firstName,
    businessName,
    contact: contact || null,
    manageLink: link,
    reference: bookingId.slice(0, 8).toUpperCase(),
  });
  if (c.businessId) {
    const [booking] = await deps.db
      .select({ customerId: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    await sendTransactional(deps, {
      businessId: c.businessId,
      bookingId,
      customerId: booking?.customerId ?? null,
      kind: 'confirmation',
      dedupeKey: `confirmation:${bookingId}:email`,
      channel: 'email',
      to: c.email.toLowerCase(),
      subject: confirmation.subject,
      body: confirmation.text,
      html: confirmation.html,
    });
    await sendTransactionalSms(deps, {
      businessId: c.businessId,
      bookingId,
      customerId: booking?.customerId ?? null,
      kind: 'confirmation',
      dedupeKey: `confirmation:${bookingId}:sms`,
      phone: c.phone,
      body: bookingConfirmedSms({
        businessName,
        serviceName: c.serviceName,
        when: { at: c.scheduledAt, timeZone: c.timeZone },
        link,
      }),
    });
  } else {
    await deps.mailer.send({ to: c.email, ...confirmation });
  }

  if (business) {
    await deps.mailer.send({
      to: business.ownerEmail,
      ...(await renderEmail('booking-new-for-owner', {
        ...details(c),
        customer: customerOf(c),
        businessName,
      })),
    });
  } else {
    await deps.mailer.send({
      to: deps.supportEmail,
      ...(await renderEmail('platform-lead', { ...details(c), customer: customerOf(c), zipCode: c.zipCode })),
    });
  }
}

/** The slot was taken while the customer paid: tell them the money went back. */
export async function sendSlotLostEmail(deps: MailDeps, c: Checkout) {
  await deps.mailer.send({
    to: c.email,
    ...(await renderEmail('booking-slot-lost', {
      firstName: c.firstName,
      serviceName: c.serviceName,
      when: { at: c.scheduledAt, timeZone: c.timeZone },
      amountCents: c.amountCents,
    })),
  });
}
