import { z } from 'zod';

// Redeeming points at /book and on the invoice pay page: the customer proves the email with a one-time code first
// (docs/decisions/0710). One place for the texts, the limits and the request shapes.

export const REDEEM_CODE_MINUTES = 10;
export const REDEEM_MAX_ATTEMPTS = 5;
/** Codes one email may be sent per business in REDEEM_CODE_WINDOW_MINUTES. */
export const REDEEM_MAX_CODES = 3;
export const REDEEM_CODE_WINDOW_MINUTES = 15;
/** How long a verified email may spend its points without a new code. */
export const REDEEM_TOKEN_MINUTES = 30;

export const REDEEM_TEXT = {
  sent: `If this email has points here, a 6-digit code is on its way. It works for ${REDEEM_CODE_MINUTES} minutes.`,
  wrongCode: 'That code is not right. Please check the email and try again.',
  expired: 'This code has expired. Please ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Please ask for a new one.',
  tooManyCodes: `Too many codes were sent to this email. Please try again in ${REDEEM_CODE_WINDOW_MINUTES} minutes.`,
  codeFormat: 'Enter the 6-digit code from the email',
  verifyAgain: 'Please verify your email again to use your points.',
  rewardUnavailable: 'This reward is no longer available',
  productOnInvoice: 'A product reward is handed over at your visit; it cannot pay an invoice',
  businessOnly: 'Rewards can be redeemed only when booking with a business',
  nothingToTake: 'This reward takes nothing off this price',
  notOffered: 'This business does not offer loyalty rewards online',
} as const;

const email = z
  .string()
  .trim()
  .min(1, 'Please enter your email address')
  .max(200)
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const sendRedeemCodeSchema = z.object({
  businessId: z.string().trim().min(1).max(100),
  email,
});

export const verifyRedeemCodeSchema = z.object({
  businessId: z.string().trim().min(1).max(100),
  email,
  code: z
    .string({ error: REDEEM_TEXT.codeFormat })
    .trim()
    .regex(/^\d{6}$/, REDEEM_TEXT.codeFormat),
});

export interface RedeemableReward {
  id: string;
  name: string;
  description: string | null;
  category: 'discount' | 'service' | 'product';
  pointsRequired: number;
  valueCents: number;
  affordable: boolean;
}

export interface LoyaltyWallet {
  token: string;
  /** Points on the ledger less points held by open checkouts. */
  availablePoints: number;
  rewards: RedeemableReward[];
}
