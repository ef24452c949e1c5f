import { FileText, Plus, Receipt, Send } from 'lucide-react';
import { toast } from 'sonner';
import { QUOTE_MESSAGES } from '../../../shared/invoices.schemas';
import { formatCents } from '../../../shared/money';
import { type Quote, quoteDownloadUrl, useInvoiceQuote, useQuotes, useSendQuote } from '../../api/invoices';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { DocumentDownloads, useShortDate } from './document-downloads';
import { QuoteStatusBadge } from './document-status-badge';

function QuoteActions({ quote, onInvoiced }: { quote: Quote; onInvoiced: () => void }) {
  const send = useSendQuote();
  const invoice = useInvoiceQuote();
  const canSend = quote.status === 'draft' || quote.status === 'sent';
  return (
    <div className="flex flex-wrap gap-2">
      <DocumentDownloads url={(f) => quoteDownloadUrl(quote.id, f)} />
      {canSend && (
        <Button
          size="sm"
          variant={quote.status === 'sent' ? 'outline' : 'default'}
          loading={send.isPending}
          onClick={() =>
            send.mutate(quote.id, {
              onSuccess: () =>
                toast.success('Success', { description: `${QUOTE_MESSAGES.sent} (${quote.customerEmail})` }),
              onError: (e) => toast.error('Error', { description: e.message }),
            })
          }
        >
          <Send /> {quote.status === 'sent' ? 'Resend' : 'Send'}
        </Button>
      )}
      {quote.status === 'accepted' && (
        <Button
          size="sm"
          loading={invoice.isPending}
          onClick={() =>
            invoice.mutate(quote.id, {
              onSuccess: (inv) => {
                toast.success('Success', { description: `Invoice ${inv.numberText} created` });
                onInvoiced();
              },
              onError: (e) => toast.error('Error', { description: e.message }),
            })
          }
        >
          <Receipt /> Create Invoice
        </Button>
      )}
    </div>
  );
}

/** The quote list (§2): status badges draft → sent → accepted / declined / expired → invoiced. */
export function QuoteList({
  pageSize,
  onNewQuote,
  onInvoiced,
}: {
  pageSize?: number;
  onNewQuote: () => void;
  onInvoiced: () => void;
}) {
  const shortDate = useShortDate();
  const quotes = useQuotes(pageSize);
  if (quotes.isPending) return <RowsSkeleton />;
  if (quotes.isError)
    return (
      <ErrorState
        message="Failed to fetch data"
        onRetry={() => quotes.refetch()}
        retrying={quotes.isFetching}
      />
    );
  const items = quotes.items;
  if (items.length === 0)
    return (
      <EmptyState
        icon={FileText}
        title="No quotes yet"
        description="Quote a customer for one or more services, send it, and they can accept it online."
        action={
          <Button onClick={onNewQuote}>
            <Plus /> New Quote
          </Button>
        }
      />
    );
  return (
    <div>
      <ul className="grid gap-3" aria-label="Quotes">
        {items.map((q) => (
          <li key={q.id}>
            <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="quote-row">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="truncate font-semibold text-slate-900">{q.customerName}</p>
                  <QuoteStatusBadge status={q.status} />
                </div>
                <p className="mt-0.5 truncate text-sm text-slate-600">
                  {q.items.map((i) => i.serviceName).join(', ')}
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  Created {shortDate(q.createdAt)} · {q.status === 'expired' ? 'Expired' : 'Valid until'}{' '}
                  {shortDate(q.expiresAt)}
                  {q.depositCents > 0 &&
                    ` · Deposit ${formatCents(q.depositCents)}${q.depositPaidAt ? ' paid' : ''}`}
                </p>
              </div>
              <div className="grid gap-2 sm:justify-items-end">
                <p className="text-xl font-bold tabular-nums text-slate-900">{formatCents(q.totalCents)}</p>
                <QuoteActions quote={q} onInvoiced={onInvoiced} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore list={quotes} />
    </div>
  );
}
