import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointValues } from '../../shared/webhooks';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const webhooksQuery = queryOptions({
  queryKey: queryKeys.webhooks.all,
  queryFn: () => unwrap(api.api.webhooks.$get()),
});
export const useWebhooks = () => useQuery(webhooksQuery);

export const webhookDeliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: () =>
      unwrap(api.api.webhooks[':id'].deliveries.$get({ param: { id: endpointId }, query: { limit: '20' } })),
    // Deliveries run in the background: the log follows them while it is open.
    refetchInterval: 3000,
  });
export const useWebhookDeliveries = (endpointId: string) => useQuery(webhookDeliveriesQuery(endpointId));

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });

export const useCreateWebhook = () =>
  useMutation({
    mutationFn: (values: WebhookEndpointValues) => unwrap(api.api.webhooks.$post({ json: values })),
    onSuccess: refresh,
  });

export const useDeleteWebhook = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.webhooks[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });

export const useEnableWebhook = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.webhooks[':id'].enable.$post({ param: { id } })),
    onSuccess: refresh,
  });

export const useSendTestEvent = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.webhooks[':id'].test.$post({ param: { id } })),
    onSuccess: refresh,
  });

export const useResendDelivery = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.webhooks.deliveries[':id'].resend.$post({ param: { id } })),
    onSuccess: refresh,
  });

export const useRotateWebhookSecret = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.webhooks[':id']['rotate-secret'].$post({ param: { id } })),
    onSuccess: refresh,
  });
