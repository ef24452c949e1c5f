import { z } from 'zod';
import { VEHICLE_TYPES } from './constants';
import { MEMBERSHIP_TEXT } from './memberships';
import { dollarsToCents } from './money';

// The plan and join forms as the browser holds them (text inputs), checked by the same messages as the API's schemas
// in ./memberships.ts, which the submitted values are converted to.

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, message);

export const planFormSchema = z.object({
  name: z.string().trim().min(1, MEMBERSHIP_TEXT.required).max(80),
  description: z.string().trim().max(500),
  monthlyPrice: z
    .string()
    .trim()
    .refine((v) => (dollarsToCents(v) ?? 0) >= 100, MEMBERSHIP_TEXT.price),
  includedCredits: wholeNumber(0, 50, 'Enter a whole number from 0 to 50'),
  creditPeriod: z.enum(['month', 'quarter', 'year']),
  discountPercent: wholeNumber(0, 100, 'Enter a whole number from 0 to 100'),
  holdAllowed: z.boolean(),
  maxHoldMonths: wholeNumber(0, 12, 'Enter a whole number from 0 to 12'),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)).min(1, MEMBERSHIP_TEXT.vehicleTypes),
  // None ticked: a credit pays for any service (decision 1260).
  includedServiceIds: z.array(z.string()),
  isActive: z.boolean(),
});
export type PlanForm = z.infer<typeof planFormSchema>;

export const joinFormSchema = z.object({
  name: z.string().trim().min(1, MEMBERSHIP_TEXT.required).max(120),
  email: z.string().trim().email('Please enter a valid email address').max(254),
  phone: z.string().trim().max(40),
  vehicles: wholeNumber(1, 10, 'Choose 1 to 10 vehicles'),
});
export type JoinForm = z.infer<typeof joinFormSchema>;
