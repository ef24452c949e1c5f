import { z } from 'zod';

// Fleet and commercial accounts (issue 32): a company customer whose month of visits is one invoice.

export const FLEET_PAYMENT_TERMS = [15, 30] as const;
export type FleetPaymentTerms = (typeof FLEET_PAYMENT_TERMS)[number];

export const FLEET_TEXT = {
  companyRequired: 'Please enter the company name',
  billingEmail: 'Please enter a valid billing email',
  saved: 'Company account saved',
  removed: 'Company account removed',
  noVisits: 'No completed visits in that month to invoice',
  sent: 'Monthly invoice sent',
} as const;

export const fleetAccountSchema = z.object({
  companyName: z.string().trim().min(1, FLEET_TEXT.companyRequired).max(120),
  billingEmail: z.string().trim().email(FLEET_TEXT.billingEmail).max(254),
  poNumber: z.string().trim().max(60).default(''),
  paymentTermsDays: z.union([z.literal(15), z.literal(30)]),
});
export type FleetAccountInput = z.input<typeof fleetAccountSchema>;

/** A calendar month, YYYY-MM. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give a month as YYYY-MM');
/** The Send body: the month is checked after the account is found (another business's customer is 404 first). */
export const sendMonthSchema = z.object({ month: z.string().max(20) });

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
