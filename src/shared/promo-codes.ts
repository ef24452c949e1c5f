import { z } from 'zod';
import { dollarsToCents, formatCents } from './money';

// Promo codes (§1 "promo codes"): the owner's form rules and the customer-facing refusals, one per failure.

export const PROMO_TEXT = {
  required: 'Please fill in all required fields',
  created: 'Promo code created successfully',
  updated: 'Promo code updated successfully',
  fetchFailed: 'Failed to fetch promo codes',
  duplicate: 'You already have a promo code with this code',
  notFound: 'Promo code not found',
  codeFormat: 'Use 3–30 letters, numbers, dashes or underscores',
  percent: 'A percentage must be a whole number from 1 to 100',
  amount: 'Please enter a valid dollar amount',
  wholeNumber: 'Please enter a whole number of 1 or more',
  dates: 'The expiry date must be on or after the start date',
  // What /book shows for each refusal.
  unknown: 'This promo code is not valid',
  inactive: 'This promo code is no longer active',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its usage limit',
  alreadyUsed: 'You have already used this promo code',
} as const;

export const promoNotYetValid = (startsOn: string) => `This promo code is valid from ${startsOn}`;
export const promoMinimumNotMet = (minOrderCents: number) =>
  `This promo code needs an order of at least ${formatCents(minOrderCents)}`;

export const PROMO_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

const dateText = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Please choose a valid date')
  .nullish()
  .transform((v) => v || null);
const positiveIntOrNull = z
  .number()
  .int(PROMO_TEXT.wholeNumber)
  .min(1, PROMO_TEXT.wholeNumber)
  .max(1_000_000, PROMO_TEXT.wholeNumber)
  .nullish()
  .transform((v) => v ?? null);

/** POST/PUT /api/promo-codes. discountValue is a percent (1–100) or cents. */
export const promoCodeInputSchema = z
  .object({
    code: z
      .string({ error: PROMO_TEXT.required })
      .trim()
      .min(1, PROMO_TEXT.required)
      .regex(/^[A-Za-z0-9_-]{3,30}$/, PROMO_TEXT.codeFormat)
      .transform(normalizePromoCode),
    discountType: z.enum(PROMO_DISCOUNT_TYPES, { error: PROMO_TEXT.required }),
    discountValue: z
      .number({ error: PROMO_TEXT.required })
      .int(PROMO_TEXT.amount)
      .min(1, PROMO_TEXT.amount)
      .max(10_000_000, PROMO_TEXT.amount),
    startsOn: dateText,
    expiresOn: dateText,
    usageLimit: positiveIntOrNull,
    perCustomerLimit: positiveIntOrNull,
    minOrderCents: z
      .number()
      .int(PROMO_TEXT.amount)
      .min(0, PROMO_TEXT.amount)
      .max(10_000_000, PROMO_TEXT.amount)
      .nullish()
      .transform((v) => v || null),
    isActive: z.boolean().default(true),
  })
  .refine((v) => v.discountType !== 'percent' || v.discountValue <= 100, {
    message: PROMO_TEXT.percent,
    path: ['discountValue'],
  })
  .refine((v) => !v.startsOn || !v.expiresOn || v.startsOn <= v.expiresOn, {
    message: PROMO_TEXT.dates,
    path: ['expiresOn'],
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

const wholeOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1), PROMO_TEXT.wholeNumber);
const dollarsOrEmpty = z
  .string()
  .trim()
  .refine((v) => v === '' || dollarsToCents(v) !== null, PROMO_TEXT.amount);

/** The owner's dialog (strings as typed). */
export const promoCodeFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, PROMO_TEXT.required)
      .regex(/^[A-Za-z0-9_-]{3,30}$/, PROMO_TEXT.codeFormat),
    discountType: z.enum(PROMO_DISCOUNT_TYPES),
    discountValue: z.string().trim().min(1, PROMO_TEXT.required).pipe(dollarsOrEmpty),
    startsOn: z.string(),
    expiresOn: z.string(),
    usageLimit: wholeOrEmpty,
    perCustomerLimit: wholeOrEmpty,
    minOrder: dollarsOrEmpty,
    isActive: z.boolean(),
  })
  .refine(
    (v) =>
      v.discountType !== 'percent' ||
      (/^\d+$/.test(v.discountValue) && Number(v.discountValue) >= 1 && Number(v.discountValue) <= 100),
    {
      message: PROMO_TEXT.percent,
      path: ['discountValue'],
    },
  )
  .refine((v) => !v.startsOn || !v.expiresOn || v.startsOn <= v.expiresOn, {
    message: PROMO_TEXT.dates,
    path: ['expiresOn'],
  });
export type PromoCodeForm = z.infer<typeof promoCodeFormSchema>;

/** The public check /book makes before Book Now (the server applies the code again when it prices the checkout). */
export const promoCheckSchema = z.object({
  businessId: z.string().trim().min(1).max(100),
  serviceId: z.string().trim().min(1).max(100),
  vehicleType: z.string().trim().min(1).max(20),
  email: z.string().trim().max(200).optional(),
  code: z.string({ error: PROMO_TEXT.unknown }).trim().min(1, PROMO_TEXT.unknown).max(40, PROMO_TEXT.unknown),
});

// Without zod, for /book's first script (docs/decisions/0911).
export { formatPromoDiscount } from './promo-format';
