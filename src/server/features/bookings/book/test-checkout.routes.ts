import { Hono } from 'hono';
import { html } from 'hono/html';
import { formatCents } from '../../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../../shared/pricing';
import { formatDateTimeInZone } from '../../../../shared/time';
import type { AppEnv } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { cancelTestCheckout, findCheckout, payTestCheckout } from './checkout.service';

// The built-in test checkout's hosted page (what Stripe Checkout is in production). Plain server-rendered HTML
// with two forms, so it works with JavaScript off and cannot be confused with the app: it says "Test mode".

type Checkout = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;

function page(opts: { title: string; body: ReturnType<typeof html> }) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>${opts.title} · ShineRoute test checkout</title>
<style>
  *{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
  .banner{background:#f59e0b;color:#1c1917;text-align:center;font-weight:700;padding:10px 16px;letter-spacing:.02em}
  main{max-width:440px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
  h1{font-size:20px;margin:0 0 4px}p{margin:0}.muted{color:#475569;font-size:14px}
  .amount{font-size:40px;font-weight:800;font-variant-numeric:tabular-nums;margin:16px 0 4px}
  dl{margin:16px 0;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#64748b}dd{margin:0}
  .actions{display:grid;gap:10px;margin-top:20px}
  button{width:100%;height:48px;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer;border:1px solid transparent}
  .pay{background:#2563eb;color:#fff}.pay:hover{background:#1d4ed8}
  .cancel{background:#fff;color:#0f172a;border-color:#cbd5e1}.cancel:hover{background:#f8fafc}
  button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
  .error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:10px;padding:12px;margin-top:16px;font-size:14px}
  .note{font-size:12px;color:#64748b;margin-top:16px;text-align:center}
  a{color:#2563eb}
</style>
</head>
<body>
<header><div class="banner" role="note">Test mode — no real payment is taken</div></header>
<main>${opts.body}</main>
</body>
</html>`;
}

function summary(c: Checkout) {
  const vehicle = [c.vehicleYear, c.vehicleMake, c.vehicleModel].filter(Boolean).join(' ');
  return html`<dl>
    <dt>Service</dt><dd>${c.serviceName}</dd>
    <dt>When</dt><dd>${formatDateTimeInZone(c.scheduledAt, c.timeZone)}</dd>
    <dt>Where</dt><dd>${c.locationAddress}</dd>
    <dt>Vehicle</dt><dd>${vehicle ? `${vehicle} (${VEHICLE_TYPE_LABELS[c.vehicleType]})` : VEHICLE_TYPE_LABELS[c.vehicleType]}</dd>
    <dt>Email</dt><dd>${c.email}</dd>
    ${c.tipCents > 0 ? html`<dt>Tip</dt><dd>${formatCents(c.tipCents)}</dd>` : ''}
  </dl>`;
}

function checkoutPage(c: Checkout, error?: string) {
  const base = `/checkout/test/${encodeURIComponent(c.providerSessionId)}`;
  if (c.status === 'cancelled') {
    return page({
      title: 'Checkout cancelled',
      body: html`<div class="card"><h1>Checkout cancelled</h1><p class="muted">Nothing was charged.</p>
        <p style="margin-top:16px"><a href="/book">Make a booking</a></p></div>`,
    });
  }
  if (c.paidAt) {
    return page({
      title: 'Paid',
      body: html`<div class="card"><h1>Payment received</h1><p class="muted">${formatCents(c.amountCents + c.tipCents)} paid in test mode.</p>
        <p style="margin-top:16px"><a href="/booking-success?session_id=${encodeURIComponent(c.providerSessionId)}">View your booking</a></p></div>`,
    });
  }
  return page({
    title: 'Pay',
    body: html`<div class="card">
      <h1>Pay for your detailing</h1>
      <p class="muted">Test mode: press Pay to simulate a successful card payment.</p>
      <p class="amount" data-testid="checkout-amount">${formatCents(c.amountCents + c.tipCents)}</p>
      ${summary(c)}
      ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
      <div class="actions">
        <form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${formatCents(c.amountCents + c.tipCents)}</button></form>
        <form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
      </div>
      <p class="note">ShineRoute test checkout · set STRIPE_SECRET_KEY to take real payments with Stripe</p>
    </div>`,
  });
}

const notFoundPage = () =>
  page({
    title: 'Not found',
    body: html`<div class="card"><h1>Checkout not found</h1><p class="muted">This payment link is not valid.</p>
      <p style="margin-top:16px"><a href="/book">Make a booking</a></p></div>`,
  });

export const testCheckoutPages = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    // Only while the built-in test checkout is the payment provider.
    if (c.var.deps.payments.kind !== 'test') return c.html(notFoundPage(), 404);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    await next();
  })
  .get('/:sessionId', async (c) => {
    const checkout = await findCheckout(c.var.deps.db, c.req.param('sessionId'));
    if (checkout?.provider !== 'test') return c.html(notFoundPage(), 404);
    return c.html(checkoutPage(checkout));
  })
  .post('/:sessionId/pay', async (c) => {
    const sessionId = c.req.param('sessionId');
    try {
      const { redirect } = await payTestCheckout(c.var.deps, sessionId);
      return c.redirect(redirect, 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const checkout = await findCheckout(c.var.deps.db, sessionId);
      if (!checkout) return c.html(notFoundPage(), 404);
      return c.html(checkoutPage(checkout, err.message), err.status === 404 ? 404 : 409);
    }
  })
  .post('/:sessionId/cancel', async (c) => {
    try {
      const { redirect } = await cancelTestCheckout(c.var.deps, c.req.param('sessionId'));
      return c.redirect(redirect, 303);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return c.html(notFoundPage(), 404);
      throw err;
    }
  });
