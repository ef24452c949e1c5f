// Marketing email as the law and the mailbox providers want it: a visible unsubscribe link, RFC 8058 one-click
// headers, the business's postal address (CAN-SPAM); opens by a pixel, clicks by redirect links.

import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../emails';
import { linksIn } from '../../emails/templates/marketing';
import { signedToken, signedTokenId } from '../../http/tokens';

export { linksIn };

export const MESSAGING_BASE = '/api/messaging';
const UNSUBSCRIBE = 'unsubscribe';

/**
 * The unsubscribe link of one message: a signed token of the message's id (decision 1164), so that knowing a message's
 * id (the open pixel and click links carry it, the admin's outbox shows it) is not enough to unsubscribe its reader.
 */
export const unsubscribeUrl = (deps: { publicUrl: string; linkSecret: string }, sendId: string) =>
  `${deps.publicUrl}${MESSAGING_BASE}/unsubscribe/${signedToken(deps.linkSecret, UNSUBSCRIBE, sendId)}`;
/** The message an unsubscribe link's token names, or null. */
export const sendIdOfUnsubscribeToken = (linkSecret: string, token: string) =>
  signedTokenId(linkSecret, UNSUBSCRIBE, token);
export const openPixelUrl = (publicUrl: string, sendId: string) =>
  `${publicUrl}${MESSAGING_BASE}/open/${sendId}`;
export const clickUrl = (publicUrl: string, sendId: string, n: number) =>
  `${publicUrl}${MESSAGING_BASE}/click/${sendId}/${n}`;

export function marketingHeaders(
  deps: { publicUrl: string; linkSecret: string },
  sendId: string,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(deps, sendId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The marketing email of one send: its text and HTML parts from the marketing template (src/server/emails). */
export async function renderMarketingEmail(opts: {
  publicUrl: string;
  linkSecret: string;
  sendId: string;
  /** The message with its variables filled. */
  body: string;
  businessName: string;
  postalAddress: string;
  subject?: string | null;
  /** The business that sends it: its white-label look (decision 1318). */
  db: DbOrTx;
  businessId: string;
}) {
  const email = await renderEmail(
    'marketing',
    {
      subject: opts.subject ?? '',
      body: opts.body,
      businessName: opts.businessName,
      postalAddress: opts.postalAddress,
      unsubscribeUrl: unsubscribeUrl(opts, opts.sendId),
      openPixelUrl: openPixelUrl(opts.publicUrl, opts.sendId),
      clickUrls: linksIn(opts.body).map((_, n) => clickUrl(opts.publicUrl, opts.sendId, n)),
    },
    { db: opts.db, businessId: opts.businessId, publicUrl: opts.publicUrl },
  );
  return { text: email.text, html: email.html };
}
