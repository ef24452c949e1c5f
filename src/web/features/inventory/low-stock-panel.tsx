import { AlertTriangle } from 'lucide-react';
import type { InventoryItem } from '../../api/inventory';
import { StockBadge } from './stock-badge';

/** Items at or below their alert level (§2 low-stock alert panel). */
export function LowStockPanel({ items, onOrder }: { items: InventoryItem[]; onOrder: () => void }) {
  const low = items.filter((i) => i.status !== 'good');
  if (low.length === 0) return null;
  return (
    <section
      aria-labelledby="low-stock-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div>
            <h2 id="low-stock-title" className="font-semibold text-amber-950">
              Low Stock Alert
            </h2>
            <p className="text-sm text-amber-900">
              {low.length === 1 ? '1 item is' : `${low.length} items are`} at or below the alert level.
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={onOrder}
          className="self-start text-sm font-semibold text-amber-950 underline underline-offset-4"
        >
          View purchase order
        </button>
      </div>
      {/* minmax(0,1fr): a long item name truncates inside its card instead of widening the panel at 390 px. */}
      <ul
        className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-[repeat(2,minmax(0,1fr))] lg:grid-cols-[repeat(3,minmax(0,1fr))]"
        data-testid="low-stock-list"
      >
        {low.map((i) => (
          <li
            key={i.id}
            className="flex min-w-0 items-center justify-between gap-2 rounded-lg bg-white px-3 py-2 text-sm shadow-sm"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900">{i.name}</span>
              <span className="text-xs text-slate-600">
                {i.currentStock} left · alert at {i.minStockAlert}
              </span>
            </span>
            <StockBadge status={i.status} className="shrink-0 whitespace-nowrap" />
          </li>
        ))}
      </ul>
    </section>
  );
}
