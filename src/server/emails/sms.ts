// Every text message body the product writes, one function each. Texts are short and plain: no template engine.
// A body queued as its own row ends with the opt-out line; one written by queueTransactionalSms gets it added there.
import { formatCents } from '../../shared/money';
import { formatDateTimeInZone, formatTimeInZone } from '../../shared/time';
import type { Moment } from './define';

export const SMS_OPT_OUT = 'Reply STOP to opt out.';

/** A text that may go to someone who did not just ask for it ends with the opt-out line. */
export const withOptOut = (body: string) => `${body} ${SMS_OPT_OUT}`;

/** The replies to the inbound keywords (Twilio's webhook): STOP, START and HELP. */
export const SMS_STOP_REPLY =
  'You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.';
export const SMS_START_REPLY = 'You are resubscribed. Reply STOP to opt out, HELP for help.';
/** HELP names who is texting: the business of the latest message to the number, else ShineRoute. */
export const smsHelpReply = (sender: { name: string; phone: string | null } | null) => {
  const who = sender ? `${sender.name}${sender.phone ? ` (call ${sender.phone})` : ''}` : 'ShineRoute';
  return `${who}: car detailing booking messages and offers. Msg frequency varies. ${SMS_OPT_OUT}`;
};

const whenText = (m: Moment) => formatDateTimeInZone(m.at, m.timeZone);

/** A booking is confirmed (online checkout or entered by the owner); written by queueTransactionalSms. */
export const bookingConfirmedSms = (p: {
  businessName: string;
  serviceName: string;
  when: Moment;
  link: string | null;
}) =>
  `${p.businessName}: your ${p.serviceName} is booked for ${whenText(p.when)}. Reschedule or cancel: ${p.link}`;

/** The 24 h / 2 h reminder. */
export const bookingReminderSms = (p: {
  businessName: string;
  serviceName: string;
  when: Moment;
  link: string;
}) =>
  `${p.businessName}: reminder of your ${p.serviceName} on ${whenText(p.when)}. Reschedule or cancel: ${p.link} ${SMS_OPT_OUT}`;

/** The technician pressed On my way in the field app; written by queueTransactionalSms (which adds the STOP line). */
export const onMyWaySms = (p: {
  businessName: string;
  technicianName: string;
  etaMinutes: number;
  arrival: Moment;
}) =>
  `${p.businessName}: ${p.technicianName} is on the way and will arrive in about ${p.etaMinutes} min (around ${formatTimeInZone(p.arrival.at, p.arrival.timeZone)}).`;

/** After a completed booking, to a customer who opted in to texts. */
export const reviewRequestSms = (p: { businessName: string; serviceName: string; link: string }) =>
  `${p.businessName}: thank you for your ${p.serviceName}! How did we do? ${p.link} ${SMS_OPT_OUT}`;

/** An invoice was sent; written by queueTransactionalSms. */
export const invoiceSentSms = (p: {
  businessName: string;
  number: string;
  balanceCents: number;
  due: string;
  link: string;
}) =>
  `${p.businessName}: invoice ${p.number} for ${formatCents(p.balanceCents)} is due ${p.due}. Pay here: ${p.link}`;

/** An invoice is overdue. */
export const invoiceOverdueSms = (p: {
  businessName: string;
  number: string;
  balanceCents: number;
  due: string;
  link: string;
}) =>
  `${p.businessName}: invoice ${p.number} (${formatCents(p.balanceCents)}) was due ${p.due}. Pay here: ${p.link} ${SMS_OPT_OUT}`;

/** An applied route plan moved the customer's arrival (issue 27); written by queueTransactionalSms. */
export const arrivalChangedSms = (p: { businessName: string; serviceName: string; arrival: Moment }) =>
  `${p.businessName}: we now expect to arrive for your ${p.serviceName} at ${formatTimeInZone(p.arrival.at, p.arrival.timeZone)}.`;

const sampleWhen: Moment = { at: '2026-12-05T16:00:00Z', timeZone: 'America/Chicago' };
const business = 'Lone Star Mobile Detailing';

/** Every text with sample data, for the preview (npm run emails:preview) and the template test. */
export const SMS_SAMPLES: Record<string, string> = {
  'arrival-changed': arrivalChangedSms({
    businessName: business,
    serviceName: 'Full Detail',
    arrival: sampleWhen,
  }),
  'on-my-way': onMyWaySms({
    businessName: business,
    technicianName: 'Theo',
    etaMinutes: 15,
    arrival: sampleWhen,
  }),
  'booking-confirmed': bookingConfirmedSms({
    businessName: business,
    serviceName: 'Full Detail',
    when: sampleWhen,
    link: 'http://localhost:3000/manage/sample-token',
  }),
  'booking-reminder': bookingReminderSms({
    businessName: business,
    serviceName: 'Full Detail',
    when: sampleWhen,
    link: 'http://localhost:3000/manage/sample-token',
  }),
  'review-request': reviewRequestSms({
    businessName: business,
    serviceName: 'Full Detail',
    link: 'http://localhost:3000/review/sample-token',
  }),
  'invoice-sent': invoiceSentSms({
    businessName: business,
    number: 'INV-0003',
    balanceCents: 22785,
    due: 'Dec 20, 2026',
    link: 'http://localhost:3000/invoice/sample-token',
  }),
  'invoice-overdue': invoiceOverdueSms({
    businessName: business,
    number: 'INV-0003',
    balanceCents: 5400,
    due: 'Dec 20, 2026',
    link: 'http://localhost:3000/invoice/sample-token',
  }),
  'stop-reply': SMS_STOP_REPLY,
  'start-reply': SMS_START_REPLY,
  'help-reply': smsHelpReply({ name: business, phone: '512-555-0100' }),
};

/** A plan's renewal failed (issue 32); written by queueTransactionalSms. */
export const membershipPaymentFailedSms = (p: {
  businessName: string;
  planName: string;
  amountCents: number;
  link: string;
}) =>
  `${p.businessName}: we could not charge ${formatCents(p.amountCents)} for your ${p.planName}. Update your card: ${p.link}`;

/** The last retry failed and the plan is suspended; written by queueTransactionalSms. */
export const membershipSuspendedSms = (p: { businessName: string; planName: string; link: string }) =>
  `${p.businessName}: your ${p.planName} is suspended after a failed payment. Update your card to restart it: ${p.link}`;
