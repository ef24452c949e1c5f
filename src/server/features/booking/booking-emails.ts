import { eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { formatDateTimeInZone } from '../../../shared/time';
import { bookings, type checkoutSessions } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { manageUrl, newManageToken } from '../campaigns/automations/customer-links';
import { sendTransactional, sendTransactionalSms } from '../campaigns/automations/message-queue';
import { findPublicBusiness } from './booking-options.service';

type Checkout = typeof checkoutSessions.$inferSelect;
type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'supportEmail'>;
type ConfirmationDeps = MailDeps & Pick<AppDeps, 'publicUrl' | 'sms' | 'messageRetryDelaysMs'>;

export const RESCHEDULE_NOTICE =
  'Need to reschedule? Please let us know at least 24 hours before your appointment.';

function vehicleText(c: Checkout) {
  const label = [c.vehicleColor, c.vehicleYear, c.vehicleMake, c.vehicleModel].filter(Boolean).join(' ');
  const type = VEHICLE_TYPE_LABELS[c.vehicleType];
  return label ? `${label} (${type})` : type;
}

function details(c: Checkout) {
  return [
    `Service: ${c.serviceName}`,
    `When: ${formatDateTimeInZone(c.scheduledAt, c.timeZone)}`,
    `Where: ${c.locationAddress}`,
    `Vehicle: ${vehicleText(c)}`,
    // The tip is charged with the price (decision 501): the customer sees both and the total (issue 25).
    `Price: ${formatCents(c.amountCents)}`,
    ...(c.tipCents > 0 ? [`Tip: ${formatCents(c.tipCents)}`] : []),
    `Total charged: ${formatCents(c.amountCents + c.tipCents)}`,
    ...(c.specialInstructions ? [`Notes: ${c.specialInstructions}`] : []),
  ].join('\n');
}

/**
 * The customer's confirmation and the owner's new-booking notice (a platform lead's notice goes to support). The
 * confirmation is a transactional message row (decision 610) carrying the self-service link (decision 612).
 */
export async function sendBookingEmails(deps: ConfirmationDeps, c: Checkout, bookingId: string) {
  const business = c.businessId ? await findPublicBusiness(deps.db, c.businessId) : null;
  const businessName = business?.name ?? 'ShineRoute';
  const when = formatDateTimeInZone(c.scheduledAt, c.timeZone);
  const contact = [business?.phone, business?.businessEmail].filter(Boolean).join(' or ');
  const link = c.businessId
    ? manageUrl(deps.publicUrl, await newManageToken(deps.db, c.businessId, bookingId))
    : null;

  const confirmation = {
    to: c.email,
    subject: `Booking confirmed: ${c.serviceName} on ${when}`,
    text: [
      `Hi ${c.firstName},`,
      '',
      `Your car detailing with ${businessName} is booked. Here are the details:`,
      '',
      details(c),
      '',
      `${RESCHEDULE_NOTICE}${contact ? ` Reach ${businessName} at ${contact}.` : ''}`,
      ...(link ? [`Reschedule or cancel online: ${link}`] : []),
      '',
      `Booking reference: ${bookingId.slice(0, 8).toUpperCase()}`,
      '',
      `Thank you for choosing ${businessName}!`,
    ].join('\n'),
  };
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
    });
    await sendTransactionalSms(deps, {
      businessId: c.businessId,
      bookingId,
      customerId: booking?.customerId ?? null,
      kind: 'confirmation',
      dedupeKey: `confirmation:${bookingId}:sms`,
      phone: c.phone,
      body: `${businessName}: your ${c.serviceName} is booked for ${when}. Reschedule or cancel: ${link}`,
    });
  } else {
    await deps.mailer.send(confirmation);
  }

  const customerLine = `Customer: ${c.firstName} ${c.lastName} <${c.email}>${c.phone ? `, ${c.phone}` : ''}`;
  if (business) {
    await deps.mailer.send({
      to: business.ownerEmail,
      subject: `New booking: ${c.serviceName} on ${when}`,
      text: [
        `You have a new paid booking waiting for confirmation.`,
        '',
        customerLine,
        details(c),
        '',
        'Open Bookings in ShineRoute to confirm it.',
      ].join('\n'),
    });
  } else {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject: `New platform lead: ${c.serviceName}${c.zipCode ? ` in ${c.zipCode}` : ''} on ${when}`,
      text: [
        'A customer booked where no business serves yet. Assign this lead to a detailer.',
        '',
        customerLine,
        `Zip: ${c.zipCode ?? 'not given'}`,
        details(c),
      ].join('\n'),
    });
  }
}

/** The slot was taken while the customer paid: tell them the money went back. */
export async function sendSlotLostEmail(deps: MailDeps, c: Checkout) {
  await deps.mailer.send({
    to: c.email,
    subject: `We could not book ${c.serviceName} — your payment was refunded`,
    text: [
      `Hi ${c.firstName},`,
      '',
      `Someone booked ${formatDateTimeInZone(c.scheduledAt, c.timeZone)} moments before your payment went through, so that time is no longer available.`,
      `We refunded ${formatCents(c.amountCents)} in full. Please choose another time on the booking page.`,
    ].join('\n'),
  });
}
