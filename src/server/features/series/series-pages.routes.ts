import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { formatCents } from '../../../shared/money';
import { REPEAT_LABELS, type RepeatWeeks } from '../../../shared/series';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { activateSeries, seriesOfSession } from './series-booking.service';

// The test checkout's card-saving page for repeat visits (what Stripe Checkout in setup mode is in production), and
// the page Stripe returns to: both activate the series and take the customer to the manage page of the first visit.

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>${title} · ShineRoute test checkout</title>
<style>
  *{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f5f9;color:#0f172a}
  .banner{background:#f59e0b;color:#1c1917;text-align:center;font-weight:700;padding:10px 16px}
  main{max-width:440px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px}
  h1{font-size:20px;margin:0 0 4px}p{margin:0}.muted{color:#475569;font-size:14px}
  dl{margin:16px 0;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#64748b}dd{margin:0}
  button{width:100%;height:48px;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer;border:0;background:#2563eb;color:#fff;margin-top:20px}
  button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
  .error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:10px;padding:12px;margin-top:16px;font-size:14px}
  a{color:#2563eb}
</style>
</head>
<body>
<header><div class="banner" role="note">Test mode — no card is stored and no money moves</div></header>
<main>${body}</main>
</body>
</html>`;
}

const notFoundPage = () =>
  page(
    'Not found',
    html`<div class="card"><h1>Checkout not found</h1><p class="muted">This link is not valid.</p>
      <p style="margin-top:16px"><a href="/book">Make a booking</a></p></div>`,
  );

type Series = NonNullable<Awaited<ReturnType<typeof seriesOfSession>>>;

function setupPage(s: Series, error?: string) {
  return page(
    'Save your card',
    html`<div class="card">
      <h1>Save a card for your repeat visits</h1>
      <p class="muted">Nothing is charged now: each visit is charged after it is completed.</p>
      <dl>
        <dt>Service</dt><dd>${s.serviceName}</dd>
        <dt>How often</dt><dd>${REPEAT_LABELS[s.intervalWeeks as RepeatWeeks]}</dd>
        <dt>Each visit</dt><dd>${formatCents(s.visitCents)}${s.discountCents > 0 ? ` (${formatCents(s.discountCents)} off)` : ''}</dd>
        <dt>Where</dt><dd>${s.locationAddress}</dd>
        <dt>Email</dt><dd>${s.email}</dd>
      </dl>
      ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
      <form method="post" action="/checkout/test-setup/${encodeURIComponent(s.providerSessionId ?? '')}/save">
        <button type="submit">Save card</button>
      </form>
    </div>`,
  );
}

async function finish(c: Context<AppEnv>, sessionId: string) {
  const { manageLink } = await activateSeries(c.var.deps, sessionId);
  return c.redirect(manageLink ?? '/book', 303);
}

export const seriesTestSetupPages = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (c.var.deps.payments.kind !== 'test') return c.html(notFoundPage(), 404);
    c.header('Cache-Control', 'no-store');
    // Same-origin, not no-referrer: under no-referrer Chromium sends "Origin: null" with the Save card form, and a
    // signed-in owner saving a phone-in customer's card (issue 32) was refused by the origin check (a cookie was
    // sent). The session id still never leaves this site in a Referer.
    c.header('Referrer-Policy', 'same-origin');
    await next();
  })
  .get('/:sessionId', async (c) => {
    const s = await seriesOfSession(c.var.deps.db, c.req.param('sessionId'));
    if (s?.provider !== 'test') return c.html(notFoundPage(), 404);
    return c.html(setupPage(s));
  })
  .post('/:sessionId/save', async (c) => {
    const sessionId = c.req.param('sessionId');
    const s = await seriesOfSession(c.var.deps.db, sessionId);
    if (s?.provider !== 'test') return c.html(notFoundPage(), 404);
    try {
      return await finish(c, sessionId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return c.html(setupPage(s, err.message), err.status === 404 ? 404 : 409);
    }
  });

/** Stripe's return from the setup page: the session is asked (never the browser) whether the card was saved. */
export const seriesSavedPage = new Hono<AppEnv>().get('/saved', async (c) => {
  const sessionId = c.req.query('session_id') ?? '';
  const s = sessionId ? await seriesOfSession(c.var.deps.db, sessionId) : null;
  if (!s) return c.html(notFoundPage(), 404);
  try {
    return await finish(c, sessionId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return c.html(setupPage(s, err.message), err.status === 404 ? 404 : 409);
  }
});
