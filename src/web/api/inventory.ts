import { type InfiniteData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { InventoryItemInput } from '../../shared/inventory';
import { api, noContent, unwrap } from '../lib/api';
import { type Page, pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const inv = api.api.inventory;
export type InventoryItem = InferResponseType<typeof inv.$get, 200>['items'][number];
export type StockMovement = InferResponseType<typeof inv.movements.$get, 200>['items'][number];
export type ServiceUsage = InferResponseType<(typeof inv)['service-usage']['$get'], 200>['items'][number];
export type PurchaseOrder = InferResponseType<(typeof inv)['purchase-order']['$get'], 200>;

/** The Items tab: by name, searched on the server, a page at a time. */
export const inventoryListQuery = (search: string) =>
  pagedListOptions(queryKeys.inventory.itemsSearch(search.trim()), (cursor) =>
    unwrap(
      inv.$get({
        query: { limit: '50', ...(search.trim() && { q: search.trim() }), ...(cursor && { cursor }) },
      }),
    ),
  );
/** The low-stock panel: the items at or below their alert level (the first 100). */
export const lowStockQuery = queryOptions({
  queryKey: queryKeys.inventory.lowStock,
  queryFn: () => unwrap(inv.$get({ query: { stock: 'low', limit: '100' } })),
});
/** Every item by name, for the usage-per-job picker: one page of up to 500. */
export const inventoryOptionsQuery = queryOptions({
  queryKey: queryKeys.inventory.options,
  queryFn: () => unwrap(inv.options.$get({ query: {} })),
});
export const movementsQuery = queryOptions({
  queryKey: queryKeys.inventory.movements,
  queryFn: () => unwrap(inv.movements.$get({ query: {} })),
});
export const serviceUsageQuery = queryOptions({
  queryKey: queryKeys.inventory.serviceUsage,
  queryFn: () => unwrap(inv['service-usage'].$get()),
});
export const purchaseOrderQuery = queryOptions({
  queryKey: queryKeys.inventory.purchaseOrder,
  queryFn: () => unwrap(inv['purchase-order'].$get()),
});

export const useInventoryList = (search: string) => usePagedList(inventoryListQuery(search));
export const useLowStock = () => useQuery(lowStockQuery);
export const useInventoryOptions = () => useQuery(inventoryOptionsQuery);
export const useMovements = () => useQuery(movementsQuery);
export const useServiceUsage = () => useQuery(serviceUsageQuery);
export const usePurchaseOrder = (enabled: boolean) => useQuery({ ...purchaseOrderQuery, enabled });

/** Every inventory view depends on stock, so a change refreshes them all. */
const refreshInventory = () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });

export const useSaveItem = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: InventoryItemInput }) =>
      id ? unwrap(inv[':id'].$put({ param: { id }, json: values })) : unwrap(inv.$post({ json: values })),
    onSuccess: refreshInventory,
  });

export const useDeleteItem = () =>
  useMutation({
    mutationFn: (id: string) => noContent(inv[':id'].$delete({ param: { id } })),
    onSuccess: refreshInventory,
  });

export const useAdjustStock = () =>
  useMutation({
    mutationFn: ({ id, change }: { id: string; change: number }) =>
      unwrap(inv[':id'].adjust.$post({ param: { id }, json: { change } })),
    onSuccess: (item) => {
      // The new count shows at once on every loaded page; the refresh then brings the panels along.
      queryClient.setQueriesData<InfiniteData<Page<InventoryItem>>>(
        { queryKey: queryKeys.inventory.items },
        (old) =>
          old
            ? {
                ...old,
                pages: old.pages.map((p) => ({
                  ...p,
                  items: p.items.map((i) => (i.id === item.id ? item : i)),
                })),
              }
            : old,
      );
      return refreshInventory();
    },
  });

export const useSaveServiceUsage = () =>
  useMutation({
    mutationFn: ({
      serviceId,
      items,
    }: {
      serviceId: string;
      items: Array<{ inventoryItemId: string; quantity: number }>;
    }) => unwrap(inv['service-usage'][':id'].$put({ param: { id: serviceId }, json: { items } })),
    onSuccess: refreshInventory,
  });
