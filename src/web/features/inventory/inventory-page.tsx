import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { INVENTORY_TEXT } from '../../../shared/inventory';
import { type InventoryItem, useInventoryList, useInventoryOptions, useLowStock } from '../../api/inventory';
import { FeatureGate } from '../../components/domain/feature-gate';
import { Button } from '../../components/ui/button';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useErrorToast } from '../../lib/use-error-toast';
import { InventoryItems } from './inventory-items';
import { ItemDialog } from './item-dialog';
import { LowStockPanel } from './low-stock-panel';
import { PurchaseOrderDialog } from './purchase-order-dialog';
import { ServiceUsageList } from './service-usage';
import { StockMovements } from './stock-movements';

/** Inventory is a Pro feature: Starter sees the upgrade card (the API answers 402 there). */
export function InventoryPage() {
  return (
    <FeatureGate
      feature="inventory"
      title={<PageHeader title="Inventory Management" description={DESCRIPTION} />}
    >
      <InventoryScreen />
    </FeatureGate>
  );
}

const DESCRIPTION = 'Track your supplies, catch low stock early and reorder in one click.';

function InventoryScreen() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  // The Items tab pages by name and searches on the server; the panel and the usage picker ask for what they show.
  const list = useInventoryList(q);
  const lowStock = useLowStock();
  const options = useInventoryOptions();
  const { isPending, isError, errorUpdatedAt, refetch, isRefetching } = list;
  useErrorToast(isError, INVENTORY_TEXT.fetchFailed, errorUpdatedAt);
  const [dialog, setDialog] = useState<{ open: boolean; item: InventoryItem | null }>({
    open: false,
    item: null,
  });
  const [poOpen, setPoOpen] = useState(false);
  const openAdd = () => setDialog({ open: true, item: null });

  return (
    <div>
      <PageHeader
        title="Inventory Management"
        description={DESCRIPTION}
        actions={
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <Button variant="outline" onClick={() => setPoOpen(true)}>
              <ClipboardList /> Purchase Order
            </Button>
            <Button onClick={openAdd}>
              <Plus /> Add Item
            </Button>
          </div>
        }
      />
      {isPending ? (
        <RowsSkeleton rows={6} />
      ) : isError ? (
        <ErrorState message={INVENTORY_TEXT.fetchFailed} onRetry={() => refetch()} retrying={isRefetching} />
      ) : (
        <>
          <LowStockPanel items={lowStock.data?.items ?? []} onOrder={() => setPoOpen(true)} />
          <Tabs defaultValue="items">
            <TabsList>
              <TabsTrigger value="items">Items</TabsTrigger>
              <TabsTrigger value="usage">Usage per Job</TabsTrigger>
              <TabsTrigger value="movements">Stock Movements</TabsTrigger>
            </TabsList>
            <TabsContent value="items">
              <InventoryItems
                list={list}
                search={search}
                onSearch={setSearch}
                onAdd={openAdd}
                onEdit={(item) => setDialog({ open: true, item })}
              />
            </TabsContent>
            <TabsContent value="usage">
              <ServiceUsageList items={options.data?.items ?? []} />
            </TabsContent>
            <TabsContent value="movements">
              <StockMovements />
            </TabsContent>
          </Tabs>
        </>
      )}
      <ItemDialog
        open={dialog.open}
        item={dialog.item}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
      <PurchaseOrderDialog open={poOpen} onOpenChange={setPoOpen} />
    </div>
  );
}
