import type { DbOrTx } from '../../db/client';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { queueTransactionalEmail } from '../campaigns/automations/message-queue';

export interface ReceiptDetails {
  businessId: string;
  customerId: string | null;
  /** What makes this receipt unique (the payment's id), so a retried completion sends it once. */
  receiptKey: string;
  to: string;
  customerName: string;
  businessName: string;
  /** "Invoice INV-0003" or "Quote deposit". */
  documentTitle: string;
  amountCents: number;
  tipCents: number;
  methodLabel: string;
  balanceCents: number;
  link: string;
  /** The invoice's lines, when a booking's several vehicles made them (decision 1327). */
  items?: { name: string; cents: number }[];
}

/**
 * A receipt goes out on every payment (card, cash, check, other, deposit) as a transactional message row (decision
 * 610) written in the payment's transaction (decision 1331); the caller delivers the returned id after the commit, and
 * a failed delivery is logged on the row, never undoes the payment.
 */
export async function queueReceipt(deps: Pick<AppDeps, 'publicUrl'>, tx: DbOrTx, r: ReceiptDetails) {
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: r.businessId,
    customerId: r.customerId,
    kind: 'receipt',
    dedupeKey: `receipt:${r.receiptKey}`,
    to: r.to.toLowerCase(),
    ...(await renderEmailRow(
      'payment-receipt',
      {
        customerName: r.customerName,
        businessName: r.businessName,
        documentTitle: r.documentTitle,
        amountCents: r.amountCents,
        tipCents: r.tipCents,
        methodLabel: r.methodLabel,
        balanceCents: r.balanceCents,
        link: r.link,
        ...(r.items && { items: r.items }),
      },
      { db: tx, businessId: r.businessId, publicUrl: deps.publicUrl },
    )),
  });
}
