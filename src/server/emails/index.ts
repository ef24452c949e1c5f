import type { AppliedBranding } from '../../shared/branding';
import type { DbOrTx } from '../db/client';
import { appliedBranding, emailBranding } from '../features/branding/branding.service';
import type { EmailTemplate } from './define';
import { renderTemplate } from './render';
import { arrivalChanged } from './templates/arrival-changed';
import { bookingConfirmation } from './templates/booking-confirmation';
import { bookingNewForOwner, platformLead } from './templates/booking-owner-notices';
import { bookingCancelledRefunded, bookingSlotLost } from './templates/booking-refunds';
import {
  bookingConfirmedByOwner,
  bookingReminder,
  bookingTimeChanged,
  reviewRequest,
  selfServiceCancelled,
  selfServiceCancelledForOwner,
  selfServiceMoved,
  selfServiceMovedForOwner,
} from './templates/booking-updates';
import { contactForm } from './templates/contact-form';
import { customDomainDisabled } from './templates/custom-domain-disabled';
import { dataExportReady } from './templates/data-export-ready';
import { emailVerification } from './templates/email-verification';
import { insightsDigest } from './templates/insights-digest';
import { invoiceOverdue, invoiceRefund, invoiceSent, paymentReceipt } from './templates/invoice-emails';
import { jobGallery } from './templates/job-gallery';
import { loyaltyCode } from './templates/loyalty-code';
import { marketingEmail } from './templates/marketing';
import { membershipPaymentFailed, membershipSuspended } from './templates/membership-emails';
import { onMyWay } from './templates/on-my-way';
import { passwordReset } from './templates/password-reset';
import { quoteSent } from './templates/quote-sent';
import { seriesConfirmed, seriesVisitMoved } from './templates/series-emails';
import { serviceAreaLaunch } from './templates/service-area-launch';
import { teamInvitation } from './templates/team-invitation';
import { verificationApproved, verificationRejected } from './templates/verification-decision';
import { webhookEndpointDisabled } from './templates/webhook-endpoint-disabled';
import { whiteLabelSetupDone } from './templates/white-label-setup-done';

/** Every email the product sends, by name. */
export const EMAIL_TEMPLATES = {
  'password-reset': passwordReset,
  'email-verification': emailVerification,
  'team-invitation': teamInvitation,
  'verification-approved': verificationApproved,
  'verification-rejected': verificationRejected,
  'contact-form': contactForm,
  'loyalty-code': loyaltyCode,
  'service-area-launch': serviceAreaLaunch,
  'quote-sent': quoteSent,
  'booking-confirmation': bookingConfirmation,
  'booking-new-for-owner': bookingNewForOwner,
  'platform-lead': platformLead,
  'booking-slot-lost': bookingSlotLost,
  'booking-cancelled-refunded': bookingCancelledRefunded,
  'booking-time-changed': bookingTimeChanged,
  'booking-confirmed-by-owner': bookingConfirmedByOwner,
  'booking-reminder': bookingReminder,
  'review-request': reviewRequest,
  'self-service-moved': selfServiceMoved,
  'self-service-cancelled': selfServiceCancelled,
  'self-service-moved-for-owner': selfServiceMovedForOwner,
  'self-service-cancelled-for-owner': selfServiceCancelledForOwner,
  'invoice-sent': invoiceSent,
  'invoice-overdue': invoiceOverdue,
  'payment-receipt': paymentReceipt,
  'invoice-refund': invoiceRefund,
  marketing: marketingEmail,
  'on-my-way': onMyWay,
  'job-gallery': jobGallery,
  'arrival-changed': arrivalChanged,
  'webhook-endpoint-disabled': webhookEndpointDisabled,
  'custom-domain-disabled': customDomainDisabled,
  'white-label-setup-done': whiteLabelSetupDone,
  'data-export-ready': dataExportReady,
  'membership-payment-failed': membershipPaymentFailed,
  'membership-suspended': membershipSuspended,
  'insights-digest': insightsDigest,
  'series-confirmed': seriesConfirmed,
  'series-visit-moved': seriesVisitMoved,
} as const;

export type EmailName = keyof typeof EMAIL_TEMPLATES;
export type EmailProps<N extends EmailName> =
  (typeof EMAIL_TEMPLATES)[N] extends EmailTemplate<infer P> ? P : never;

/**
 * The emails a business's customers get (decision 1318): each is rendered in the business's white-label look, looked
 * up by the renderer from the business it is sent for. The others (the owner's, the team's, ShineRoute's) never are.
 */
export const CUSTOMER_EMAILS = [
  'loyalty-code',
  'quote-sent',
  'booking-confirmation',
  'booking-slot-lost',
  'booking-cancelled-refunded',
  'booking-time-changed',
  'booking-confirmed-by-owner',
  'booking-reminder',
  'review-request',
  'self-service-moved',
  'self-service-cancelled',
  'invoice-sent',
  'invoice-overdue',
  'payment-receipt',
  'invoice-refund',
  'marketing',
  'on-my-way',
  'job-gallery',
  'arrival-changed',
  'membership-payment-failed',
  'membership-suspended',
  'series-confirmed',
  'series-visit-moved',
] as const satisfies readonly EmailName[];
export type CustomerEmailName = (typeof CUSTOMER_EMAILS)[number];

/**
 * The business a customer email is sent for: its branding is read at render time (a downgrade stops it at once).
 * `{ platformLead: true }` for the one customer email sent before any business has the booking.
 */
export type SentFor =
  | {
      db: DbOrTx;
      businessId: string;
      /** The app's public address, for the logo's absolute address; without it the logo is left out. */
      publicUrl?: string;
    }
  | { platformLead: true };

/** A customer email must name its business (the type refuses the call without it); the others take nothing more. */
type BrandArgs<N extends EmailName> = N extends CustomerEmailName ? [sentFor: SentFor] : [];

const isCustomerEmail = (name: EmailName): name is CustomerEmailName =>
  (CUSTOMER_EMAILS as readonly string[]).includes(name);

async function brandingFor(db: DbOrTx, businessId: string, publicUrl: string | undefined) {
  if (publicUrl) return emailBranding(db, businessId, publicUrl);
  const applied = await appliedBranding(db, businessId);
  return applied && { ...applied, logoUrl: null };
}

/** Subject, HTML and plain text of one email; a customer email in its business's white-label look. */
export async function renderEmail<N extends EmailName>(
  name: N,
  props: EmailProps<N>,
  ...brand: BrandArgs<N>
) {
  const sentFor = brand[0] as SentFor | undefined;
  if (isCustomerEmail(name) && !sentFor) throw new Error(`The ${name} email is sent for a business: name it`);
  const branding =
    sentFor && 'businessId' in sentFor
      ? await brandingFor(sentFor.db, sentFor.businessId, sentFor.publicUrl)
      : null;
  return renderEmailAs(name, props, branding);
}

/**
 * An email in a given look (the preview and tests; production calls renderEmail, which reads the business's).
 * The display name stands for the business everywhere in the message, its wording included.
 */
export function renderEmailAs<N extends EmailName>(
  name: N,
  props: EmailProps<N>,
  branding: AppliedBranding | null = null,
) {
  const shown =
    branding?.displayName && typeof props === 'object' && props !== null && 'businessName' in props
      ? { ...props, businessName: branding.displayName }
      : props;
  // The map's entry for N takes EmailProps<N>; TypeScript cannot narrow an indexed union by a generic key.
  return renderTemplate(EMAIL_TEMPLATES[name] as unknown as EmailTemplate<EmailProps<N>>, shown, branding);
}

/** An email as the fields of a message row (subject, body = the text part, html), e.g. for queueTransactionalEmail. */
export async function renderEmailRow<N extends EmailName>(
  name: N,
  props: EmailProps<N>,
  ...brand: BrandArgs<N>
) {
  const email = await renderEmail(name, props, ...brand);
  return { subject: email.subject, body: email.text, html: email.html };
}

export type { RenderedEmail } from './render';
