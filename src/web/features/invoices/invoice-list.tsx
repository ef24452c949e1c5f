import { Ban, Banknote, ExternalLink, Receipt, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { INVOICE_FILTERS, type InvoiceFilter } from '../../../shared/invoices.schemas';
import { formatCents } from '../../../shared/money';
import { type Invoice, invoiceDownloadUrl, useInvoices, useVoidInvoice } from '../../api/invoices';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/class-merge';
import { DocumentDownloads, useShortDate } from './document-downloads';
import { InvoiceStatusBadge } from './document-status-badge';
import { InvoiceRemindersSetting, SendInvoiceButton } from './invoice-sending';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundInvoiceDialog, refundableCents } from './refund-invoice-dialog';

const FILTER_LABELS: Record<InvoiceFilter, string> = {
  all: 'All',
  unpaid: 'Unpaid',
  overdue: 'Overdue',
  paid: 'Paid',
};

function InvoiceCard({
  invoice,
  onPay,
  onVoid,
  onRefund,
}: {
  invoice: Invoice;
  onPay: () => void;
  onVoid: () => void;
  onRefund: () => void;
}) {
  const shortDate = useShortDate();
  const open = invoice.status === 'unpaid' || invoice.status === 'partially_paid';
  const refundable =
    (invoice.status === 'paid' || invoice.status === 'partially_refunded') && refundableCents(invoice) > 0;
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="invoice-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{invoice.numberText}</p>
          <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-700">{invoice.customerName}</p>
        <p className="mt-1 text-xs text-slate-500">
          Issued {shortDate(invoice.issuedAt)} · Due {shortDate(invoice.dueAt)}
          {invoice.tipCents > 0 && ` · Tip ${formatCents(invoice.tipCents)}`}
          {invoice.refundedCents > 0 && ` · Refunded ${formatCents(invoice.refundedCents)}`}
        </p>
      </div>
      <div className="grid gap-2 sm:justify-items-end">
        <p className="tabular-nums">
          <span className="text-xl font-bold text-slate-900">{formatCents(invoice.totalCents)}</span>
          {open && invoice.paidCents > 0 && (
            <span className="ml-2 text-sm text-slate-600">{formatCents(invoice.balanceCents)} due</span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <DocumentDownloads url={(f) => invoiceDownloadUrl(invoice.id, f)} />
          {open && (
            <>
              <SendInvoiceButton invoice={invoice} />
              <Button asChild variant="outline" size="sm">
                <a href={invoice.payPath} target="_blank" rel="noreferrer">
                  <ExternalLink /> Pay page
                </a>
              </Button>
              <Button size="sm" onClick={onPay}>
                <Banknote /> Record Payment
              </Button>
            </>
          )}
          {refundable && (
            <Button variant="outline" size="sm" onClick={onRefund}>
              <Undo2 /> Refund
            </Button>
          )}
          {invoice.status === 'unpaid' && invoice.paidCents === 0 && (
            <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={onVoid}>
              <Ban /> Void
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

/** Invoices with filters (unpaid, overdue, paid) and the total outstanding. */
export function InvoiceList({ pageSize }: { pageSize?: number }) {
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const invoices = useInvoices(filter, pageSize);
  const voidInvoice = useVoidInvoice();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [voiding, setVoiding] = useState<Invoice | null>(null);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  // The totals are the business's, the same on every page: the first page's.
  const data = invoices.data?.pages[0];

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Card className="p-4">
          <p className="text-sm text-slate-600">Outstanding</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="outstanding-total">
            {data ? formatCents(data.outstandingCents) : '—'}
          </p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-slate-600">Overdue</p>
          {/* Red only when something is overdue: a red $0.00 reads as an alarm. */}
          <p
            className={cn(
              'text-2xl font-bold tabular-nums',
              data && data.overdueCents > 0 ? 'text-red-700' : 'text-slate-900',
            )}
            data-testid="overdue-total"
          >
            {data ? formatCents(data.overdueCents) : '—'}
          </p>
        </Card>
      </div>
      <InvoiceRemindersSetting />
      <Tabs value={filter} onValueChange={(v) => setFilter(v as InvoiceFilter)}>
        <TabsList aria-label="Filter invoices">
          {INVOICE_FILTERS.map((f) => (
            <TabsTrigger key={f} value={f}>
              {FILTER_LABELS[f]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The filtered list is the active tab's panel, so the tab's aria-controls names it. */}
        <TabsContent value={filter}>
          {invoices.isPending ? (
            <RowsSkeleton />
          ) : invoices.isError ? (
            <ErrorState
              message="Failed to fetch data"
              onRetry={() => invoices.refetch()}
              retrying={invoices.isFetching}
            />
          ) : invoices.items.length === 0 ? (
            <EmptyState
              icon={Receipt}
              title={
                filter === 'all' ? 'No invoices yet' : `No ${FILTER_LABELS[filter].toLowerCase()} invoices`
              }
              description="Invoice an accepted quote from the Quotes tab, or a completed booking from Bookings."
            />
          ) : (
            <div>
              <ul className="grid gap-3" aria-label="Invoices">
                {invoices.items.map((inv) => (
                  <li key={inv.id}>
                    <InvoiceCard
                      invoice={inv}
                      onPay={() => setPaying(inv)}
                      onVoid={() => setVoiding(inv)}
                      onRefund={() => setRefunding(inv)}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore list={invoices} />
            </div>
          )}
        </TabsContent>
      </Tabs>
      <RecordPaymentDialog invoice={paying} onOpenChange={(o) => !o && setPaying(null)} />
      <RefundInvoiceDialog invoice={refunding} onOpenChange={(o) => !o && setRefunding(null)} />
      <ConfirmDialog
        open={Boolean(voiding)}
        onOpenChange={(o) => !o && setVoiding(null)}
        title="Void this invoice?"
        description={voiding ? `${voiding.numberText} will no longer be payable. Its number stays used.` : ''}
        confirmLabel="Void Invoice"
        busy={voidInvoice.isPending}
        onConfirm={() =>
          voiding &&
          voidInvoice.mutate(voiding.id, {
            onSuccess: () => {
              toast.success('Success', { description: `${voiding.numberText} voided` });
              setVoiding(null);
            },
            onError: (e) => toast.error('Error', { description: e.message }),
          })
        }
      />
    </div>
  );
}
