import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { TIP_PERCENTS, type TipChoice, tipCents } from '../../../shared/document-money';
import { REWARD_CATEGORY_LABELS } from '../../../shared/loyalty.schemas';
import type { LoyaltyWallet } from '../../../shared/loyalty-redeem';
import { dollarsToCents, formatCents } from '../../../shared/money';
import { invoices } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { offersLoyalty } from '../loyalty/loyalty-plan';
import { listRewards } from '../loyalty/rewards.service';
import {
  completeInvoicePayment,
  completeQuoteDeposit,
  findDocumentCheckout,
  redeemRewardOnInvoice,
  refundNotice,
  sendInvoiceRedeemCode,
  startDepositCheckout,
  startInvoiceCheckout,
  verifyInvoiceRedeemCode,
} from './document-payments.service';
import { DOCUMENT_CSS, documentBody, qrDataUrl } from './document-render';
import { invoiceView, quoteView } from './document-views';
import { documentBusiness, invoicePageUrl } from './documents';
import { answerProblem, answerQuote, findQuoteByToken } from './quotes.service';

// The customer's pages, reached only by a document's unguessable token: the quote (accept / decline / pay the
// deposit) at /quote/:token and the invoice (tip and pay) at /pay/:token. Server-rendered, so they work from an
// email or a QR code on any phone, with JavaScript off; they show that one document and nothing else.

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

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

const notFoundPage = (what: string) =>
  page(
    'Not found',
    html`<div class="panel" style="margin-top:24px"><h1>${what} not found</h1><p class="muted">This link is not valid. Please contact the business that sent it.</p></div>`,
  );

const notice = (kind: 'ok' | 'error' | 'info', text: string) =>
  html`<div class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</div>`;

const errorText = (err: unknown) => {
  if (err instanceof AppError) return err.message;
  throw err;
};

async function quotePage(
  c: { var: AppEnv['Variables'] },
  token: string,
  message?: { kind: 'ok' | 'error'; text: string },
) {
  const { db, publicUrl } = c.var.deps;
  const quote = await findQuoteByToken(db, token);
  if (!quote) return null;
  const business = await documentBusiness(db, quote.businessId);
  const view = quoteView(quote, business, publicUrl);
  const qr = view.link ? await qrDataUrl(view.link.url) : null;
  const base = `/quote/${encodeURIComponent(token)}`;
  const problem = answerProblem(quote);
  const [invoice] =
    quote.status === 'invoiced'
      ? await db.select({ token: invoices.publicToken }).from(invoices).where(eq(invoices.quoteId, quote.id))
      : [];
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
      ${invoice ? html`<p><a href="${invoicePageUrl('', invoice.token)}">View and pay your invoice</a></p>` : ''}`;
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
type LoyaltyStep =
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

async function invoicePage(
  c: { var: AppEnv['Variables'] },
  token: string,
  message?: { kind: 'ok' | 'error' | 'info'; text: string },
  loyalty?: LoyaltyStep,
) {
  const { db, publicUrl } = c.var.deps;
  const [inv] = /^[A-Za-z0-9_-]{20,64}$/.test(token)
    ? await db.select().from(invoices).where(eq(invoices.publicToken, token))
    : [];
  if (!inv) return null;
  const business = await documentBusiness(db, inv.businessId);
  const view = await invoiceView(db, inv, business, publicUrl);
  const qr = view.link ? await qrDataUrl(view.link.url) : null;
  const balance = inv.totalCents - inv.paidCents;
  let panel: Html;
  if (inv.status === 'void') panel = notice('info', 'This invoice has been voided; nothing is due.');
  else if (balance <= 0) panel = notice('ok', 'Paid in full. Thank you!');
  else
    panel = html`<h2>Pay ${formatCents(balance)} to ${business.name}</h2>
      <form method="post" action="/pay/${encodeURIComponent(token)}/checkout">
        ${tipOptions(inv.subtotalCents)}
        <div class="actions"><button class="primary" type="submit">Pay now</button></div>
      </form>`;
  const offersRewards =
    inv.status !== 'void' &&
    balance > 0 &&
    (await offersLoyalty(db, inv.businessId)) &&
    (await listRewards(db, inv.businessId, { activeOnly: true })).length > 0;
  return page(
    `Invoice from ${business.name}`,
    // Rewards come before Pay now, so a customer sees them before paying the whole balance.
    html`<div style="padding-top:8px">${documentBody(view, qr)}</div>
      ${offersRewards ? html`<section class="panel" aria-label="Loyalty rewards"><h2>Loyalty rewards</h2>${loyaltyPanel(`/pay/${encodeURIComponent(token)}`, inv.customerEmail, loyalty)}</section>` : ''}
      <section class="panel" aria-label="Payment">${message ? notice(message.kind, message.text) : ''}${panel}</section>`,
  );
}

function parseTip(form: Record<string, unknown>): TipChoice | string {
  const tip = String(form.tip ?? 'none');
  if (tip === 'none') return { kind: 'none' };
  if (tip === 'custom') {
    const cents = dollarsToCents(String(form.customTip ?? ''));
    return cents === null ? 'Enter a custom tip in dollars, e.g. 10 or 12.50' : { kind: 'custom', cents };
  }
  const percent = Number(tip);
  return (TIP_PERCENTS as readonly number[]).includes(percent)
    ? { kind: 'percent', percent }
    : 'Choose a tip';
}

// The token is the key: never cached, never sent on as a referrer.
const privatePage = async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
};

export const publicDocumentPages = new Hono<AppEnv>()
  .use('/quote/*', privatePage)
  .use('/pay/*', privatePage)
  .get('/quote/:token', async (c) => {
    const token = c.req.param('token');
    const sessionId = c.req.query('session_id');
    let message: { kind: 'ok' | 'error'; text: string } | undefined;
    if (sessionId) {
      const checkout = await findDocumentCheckout(c.var.deps.db, sessionId);
      const quote = await findQuoteByToken(c.var.deps.db, token);
      if (checkout && quote && checkout.quoteId === quote.id) {
        try {
          await completeQuoteDeposit(c.var.deps, sessionId);
          message = { kind: 'ok', text: 'Deposit received. Thank you, your quote is accepted!' };
        } catch (err) {
          message = { kind: 'error', text: errorText(err) };
        }
      }
    }
    const body = await quotePage(c, token, message);
    return body ? c.html(body) : c.html(notFoundPage('Quote'), 404);
  })
  .post('/quote/:token/:answer{accept|decline}', async (c) => {
    const token = c.req.param('token');
    try {
      await answerQuote(c.var.deps.db, token, c.req.param('answer') as 'accept' | 'decline');
      return c.redirect(`/quote/${encodeURIComponent(token)}`, 303);
    } catch (err) {
      const body = await quotePage(c, token, { kind: 'error', text: errorText(err) });
      return body ? c.html(body, 409) : c.html(notFoundPage('Quote'), 404);
    }
  })
  .post('/quote/:token/deposit', async (c) => {
    const token = c.req.param('token');
    try {
      const { url } = await startDepositCheckout(c.var.deps, token);
      return c.redirect(url, 303);
    } catch (err) {
      const body = await quotePage(c, token, { kind: 'error', text: errorText(err) });
      return body ? c.html(body, 409) : c.html(notFoundPage('Quote'), 404);
    }
  })
  .get('/pay/:token', async (c) => {
    const token = c.req.param('token');
    const sessionId = c.req.query('session_id');
    let message: { kind: 'ok' | 'error' | 'info'; text: string } | undefined;
    if (sessionId) {
      const checkout = await findDocumentCheckout(c.var.deps.db, sessionId);
      const [inv] = await c.var.deps.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.publicToken, token));
      if (checkout && inv && checkout.invoiceId === inv.id) {
        try {
          const settled = await completeInvoicePayment(c.var.deps, sessionId);
          // Told which: recorded, or (paid when nothing more was due) refunded in full (decision 0930).
          message =
            settled.outcome === 'recorded'
              ? { kind: 'ok', text: 'Payment received. A receipt is on its way to your email.' }
              : {
                  kind: 'info',
                  text: refundNotice(
                    settled.reason,
                    settled.amountCents,
                    settled.outcome === 'refund-pending',
                  ),
                };
        } catch (err) {
          message = { kind: 'error', text: errorText(err) };
        }
      }
    }
    if (!message && c.req.query('reward') === 'applied')
      message = { kind: 'ok', text: 'Your reward was applied to this invoice.' };
    const body = await invoicePage(c, token, message);
    return body ? c.html(body) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/send', async (c) => {
    const token = c.req.param('token');
    let step: LoyaltyStep;
    try {
      step = { step: 'code', text: (await sendInvoiceRedeemCode(c.var.deps, token)).message };
    } catch (err) {
      step = { step: 'error', text: errorText(err), after: 'start' };
    }
    const body = await invoicePage(c, token, undefined, step);
    return body ? c.html(body, step.step === 'error' ? 409 : 200) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/verify', async (c) => {
    const token = c.req.param('token');
    const form = await c.req.parseBody();
    let step: LoyaltyStep;
    try {
      step = {
        step: 'rewards',
        wallet: await verifyInvoiceRedeemCode(c.var.deps.db, token, String(form.code ?? '')),
      };
    } catch (err) {
      step = { step: 'error', text: errorText(err), after: 'code' };
    }
    const body = await invoicePage(c, token, undefined, step);
    return body ? c.html(body, step.step === 'error' ? 400 : 200) : c.html(notFoundPage('Invoice'), 404);
  })
  .post('/pay/:token/loyalty/redeem', async (c) => {
    const token = c.req.param('token');
    const form = await c.req.parseBody();
    try {
      await redeemRewardOnInvoice(c.var.deps, token, {
        loyaltyToken: String(form.loyaltyToken ?? ''),
        rewardId: String(form.rewardId ?? ''),
      });
      return c.redirect(`/pay/${encodeURIComponent(token)}?reward=applied`, 303);
    } catch (err) {
      const body = await invoicePage(c, token, undefined, {
        step: 'error',
        text: errorText(err),
        after: 'start',
      });
      return body
        ? c.html(body, err instanceof AppError ? (err.status as 400) : 409)
        : c.html(notFoundPage('Invoice'), 404);
    }
  })
  .post('/pay/:token/checkout', async (c) => {
    const token = c.req.param('token');
    const tip = parseTip(await c.req.parseBody());
    try {
      if (typeof tip === 'string') throw new AppError(400, tip);
      const { url } = await startInvoiceCheckout(c.var.deps, token, tip);
      return c.redirect(url, 303);
    } catch (err) {
      const body = await invoicePage(c, token, { kind: 'error', text: errorText(err) });
      return body
        ? c.html(body, err instanceof AppError && err.status === 400 ? 400 : 409)
        : c.html(notFoundPage('Invoice'), 404);
    }
  });
