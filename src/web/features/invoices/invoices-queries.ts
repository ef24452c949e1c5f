import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InvoiceFilter, OfflinePaymentInput, QuoteInput } from '../../../shared/invoices.schemas';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const quotesQuery = () =>
  queryOptions({
    queryKey: ['quotes', 'list'],
    queryFn: () => unwrap(api.api.quotes.$get({ query: { limit: '100' } })),
  });
export const useQuotes = () => useQuery(quotesQuery());
export type Quote = NonNullable<ReturnType<typeof useQuotes>['data']>['items'][number];

export const invoicesQuery = (filter: InvoiceFilter) =>
  queryOptions({
    queryKey: ['invoices', 'list', filter],
    queryFn: () => unwrap(api.api.invoices.$get({ query: { filter, limit: '100' } })),
    placeholderData: keepPreviousData,
  });
export const useInvoices = (filter: InvoiceFilter) => useQuery(invoicesQuery(filter));
export type Invoice = NonNullable<ReturnType<typeof useInvoices>['data']>['items'][number];

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['quotes'] }),
    queryClient.invalidateQueries({ queryKey: ['invoices'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
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

export const useVoidInvoice = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.invoices[':id'].void.$post({ param: { id } })),
    onSuccess: invalidate,
  });

/** Download links (files, outside the typed client). */
export const quoteDownloadUrl = (id: string, format: 'html' | 'pdf') => `/api/quotes/${id}/download/${format}`;
export const invoiceDownloadUrl = (id: string, format: 'html' | 'pdf') => `/api/invoices/${id}/download/${format}`;
