import { Hono } from 'hono';
import type { AppEnv } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { WebhookSignatureError } from '../../../providers/payments/payments';
import {
  handleAddOnCheckout,
  handleAddOnSubscriptionEvent,
  handleSubscriptionEvent,
} from '../../billing/stripe-billing.service';
import { completeDocumentCheckout } from '../../invoices/document-payments.service';
import { handleMembershipEvent, isMembershipEvent } from '../../memberships/membership-webhooks';
import { handleConnectEvent } from '../../payouts/connect-webhooks';
import { handleSeriesSetupEvent } from '../../series/series-booking.service';
import { completeBooking } from './checkout.service';

/**
 * Stripe's signed `checkout.session.completed` (STRIPE_WEBHOOK_SECRET). It completes the booking exactly like
 * /booking-success does, so a customer who closes the tab after paying is still booked.
 */
export const stripeWebhook = new Hono<AppEnv>().post('/', async (c) => {
  const { payments } = c.var.deps;
  if (payments.kind !== 'stripe' || !payments.verifyWebhook) {
    return c.json({ error: { message: 'Stripe is not configured' } }, 404);
  }
  const raw = await c.req.text();
  let event: ReturnType<NonNullable<typeof payments.verifyWebhook>>;
  try {
    event = payments.verifyWebhook(raw, c.req.header('stripe-signature'));
  } catch (err) {
    if (err instanceof WebhookSignatureError) return c.json({ error: { message: err.message } }, 400);
    throw err;
  }
  if (event.type === 'ignored') return c.json({ received: true, ignored: event.eventType }, 200);
  // A repeat-visit series' saved card (decision 1258): activated once, whichever event comes first.
  if (event.type === 'series.setup.completed')
    return c.json(await handleSeriesSetupEvent(c.var.deps, event), 200);
  // Maintenance plans of the business's customers (issue 32).
  if (isMembershipEvent(event)) return c.json(await handleMembershipEvent(c.var.deps, event), 200);
  if (event.type === 'subscription.checkout.completed' || event.type === 'subscription.updated')
    return c.json(await handleSubscriptionEvent(c.var.deps, event), 200);
  // The §9 add-ons sold through Stripe Billing (docs/decisions/1156).
  if (event.type === 'add_on.checkout.completed')
    return c.json(await handleAddOnCheckout(c.var.deps, event), 200);
  if (event.type === 'add_on.subscription.updated')
    return c.json(await handleAddOnSubscriptionEvent(c.var.deps, event), 200);
  if (event.type !== 'checkout.completed') return c.json(await handleConnectEvent(c.var.deps, event), 200);
  try {
    // Quote deposits and invoice payments have their own sessions (docs/decisions/0503).
    if (!(await completeDocumentCheckout(c.var.deps, event.sessionId)))
      await completeBooking(c.var.deps, event.sessionId);
  } catch (err) {
    // A taken slot (refunded) or an unpaid/unknown session is final: acknowledge so Stripe stops retrying.
    if (err instanceof AppError && err.status !== 429) {
      console.warn(`Stripe webhook for ${event.sessionId}: ${err.message}`);
      return c.json({ received: true, outcome: err.message }, 200);
    }
    throw err; // 500: Stripe retries later
  }
  return c.json({ received: true }, 200);
});
