import { Download, PackageCheck, Printer } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import { usePurchaseOrder } from '../../api/inventory';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { TableHead } from '../../components/ui/table-head';
import './purchase-order-print.css';
import { formatDateTime } from '../../../shared/time';

const CSV_URL = '/api/inventory/purchase-order.csv';

/** Purchase-order suggestions grouped by supplier, with cost; printable and downloadable as CSV. */
export function PurchaseOrderDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const timeZone = useBusinessTimeZone();
  const { data, isPending, isError, refetch, isRefetching } = usePurchaseOrder(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" className="po-print-root">
        <DialogHeader>
          <DialogTitle>Purchase Order Suggestions</DialogTitle>
          <DialogDescription>
            Items at or below their alert level. Quantities cover the last {data?.usageDays ?? 30} days of use
            and bring stock back to at least twice the alert level.
          </DialogDescription>
          {data && (
            <p className="text-xs text-slate-500">
              Generated {formatDateTime(data.generatedAt, timeZone, { month: 'numeric' })}
            </p>
          )}
        </DialogHeader>
        <DialogBody>
          {isPending ? (
            <RowsSkeleton rows={3} />
          ) : isError ? (
            <ErrorState
              message="Failed to fetch inventory"
              onRetry={() => refetch()}
              retrying={isRefetching}
            />
          ) : data.groups.length === 0 ? (
            <EmptyState
              icon={PackageCheck}
              title="Nothing to reorder"
              description="Every item is above its alert level."
            />
          ) : (
            <div className="grid gap-5">
              {data.groups.map((g) => (
                <section key={g.supplier ?? '—'} aria-label={g.supplier ?? 'No supplier'}>
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">{g.supplier ?? 'No supplier'}</h3>
                  <table className="w-full text-left text-sm">
                    <TableHead
                      variant="inline"
                      columns={[
                        { label: 'Item' },
                        { label: 'In stock', align: 'right' },
                        { label: 'Used (30 days)', align: 'right', from: 'sm' },
                        { label: 'Order', align: 'right' },
                        { label: 'Unit cost', align: 'right', from: 'sm' },
                        { label: 'Cost', align: 'right' },
                      ]}
                    />
                    <tbody className="divide-y divide-slate-100">
                      {g.items.map((i) => (
                        <tr key={i.id} data-testid="po-line">
                          <td className="py-1.5 pr-3 text-slate-900">{i.name}</td>
                          <td className="py-1.5 pr-3 text-right tabular-nums">{i.currentStock}</td>
                          <td className="hidden py-1.5 pr-3 text-right tabular-nums sm:table-cell">
                            {i.usedLast30Days}
                          </td>
                          <td className="py-1.5 pr-3 text-right font-semibold tabular-nums">
                            {i.suggestedQuantity}
                          </td>
                          <td className="hidden py-1.5 pr-3 text-right tabular-nums sm:table-cell">
                            {i.unitCostCents == null ? '—' : formatCents(i.unitCostCents)}
                          </td>
                          <td className="py-1.5 text-right tabular-nums">
                            {i.lineCostCents == null ? '—' : formatCents(i.lineCostCents)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <td colSpan={6} className="pt-1.5 text-right text-sm font-semibold text-slate-900">
                          {g.supplier ?? 'No supplier'} subtotal: {formatCents(g.totalCents)}
                        </td>
                      </tr>
                    </tfoot>
                  </table>
                </section>
              ))}
              <p
                className="border-t border-slate-200 pt-3 text-right text-base font-bold text-slate-900"
                data-testid="po-total"
              >
                Estimated total: {formatCents(data.totalCents)}
              </p>
            </div>
          )}
        </DialogBody>
        <DialogFooter data-print-hide>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button variant="outline" asChild>
            <a href={CSV_URL} download>
              <Download /> Download CSV
            </a>
          </Button>
          <Button onClick={() => window.print()} disabled={!data || data.groups.length === 0}>
            <Printer /> Print
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
