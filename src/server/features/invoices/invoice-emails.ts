import { formatCents } from '../../../shared/money';
import type { AppDeps } from '../../http/context';
import { sendTransactional } from '../campaigns/automations/message-queue';

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
}

/**
 * A receipt goes out on every payment (card, cash, check, other, deposit) as a transactional message row (decision
 * 610); a failure is logged on the row, never undoes the payment.
 */
export async function sendReceipt(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'publicUrl' | 'sms' | 'messageRetryDelaysMs'>,
  r: ReceiptDetails,
) {
  const lines = [
    `Hello ${r.customerName},`,
    '',
    `${r.businessName} received your payment. Thank you!`,
    '',
    `${r.documentTitle}`,
    `Payment (${r.methodLabel}): ${formatCents(r.amountCents)}`,
    ...(r.tipCents > 0 ? [`Tip: ${formatCents(r.tipCents)}`] : []),
    `Total received: ${formatCents(r.amountCents + r.tipCents)}`,
    r.balanceCents > 0 ? `Balance still due: ${formatCents(r.balanceCents)}` : 'Nothing is left to pay.',
    '',
    `View it any time: ${r.link}`,
    '',
    r.businessName,
  ];
  await sendTransactional(deps, {
    businessId: r.businessId,
    customerId: r.customerId,
    kind: 'receipt',
    dedupeKey: `receipt:${r.receiptKey}`,
    channel: 'email',
    to: r.to.toLowerCase(),
    subject: `Receipt from ${r.businessName}: ${formatCents(r.amountCents + r.tipCents)}`,
    body: lines.join('\n'),
  });
}
