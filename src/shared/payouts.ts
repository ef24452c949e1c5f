// Shared by the Payouts screen and the API: what each ledger entry kind is called.

/** Where a business's money goes: a Stripe connected account, or the built-in test-mode account. */
export const PAYMENT_ACCOUNT_MODES = ['test', 'stripe'] as const;
export type PaymentAccountMode = (typeof PAYMENT_ACCOUNT_MODES)[number];

export const LEDGER_KINDS = [
  'charge',
  'tip',
  'fee',
  'refund',
  'fee_refund',
  'lead_charge',
  'payout',
  'payout_failed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  charge: 'Charge',
  tip: 'Tip',
  fee: 'Platform fee',
  refund: 'Refund',
  fee_refund: 'Fee returned',
  lead_charge: 'Lead charge',
  payout: 'Payout',
  payout_failed: 'Payout failed',
};

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_transit: 'On the way',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
};
