// The states of a payment in progress, shared by the database enums and the code that moves them.

/** A booking's checkout (checkout_sessions): open → paid → completed, or cancelled / refunded. */
export const CHECKOUT_STATUSES = ['open', 'paid', 'completed', 'cancelled', 'refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Who took the payment; 'free': discounts brought the booking to $0, no provider session (docs/decisions/0710). */
export const PAYMENT_PROVIDER_KINDS = ['test', 'stripe', 'free'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

/** A quote deposit's or an invoice's card payment in progress (document_checkouts). */
export const DOCUMENT_CHECKOUT_PURPOSES = ['deposit', 'invoice'] as const;
export type DocumentCheckoutPurpose = (typeof DOCUMENT_CHECKOUT_PURPOSES)[number];
/**
 * open → paid (test checkout) → completed (recorded as a payment), or refunded (paid when nothing more was due:
 * docs/decisions/0930); cancelled = closed unpaid (the customer's Cancel, or expired at the provider).
 */
export const DOCUMENT_CHECKOUT_STATUSES = ['open', 'paid', 'completed', 'cancelled', 'refunded'] as const;
export type DocumentCheckoutStatus = (typeof DOCUMENT_CHECKOUT_STATUSES)[number];
