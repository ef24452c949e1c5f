import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PromoCodeInput } from '../../shared/promo-codes';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const promo = api.api['promo-codes'];
export type PromoCode = InferResponseType<typeof promo.$get, 200>['items'][number];

/** Newest first, a page at a time (Load more). */
export const promoCodesQuery = pagedListOptions(queryKeys.promoCodes.all, (cursor) =>
  unwrap(promo.$get({ query: { limit: '50', ...(cursor && { cursor }) } })),
);
export const usePromoCodes = () => usePagedList(promoCodesQuery);

export const useSavePromoCode = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: PromoCodeInput }) =>
      id ? unwrap(promo[':id'].$put({ param: { id }, json: values })) : unwrap(promo.$post({ json: values })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQuery.queryKey }),
  });
