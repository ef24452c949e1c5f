import { History } from 'lucide-react';
import { STOCK_MOVEMENT_LABELS } from '../../../shared/inventory';
import { formatDateTime } from '../../../shared/time';
import { useMovements } from '../../api/inventory';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { TableHead } from '../../components/ui/table-head';
import { cn } from '../../lib/utils';

const TONES = { manual: 'neutral', job: 'violet', correction: 'accent' } as const;

/** The stock movement log: every +/-, completed job and corrected count, newest first. */
export function StockMovements() {
  const timeZone = useBusinessTimeZone();
  const { data, isPending, isError, refetch, isRefetching } = useMovements();
  if (isPending) return <RowsSkeleton rows={6} />;
  if (isError)
    return (
      <ErrorState message="Failed to fetch inventory" onRetry={() => refetch()} retrying={isRefetching} />
    );
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No stock movements yet"
        description="Changes to stock from the +/- buttons, completed jobs and edits appear here."
      />
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stock movements, newest first</caption>
        <TableHead
          variant="compact"
          columns={[
            { label: 'When', from: 'sm' },
            { label: 'Item' },
            { label: 'Type', from: 'sm' },
            { label: 'Change', align: 'right' },
            { label: 'Stock after', align: 'right', from: 'sm' },
            { label: 'Note', from: 'md' },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {data.items.map((m) => (
            <tr key={m.id}>
              <td className="hidden px-4 py-2 whitespace-nowrap text-slate-600 sm:table-cell">
                {formatDateTime(m.createdAt, timeZone, { year: false })}
              </td>
              <td className="px-4 py-2 font-medium text-slate-900">
                {m.itemName}
                <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs font-normal text-slate-600 sm:hidden">
                  <Badge tone={TONES[m.reason]}>{STOCK_MOVEMENT_LABELS[m.reason]}</Badge>
                  {formatDateTime(m.createdAt, timeZone, { year: false })}
                </span>
              </td>
              <td className="hidden px-4 py-2 sm:table-cell">
                <Badge tone={TONES[m.reason]}>{STOCK_MOVEMENT_LABELS[m.reason]}</Badge>
              </td>
              <td
                className={cn(
                  'px-4 py-2 text-right font-semibold tabular-nums',
                  m.change < 0 ? 'text-red-700' : 'text-green-700',
                )}
              >
                {m.change > 0 ? `+${m.change}` : m.change}
              </td>
              <td className="hidden px-4 py-2 text-right tabular-nums sm:table-cell">{m.stockAfter}</td>
              <td className="hidden px-4 py-2 text-slate-600 md:table-cell">{m.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
