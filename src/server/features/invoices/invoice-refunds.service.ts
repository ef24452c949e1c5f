import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type InvoiceRefundInput,
  invoiceRefundSchema,
  REFUND_MESSAGES,
} from '../../../shared/invoices.schemas';
import { formatCents } from '../../../shared/money';
import type { Transaction } from '../../db/client';
import {
  documentCheckouts,
  invoicePayments,
  invoiceRefunds,
  invoices,
  type RefundPart,
} from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { conflict, invalid, notFound } from '../../http/errors';
import { deliverQueued, queueTransactionalEmail } from '../campaigns/automations/message-queue';
import { returnRedeemedPoints } from '../loyalty/points-ledger';
import { recordRefund } from '../payouts/ledger.service';
import { documentBusiness, invoiceNumberText, invoicePageUrl } from './documents';
import { findOwnInvoice, getInvoice, INVOICE_NOT_FOUND } from './invoices.service';

// The owner's refund of a paid invoice, in full or in part (docs/decisions/1190). Under the invoice's row lock, so
// that two refunds at once never give back more than was paid: card payments are refunded first (newest first)
// through the provider exactly as a cancelled booking is (the transfer reversed, the platform's fee returned in
// proportion, the ledger's recordRefund), then cash, check or other payments, which the business gives back itself.
// A refund that empties the invoice returns the points of rewards redeemed on it. The client names the refund, and
// the provider's idempotency keys derive from its Idempotency-Key: a retry refunds once, at the provider and here.

type Deps = Pick<
  AppDeps,
  'db' | 'payments' | 'publicUrl' | 'linkSecret' | 'mailer' | 'sms' | 'messageRetryDelaysMs'
>;
type PaymentRow = typeof invoicePayments.$inferSelect;

const REFUNDABLE_STATUSES = new Set(['paid', 'partially_refunded']);

/** What is left to refund of each money payment (rewards are returned as points, not money), cards first. */
function refundablePayments(payments: PaymentRow[], earlier: RefundPart[][]) {
  const given = new Map<string, number>();
  for (const part of earlier.flat())
    given.set(part.paymentId, (given.get(part.paymentId) ?? 0) + part.amountCents);
  return payments
    .filter((p) => p.method !== 'loyalty')
    .map((p) => ({ payment: p, leftCents: p.amountCents + p.tipCents - (given.get(p.id) ?? 0) }))
    .filter((p) => p.leftCents > 0)
    .sort(
      (a, b) =>
        Number(b.payment.method === 'card') - Number(a.payment.method === 'card') ||
        b.payment.paidAt.getTime() - a.payment.paidAt.getTime(),
    );
}

/** Splits an amount over the payments in order, each up to what is left of it. */
export function allocateRefund(amountCents: number, payments: { id: string; leftCents: number }[]) {
  const parts: { id: string; amountCents: number }[] = [];
  let rest = amountCents;
  for (const p of payments) {
    if (rest === 0) break;
    const take = Math.min(rest, p.leftCents);
    parts.push({ id: p.id, amountCents: take });
    rest -= take;
  }
  return parts;
}

/**
 * Refunds `amountCents` of a paid invoice; `created: false` (the same invoice, nothing done) when the idempotency key
 * was already used for this refund.
 */
export async function refundInvoice(
  deps: Deps,
  businessId: string,
  invoiceId: string,
  raw: InvoiceRefundInput,
  idempotencyKey: string,
) {
  const input = invoiceRefundSchema.parse(raw);
  // Stable across replays and short enough for Stripe's 255-character keys, whatever the client sent.
  const key = createHash('sha256').update(`${businessId}:${idempotencyKey}`).digest('hex');
  await findOwnInvoice(deps.db, businessId, invoiceId);
  const outcome = await deps.db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)))
      .for('update');
    if (!inv) throw notFound(INVOICE_NOT_FOUND);
    const [replayed] = await tx
      .select()
      .from(invoiceRefunds)
      .where(
        and(eq(invoiceRefunds.businessId, businessId), eq(invoiceRefunds.idempotencyKey, idempotencyKey)),
      );
    if (replayed) {
      if (replayed.invoiceId !== invoiceId || replayed.amountCents !== input.amountCents)
        throw conflict('This Idempotency-Key was already used for another refund');
      return null;
    }
    if (!REFUNDABLE_STATUSES.has(inv.status)) throw conflict(REFUND_MESSAGES.notPaid);
    const payments = await tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
    const earlier = await tx
      .select({ parts: invoiceRefunds.parts })
      .from(invoiceRefunds)
      .where(eq(invoiceRefunds.invoiceId, invoiceId));
    const open = refundablePayments(
      payments,
      earlier.map((r) => r.parts),
    );
    const leftCents = open.reduce((sum, p) => sum + p.leftCents, 0);
    const rewards = payments.filter((p) => p.method === 'loyalty' && p.loyaltyTransactionId);
    if (leftCents === 0 && rewards.length === 0) throw conflict(REFUND_MESSAGES.nothingLeft);
    if (input.amountCents > leftCents) throw invalid(REFUND_MESSAGES.tooMuch(formatCents(leftCents)));

    const number = invoiceNumberText(inv.number);
    const parts: RefundPart[] = [];
    const allocation = allocateRefund(
      input.amountCents,
      open.map((p) => ({ id: p.payment.id, leftCents: p.leftCents })),
    );
    for (const share of allocation) {
      const payment = payments.find((p) => p.id === share.id)!;
      let providerRefundId: string | null = null;
      if (payment.method === 'card' && payment.providerSessionId) {
        const [checkout] = await tx
          .select({ destinationAccount: documentCheckouts.destinationAccount })
          .from(documentCheckouts)
          .where(eq(documentCheckouts.providerSessionId, payment.providerSessionId));
        const connected = Boolean(checkout?.destinationAccount);
        // The same call a cancelled booking's refund makes; keyed by this refund and payment, so a retry is one refund.
        ({ refundId: providerRefundId } = await deps.payments.refund(
          payment.providerSessionId,
          payment.paymentReference,
          {
            amountCents: share.amountCents,
            connected,
            idempotencyKey: `invoice-refund-${key}-${payment.id}`,
          },
        ));
        if (connected)
          await recordRefund(tx, {
            paymentReference: payment.paymentReference ?? payment.providerSessionId,
            refundKey: `invoice:${key}:${payment.id}`,
            amountCents: share.amountCents,
            description: `Refund — Invoice ${number}: ${inv.customerName}`,
          });
      }
      parts.push({
        paymentId: payment.id,
        method: payment.method,
        amountCents: share.amountCents,
        providerRefundId,
      });
    }

    const refundedCents = inv.refundedCents + input.amountCents;
    const full = input.amountCents === leftCents;
    let pointsReturned = 0;
    if (full) {
      for (const reward of rewards)
        pointsReturned += await returnRedeemedPoints(
          tx,
          businessId,
          reward.loyaltyTransactionId!,
          `invoice ${number} refunded`,
        );
    }
    await tx.insert(invoiceRefunds).values({
      businessId,
      idempotencyKey,
      invoiceId,
      amountCents: input.amountCents,
      reason: input.reason,
      parts,
      pointsReturned,
    });
    const [updated] = await tx
      .update(invoices)
      .set({ refundedCents, status: full ? 'refunded' : 'partially_refunded' })
      .where(eq(invoices.id, invoiceId))
      .returning();
    // The customer's receipt commits with the refund (decision 1331).
    return queueRefundReceipt(deps, tx, updated!, { ...input, key }, pointsReturned);
  });
  if (outcome) await deliverQueued(deps, outcome);
  return { created: Boolean(outcome), invoice: await getInvoice(deps.db, businessId, invoiceId) };
}

/** The customer's receipt of the refund, once per refund id (the invoice-refund template, as for unneeded payments). */
async function queueRefundReceipt(
  deps: Deps,
  tx: Transaction,
  inv: typeof invoices.$inferSelect,
  input: { key: string; amountCents: number; reason: string | null },
  pointsReturned: number,
) {
  const business = await documentBusiness(tx, inv.businessId);
  const notice = [
    `${business.name} has refunded ${formatCents(input.amountCents)} to you`,
    input.reason ? ` (${input.reason})` : '',
    '.',
    pointsReturned > 0
      ? ` The ${pointsReturned} loyalty points you spent on it are back in your balance.`
      : '',
  ].join('');
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: inv.businessId,
    customerId: inv.customerId,
    kind: 'receipt',
    dedupeKey: `invoice-refund:${input.key}`,
    to: inv.customerEmail.toLowerCase(),
    ...(await renderEmailRow(
      'invoice-refund',
      {
        customerName: inv.customerName,
        businessName: business.name,
        number: invoiceNumberText(inv.number),
        amountCents: input.amountCents,
        notice,
        link: invoicePageUrl(deps, inv.id),
      },
      { db: tx, businessId: inv.businessId, publicUrl: deps.publicUrl },
    )),
  });
}
