import { z } from 'zod';
import { VEHICLE_TYPES } from './constants';
import { formatCents } from './money';

// Maintenance plans (issue 32): a business's monthly plans per vehicle, the customers who join them, their service
// credits and the dunning of a failed renewal. One module for the rules both the screens and the server use.

export const CREDIT_PERIODS = ['month', 'quarter', 'year'] as const;
export type CreditPeriod = (typeof CREDIT_PERIODS)[number];
export const CREDIT_PERIOD_MONTHS: Record<CreditPeriod, number> = { month: 1, quarter: 3, year: 12 };
export const CREDIT_PERIOD_LABELS: Record<CreditPeriod, string> = {
  month: 'per month',
  quarter: 'per quarter',
  year: 'per year',
};

export const MEMBERSHIP_STATUSES = [
  'pending',
  'active',
  'past_due',
  'on_hold',
  'suspended',
  'cancelled',
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  past_due: 'Payment failed',
  on_hold: 'On hold',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
};

/** A failed renewal is tried again this many days after the first failure; after the last, the plan is suspended. */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;

export const MEMBERSHIP_TEXT = {
  required: 'Please fill in all required fields',
  created: 'Plan created successfully',
  updated: 'Plan updated successfully',
  fetchFailed: 'Failed to fetch plans',
  notFound: 'This plan could not be found',
  vehicleTypes: 'Choose at least one vehicle type',
  price: 'Please enter a monthly price of at least $1.00',
  joined: 'Welcome to the plan',
  noCredits: 'No service credits are left for this period',
  holdNotAllowed: 'This plan does not allow a hold',
  holdTooLong: 'That hold is longer than the plan allows this year',
  notActive: 'Only an active membership can do that',
  memberNotFound: 'This membership could not be found',
  notBookable: 'This plan is not active (on hold, unpaid or cancelled), so it books no visits for now',
} as const;

const money = z
  .number({ message: MEMBERSHIP_TEXT.price })
  .int()
  .min(100, MEMBERSHIP_TEXT.price)
  .max(10_000_000, 'Please enter a monthly price of at most $100,000');

/** The owner's plan form (create and edit). */
export const planInputSchema = z.object({
  name: z.string().trim().min(1, MEMBERSHIP_TEXT.required).max(80),
  description: z.string().trim().max(500).default(''),
  monthlyPriceCents: money,
  includedCredits: z.number().int().min(0).max(50),
  creditPeriod: z.enum(CREDIT_PERIODS),
  discountPercent: z.number().int().min(0).max(100),
  holdAllowed: z.boolean(),
  maxHoldMonths: z.number().int().min(0).max(12),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)).min(1, MEMBERSHIP_TEXT.vehicleTypes).max(VEHICLE_TYPES.length),
  includedServiceIds: z.array(z.string().uuid()).max(100).default([]),
  isActive: z.boolean().default(true),
});
export type PlanInput = z.input<typeof planInputSchema>;

/** A customer joins a plan from the business's plans page or an invitation link. */
export const joinPlanSchema = z.object({
  planId: z.string().max(64),
  name: z.string().trim().min(1, MEMBERSHIP_TEXT.required).max(120),
  email: z.string().trim().email('Please enter a valid email address').max(254),
  phone: z.string().trim().max(40).default(''),
  vehicles: z.number().int().min(1).max(10),
});
export type JoinPlanInput = z.input<typeof joinPlanSchema>;

export const holdSchema = z.object({ months: z.number().int().min(1).max(12) });

/** What a member pays a month: the plan's price per vehicle × vehicles. */
export const memberMonthlyCents = (planMonthlyCents: number, vehicles: number) => planMonthlyCents * vehicles;

/** Credits granted at the start of each credit period: per vehicle. */
export const creditsPerGrant = (includedCredits: number, vehicles: number) => includedCredits * vehicles;

export const planIncludedText = (p: { includedCredits: number; creditPeriod: CreditPeriod }) =>
  p.includedCredits === 0
    ? 'No included visits'
    : `${p.includedCredits} included visit${p.includedCredits === 1 ? '' : 's'} ${CREDIT_PERIOD_LABELS[p.creditPeriod]}`;

export const planPriceText = (monthlyPriceCents: number) =>
  `${formatCents(monthlyPriceCents)}/month per vehicle`;

/** The same day of a later month, clamped to that month's last day (Jan 31 → Feb 28), in UTC calendar terms. */
export function addMonths(instant: Date, months: number): Date {
  const d = new Date(instant.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

// Kept apart from the schemas so /book's island prices a plan visit without loading zod (decision 1260).
export { planDiscountedCents, planIncludesService } from './membership-prices';
