import type { EmailTemplate } from './define';
import { renderTemplate } from './render';
import { contactForm } from './templates/contact-form';
import { emailVerification } from './templates/email-verification';
import { loyaltyCode } from './templates/loyalty-code';
import { passwordReset } from './templates/password-reset';
import { quoteSent } from './templates/quote-sent';
import { serviceAreaLaunch } from './templates/service-area-launch';
import { teamInvitation } from './templates/team-invitation';
import { verificationApproved, verificationRejected } from './templates/verification-decision';

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
} as const;

export type EmailName = keyof typeof EMAIL_TEMPLATES;
export type EmailProps<N extends EmailName> =
  (typeof EMAIL_TEMPLATES)[N] extends EmailTemplate<infer P> ? P : never;

/** Subject, HTML and plain text of one email. */
export function renderEmail<N extends EmailName>(name: N, props: EmailProps<N>) {
  // The map's entry for N takes EmailProps<N>; TypeScript cannot narrow an indexed union by a generic key.
  return renderTemplate(EMAIL_TEMPLATES[name] as unknown as EmailTemplate<EmailProps<N>>, props);
}

export type { RenderedEmail } from './render';
