import { Hono } from 'hono';
import { html } from 'hono/html';
import { formatCents } from '../../../shared/money';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import {
  type DocumentCheckoutRow,
  findDocumentCheckout,
  markDocumentTestCheckout,
} from './document-payments.service';

// The test checkout's hosted page for quote deposits and invoices. Mounted on /checkout/test before the booking
// checkout's page: a session id that is not a document checkout falls through to it (next()).

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
.banner{background:#f59e0b;color:#1c1917;text-align:center;font-weight:700;padding:10px 16px}main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px}h1{font-size:20px;margin:0 0 4px}.muted{color:#475569;font-size:14px;margin:0}
.amount{font-size:40px;font-weight:800;font-variant-numeric:tabular-nums;margin:16px 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#64748b}dd{margin:0}
.actions{display:grid;gap:10px;margin-top:20px}button{width:100%;height:48px;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer;border:1px solid #cbd5e1;background:#fff}
.pay{background:#2563eb;color:#fff;border-color:#2563eb}.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:10px;padding:12px;margin-top:16px;font-size:14px}`;

function checkoutPage(row: DocumentCheckoutRow, error?: string) {
  const base = `/checkout/test/${encodeURIComponent(row.providerSessionId)}`;
  const total = row.amountCents + row.tipCents;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" /><title>Pay · ShineRoute test checkout</title><style>${STYLE}</style></head>
<body><header><div class="banner" role="note">Test mode — no real payment is taken</div></header><main><div class="card">
<h1>${row.description}</h1><p class="muted">Test mode: press Pay to simulate a successful card payment.</p>
<p class="amount" data-testid="checkout-amount">${formatCents(total)}</p>
<dl><dt>${row.purpose === 'deposit' ? 'Deposit' : 'Invoice balance'}</dt><dd>${formatCents(row.amountCents)}</dd>
${row.tipCents > 0 ? html`<dt>Tip</dt><dd>${formatCents(row.tipCents)}</dd>` : ''}</dl>
${error ? html`<div class="error" role="alert">${error}</div>` : ''}
${
  row.status === 'open'
    ? html`<div class="actions"><form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${formatCents(total)}</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form></div>`
    : html`<p style="margin-top:16px"><a href="${row.returnUrl}">Back</a></p>`
}
</div></main></body></html>`;
}

const returnTo = (row: DocumentCheckoutRow, paid: boolean) =>
  paid ? `${row.returnUrl}?session_id=${encodeURIComponent(row.providerSessionId)}` : row.returnUrl;

export const documentTestCheckoutPages = new Hono<AppEnv>()
  .get('/:sessionId', async (c, next) => {
    const row =
      c.var.deps.payments.kind === 'test'
        ? await findDocumentCheckout(c.var.deps.db, c.req.param('sessionId'))
        : null;
    if (!row) return next();
    c.header('Cache-Control', 'no-store');
    return c.html(checkoutPage(row));
  })
  .post('/:sessionId/:action{pay|cancel}', async (c, next) => {
    const row =
      c.var.deps.payments.kind === 'test'
        ? await findDocumentCheckout(c.var.deps.db, c.req.param('sessionId'))
        : null;
    if (!row) return next();
    const action = c.req.param('action') as 'pay' | 'cancel';
    try {
      await markDocumentTestCheckout(c.var.deps.db, row, action);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return c.html(checkoutPage(row, err.message), 409);
    }
    const fresh = (await findDocumentCheckout(c.var.deps.db, row.providerSessionId))!;
    return c.redirect(returnTo(fresh, fresh.status === 'paid' || fresh.status === 'completed'), 303);
  });
