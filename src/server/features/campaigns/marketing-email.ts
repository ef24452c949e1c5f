// Marketing email as the law and the mailbox providers want it: a visible unsubscribe link, RFC 8058 one-click
// headers, the business's postal address (CAN-SPAM); opens by a pixel, clicks by redirect links.
import { escapeHtml } from '../../../shared/html';

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

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** The links of a message body, in order; a click redirect may only lead to one of them (no open redirect). */
export function linksIn(body: string): string[] {
  return body.match(URL_PATTERN) ?? [];
}

export function renderMarketingEmail(opts: {
  publicUrl: string;
  sendId: string;
  /** The message with its variables filled. */
  body: string;
  businessName: string;
  postalAddress: string;
}) {
  const unsubscribe = unsubscribeUrl(opts.publicUrl, opts.sendId);
  const text = [
    opts.body,
    '',
    '--',
    opts.businessName,
    opts.postalAddress,
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');

  let n = 0;
  let last = 0;
  let bodyHtml = '';
  for (const match of opts.body.matchAll(URL_PATTERN)) {
    bodyHtml += escapeHtml(opts.body.slice(last, match.index));
    bodyHtml += `<a href="${escapeHtml(clickUrl(opts.publicUrl, opts.sendId, n++))}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  bodyHtml += escapeHtml(opts.body.slice(last));
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">${bodyHtml.replace(/\n/g, '<br>')}</div>
<div style="max-width:560px;margin:0 auto;padding:16px 24px;border-top:1px solid #e2e8f0;color:#475569;font-size:12px">
${escapeHtml(opts.businessName)}<br>${escapeHtml(opts.postalAddress)}<br>
You receive this because you are a customer of ${escapeHtml(opts.businessName)}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>
</div>
<img src="${escapeHtml(openPixelUrl(opts.publicUrl, opts.sendId))}" width="1" height="1" alt="" style="display:block;border:0">
</body></html>`;
  return { text, html };
}
