import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PromoCodeInput } from '../../../shared/promo-codes';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const promo = api.api['promo-codes'];
export type PromoCode = InferResponseType<typeof promo.$get, 200>['items'][number];

export const promoCodesQuery = queryOptions({
  queryKey: ['promo-codes'],
  queryFn: () => unwrap(promo.$get({ query: { limit: '100' } })),
});
export const usePromoCodes = () => useQuery(promoCodesQuery);

export const useSavePromoCode = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: PromoCodeInput }) =>
      id ? unwrap(promo[':id'].$put({ param: { id }, json: values })) : unwrap(promo.$post({ json: values })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQuery.queryKey }),
  });
