import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** Every business's add-on purchases, for the admin to fulfil (decision 0952). */
export const addOnOrdersQuery = queryOptions({
  queryKey: queryKeys.adminBilling.addOnOrders,
  queryFn: () => unwrap(api.api.admin.billing['add-ons'].$get({ query: {} })),
});
