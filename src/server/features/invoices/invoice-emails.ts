import { formatCents } from '../../../shared/money';
import type { AppDeps } from '../../http/context';

export interface ReceiptDetails {
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

/** A receipt goes out on every payment (card, cash, check, other, deposit); a failure is logged, never undoes it. */
export async function sendReceipt(deps: Pick<AppDeps, 'mailer'>, r: ReceiptDetails) {
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
  await deps.mailer
    .send({
      to: r.to,
      subject: `Receipt from ${r.businessName}: ${formatCents(r.amountCents + r.tipCents)}`,
      text: lines.join('\n'),
    })
    .catch((err) => console.warn('Could not send the receipt email', err));
}
