import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { InventoryItemInput } from '../../../shared/inventory';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const inv = api.api.inventory;
export type InventoryItem = InferResponseType<typeof inv.$get, 200>['items'][number];
export type StockMovement = InferResponseType<typeof inv.movements.$get, 200>['movements'][number];
export type ServiceUsage = InferResponseType<(typeof inv)['service-usage']['$get'], 200>['services'][number];
export type PurchaseOrder = InferResponseType<(typeof inv)['purchase-order']['$get'], 200>;

export const inventoryQuery = queryOptions({
  queryKey: ['inventory', 'items'],
  queryFn: () => unwrap(inv.$get()),
});
export const movementsQuery = queryOptions({
  queryKey: ['inventory', 'movements'],
  queryFn: () => unwrap(inv.movements.$get({ query: {} })),
});
export const serviceUsageQuery = queryOptions({
  queryKey: ['inventory', 'service-usage'],
  queryFn: () => unwrap(inv['service-usage'].$get()),
});
export const purchaseOrderQuery = queryOptions({
  queryKey: ['inventory', 'purchase-order'],
  queryFn: () => unwrap(inv['purchase-order'].$get()),
});

export const useInventory = () => useQuery(inventoryQuery);
export const useMovements = () => useQuery(movementsQuery);
export const useServiceUsage = () => useQuery(serviceUsageQuery);
export const usePurchaseOrder = (enabled: boolean) => useQuery({ ...purchaseOrderQuery, enabled });

/** Every inventory view depends on stock, so a change refreshes them all. */
const refreshInventory = () => queryClient.invalidateQueries({ queryKey: ['inventory'] });

export const useSaveItem = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: InventoryItemInput }) =>
      id ? unwrap(inv[':id'].$put({ param: { id }, json: values })) : unwrap(inv.$post({ json: values })),
    onSuccess: refreshInventory,
  });

export const useDeleteItem = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(inv[':id'].$delete({ param: { id } })),
    onSuccess: refreshInventory,
  });

export const useAdjustStock = () =>
  useMutation({
    mutationFn: ({ id, change }: { id: string; change: number }) =>
      unwrap(inv[':id'].adjust.$post({ param: { id }, json: { change } })),
    onSuccess: (item) => {
      queryClient.setQueryData(inventoryQuery.queryKey, (old) =>
        old ? { items: old.items.map((i) => (i.id === item.id ? item : i)) } : old,
      );
      return refreshInventory();
    },
  });

export const useSaveServiceUsage = () =>
  useMutation({
    mutationFn: ({ serviceId, items }: { serviceId: string; items: Array<{ inventoryItemId: string; quantity: number }> }) =>
      unwrap(inv['service-usage'][':serviceId'].$put({ param: { serviceId }, json: { items } })),
    onSuccess: refreshInventory,
  });
