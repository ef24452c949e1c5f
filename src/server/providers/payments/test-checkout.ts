import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutSessions, documentCheckouts } from '../../db/schema';
import type { PaymentProvider } from './payments';

/**
 * The built-in test checkout: no money moves. Its hosted page (/checkout/test/:sessionId, "Test mode") marks a
 * session paid when the visitor presses Pay; the state lives in checkout_sessions, like Stripe's lives at Stripe.
 */
export function createTestPaymentProvider(db: Database, publicUrl: string): PaymentProvider {
  return {
    kind: 'test',
    async createCheckout() {
      const sessionId = `cs_test_${randomBytes(18).toString('base64url')}`;
      return { sessionId, url: `${publicUrl}/checkout/test/${sessionId}` };
    },
    async getPaymentStatus(sessionId) {
      // Booking sessions live in checkout_sessions, quote-deposit and invoice sessions in document_checkouts.
      const [doc] = await db
        .select({
          paidAt: documentCheckouts.paidAt,
          amountCents: sql<number>`${documentCheckouts.amountCents} + ${documentCheckouts.tipCents}`,
        })
        .from(documentCheckouts)
        .where(eq(documentCheckouts.providerSessionId, sessionId));
      const [row] = doc
        ? [doc]
        : await db
            .select({
              paidAt: checkoutSessions.paidAt,
              amountCents: sql<number>`${checkoutSessions.amountCents} + ${checkoutSessions.tipCents}`,
            })
            .from(checkoutSessions)
            .where(eq(checkoutSessions.providerSessionId, sessionId));
      const paid = Boolean(row?.paidAt);
      return {
        paid,
        amountCents: paid ? row!.amountCents : null,
        paymentReference: paid ? `test_payment_${sessionId}` : null,
      };
    },
    async expireCheckoutSession(sessionId) {
      // Like Stripe: only an open session expires; one already paid stays paid (and is settled by the caller).
      const closed = await db
        .update(documentCheckouts)
        .set({ status: 'cancelled' })
        .where(and(eq(documentCheckouts.providerSessionId, sessionId), eq(documentCheckouts.status, 'open')))
        .returning({ id: documentCheckouts.id });
      if (closed.length > 0) return { expired: true };
      await db
        .update(checkoutSessions)
        .set({ status: 'cancelled' })
        .where(and(eq(checkoutSessions.providerSessionId, sessionId), eq(checkoutSessions.status, 'open')));
      return { expired: !(await this.getPaymentStatus(sessionId)).paid };
    },
    async refund(sessionId, _paymentReference, request = {}) {
      // Nothing was charged; the session's status and the ledger record the refund.
      return { refundId: request.idempotencyKey ?? `test_refund_${sessionId}` };
    },
  };
}
