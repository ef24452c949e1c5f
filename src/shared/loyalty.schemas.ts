import { z } from 'zod';
import { dollarsToCents } from './money';
import { optionalText } from './text';

// §5 Adjust Points and New Reward, §8 loyalty toasts, §9 seeded rewards: one place for the screen and the server.

export const LOYALTY_TEXT = {
  required: 'Please fill in all required fields',
  pointsAdded: 'Points added successfully',
  pointsRedeemed: 'Points redeemed successfully',
  rewardCreated: 'Reward created successfully',
  rewardUpdated: 'Reward updated successfully',
  fetchFailed: 'Failed to fetch loyalty data',
  wholePoints: 'Points must be a whole number greater than 0',
  value: 'Please enter a valid dollar amount',
  customerNotFound: 'Customer not found',
  rewardNotFound: 'Reward not found',
} as const;

/** The refusal when a redemption is larger than the balance (the database refuses it too). */
export const notEnoughPoints = (name: string, balance: number, asked: number) =>
  `${name} has only ${balance} points; ${asked} cannot be redeemed`;

export const REWARD_CATEGORIES = ['discount', 'service', 'product'] as const;
export type RewardCategory = (typeof REWARD_CATEGORIES)[number];
export const REWARD_CATEGORY_LABELS: Record<RewardCategory, string> = {
  discount: 'Discount',
  service: 'Service',
  product: 'Product',
};

export const LOYALTY_TRANSACTION_TYPES = ['earned', 'redeemed', 'adjusted', 'reversed'] as const;
export type LoyaltyTransactionType = (typeof LOYALTY_TRANSACTION_TYPES)[number];
export const LOYALTY_SOURCES = ['booking', 'reward', 'owner'] as const;

/** §9: every business starts with these four rewards (value in dollars, stored in cents). */
export const DEFAULT_REWARDS = [
  {
    name: '10% Off Next Service',
    description: 'Save on your next detail',
    pointsRequired: 100,
    valueCents: 1000,
    category: 'discount',
  },
  {
    name: 'Free Interior Cleaning',
    description: 'A complimentary interior clean',
    pointsRequired: 250,
    valueCents: 7500,
    category: 'service',
  },
  {
    name: '25% Off Premium Package',
    description: 'Save on our premium package',
    pointsRequired: 500,
    valueCents: 5000,
    category: 'discount',
  },
  {
    name: 'Free Car Air Freshener',
    description: 'A fresh scent for your car',
    pointsRequired: 50,
    valueCents: 1500,
    category: 'product',
  },
] as const satisfies ReadonlyArray<{
  name: string;
  description: string;
  pointsRequired: number;
  valueCents: number;
  category: RewardCategory;
}>;

const MAX_POINTS = 1_000_000;
const required = z.string({ error: LOYALTY_TEXT.required }).trim().min(1, LOYALTY_TEXT.required);
/** §5 "points parsed as integer": the form's text becomes a whole number > 0. */
const pointsText = required.refine(
  (v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) <= MAX_POINTS,
  LOYALTY_TEXT.wholePoints,
);
const moneyText = required.refine(
  (v) => (dollarsToCents(v) ?? Number.POSITIVE_INFINITY) <= 10_000_000,
  LOYALTY_TEXT.value,
);

/** The Adjust Points dialog (strings as typed). */
export const adjustPointsFormSchema = z.object({
  customerId: required,
  points: pointsText,
  type: z.enum(['earned', 'redeemed']),
  description: required.max(300),
});
export type AdjustPointsForm = z.infer<typeof adjustPointsFormSchema>;

/** POST /api/loyalty/adjustments. */
export const adjustPointsSchema = z.object({
  customerId: z.string({ error: LOYALTY_TEXT.required }).min(1, LOYALTY_TEXT.required),
  points: z
    .number({ error: LOYALTY_TEXT.required })
    .int(LOYALTY_TEXT.wholePoints)
    .min(1, LOYALTY_TEXT.wholePoints)
    .max(MAX_POINTS, LOYALTY_TEXT.wholePoints),
  type: z.enum(['earned', 'redeemed'], { error: LOYALTY_TEXT.required }),
  description: z.string({ error: LOYALTY_TEXT.required }).trim().min(1, LOYALTY_TEXT.required).max(300),
});
export type AdjustPointsInput = z.infer<typeof adjustPointsSchema>;

/** The New Reward / Edit Reward dialog (strings as typed). */
export const rewardFormSchema = z.object({
  name: required.max(120),
  description: z.string().trim().max(500),
  pointsRequired: pointsText,
  value: moneyText,
  category: z.enum(REWARD_CATEGORIES),
  isActive: z.boolean(),
});
export type RewardForm = z.infer<typeof rewardFormSchema>;

/** POST/PUT /api/loyalty/rewards. */
export const rewardInputSchema = z.object({
  name: z.string({ error: LOYALTY_TEXT.required }).trim().min(1, LOYALTY_TEXT.required).max(120),
  description: optionalText(500),
  pointsRequired: z
    .number({ error: LOYALTY_TEXT.required })
    .int(LOYALTY_TEXT.wholePoints)
    .min(1, LOYALTY_TEXT.wholePoints)
    .max(MAX_POINTS, LOYALTY_TEXT.wholePoints),
  valueCents: z
    .number({ error: LOYALTY_TEXT.required })
    .int(LOYALTY_TEXT.value)
    .min(0, LOYALTY_TEXT.value)
    .max(10_000_000, LOYALTY_TEXT.value),
  category: z.enum(REWARD_CATEGORIES, { error: LOYALTY_TEXT.required }),
  isActive: z.boolean().default(true),
});
export type RewardInput = z.input<typeof rewardInputSchema>;
