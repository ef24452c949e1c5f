import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type {
  InvoiceFilter,
  InvoiceRefundInput,
  OfflinePaymentInput,
  QuoteInput,
} from '../../shared/invoices.schemas';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

/** Rows per page of the /invoices lists; `?pageSize=` (1–100) overrides it (e2e pages with a few rows). */
export const DOCUMENT_PAGE_SIZE = 50;
export const pageSizeOf = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1 && n <= 100 ? n : DOCUMENT_PAGE_SIZE;
};

export type Quote = InferResponseType<typeof api.api.quotes.$get, 200>['items'][number];
export type Invoice = InferResponseType<typeof api.api.invoices.$get, 200>['items'][number];

/** The quotes tab: newest first, a page at a time. */
export const quotesQuery = (pageSize = DOCUMENT_PAGE_SIZE) =>
  pagedListOptions(queryKeys.quotes.list(pageSize), (cursor) =>
    unwrap(api.api.quotes.$get({ query: { limit: String(pageSize), ...(cursor && { cursor }) } })),
  );
export const useQuotes = (pageSize?: number) => usePagedList(quotesQuery(pageSize));

/** The invoices tab: newest number first, filtered on the server; each page carries the business's totals. */
export const invoicesQuery = (filter: InvoiceFilter, pageSize = DOCUMENT_PAGE_SIZE) =>
  pagedListOptions(queryKeys.invoices.list(filter, pageSize), (cursor) =>
    unwrap(api.api.invoices.$get({ query: { filter, limit: String(pageSize), ...(cursor && { cursor }) } })),
  );
export const useInvoices = (filter: InvoiceFilter, pageSize?: number) =>
  usePagedList(invoicesQuery(filter, pageSize));

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);

export const useCreateQuote = () =>
  useMutation({
    mutationFn: (json: QuoteInput) => unwrap(api.api.quotes.$post({ json })),
    onSuccess: invalidate,
  });

export const useSendQuote = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.quotes[':id'].send.$post({ param: { id } })),
    onSuccess: invalidate,
  });

export const useInvoiceQuote = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.invoices['from-quote'][':id'].$post({ param: { id } })),
    onSuccess: invalidate,
  });

export const useInvoiceBooking = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.invoices['from-booking'][':id'].$post({ param: { id } })),
    onSuccess: invalidate,
  });

export const useRecordPayment = () =>
  useMutation({
    mutationFn: ({ id, json }: { id: string; json: OfflinePaymentInput }) =>
      unwrap(api.api.invoices[':id'].payments.$post({ param: { id }, json })),
    onSuccess: invalidate,
  });

/** The owner's refund of a paid invoice; the same Idempotency-Key again refunds once (docs/decisions/1190). */
export const useRefundInvoice = () =>
  useMutation({
    mutationFn: ({ id, json, key }: { id: string; json: InvoiceRefundInput; key: string }) =>
      unwrap(
        api.api.invoices[':id'].refunds.$post({ param: { id }, json, header: { 'idempotency-key': key } }),
      ),
    onSuccess: invalidate,
  });

export const useVoidInvoice = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.invoices[':id'].void.$post({ param: { id } })),
    onSuccess: invalidate,
  });

/** The business's overdue reminders switch (decision 0956). */
export const invoiceRemindersQuery = queryOptions({
  queryKey: queryKeys.invoices.reminders,
  queryFn: () => unwrap(api.api['invoice-reminders'].$get()),
});

/** Download links (files, outside the typed client). */
export const quoteDownloadUrl = (id: string, format: 'html' | 'pdf') =>
  `/api/quotes/${id}/download/${format}`;
export const invoiceDownloadUrl = (id: string, format: 'html' | 'pdf') =>
  `/api/invoices/${id}/download/${format}`;
