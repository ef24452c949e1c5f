import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** The platform's fee revenue across businesses (fees kept, net of fees returned). */
export const platformRevenueQuery = queryOptions({
  queryKey: queryKeys.adminPayouts.revenue,
  queryFn: () => unwrap(api.api.admin.payouts.$get()),
});
