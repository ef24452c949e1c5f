import { z } from '@hono/zod-openapi';

/** Recurring revenue today (decision 1262): the same figures as the dashboard's Memberships card. */
export const recurringRevenueSchema = z
  .object({
    hasPlans: z.boolean(),
    timeZone: z.string(),
    month: z.string(),
    mrrCents: z.number().int(),
    members: z.object({ active: z.number().int(), held: z.number().int(), suspended: z.number().int() }),
    churn: z.object({
      cancelledThisMonth: z.number().int(),
      activeAtMonthStart: z.number().int(),
      rate: z.number().nullable(),
    }),
    upcomingPlanVisits: z.number().int(),
    upcomingDays: z.number().int(),
  })
  .openapi('RecurringRevenue');
