import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { TIP_PERCENTS, tipCents } from '../../../shared/document-money';
import { REWARD_CATEGORY_LABELS } from '../../../shared/loyalty.schemas';
import type { LoyaltyWallet } from '../../../shared/loyalty-redeem';
import { formatCents } from '../../../shared/money';
import { DOCUMENT_CSS, documentBody } from './document-render';
import type { InvoicePageData, QuotePageData } from './public-documents.service';

// The HTML of the customer's quote and pay pages (decision 0503): plain forms that work with JavaScript off.

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export type PageMessage = { kind: 'ok' | 'error' | 'info'; text: string };

const PAGE_CSS = `${DOCUMENT_CSS}
.panel{max-width:760px;margin:0 auto 24px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px}
.panel h2{font-size:17px;margin-bottom:8px}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}.actions form{flex:1 1 200px}
button{width:100%;min-height:48px;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer;border:1px solid transparent;padding:0 16px}
.primary{background:#2563eb;color:#fff}.primary:hover{background:#1d4ed8}.secondary{background:#fff;color:#0f172a;border-color:#cbd5e1}
button:focus-visible,input:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.notice{border-radius:10px;padding:12px;font-size:15px;margin-bottom:12px}.ok{background:#f0fdf4;border:1px solid #bbf7d0;color:#14532d}
.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b}.info{background:#eff6ff;border:1px solid #bfdbfe;color:#1e3a8a}
fieldset{border:0;padding:0;margin:0}legend{font-weight:700;margin-bottom:8px}
.tips{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:8px}
.tips label{display:flex;align-items:center;gap:8px;border:1px solid #cbd5e1;border-radius:10px;padding:10px;font-size:15px;cursor:pointer}
.tips label:has(input:checked){border-color:#2563eb;background:#eff6ff}
.rewards{display:grid;gap:8px}.rewards label{display:flex;align-items:flex-start;gap:10px;border:1px solid #cbd5e1;border-radius:10px;padding:10px;font-size:15px;cursor:pointer}
.rewards label:has(input:checked){border-color:#2563eb;background:#eff6ff}.rewards label.off{opacity:.55;cursor:not-allowed}
.code{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}.code input{height:48px;border:1px solid #cbd5e1;border-radius:10px;padding:0 12px;font-size:20px;letter-spacing:.2em;width:11ch}
.code button{width:auto;flex:1 1 140px}
.custom{display:flex;align-items:center;gap:8px;margin-top:8px}.custom input{height:44px;border:1px solid #cbd5e1;border-radius:10px;padding:0 10px;font-size:16px;width:140px}
@media (max-width:520px){.panel{border-radius:0;border-left:0;border-right:0}}
`;

function page(title: string, body: Html) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<title>${title}</title>
<style>${raw(PAGE_CSS)}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export const notFoundPage = (what: string) =>
  page(
    'Not found',
    html`<div class="panel" style="margin-top:24px"><h1>${what} not found</h1><p class="muted">This link is not valid. Please contact the business that sent it.</p></div>`,
  );

const notice = (kind: 'ok' | 'error' | 'info', text: string) =>
  html`<div class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</div>`;

function tipOptions(subtotalCents: number) {
  const option = (value: string, label: string, checked = false) =>
    html`<label><input type="radio" name="tip" value="${value}" ${checked ? raw('checked') : ''} /> ${label}</label>`;
  return html`<fieldset><legend>Add a tip?</legend><div class="tips">
    ${option('none', 'No tip', true)}
    ${TIP_PERCENTS.map((p) => option(String(p), `${p}% (${formatCents(tipCents({ kind: 'percent', percent: p }, subtotalCents))})`))}
    ${option('custom', 'Custom')}
  </div>
  <div class="custom"><label for="custom-tip">Custom tip ($)</label><input id="custom-tip" name="customTip" inputmode="decimal" placeholder="0.00" /></div>
  </fieldset>`;
}

/** The pay page's loyalty step (docs/decisions/0710): ask for a code, enter it, then pick a reward. */
export type LoyaltyStep =
  | { step: 'code'; text: string }
  | { step: 'rewards'; wallet: LoyaltyWallet }
  | { step: 'error'; text: string; after: 'code' | 'start' };

const maskEmail = (email: string) =>
  email.replace(/^(.).*(@.*)$/, (_m, first: string, domain: string) => `${first}•••${domain}`);

function loyaltyPanel(base: string, email: string, loyalty?: LoyaltyStep) {
  const codeForm = html`<form method="post" action="${base}/loyalty/verify" class="code">
      <div><label for="loyalty-code">6-digit code</label><br /><input id="loyalty-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required /></div>
      <button class="primary" type="submit">Verify code</button>
    </form>`;
  const start = html`<p class="muted">Have loyalty points? We'll email a one-time code to ${maskEmail(email)} to use them here.</p>
    <form method="post" action="${base}/loyalty/send"><div class="actions"><button class="secondary" type="submit">Use my loyalty points</button></div></form>`;
  if (!loyalty) return start;
  if (loyalty.step === 'error')
    return html`${notice('error', loyalty.text)}${loyalty.after === 'code' ? codeForm : start}`;
  if (loyalty.step === 'code') return html`${notice('info', loyalty.text)}${codeForm}`;
  const { wallet } = loyalty;
  const usable = wallet.rewards.filter((r) => r.category !== 'product');
  const any = usable.some((r) => r.affordable);
  return html`<p><strong>You have ${wallet.availablePoints} points available.</strong></p>
    <form method="post" action="${base}/loyalty/redeem">
      <input type="hidden" name="loyaltyToken" value="${wallet.token}" />
      <fieldset><legend>Choose a reward</legend><div class="rewards">
      ${usable.map(
        (
          r,
        ) => html`<label class="${r.affordable ? '' : 'off'}"><input type="radio" name="rewardId" value="${r.id}" ${r.affordable ? '' : raw('disabled')} required />
          <span><strong>${r.name}</strong> · ${formatCents(r.valueCents)} off · ${r.pointsRequired} points<br /><span class="muted">${REWARD_CATEGORY_LABELS[r.category]}${r.affordable ? '' : ' · not enough points yet'}</span></span></label>`,
      )}
      </div></fieldset>
      ${any ? html`<div class="actions"><button class="primary" type="submit">Apply reward</button></div>` : html`<p class="muted">No reward fits your points yet.</p>`}
    </form>`;
}

export function quotePageHtml(data: QuotePageData, token: string, message?: PageMessage) {
  const { quote, business, view, qr, problem } = data;
  const base = `/quote/${encodeURIComponent(token)}`;
  let panel: Html;
  if (!problem) {
    const accept =
      quote.depositCents > 0
        ? html`<form method="post" action="${base}/deposit"><button class="primary" type="submit">Accept &amp; pay deposit (${formatCents(quote.depositCents)})</button></form>`
        : html`<form method="post" action="${base}/accept"><button class="primary" type="submit">Accept quote</button></form>`;
    panel = html`<h2>Do you accept this quote from ${business.name}?</h2>
      <p class="muted">Total ${formatCents(quote.totalCents)}${quote.depositCents > 0 ? `, deposit ${formatCents(quote.depositCents)} due now` : ''}.</p>
      <div class="actions">${accept}<form method="post" action="${base}/decline"><button class="secondary" type="submit">Decline</button></form></div>`;
  } else if (quote.status === 'accepted') {
    panel = notice('ok', `You accepted this quote. ${business.name} will be in touch.`);
  } else if (quote.status === 'invoiced') {
    panel = html`${notice('ok', 'You accepted this quote and it has been invoiced.')}
      ${data.invoicePath ? html`<p><a href="${data.invoicePath}">View and pay your invoice</a></p>` : ''}`;
  } else if (quote.status === 'declined') {
    panel = notice('info', 'You declined this quote.');
  } else {
    panel = notice('info', problem);
  }
  return page(
    `Quote from ${business.name}`,
    html`<div style="padding-top:8px">${documentBody(view, qr)}</div>
      <section class="panel" aria-label="Your answer">${message ? notice(message.kind, message.text) : ''}${panel}</section>`,
  );
}

export function invoicePageHtml(
  data: InvoicePageData,
  token: string,
  message?: PageMessage,
  loyalty?: LoyaltyStep,
) {
  const { inv, business, view, qr, offersRewards } = data;
  const balance = data.balanceCents;
  let panel: Html;
  if (inv.status === 'void') panel = notice('info', 'This invoice has been voided; nothing is due.');
  else if (balance <= 0) panel = notice('ok', 'Paid in full. Thank you!');
  else
    panel = html`<h2>Pay ${formatCents(balance)} to ${business.name}</h2>
      <form method="post" action="/pay/${encodeURIComponent(token)}/checkout">
        ${tipOptions(inv.subtotalCents)}
        <div class="actions"><button class="primary" type="submit">Pay now</button></div>
      </form>`;
  return page(
    `Invoice from ${business.name}`,
    // Rewards come before Pay now, so a customer sees them before paying the whole balance.
    html`<div style="padding-top:8px">${documentBody(view, qr)}</div>
      ${offersRewards ? html`<section class="panel" aria-label="Loyalty rewards"><h2>Loyalty rewards</h2>${loyaltyPanel(`/pay/${encodeURIComponent(token)}`, inv.customerEmail, loyalty)}</section>` : ''}
      <section class="panel" aria-label="Payment">${message ? notice(message.kind, message.text) : ''}${panel}</section>`,
  );
}
