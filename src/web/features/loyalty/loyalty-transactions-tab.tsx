import { History, SlidersHorizontal } from 'lucide-react';
import { LOYALTY_TEXT, type LoyaltyTransactionType } from '../../../shared/loyalty.schemas';
import { formatDate } from '../../../shared/time';
import { useTransactions } from '../../api/loyalty';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { useErrorToast } from '../../lib/use-error-toast';

const TYPE: Record<LoyaltyTransactionType, { label: string; tone: 'green' | 'amber' | 'neutral' | 'red' }> = {
  earned: { label: 'Earned', tone: 'green' },
  redeemed: { label: 'Redeemed', tone: 'amber' },
  adjusted: { label: 'Adjusted', tone: 'neutral' },
  reversed: { label: 'Reversed', tone: 'red' },
};

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

/** §2 Transactions tab: customer, description, date, signed points, type (newest first). */
export function LoyaltyTransactionsTab({ onAdjust }: { onAdjust: () => void }) {
  const timeZone = useBusinessTimeZone();
  const tx = useTransactions();
  useErrorToast(tx.isError, LOYALTY_TEXT.fetchFailed, tx.errorUpdatedAt);
  if (tx.isPending) return <RowsSkeleton />;
  if (tx.isError)
    return (
      <ErrorState message={LOYALTY_TEXT.fetchFailed} onRetry={() => tx.refetch()} retrying={tx.isFetching} />
    );
  if (tx.items.length === 0)
    return (
      <EmptyState
        icon={History}
        title="No transactions yet"
        description="Points appear here as bookings are completed, or when you adjust a customer's points."
        action={
          <Button onClick={onAdjust}>
            <SlidersHorizontal /> Adjust Points
          </Button>
        }
      />
    );
  return (
    <div>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-slate-100" aria-label="Loyalty transactions">
          {tx.items.map((t) => (
            <li
              key={t.id}
              className="flex items-center justify-between gap-3 px-4 py-3"
              data-testid="loyalty-transaction"
            >
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">{t.customerName}</p>
                <p className="truncate text-sm text-slate-600">{t.description}</p>
                <p className="text-xs text-slate-500">
                  {formatDate(t.createdAt, timeZone, { weekday: false })}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span
                  className={`text-lg font-bold tabular-nums ${t.points > 0 ? 'text-green-700' : 'text-red-700'}`}
                >
                  {signed(t.points)}
                </span>
                <Badge tone={TYPE[t.type].tone}>{TYPE[t.type].label}</Badge>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <LoadMore list={tx} />
    </div>
  );
}
