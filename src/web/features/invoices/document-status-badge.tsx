import {
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  QUOTE_STATUS_LABELS,
  type QuoteStatus,
} from '../../../shared/invoices.schemas';
import { Badge } from '../../components/ui/badge';

const QUOTE_TONES = {
  draft: 'neutral',
  sent: 'accent',
  accepted: 'green',
  declined: 'red',
  expired: 'amber',
  invoiced: 'violet',
} as const;

const INVOICE_TONES = {
  unpaid: 'amber',
  partially_paid: 'accent',
  paid: 'green',
  void: 'neutral',
  partially_refunded: 'violet',
  refunded: 'neutral',
} as const;

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={QUOTE_TONES[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}

export function InvoiceStatusBadge({ status, overdue }: { status: InvoiceStatus; overdue: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={INVOICE_TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>
      {overdue && <Badge tone="red">Overdue</Badge>}
    </span>
  );
}
