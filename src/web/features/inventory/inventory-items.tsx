import { Minus, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { INVENTORY_TEXT } from '../../../shared/inventory';
import { formatCents } from '../../../shared/money';
import { type InventoryItem, useAdjustStock, useDeleteItem } from '../../api/inventory';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { SearchField } from '../../components/ui/search-field';
import type { PagedList } from '../../lib/paged-list';
import { StockBadge } from './stock-badge';

/** The Items tab: the page's paged list (by name, searched on the server by name, category or supplier). */
export function InventoryItems({
  list,
  search,
  onSearch,
  onAdd,
  onEdit,
}: {
  list: PagedList & { items: InventoryItem[] };
  search: string;
  onSearch: (search: string) => void;
  onAdd: () => void;
  onEdit: (item: InventoryItem) => void;
}) {
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const del = useDeleteItem();
  const shown = list.items;

  if (shown.length === 0 && !search.trim()) {
    return (
      <EmptyState
        icon={Package}
        title="No inventory items yet"
        description="Add the supplies you use on jobs to track stock and get low-stock alerts."
        action={
          <Button onClick={onAdd}>
            <Plus /> Add Item
          </Button>
        }
      />
    );
  }

  return (
    <div className="grid gap-4">
      <SearchField
        label="Search inventory"
        placeholder="Search by name, category or supplier"
        value={search}
        onChange={onSearch}
        className="max-w-md"
      />
      {shown.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          No items match “{search}”.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Inventory items">
          {shown.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              onEdit={() => onEdit(item)}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </ul>
      )}
      <LoadMore list={list} className="mt-0" />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={INVENTORY_TEXT.deleteConfirm}
        description={deleting ? `${deleting.name} and its stock history will be removed.` : undefined}
        busy={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Success', { description: INVENTORY_TEXT.deleted });
              setDeleting(null);
            },
            onError: (e) => toast.error('Error', { description: e.message }),
          })
        }
      />
    </div>
  );
}

function ItemRow({
  item,
  onEdit,
  onDelete,
}: {
  item: InventoryItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const adjust = useAdjustStock();
  const change = (delta: number) =>
    adjust.mutate(
      { id: item.id, change: delta },
      {
        onSuccess: () => toast.success('Success', { description: INVENTORY_TEXT.stockUpdated }),
        onError: (e) => toast.error('Error', { description: e.message }),
      },
    );
  const meta = [
    item.category,
    item.supplier && `from ${item.supplier}`,
    item.unitCostCents != null && `${formatCents(item.unitCostCents)} each`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
      data-testid="inventory-item"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{item.name}</h2>
          <StockBadge status={item.status} />
        </div>
        <p className="mt-0.5 text-sm text-slate-600">{meta || 'No category'}</p>
        <p className="text-xs text-slate-500">Alert at {item.minStockAlert}</p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Stock of {item.name}</legend>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Decrease stock of ${item.name}`}
            disabled={item.currentStock <= 0 || adjust.isPending}
            onClick={() => change(-1)}
          >
            <Minus />
          </Button>
          <output
            className="w-12 text-center text-2xl font-bold tabular-nums text-slate-900"
            aria-live="polite"
            data-testid="stock-count"
          >
            {item.currentStock}
          </output>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Increase stock of ${item.name}`}
            disabled={adjust.isPending}
            onClick={() => change(1)}
          >
            <Plus />
          </Button>
        </fieldset>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${item.name}`} onClick={onEdit}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${item.name}`}
            className="text-red-600 hover:bg-red-50"
            onClick={onDelete}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
    </li>
  );
}
