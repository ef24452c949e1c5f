import type { DbOrTx } from '../../db/client';
import type { checkoutSessions } from '../../db/schema';
import { recordRefund } from './ledger.service';

/**
 * The ledger side of refunding a paid checkout in full (a cancelled booking): the refund and the platform's fee
 * given back. Idempotent by the session, so a retried cancel writes nothing twice; a lead writes nothing.
 */
export async function recordCheckoutRefund(
  db: DbOrTx,
  checkout: Pick<
    typeof checkoutSessions.$inferSelect,
    'providerSessionId' | 'paymentReference' | 'destinationAccount'
  >,
) {
  if (!checkout.destinationAccount) return null;
  return recordRefund(db, {
    paymentReference: checkout.paymentReference ?? checkout.providerSessionId,
    refundKey: `checkout:${checkout.providerSessionId}`,
  });
}
