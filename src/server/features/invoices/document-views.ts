import { INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from '../../../shared/invoices.schemas';
import { formatDate } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import type { DocumentView } from './document-render';
import {
  type DocumentBusiness,
  invoiceNumberText,
  invoicePageUrl,
  type LinkDeps,
  quotePageUrl,
} from './documents';
import { type InvoiceRow, isOverdue, METHOD_LABELS, paymentsOf } from './invoices.service';
import type { QuoteRow } from './quotes.service';

/** A quote as a document: its deposit under the total, and a QR code to the public quote page once sent. */
export function quoteView(q: QuoteRow, business: DocumentBusiness, links: LinkDeps): DocumentView {
  const summary: DocumentView['summary'] = [];
  if (q.depositCents > 0)
    summary.push({
      label: q.depositPaidAt ? 'Deposit paid' : 'Deposit due on acceptance',
      cents: q.depositCents,
    });
  const answerable = q.status === 'draft' || q.status === 'sent';
  return {
    kind: 'quote',
    title: 'Quote',
    statusLabel: QUOTE_STATUS_LABELS[q.status],
    business,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    dates: [
      ['Created', q.createdAt],
      ['Valid until', q.expiresAt],
    ],
    items: q.items,
    subtotalCents: q.subtotalCents,
    taxRateBps: q.taxRateBps,
    taxCents: q.taxCents,
    totalCents: q.totalCents,
    summary,
    notes: q.notes,
    link: answerable
      ? { url: quotePageUrl(links, q.id), caption: 'Scan to view and accept this quote online' }
      : undefined,
  };
}

const shortDate = (d: Date, timeZone: string) => formatDate(d, timeZone, { weekday: false });

/** An invoice as a document: each payment (the carried deposit with its date), the tip as its own line, the balance. */
export async function invoiceView(
  db: DbOrTx,
  inv: InvoiceRow,
  business: DocumentBusiness,
  links: LinkDeps,
): Promise<DocumentView> {
  const payments = await paymentsOf(db, inv.id);
  const summary: DocumentView['summary'] = [];
  for (const p of payments) {
    const label = p.note === 'Deposit' ? 'Deposit paid' : `${METHOD_LABELS[p.method]} payment`;
    if (p.amountCents > 0)
      summary.push({ label: `${label} ${shortDate(p.paidAt, business.timeZone)}`, cents: -p.amountCents });
  }
  if (inv.tipCents > 0) summary.push({ label: 'Tip (thank you!)', cents: inv.tipCents });
  const balance = inv.status === 'void' ? 0 : inv.totalCents - inv.paidCents;
  summary.push({ label: 'Balance due', cents: balance, strong: true });
  const open = inv.status === 'unpaid' || inv.status === 'partially_paid';
  return {
    kind: 'invoice',
    title: `Invoice ${invoiceNumberText(inv.number)}`,
    statusLabel: isOverdue(inv)
      ? `${INVOICE_STATUS_LABELS[inv.status]} · Overdue`
      : INVOICE_STATUS_LABELS[inv.status],
    business,
    customerName: inv.customerName,
    customerEmail: inv.customerEmail,
    dates: [
      ['Issued', inv.issuedAt],
      ['Due', inv.dueAt],
    ],
    items: inv.items,
    subtotalCents: inv.subtotalCents,
    taxRateBps: inv.taxRateBps,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    summary,
    notes: inv.notes,
    link: open
      ? { url: invoicePageUrl(links, inv.id), caption: 'Scan to pay this invoice online' }
      : undefined,
  };
}
