import { createRoute, z } from '@hono/zod-openapi';
import { LEDGER_KINDS, PAYOUT_STATUSES } from '../../../shared/payouts';
import { todayInZone } from '../../../shared/time';
import { requireAdmin, requireOwner, requireUser } from '../../access/guards';
import { readDbOf } from '../../http/context';
import { conflict } from '../../http/errors';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { businessTimeZone } from '../bookings/bookings.service';
import { platformFeeRevenue } from './ledger.service';
import { configurePayments, paymentAccountStatus, refreshStripeAccount } from './payment-accounts.service';
import { payOutTestBalance } from './payouts.service';
import { getPayout, ledgerCsv, listLedger, payoutsOverview } from './payouts-view.service';

const tags = ['Payouts'];

export const accountStatusSchema = z
  .object({
    provider: z.enum(['test', 'stripe']),
    mode: z.enum(['test', 'stripe']).nullable(),
    detailsSubmitted: z.boolean(),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    canTakeCharges: z.boolean(),
    reason: z.string().nullable(),
    // The profile lacks the business name or email that receipts carry.
    receiptDetailsMissing: z.boolean(),
  })
  .openapi('PaymentAccountStatus');

const entrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    amountCents: z.number().int(),
    documentType: z.string(),
    documentId: z.string(),
    description: z.string(),
    createdAt: z.string(),
  })
  .openapi('LedgerEntry');

const payoutSchema = z
  .object({
    id: z.string(),
    amountCents: z.number().int(),
    status: z.enum(PAYOUT_STATUSES),
    arrivalDate: z.string(),
    createdAt: z.string(),
  })
  .openapi('Payout');

const overviewSchema = z
  .object({
    account: accountStatusSchema,
    balanceCents: z.number().int(),
    totals: z.object({
      chargesCents: z.number().int(),
      tipsCents: z.number().int(),
      feesCents: z.number().int(),
      refundsCents: z.number().int(),
      leadChargesCents: z.number().int(),
      paidOutCents: z.number().int(),
    }),
    nextTestPayoutCents: z.number().int(),
    upcoming: z.array(payoutSchema),
    past: z.array(payoutSchema),
  })
  .openapi('PayoutsOverview');

const overviewRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The business's balance, totals, and upcoming and past payouts",
  responses: { 200: json(overviewSchema), 401: errorResponses[401] },
});
const accountRoute = createRoute({
  method: 'get',
  path: '/account',
  tags,
  summary: "The business's connected account: details submitted, charges and payouts enabled",
  responses: { 200: json(accountStatusSchema), 401: errorResponses[401] },
});
const configureRoute = createRoute({
  method: 'post',
  path: '/account',
  tags,
  summary: 'Configure payment: the test-mode account without Stripe, else a Stripe Connect onboarding link',
  responses: {
    200: json(
      z.object({
        mode: z.enum(['test', 'stripe']),
        onboardingUrl: z.string().nullable(),
        account: accountStatusSchema,
      }),
    ),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});
const refreshRoute = createRoute({
  method: 'post',
  path: '/account/refresh',
  tags,
  summary: "Re-read the connected account's state from Stripe (after onboarding returns)",
  responses: { 200: json(accountStatusSchema), 401: errorResponses[401], 403: errorResponses[403] },
});
const ledgerRoute = createRoute({
  method: 'get',
  path: '/ledger',
  tags,
  summary: "The business's ledger entries, newest first",
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(entrySchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const ledgerCsvRoute = createRoute({
  method: 'get',
  path: '/ledger.csv',
  tags,
  summary: 'The whole ledger as a CSV download',
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    401: errorResponses[401],
  },
});
const payoutRoute = createRoute({
  method: 'get',
  path: '/history/{id}',
  tags,
  summary: 'One payout and its ledger entries',
  request: { params: idParamSchema },
  responses: {
    200: json(payoutSchema.extend({ entries: z.array(entrySchema) })),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const testPayoutRoute = createRoute({
  method: 'post',
  path: '/test-payout',
  tags,
  summary: "Test mode: run today's simulated payout now",
  responses: {
    200: json(z.object({ payout: payoutSchema.nullable() })),
    401: errorResponses[401],
    403: errorResponses[403],
    409: errorResponses[409],
  },
});

export const payoutsRoutes = createRouter();
payoutsRoutes.use('*', requireUser);
// The business's money is the owner's: technicians get 403 on reads as well as writes — except whether online
// payments are on (the dashboard's checklist).
payoutsRoutes.use('*', (c, next) =>
  c.req.method === 'GET' && c.req.path.endsWith('/payouts/account') ? next() : requireOwner(c, next),
);

export const payoutsApi = payoutsRoutes
  .openapi(overviewRoute, async (c) => c.json(await payoutsOverview(c.var.deps, c.var.businessId), 200))
  .openapi(accountRoute, async (c) => c.json(await paymentAccountStatus(c.var.deps, c.var.businessId), 200))
  .openapi(configureRoute, async (c) => {
    const result = await configurePayments(c.var.deps, c.var.businessId);
    return c.json({ ...result, account: await paymentAccountStatus(c.var.deps, c.var.businessId) }, 200);
  })
  .openapi(refreshRoute, async (c) => {
    await refreshStripeAccount(c.var.deps, c.var.businessId);
    return c.json(await paymentAccountStatus(c.var.deps, c.var.businessId), 200);
  })
  .openapi(ledgerRoute, async (c) =>
    c.json(await listLedger(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(ledgerCsvRoute, async (c) => {
    const { db } = c.var.deps;
    // An export, from the read replica when there is one (decision 1322).
    const csv = await ledgerCsv(readDbOf(c.var.deps), c.var.businessId);
    // Named by the business's today, not UTC's.
    const day = todayInZone(await businessTimeZone(db, c.var.businessId));
    c.header('Content-Disposition', `attachment; filename="shineroute-ledger-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  })
  .openapi(payoutRoute, async (c) =>
    c.json(await getPayout(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(testPayoutRoute, async (c) => {
    if (c.var.deps.payments.kind !== 'test')
      throw conflict('Payouts come from Stripe when Stripe is configured');
    const payout = await payOutTestBalance(c.var.deps.db, c.var.businessId);
    return c.json({ payout: payout ? { ...payout, createdAt: payout.createdAt.toISOString() } : null }, 200);
  });

const revenueRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The platform's fee revenue across businesses",
  responses: {
    200: json(
      z.object({
        feeRevenueCents: z.number().int(),
        feesCents: z.number().int(),
        feeRefundsCents: z.number().int(),
        leadChargesCents: z.number().int(),
        chargeCount: z.number().int(),
      }),
    ),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const adminRevenueRoutes = createRouter();
adminRevenueRoutes.use('*', requireUser, requireAdmin);
export const adminRevenueApi = adminRevenueRoutes.openapi(revenueRoute, async (c) =>
  c.json(await platformFeeRevenue(c.var.deps.db), 200),
);
