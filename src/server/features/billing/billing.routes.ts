import { createRoute, z } from '@hono/zod-openapi';
import { ADD_ON_TEXT, addOnPurchaseSchema } from '../../../shared/add-ons';
import { planChangeSchema } from '../../../shared/billing';
import { SUBSCRIPTION_TIERS } from '../../../shared/constants';
import { requireOwner, requireUser } from '../../access/guards';
import { conflict } from '../../http/errors';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { addOnPurchaseFields } from './add-ons.openapi';
import { buyAddOn, listAddOns } from './add-ons.service';
import { applyPlan, getBilling } from './billing.service';
import { recordDuePeriods } from './promotion.service';
import {
  cancelBooster,
  openCustomerPortal,
  STRIPE_BILLING_TEXT,
  startAddOnCheckout,
  startSubscriptionCheckout,
} from './stripe-billing.service';

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
    prices: z.object({ starter: z.number().int(), pro: z.number().int(), elite: z.number().int() }),
    promotion: z
      .object({
        percentOff: z.number().int(),
        months: z.number().int(),
        state: z.enum(['offered', 'applied']),
        endsAt: z.string().nullable(),
      })
      .nullable(),
    charges: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['subscription', 'add_on']),
        description: z.string(),
        periodStart: z.string().nullable(),
        listPriceCents: z.number().int(),
        discountCents: z.number().int(),
        amountCents: z.number().int(),
        createdAt: z.string(),
      }),
    ),
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
  responses: {
    200: json(z.object({ url: z.string() })),
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

const addOnSchema = z
  .object({
    ...addOnPurchaseFields,
    currentPeriodEnd: z.string().nullable(),
    endsAt: z.string().nullable(),
  })
  .openapi('AddOnPurchase');

const addOnsRoute = createRoute({
  method: 'get',
  path: '/add-ons',
  tags: ['Billing'],
  summary: "The business's latest 50 add-on purchases (§9), newest first (nextCursor is null)",
  responses: { 200: json(listOf(addOnSchema)), 401: errorResponses[401] },
});
const buyAddOnRoute = createRoute({
  method: 'post',
  path: '/add-ons',
  tags: ['Billing'],
  summary:
    'Buy an add-on: white-label setup, the CRM booster pack or NFC tap tags (recorded at once in test mode)',
  middleware: [requireOwner] as const,
  request: { body: { content: { 'application/json': { schema: addOnPurchaseSchema } }, required: true } },
  responses: {
    201: json(addOnSchema, 'Bought'),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

const addOnCheckoutRoute = createRoute({
  method: 'post',
  path: '/add-ons/checkout',
  tags: ['Billing'],
  summary:
    'Stripe Checkout for an add-on (one-time payment, or the CRM booster as a subscription); the webhook records it',
  middleware: [requireOwner] as const,
  request: { body: { content: { 'application/json': { schema: addOnPurchaseSchema } }, required: true } },
  responses: {
    200: json(z.object({ url: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});
const cancelAddOnRoute = createRoute({
  method: 'post',
  path: '/add-ons/{id}/cancel',
  tags: ['Billing'],
  summary:
    'Cancel the CRM booster pack at the end of its month (with Stripe, Stripe is asked and its webhook records it)',
  middleware: [requireOwner] as const,
  request: { params: idParamSchema },
  responses: {
    200: json(z.object({ purchase: addOnSchema, viaStripe: z.boolean() })),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const billingRoutes = createRouter();
billingRoutes.use('*', requireUser);

export const billingApi = billingRoutes
  .openapi(getRoute, async (c) => {
    const { db, payments } = c.var.deps;
    // The test-mode billing records the monthly periods that have begun when the business looks (decision 0951);
    // with Stripe, Stripe invoices them.
    if (payments.kind !== 'stripe' || !payments.billing) await recordDuePeriods(db, c.var.businessId);
    return c.json(await getBilling(db, c.var.businessId, c.var.memberRole, payments.kind), 200);
  })
  .openapi(addOnsRoute, async (c) =>
    c.json(wholeList(await listAddOns(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(buyAddOnRoute, async (c) => {
    const { payments } = c.var.deps;
    // With Stripe Billing, add-ons are paid on Stripe Checkout and recorded by its webhook (docs/decisions/1156).
    if (payments.kind === 'stripe' && payments.billing) throw conflict(ADD_ON_TEXT.useCheckout);
    return c.json(await buyAddOn(c.var.deps, c.var.businessId, c.req.valid('json')), 201);
  })
  .openapi(addOnCheckoutRoute, async (c) => {
    const { url } = await startAddOnCheckout(c.var.deps, c.var.businessId, c.req.valid('json'));
    return c.json({ url }, 200);
  })
  .openapi(cancelAddOnRoute, async (c) =>
    c.json(await cancelBooster(c.var.deps, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(checkoutRoute, async (c) => {
    const { url } = await startSubscriptionCheckout(c.var.deps, c.var.businessId, c.req.valid('json').plan);
    return c.json({ url }, 200);
  })
  .openapi(portalRoute, async (c) => c.json(await openCustomerPortal(c.var.deps, c.var.businessId), 200))
  .openapi(changePlanRoute, async (c) => {
    const { db, payments } = c.var.deps;
    // With Stripe Billing the plan follows the subscription's webhooks, never a direct change (docs/decisions/0832).
    if (payments.kind === 'stripe' && payments.billing) throw conflict(STRIPE_BILLING_TEXT.useCheckout);
    // Franchise has no self-serve price (§9): an admin assigns it (docs/decisions/0952).
    if (c.req.valid('json').plan === 'franchise') throw conflict(STRIPE_BILLING_TEXT.noPrice);
    await applyPlan(db, c.var.businessId, c.req.valid('json').plan, { active: true });
    return c.json(await getBilling(db, c.var.businessId, c.var.memberRole, payments.kind), 200);
  });
