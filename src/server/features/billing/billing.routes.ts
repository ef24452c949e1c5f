import { createRoute, z } from '@hono/zod-openapi';
import { SUBSCRIPTION_TIERS } from '../../../shared/constants';
import { planChangeSchema } from '../../../shared/billing';
import { requireOwner, requireUser } from '../../auth/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { conflict } from '../../http/errors';
import { applyPlan, getBilling } from './billing.service';
import { openCustomerPortal, STRIPE_BILLING_TEXT, startSubscriptionCheckout } from './stripe-billing.service';

const billingSchema = z
  .object({
    businessName: z.string().nullable(),
    memberRole: z.enum(['owner', 'technician']),
    plan: z.enum(SUBSCRIPTION_TIERS),
    state: z.enum(['trialing', 'active', 'lapsed']),
    subscriptionActive: z.boolean(),
    trialEndsAt: z.string().nullable(),
    trialDaysLeft: z.number().int(),
    seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    mode: z.enum(['test', 'stripe']),
  })
  .openapi('Billing');

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Billing'],
  summary: "The session's business, the user's role in it, its plan, trial and seats",
  responses: { 200: json(billingSchema), 401: errorResponses[401] },
});

const changePlanRoute = createRoute({
  method: 'put',
  path: '/plan',
  tags: ['Billing'],
  summary: 'Change plan (recorded at once in test mode)',
  middleware: [requireOwner] as const,
  request: { body: { content: { 'application/json': { schema: planChangeSchema } }, required: true } },
  responses: {
    200: json(billingSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/checkout',
  tags: ['Billing'],
  summary: 'Stripe Checkout for a plan (subscription); the plan changes when Stripe confirms it',
  middleware: [requireOwner] as const,
  request: { body: { content: { 'application/json': { schema: planChangeSchema } }, required: true } },
  responses: {
    200: json(z.object({ url: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

const portalRoute = createRoute({
  method: 'post',
  path: '/portal',
  tags: ['Billing'],
  summary: "A link to Stripe's customer portal for the business's subscription",
  middleware: [requireOwner] as const,
  responses: { 200: json(z.object({ url: z.string() })), 401: errorResponses[401], 403: errorResponses[403], 409: errorResponses[409] },
});

export const billingRoutes = createRouter();
billingRoutes.use('*', requireUser);

export const billingApi = billingRoutes
  .openapi(getRoute, async (c) =>
    c.json(await getBilling(c.var.deps.db, c.var.businessId, c.var.memberRole, c.var.deps.payments.kind), 200),
  )
  .openapi(checkoutRoute, async (c) => {
    const { url } = await startSubscriptionCheckout(c.var.deps, c.var.businessId, c.req.valid('json').plan);
    return c.json({ url }, 200);
  })
  .openapi(portalRoute, async (c) => c.json(await openCustomerPortal(c.var.deps, c.var.businessId), 200))
  .openapi(changePlanRoute, async (c) => {
    const { db, payments } = c.var.deps;
    // With Stripe Billing the plan follows the subscription's webhooks, never a direct change (docs/decisions/832).
    if (payments.kind === 'stripe' && payments.billing) throw conflict(STRIPE_BILLING_TEXT.useCheckout);
    await applyPlan(db, c.var.businessId, c.req.valid('json').plan, { active: true });
    return c.json(await getBilling(db, c.var.businessId, c.var.memberRole, payments.kind), 200);
  });
