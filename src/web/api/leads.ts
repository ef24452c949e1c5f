import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export type LeadState = 'open' | 'assigned';

/** Open or assigned leads, newest first, a page at a time (Load more). */
export const leadsQuery = (state: LeadState) =>
  pagedListOptions(queryKeys.leads.list(state), (cursor) =>
    unwrap(api.api.admin.leads.$get({ query: { state, limit: '50', ...(cursor && { cursor }) } })),
  );

export const useLeads = (state: LeadState) => usePagedList(leadsQuery(state));
export type Lead = InferResponseType<typeof api.api.admin.leads.$get, 200>['items'][number];

export const useEligibleBusinesses = (leadId: string | null) =>
  useQuery({
    queryKey: queryKeys.leads.businesses(leadId),
    queryFn: () => unwrap(api.api.admin.leads[':id'].businesses.$get({ param: { id: leadId! } })),
    enabled: leadId !== null,
  });

export const useAssignLead = () =>
  useMutation({
    mutationFn: (v: { leadId: string; businessId: string }) =>
      unwrap(
        api.api.admin.leads[':id'].assign.$post({
          param: { id: v.leadId },
          json: { businessId: v.businessId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads.all }),
  });
