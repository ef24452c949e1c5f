// Marketing email as the law and the mailbox providers want it: a visible unsubscribe link, RFC 8058 one-click
// headers, the business's postal address (CAN-SPAM); opens by a pixel, clicks by redirect links.

import { renderEmail } from '../../emails';
import { linksIn } from '../../emails/templates/marketing';

export { linksIn };

export const MESSAGING_BASE = '/api/messaging';

export const unsubscribeUrl = (publicUrl: string, sendId: string) =>
  `${publicUrl}${MESSAGING_BASE}/unsubscribe/${sendId}`;
export const openPixelUrl = (publicUrl: string, sendId: string) =>
  `${publicUrl}${MESSAGING_BASE}/open/${sendId}`;
export const clickUrl = (publicUrl: string, sendId: string, n: number) =>
  `${publicUrl}${MESSAGING_BASE}/click/${sendId}/${n}`;

export function marketingHeaders(publicUrl: string, sendId: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, sendId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The marketing email of one send: its text and HTML parts from the marketing template (src/server/emails). */
export async function renderMarketingEmail(opts: {
  publicUrl: string;
  sendId: string;
  /** The message with its variables filled. */
  body: string;
  businessName: string;
  postalAddress: string;
  subject?: string | null;
}) {
  const email = await renderEmail('marketing', {
    subject: opts.subject ?? '',
    body: opts.body,
    businessName: opts.businessName,
    postalAddress: opts.postalAddress,
    unsubscribeUrl: unsubscribeUrl(opts.publicUrl, opts.sendId),
    openPixelUrl: openPixelUrl(opts.publicUrl, opts.sendId),
    clickUrls: linksIn(opts.body).map((_, n) => clickUrl(opts.publicUrl, opts.sendId, n)),
  });
  return { text: email.text, html: email.html };
}
