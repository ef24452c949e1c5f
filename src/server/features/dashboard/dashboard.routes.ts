import { createRoute, z } from '@hono/zod-openapi';
import { SUBSCRIPTION_TIERS } from '../../../shared/constants';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { recurringRevenueSchema } from '../memberships/recurring-revenue.openapi';
import { configurePayments } from '../payouts/payment-accounts.service';
import { getDashboard } from './dashboard.service';

const dashboardSchema = z
  .object({
    profile: z.object({
      businessName: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
      subscriptionActive: z.boolean(),
      trialEndsAt: z.string().nullable(),
      verificationStatus: z.enum(['pending', 'verified', 'rejected']),
    }),
    stats: z.object({
      totalBookings: z.number().int(),
      pendingBookings: z.number().int(),
      totalRevenueCents: z.number().int(),
      totalCustomers: z.number().int(),
    }),
    tipsThisMonthCents: z.number().int(),
    checklist: z.object({
      accountCreated: z.boolean(),
      profileComplete: z.boolean(),
      servicesSetUp: z.boolean(),
      paymentsConfigured: z.boolean(),
    }),
    insuranceExpiry: z.object({ expiryDate: z.string(), daysLeft: z.number().int() }).nullable(),
    automations: z.object({ reviewRequests: z.boolean(), winback: z.boolean() }),
    memberships: recurringRevenueSchema.nullable(),
  })
  .openapi('Dashboard');

const getDashboardRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Dashboard'],
  summary: "The signed-in owner's profile summary, totals and setup checklist",
  responses: { 200: json(dashboardSchema), 401: errorResponses[401], 404: errorResponses[404] },
});

const enablePaymentsRoute = createRoute({
  method: 'post',
  path: '/payments',
  tags: ['Dashboard'],
  summary: 'Configure payment: the test-mode account without Stripe, else a Stripe Connect onboarding link',
  responses: {
    200: json(z.object({ paymentsConfigured: z.boolean(), onboardingUrl: z.string().nullable() })),
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});

export const dashboardRoutes = createRouter();
dashboardRoutes.use('*', requireUser, requireOwnerForWrites);

export const dashboardApi = dashboardRoutes
  .openapi(getDashboardRoute, async (c) => c.json(await getDashboard(c.var.deps.db, c.var.businessId), 200))
  .openapi(enablePaymentsRoute, async (c) => {
    const { mode, onboardingUrl } = await configurePayments(c.var.deps, c.var.businessId);
    return c.json({ paymentsConfigured: mode === 'test', onboardingUrl }, 200);
  });
