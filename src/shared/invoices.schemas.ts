import { z } from 'zod';
import { DEFAULT_TAX_RATE_BPS } from './document-money';
import { dollarsToCents } from './money';
import { percentToBps } from './percent';
import { optionalText } from './text';

// §5 quote rules and the invoice inputs, shared by the New Quote dialog and the API.

export const QUOTE_MESSAGES = {
  missing: 'Please select a customer and add at least one service',
  generated: 'Quote generated successfully',
  sent: 'Quote sent to the customer',
  notAcceptable: 'This quote can no longer be accepted',
  notSent: 'This quote has not been sent yet',
  expired: 'This quote has expired',
} as const;

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'invoiced'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  invoiced: 'Invoiced',
};

// 'partially_refunded' / 'refunded': a paid invoice the owner gave money back on (docs/decisions/1190).
export const INVOICE_STATUSES = [
  'unpaid',
  'partially_paid',
  'paid',
  'void',
  'partially_refunded',
  'refunded',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};
export const INVOICE_FILTERS = ['all', 'unpaid', 'overdue', 'paid'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const REFUND_MESSAGES = {
  amount: 'Enter an amount greater than $0.00',
  tooMuch: (maxText: string) => `The refund is more than what was paid: at most ${maxText} can be refunded`,
  notPaid: 'Only a paid invoice can be refunded',
  nothingLeft: 'This invoice has been refunded in full',
} as const;

/**
 * An owner's refund of a paid invoice (docs/decisions/1190). The request's `Idempotency-Key` header is chosen by the
 * client when the form opens: sending it again (a retry after a timeout) refunds once.
 */
export const invoiceRefundSchema = z.object({
  amountCents: z.number().int(REFUND_MESSAGES.amount).min(1, REFUND_MESSAGES.amount).max(100_000_000),
  reason: optionalText(500),
});
export type InvoiceRefundInput = z.input<typeof invoiceRefundSchema>;
export const idempotencyKeySchema = z.string().trim().min(1).max(200);

export const OFFLINE_METHODS = ['cash', 'check', 'other'] as const;
// 'loyalty': a reward redeemed on the invoice pay page (docs/decisions/0710).
export const PAYMENT_METHODS = ['card', 'cash', 'check', 'other', 'loyalty'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** §5: quantity at least 1 (two decimals at most), default 1. */
const quantitySchema = z
  .number({ error: 'Quantity must be at least 1' })
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity is too large')
  .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-9, 'Use at most two decimals for quantity');

/** §5: an invalid unit price counts as 0. */
const unitPriceCentsSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000_000 ? v : 0),
  z.number().int(),
);

export const quoteLineInputSchema = z.object({
  serviceId: z.string().nullable().default(null),
  serviceName: z.string().trim().min(1, QUOTE_MESSAGES.missing).max(200),
  quantity: quantitySchema.default(1),
  unitPriceCents: unitPriceCentsSchema,
});

export const depositSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('percent'),
    percentBps: z
      .number()
      .int()
      .min(1, 'Enter a deposit between 1 and 100 %')
      .max(10_000, 'Enter a deposit between 1 and 100 %'),
  }),
  z.object({
    kind: z.literal('fixed'),
    cents: z.number().int().min(1, 'Enter a deposit greater than $0.00').max(100_000_000),
  }),
]);

export const quoteInputSchema = z.object({
  customerId: z.string({ error: QUOTE_MESSAGES.missing }).min(1, QUOTE_MESSAGES.missing),
  items: z
    .array(quoteLineInputSchema, { error: QUOTE_MESSAGES.missing })
    .min(1, QUOTE_MESSAGES.missing)
    .max(50),
  taxRateBps: z
    .number({ error: 'Enter a tax rate between 0 and 100 %' })
    .int()
    .min(0, 'Enter a tax rate between 0 and 100 %')
    .max(10_000, 'Enter a tax rate between 0 and 100 %')
    .default(DEFAULT_TAX_RATE_BPS),
  notes: optionalText(2000, 'Please keep notes under 2000 characters'),
  deposit: depositSchema.default({ kind: 'none' }),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

/** The New Quote dialog's fields as typed (dollars and percent text), turned into the API input. */
export const quoteFormSchema = z
  .object({
    customerId: z.string(),
    items: z.array(
      z.object({
        serviceId: z.string().nullable(),
        serviceName: z.string(),
        quantity: z.string(),
        unitPrice: z.string(),
      }),
    ),
    taxRate: z.string(),
    notes: z.string(),
    depositKind: z.enum(['none', 'percent', 'fixed']),
    depositValue: z.string(),
  })
  .transform((f, ctx) => {
    const taxRateBps = percentToBps(f.taxRate);
    if (taxRateBps === null) {
      ctx.addIssue({ code: 'custom', path: ['taxRate'], message: 'Enter a tax rate between 0 and 100 %' });
      return z.NEVER;
    }
    let deposit: z.input<typeof depositSchema> = { kind: 'none' };
    if (f.depositKind === 'percent') {
      const bps = percentToBps(f.depositValue);
      if (bps === null || bps < 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['depositValue'],
          message: 'Enter a deposit between 1 and 100 %',
        });
        return z.NEVER;
      }
      deposit = { kind: 'percent', percentBps: bps };
    } else if (f.depositKind === 'fixed') {
      const cents = dollarsToCents(f.depositValue);
      if (!cents) {
        ctx.addIssue({
          code: 'custom',
          path: ['depositValue'],
          message: 'Enter a deposit greater than $0.00',
        });
        return z.NEVER;
      }
      deposit = { kind: 'fixed', cents };
    }
    const parsed = quoteInputSchema.safeParse({
      customerId: f.customerId,
      items: f.items
        .filter((i) => i.serviceName.trim())
        .map((i) => ({
          serviceId: i.serviceId,
          serviceName: i.serviceName,
          quantity: i.quantity.trim() === '' ? 1 : Number(i.quantity),
          unitPriceCents: dollarsToCents(i.unitPrice) ?? 0,
        })),
      taxRateBps,
      notes: f.notes,
      deposit,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path =
          issue.path[0] === 'customerId' || issue.path[0] === 'items' ? ['customerId'] : issue.path;
        ctx.addIssue({ code: 'custom', path: path as (string | number)[], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
export type QuoteFormValues = z.input<typeof quoteFormSchema>;

export const offlinePaymentSchema = z.object({
  method: z.enum(OFFLINE_METHODS, { error: 'Choose cash, check or other' }),
  amountCents: z
    .number({ error: 'Enter an amount greater than $0.00' })
    .int()
    .min(1, 'Enter an amount greater than $0.00'),
  note: optionalText(500),
});
export type OfflinePaymentInput = z.input<typeof offlinePaymentSchema>;

/** The pay page's tip choice (percent of the subtotal, or a custom amount in cents). */
export const tipChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('percent'), percent: z.union([z.literal(15), z.literal(20), z.literal(25)]) }),
  z.object({ kind: z.literal('custom'), cents: z.number().int().min(0).max(10_000_000) }),
]);
