import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export type LeadState = 'open' | 'assigned';

export const leadsQuery = (state: LeadState) =>
  queryOptions({
    queryKey: ['admin', 'leads', state],
    queryFn: () => unwrap(api.api.admin.leads.$get({ query: { state, limit: '100' } })),
  });

export const useLeads = (state: LeadState) => useQuery(leadsQuery(state));
export type Lead = NonNullable<ReturnType<typeof useLeads>['data']>['items'][number];

export const useEligibleBusinesses = (leadId: string | null) =>
  useQuery({
    queryKey: ['admin', 'leads', leadId, 'businesses'],
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] }),
  });
