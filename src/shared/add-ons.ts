import { z } from 'zod';

/**
 * The §9 add-ons a business buys on /billing (docs/decisions/0952). Prices in cents, exactly §9's: white-label setup
 * $499 one-time, CRM booster pack $9.99/month, NFC tap tags $4–6 each (by quantity: $6, $5 from 10, $4 from 25).
 * Lead generation ($10–20 per lead) is charged when an admin assigns a lead (docs/decisions/0831), not bought here.
 */
export const ADD_ON_IDS = ['white_label_setup', 'crm_booster', 'nfc_tags'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];

export const ADD_ON_CATALOGUE: Record<
  AddOnId,
  { name: string; price: string; billing: 'one_time' | 'monthly' | 'per_unit'; description: string }
> = {
  white_label_setup: {
    name: 'White-label setup',
    price: '$499 one-time',
    billing: 'one_time',
    description:
      'Elite includes white-label, which you can set up yourself under Business Profile → Branding. With this one-time setup our team does it for you: your name, colour, logo, Privacy and Terms links and custom domain.',
  },
  crm_booster: {
    name: 'CRM booster pack',
    price: '$9.99/month',
    billing: 'monthly',
    description:
      'Export your whole customer list as CSV (contact details, vehicles, bookings and last visit) for your accountant, mailing tool or spreadsheet.',
  },
  nfc_tags: {
    name: 'NFC tap tags',
    price: '$4-6 each',
    billing: 'per_unit',
    description:
      'Stickers a phone opens with a tap: your booking page or your reviews page. $6 each, $5 from 10, $4 from 25.',
  },
};

export const WHITE_LABEL_SETUP_CENTS = 49_900;

/** Where the one-time white-label setup stands (decision 1357). */
export const WHITE_LABEL_SETUP_STATUSES = ['not_purchased', 'in_progress', 'done'] as const;
export type WhiteLabelSetupStatus = (typeof WHITE_LABEL_SETUP_STATUSES)[number];
export const CRM_BOOSTER_MONTHLY_CENTS = 999;
export const NFC_TAGS_MAX = 500;
export const NFC_TARGETS = ['booking', 'review'] as const;
export type NfcTarget = (typeof NFC_TARGETS)[number];

/** §9's $4–6 per tag, by quantity. */
export function nfcTagUnitCents(quantity: number) {
  if (quantity >= 25) return 400;
  if (quantity >= 10) return 500;
  return 600;
}

export const ADD_ON_TEXT = {
  quantity: `Order between 1 and ${NFC_TAGS_MAX} tags`,
  target: 'Choose where the tags lead: your booking page or your reviews page',
  alreadyBought: (name: string) => `You already have the ${name}`,
  eliteOnly: 'White-label is part of the Elite plan. Upgrade on the Billing page to set it up.',
  noReviewPage:
    'Generate your business page first (Business Profile → Generate Business Page): review tags open it.',
  notFound: 'Add-on not found',
  alreadyFulfilled: 'This order is already fulfilled',
  notAnOrder: 'Only NFC tag orders and white-label setups are fulfilled',
  exportNeedsBooster:
    'Customer export is part of the CRM booster pack. Add it on the Billing page to use it.',
  bought: (name: string) => `${name} added`,
  onlyBoosterCancels: 'Only the CRM booster pack is a monthly add-on to cancel',
  alreadyCancelled: 'Your CRM booster pack is already cancelled',
  useCheckout: 'Add-ons go through Stripe Checkout: use the buttons on the Billing page',
} as const;

export const addOnPurchaseSchema = z.discriminatedUnion(
  'addOn',
  [
    z.object({ addOn: z.literal('white_label_setup') }),
    z.object({ addOn: z.literal('crm_booster') }),
    z.object({
      addOn: z.literal('nfc_tags'),
      quantity: z
        .number({ error: ADD_ON_TEXT.quantity })
        .int(ADD_ON_TEXT.quantity)
        .min(1, ADD_ON_TEXT.quantity)
        .max(NFC_TAGS_MAX, ADD_ON_TEXT.quantity),
      target: z.enum(NFC_TARGETS, ADD_ON_TEXT.target),
    }),
  ],
  { error: 'Choose an add-on' },
);
export type AddOnPurchaseInput = z.infer<typeof addOnPurchaseSchema>;
