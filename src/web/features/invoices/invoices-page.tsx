import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageSizeOf } from '../../api/invoices';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { InvoiceList } from './invoice-list';
import { NewQuoteDialog } from './new-quote-dialog';
import { QuoteList } from './quote-list';

/** /invoices (Invoices & Quotes, §2): the New Quote dialog, the quote list and the invoices. */
export function InvoicesPage() {
  const [newQuote, setNewQuote] = useState(false);
  // The tab lives in the URL (?tab=invoices), so a link can open it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'invoices' ? 'invoices' : 'quotes';
  const pageSize = pageSizeOf(params.get('pageSize'));
  const setTab = (next: string) =>
    setParams(
      (p) => {
        if (next === 'invoices') p.set('tab', 'invoices');
        else p.delete('tab');
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Invoices & Quotes"
        description="Quote customers, let them accept online, invoice and get paid."
        actions={
          <Button onClick={() => setNewQuote(true)}>
            <Plus /> New Quote
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="mb-4">
          <TabsTrigger value="quotes">Quotes</TabsTrigger>
          <TabsTrigger value="invoices">Invoices</TabsTrigger>
        </TabsList>
        <TabsContent value="quotes">
          <QuoteList
            pageSize={pageSize}
            onNewQuote={() => setNewQuote(true)}
            onInvoiced={() => setTab('invoices')}
          />
        </TabsContent>
        <TabsContent value="invoices">
          <InvoiceList pageSize={pageSize} />
        </TabsContent>
      </Tabs>
      <NewQuoteDialog open={newQuote} onOpenChange={setNewQuote} />
    </>
  );
}
