import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { type TipChoice, tipCents } from '../../../shared/document-money';
import { formatCents } from '../../../shared/money';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { documentCheckouts, invoicePayments, invoices, quotes } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { AppError, conflict, invalid, notFound } from '../../http/errors';
import { deliverQueued, queueTransactionalEmail } from '../campaigns/automations/message-queue';
import { appendPoints } from '../loyalty/points-ledger';
import { redeemOnInvoice, sendRedeemCode, verifyRedeemCode } from '../loyalty/redeem.service';
import { recordCompletedCharge } from '../payouts/ledger.service';
import { chargeTermsFor, NOT_TAKING_BOOKINGS } from '../payouts/payment-accounts.service';
import {
  documentBusiness,
  invoiceNumberText,
  invoiceOfToken,
  invoicePageUrl,
  quotePageUrl,
} from './documents';
import { queueReceipt } from './invoice-emails';
import { applyPayment, INVOICE_NOT_FOUND, queueInvoiceReceipt } from './invoices.service';
import { answerProblem, findQuoteByToken, QUOTE_NOT_FOUND } from './quotes.service';

// Card payments of quote deposits and invoices, through the payment provider (Stripe or the test checkout).
// Each document has ONE completion function (completeQuoteDeposit, completeInvoicePayment): the provider is asked,
// never the browser, whether and how much was paid. Like bookings, every charge is a destination charge to the
// business's connected account less the platform's fee, the tip passed in full (docs/decisions/1000); the ledger
// rows are written in the completing transaction, keyed by the payment, so completing twice writes them once.

export const NOT_TAKING_CARD_PAYMENTS =
  'This business is not taking card payments online yet. Please contact them to pay.';
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'publicUrl' | 'linkSecret' | 'mailer' | 'jobs'>;
export type DocumentCheckoutRow = typeof documentCheckouts.$inferSelect;

export async function findDocumentCheckout(db: Database, sessionId: string) {
  const [row] = await db
    .select()
    .from(documentCheckouts)
    .where(eq(documentCheckouts.providerSessionId, sessionId));
  return row ?? null;
}

async function openCheckout(
  deps: Deps,
  doc: {
    businessId: string;
    quoteId?: string;
    invoiceId?: string;
    purpose: 'deposit' | 'invoice';
    returnUrl: string;
  },
  amounts: { amountCents: number; tipCents: number },
  customerEmail: string,
  description: string,
) {
  const terms = await chargeTermsFor(deps, doc.businessId, amounts).catch((err: unknown) => {
    // The booking wording ("not taking online bookings") would puzzle a customer holding an invoice.
    if (err instanceof AppError && err.message === NOT_TAKING_BOOKINGS)
      throw conflict(NOT_TAKING_CARD_PAYMENTS);
    throw err;
  });
  const checkoutId = randomUUID();
  const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
  const { sessionId, url } = await deps.payments.createCheckout({
    checkoutId,
    // The tip is part of the charged amount and kept apart in the stored breakdown.
    amountCents: terms.totalCents,
    tipCents: terms.tipCents,
    description,
    customerEmail,
    successUrl: `${doc.returnUrl}?session_id=${SESSION_PLACEHOLDER}`,
    cancelUrl: doc.returnUrl,
    expiresAt,
    transfer: terms.transfer,
    metadata: { document_type: doc.purpose, document_id: (doc.invoiceId ?? doc.quoteId)! },
  });
  await deps.db.insert(documentCheckouts).values({
    id: checkoutId,
    businessId: doc.businessId,
    purpose: doc.purpose,
    quoteId: doc.quoteId ?? null,
    invoiceId: doc.invoiceId ?? null,
    provider: deps.payments.kind,
    providerSessionId: sessionId,
    amountCents: amounts.amountCents,
    tipCents: amounts.tipCents,
    destinationAccount: terms.transfer.destination,
    applicationFeeCents: terms.transfer.applicationFeeCents,
    description,
    returnUrl: doc.returnUrl,
    expiresAt,
  });
  return { url, sessionId };
}

/** "Accept & pay deposit": the deposit is charged, and paying it accepts the quote. */
export async function startDepositCheckout(deps: Deps, token: string) {
  const quote = await findQuoteByToken(deps, token);
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  const problem = answerProblem(quote);
  if (problem) throw conflict(problem);
  if (quote.depositCents <= 0) throw conflict('This quote needs no deposit');
  const business = await documentBusiness(deps.db, quote.businessId);
  return openCheckout(
    deps,
    {
      businessId: quote.businessId,
      quoteId: quote.id,
      purpose: 'deposit',
      returnUrl: quotePageUrl(deps, quote.id),
    },
    { amountCents: quote.depositCents, tipCents: 0 },
    quote.customerEmail,
    `Deposit — quote from ${business.name}`,
  );
}

/** The invoice pay page: the balance due plus the chosen tip, in one card payment. */
export async function startInvoiceCheckout(deps: Deps, token: string, tip: TipChoice) {
  const [inv] = await deps.db.select().from(invoices).where(invoiceOfToken(deps.linkSecret, token));
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  if (inv.status === 'void') throw conflict('This invoice is void');
  const balance = inv.totalCents - inv.paidCents;
  if (balance <= 0) throw conflict('This invoice is already paid');
  const business = await documentBusiness(deps.db, inv.businessId);
  return openCheckout(
    deps,
    {
      businessId: inv.businessId,
      invoiceId: inv.id,
      purpose: 'invoice',
      returnUrl: invoicePageUrl(deps, inv.id),
    },
    { amountCents: balance, tipCents: tipCents(tip, inv.subtotalCents) },
    inv.customerEmail,
    `Invoice ${invoiceNumberText(inv.number)} — ${business.name}`,
  );
}

/** Asks the provider whether the session is paid, and refuses an amount that is not what we asked for. */
async function verifiedPayment(deps: Deps, row: DocumentCheckoutRow) {
  if (row.status === 'cancelled') throw invalid('This checkout was cancelled; nothing was charged');
  const payment = await deps.payments.getPaymentStatus(row.providerSessionId);
  if (!payment.paid) throw invalid('Payment has not been completed yet');
  if (payment.amountCents !== null && payment.amountCents !== row.amountCents + row.tipCents) {
    throw conflict('The amount paid does not match; please contact the business');
  }
  return payment;
}

async function checkoutFor(deps: Deps, sessionId: string, purpose: 'deposit' | 'invoice') {
  const row = await findDocumentCheckout(deps.db, sessionId);
  if (!row || row.purpose !== purpose || row.provider !== deps.payments.kind)
    throw notFound('This payment could not be found');
  return row;
}

/** The ledger rows of a completed document checkout: the charge, its tip and the platform's fee (once per payment). */
function recordDocumentCharge(
  tx: DbOrTx,
  row: DocumentCheckoutRow,
  paymentReference: string | null,
  description: string,
) {
  if (!row.destinationAccount) return;
  return recordCompletedCharge(tx, {
    businessId: row.businessId,
    documentType: row.purpose,
    documentId: (row.invoiceId ?? row.quoteId)!,
    paymentReference: paymentReference ?? row.providerSessionId,
    amountCents: row.amountCents,
    tipCents: row.tipCents,
    applicationFeeCents: row.applicationFeeCents,
    description,
  });
}

/** Completes a deposit payment once (any number of calls, in any order or at once): the quote is accepted. */
export async function completeQuoteDeposit(deps: Deps, sessionId: string) {
  const row = await checkoutFor(deps, sessionId, 'deposit');
  if (row.status === 'completed') return { created: false };
  const payment = await verifiedPayment(deps, row);
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(documentCheckouts)
      .where(eq(documentCheckouts.id, row.id))
      .for('update');
    if (locked!.status === 'completed') return null;
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.quoteId!)).for('update');
    if (!quote) throw notFound(QUOTE_NOT_FOUND);
    const now = new Date();
    if (quote.depositPaidAt) {
      // Another deposit checkout of this quote was paid first: this one is given back.
      await tx.update(documentCheckouts).set({ status: 'cancelled' }).where(eq(documentCheckouts.id, row.id));
      return 'refund' as const;
    }
    await tx
      .update(quotes)
      .set({ status: 'accepted', acceptedAt: quote.acceptedAt ?? now, depositPaidAt: now })
      .where(eq(quotes.id, quote.id));
    await recordDocumentCharge(tx, row, payment.paymentReference, `Deposit: quote for ${quote.customerName}`);
    await tx
      .update(documentCheckouts)
      .set({
        status: 'completed',
        paidAt: locked!.paidAt ?? now,
        completedAt: now,
        paymentReference: payment.paymentReference,
      })
      .where(eq(documentCheckouts.id, row.id));
    // The receipt commits with the deposit (decision 1331).
    const business = await documentBusiness(tx, quote.businessId);
    return queueReceipt(deps, tx, {
      businessId: quote.businessId,
      customerId: quote.customerId,
      receiptKey: `deposit:${row.id}`,
      to: quote.customerEmail,
      customerName: quote.customerName,
      businessName: business.name,
      documentTitle: 'Quote deposit — your quote is accepted',
      amountCents: row.amountCents,
      tipCents: 0,
      methodLabel: 'Card',
      balanceCents: quote.totalCents - row.amountCents,
      link: quotePageUrl(deps, quote.id),
    });
  });
  if (outcome === 'refund') {
    await deps.payments.refund(sessionId, payment.paymentReference, {
      connected: Boolean(row.destinationAccount),
    });
    throw conflict('This deposit was already paid; your payment has been refunded');
  }
  if (!outcome) return { created: false };
  await deliverQueued(deps, outcome);
  return { created: true };
}

export const INVOICE_SETTLE_JOB = 'invoice.settle-checkout';

/** Why a paid invoice checkout was refunded rather than recorded (derived again for a replay: see refundReasonOf). */
export type RefundReason = 'void' | 'paid' | 'balance-changed' | 'amount-mismatch';
export type InvoicePaymentOutcome =
  | { outcome: 'recorded'; created: boolean }
  | { outcome: 'refunded'; reason: RefundReason; amountCents: number; created: boolean }
  /** The provider refused the refund for now; a retried job finishes it (docs/decisions/0930). */
  | { outcome: 'refund-pending'; reason: RefundReason; amountCents: number; created: false };

/** What the customer reads on the return page (and in the email) when their payment was given back. */
export function refundNotice(reason: RefundReason, amountCents: number, pending = false) {
  const refunded = pending
    ? `your payment of ${formatCents(amountCents)} will be refunded in full shortly`
    : `your payment of ${formatCents(amountCents)} has been refunded in full`;
  switch (reason) {
    case 'void':
      return `This invoice was voided, so nothing is due: ${refunded}.`;
    case 'paid':
      return `This invoice had already been paid, so this payment was not needed: ${refunded}.`;
    case 'balance-changed':
      return `A payment was recorded on this invoice while you were paying, so the amount due changed: ${refunded}. You can pay the balance below.`;
    case 'amount-mismatch':
      return `The amount paid does not match this invoice: ${refunded}. Please contact the business.`;
  }
}

type SettleDecision =
  | { kind: 'recorded'; applied: Awaited<ReturnType<typeof applyPayment>>; messageIds: string[] }
  | {
      kind: 'refund';
      reason: RefundReason;
      previous: Pick<DocumentCheckoutRow, 'status' | 'paidAt' | 'paymentReference'>;
    }
  | { kind: 'settled'; row: DocumentCheckoutRow };

/** A refunded checkout's reason, read back from the invoice (its balance only ever goes down). */
async function refundReasonOf(db: DbOrTx, row: DocumentCheckoutRow): Promise<RefundReason> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
  if (!inv || inv.status === 'void') return 'void';
  const balance = inv.totalCents - inv.paidCents;
  if (balance <= 0) return 'paid';
  return row.amountCents > balance ? 'balance-changed' : 'amount-mismatch';
}

async function settledOutcome(db: DbOrTx, row: DocumentCheckoutRow): Promise<InvoicePaymentOutcome | null> {
  if (row.status === 'completed') return { outcome: 'recorded', created: false };
  if (row.status === 'refunded') {
    return {
      outcome: 'refunded',
      reason: await refundReasonOf(db, row),
      amountCents: row.amountCents + row.tipCents,
      created: false,
    };
  }
  return null;
}

/**
 * Settles a paid invoice checkout exactly once, whoever comes first (the return page, the webhook, a retried job, the
 * owner's void or cash payment), however many arrive at once: the checkout row is locked, then the invoice. If the
 * balance still owes this amount, the payment is recorded (with its ledger rows and a receipt); if not — the invoice
 * was paid meanwhile, by another checkout or in cash, or voided — the whole charge is refunded at the provider and
 * the checkout marked refunded, with nothing in the business's ledger (docs/decisions/0930, like a lost slot: 1000).
 */
export async function completeInvoicePayment(deps: Deps, sessionId: string): Promise<InvoicePaymentOutcome> {
  const row = await checkoutFor(deps, sessionId, 'invoice');
  const early = await settledOutcome(deps.db, row);
  if (early) return early;
  // The provider is asked even for a checkout closed here: what it charged is settled whatever we believed.
  const payment = await deps.payments.getPaymentStatus(row.providerSessionId);
  if (!payment.paid) {
    throw invalid(
      row.status === 'cancelled'
        ? 'This checkout was cancelled; nothing was charged'
        : 'Payment has not been completed yet',
    );
  }
  const total = row.amountCents + row.tipCents;
  const decision = await deps.db.transaction(async (tx): Promise<SettleDecision> => {
    const [locked] = await tx
      .select()
      .from(documentCheckouts)
      .where(eq(documentCheckouts.id, row.id))
      .for('update');
    if (locked!.status === 'completed' || locked!.status === 'refunded')
      return { kind: 'settled', row: locked! };
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId!)).for('update');
    if (!inv) throw notFound(INVOICE_NOT_FOUND);
    const now = new Date();
    const reason: RefundReason | null =
      payment.amountCents !== null && payment.amountCents !== total
        ? 'amount-mismatch'
        : inv.status === 'void'
          ? 'void'
          : inv.totalCents - inv.paidCents <= 0
            ? 'paid'
            : row.amountCents > inv.totalCents - inv.paidCents
              ? 'balance-changed'
              : null;
    if (reason) {
      // Claimed here, refunded after commit by this caller alone; the claim is given back if the provider fails.
      await tx
        .update(documentCheckouts)
        .set({
          status: 'refunded',
          paidAt: locked!.paidAt ?? now,
          paymentReference: payment.paymentReference,
        })
        .where(eq(documentCheckouts.id, row.id));
      return {
        kind: 'refund',
        reason,
        previous: {
          status: locked!.status,
          paidAt: locked!.paidAt,
          paymentReference: locked!.paymentReference,
        },
      };
    }
    const applied = await applyPayment(tx, row.invoiceId!, {
      method: 'card',
      amountCents: row.amountCents,
      tipCents: row.tipCents,
      providerSessionId: row.providerSessionId,
      paymentReference: payment.paymentReference,
    });
    if (applied) {
      await recordDocumentCharge(
        tx,
        row,
        payment.paymentReference,
        `Invoice ${invoiceNumberText(applied.invoice.number)}: ${applied.invoice.customerName}`,
      );
    }
    await tx
      .update(documentCheckouts)
      .set({
        status: 'completed',
        paidAt: locked!.paidAt ?? now,
        completedAt: now,
        paymentReference: payment.paymentReference,
      })
      .where(eq(documentCheckouts.id, row.id));
    // The receipt commits with the payment (decision 1331).
    return {
      kind: 'recorded',
      applied,
      messageIds: applied ? await queueInvoiceReceipt(deps, tx, applied) : [],
    };
  });
  if (decision.kind === 'settled') return (await settledOutcome(deps.db, decision.row))!;
  if (decision.kind === 'refund')
    return refundUnneededPayment(deps, row, payment.paymentReference, decision.reason, decision.previous);
  if (decision.applied) {
    await deliverQueued(deps, decision.messageIds);
    // Other tabs' checkouts of the old balance can no longer be paid in full: close them before they are.
    await closeStaleInvoiceCheckouts(deps, row.invoiceId!);
  }
  return { outcome: 'recorded', created: Boolean(decision.applied) };
}

async function refundUnneededPayment(
  deps: Deps,
  row: DocumentCheckoutRow,
  paymentReference: string | null,
  reason: RefundReason,
  previous: Pick<DocumentCheckoutRow, 'status' | 'paidAt' | 'paymentReference'>,
): Promise<InvoicePaymentOutcome> {
  const amountCents = row.amountCents + row.tipCents;
  let refundId: string | null;
  try {
    // The whole charge (tip included); a destination charge takes it back from the business with the fee returned.
    ({ refundId } = await deps.payments.refund(row.providerSessionId, paymentReference, {
      connected: Boolean(row.destinationAccount),
    }));
  } catch (err) {
    await deps.db
      .update(documentCheckouts)
      .set(previous)
      .where(
        and(
          eq(documentCheckouts.id, row.id),
          eq(documentCheckouts.status, 'refunded'),
          isNull(documentCheckouts.refundedAt),
        ),
      );
    if (!deps.jobs) throw err;
    console.warn(
      `Refund of ${row.providerSessionId} failed; retrying in the background:`,
      (err as Error).message,
    );
    await deps.jobs.send(
      INVOICE_SETTLE_JOB,
      { sessionId: row.providerSessionId },
      { singletonKey: row.providerSessionId, retryLimit: 20, retryDelaySeconds: 60 },
    );
    return { outcome: 'refund-pending', reason, amountCents, created: false };
  }
  // The customer's notice commits with the refund's record (decision 1331).
  const messageIds = await deps.db.transaction(async (tx) => {
    await tx
      .update(documentCheckouts)
      .set({ refundId, refundedAt: new Date() })
      .where(eq(documentCheckouts.id, row.id));
    return queueRefundNotice(deps, tx, row, reason);
  });
  await deliverQueued(deps, messageIds);
  return { outcome: 'refunded', reason, amountCents, created: true };
}

/** The customer learns of the refund even when the webhook, not the return page, settled it. */
async function queueRefundNotice(
  deps: Deps,
  tx: Transaction,
  row: DocumentCheckoutRow,
  reason: RefundReason,
) {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
  if (!inv) return [];
  const business = await documentBusiness(tx, inv.businessId);
  const amount = row.amountCents + row.tipCents;
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: inv.businessId,
    customerId: inv.customerId,
    kind: 'receipt',
    dedupeKey: `refund:${row.id}`,
    to: inv.customerEmail.toLowerCase(),
    ...(await renderEmailRow(
      'invoice-refund',
      {
        customerName: inv.customerName,
        businessName: business.name,
        number: invoiceNumberText(inv.number),
        amountCents: amount,
        notice: refundNotice(reason, amount),
        link: invoicePageUrl(deps, inv.id),
      },
      { db: tx, businessId: inv.businessId, publicUrl: deps.publicUrl },
    )),
  });
}

/**
 * After a payment, or a void, the invoice's checkouts that ask more than is now due are closed at the provider, so
 * nobody pays them; one the customer had already paid is settled at once (refunded). Failures are only logged: a
 * session that stays open and is paid later is refunded when its webhook or return page arrives.
 */
export async function closeStaleInvoiceCheckouts(deps: Deps, invoiceId: string) {
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) return;
  const balance = inv.status === 'void' ? 0 : inv.totalCents - inv.paidCents;
  const stale = await deps.db
    .select()
    .from(documentCheckouts)
    .where(
      and(
        eq(documentCheckouts.invoiceId, invoiceId),
        inArray(documentCheckouts.status, ['open', 'paid']),
        gt(documentCheckouts.amountCents, balance),
        eq(documentCheckouts.provider, deps.payments.kind),
      ),
    );
  for (const row of stale) {
    try {
      const { expired } =
        row.status === 'open'
          ? await deps.payments.expireCheckoutSession(row.providerSessionId)
          : { expired: false };
      if (expired) {
        await deps.db
          .update(documentCheckouts)
          .set({ status: 'cancelled' })
          .where(and(eq(documentCheckouts.id, row.id), eq(documentCheckouts.status, 'open')));
      } else {
        await completeInvoicePayment(deps, row.providerSessionId);
      }
    } catch (err) {
      console.warn(
        `Could not close checkout ${row.providerSessionId} of invoice ${invoiceId}:`,
        (err as Error).message,
      );
    }
  }
}

/** The Stripe webhook and the return pages call this with any session id of ours. */
export async function completeDocumentCheckout(deps: Deps, sessionId: string) {
  const row = await findDocumentCheckout(deps.db, sessionId);
  if (!row) return null;
  return row.purpose === 'deposit'
    ? completeQuoteDeposit(deps, sessionId)
    : completeInvoicePayment(deps, sessionId);
}

/** The built-in test checkout's Pay and Cancel for a document session (no money moves). */
export async function markDocumentTestCheckout(
  db: Database,
  row: DocumentCheckoutRow,
  action: 'pay' | 'cancel',
) {
  // Closed by the business (paid in cash, voided) or by the customer: like an expired Stripe page, it takes no card.
  if (action === 'pay' && row.status === 'cancelled')
    throw conflict('This checkout is closed; nothing was charged');
  if (row.status !== 'open') return;
  if (action === 'pay' && row.expiresAt.getTime() < Date.now())
    throw conflict('This checkout has expired; nothing was charged');
  await db
    .update(documentCheckouts)
    .set(
      action === 'pay'
        ? { status: 'paid', paidAt: new Date(), paymentReference: `test_payment_${row.providerSessionId}` }
        : { status: 'cancelled' },
    )
    .where(and(eq(documentCheckouts.id, row.id), eq(documentCheckouts.status, 'open')));
}

async function payableInvoice({ db, linkSecret }: Pick<AppDeps, 'db' | 'linkSecret'>, token: string) {
  const [inv] = await db.select().from(invoices).where(invoiceOfToken(linkSecret, token));
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  if (inv.status === 'void') throw conflict('This invoice is void');
  if (inv.totalCents - inv.paidCents <= 0) throw conflict('This invoice is already paid');
  return inv;
}

/** The pay page's "Use my points": a one-time code to the invoice's email (docs/decisions/0710). */
export async function sendInvoiceRedeemCode(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'>,
  token: string,
) {
  const inv = await payableInvoice(deps, token);
  return sendRedeemCode(deps, { businessId: inv.businessId, email: inv.customerEmail });
}

export async function verifyInvoiceRedeemCode(
  { db, linkSecret }: Pick<AppDeps, 'db' | 'linkSecret'>,
  token: string,
  code: string,
) {
  const inv = await payableInvoice({ db, linkSecret }, token);
  if (!/^\d{6}$/.test(code.trim())) throw invalid('Enter the 6-digit code from the email');
  return verifyRedeemCode(db, { businessId: inv.businessId, email: inv.customerEmail, code: code.trim() });
}

/**
 * A reward redeemed on the invoice: its value (up to the balance) is recorded as a payment of method 'loyalty', and
 * its points leave the ledger, in one transaction under the invoice's lock. The verification token is spent by it.
 */
export async function redeemRewardOnInvoice(
  deps: Deps,
  token: string,
  input: { loyaltyToken: string; rewardId: string },
) {
  const inv = await payableInvoice(deps, token);
  const applied = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, inv.id)).for('update');
    if (!locked || locked.status === 'void') throw conflict('This invoice is void');
    const redeemed = await redeemOnInvoice(tx, {
      businessId: locked.businessId,
      customerEmail: locked.customerEmail,
      token: input.loyaltyToken,
      rewardId: input.rewardId,
      balanceCents: locked.totalCents - locked.paidCents,
    });
    const result = await applyPayment(tx, locked.id, {
      method: 'loyalty',
      amountCents: redeemed.amountCents,
      tipCents: 0,
      note: redeemed.reward.name,
    });
    const spent = await appendPoints(tx, {
      businessId: locked.businessId,
      customerId: redeemed.customerId,
      type: 'redeemed',
      source: 'reward',
      points: -redeemed.reward.pointsRequired,
      description: `Redeemed ${redeemed.reward.name} on invoice ${invoiceNumberText(locked.number)}`,
      rewardId: redeemed.reward.id,
    });
    // The payment names the points it spent, so that a full refund can return them (docs/decisions/1190).
    if (result)
      await tx
        .update(invoicePayments)
        .set({ loyaltyTransactionId: spent.id })
        .where(eq(invoicePayments.id, result.payment.id));
    // The receipt commits with the payment (decision 1331).
    return { result, messageIds: result ? await queueInvoiceReceipt(deps, tx, result) : [] };
  });
  if (applied.result) {
    await deliverQueued(deps, applied.messageIds);
    await closeStaleInvoiceCheckouts(deps, applied.result.invoice.id);
  }
  return applied.result;
}
