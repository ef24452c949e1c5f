import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import { platformRevenueQuery } from '../../api/admin-payouts';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** The admin panel's card: the platform's fee revenue across businesses (fees kept, net of fees returned). */
export function PlatformFeeCard() {
  const revenue = useQuery(platformRevenueQuery);
  return (
    <Card className="mb-4 flex items-center gap-4 p-5" data-testid="platform-fee-revenue">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Landmark className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">Platform fee revenue</p>
        {revenue.isPending ? (
          <Skeleton className="mt-1 h-7 w-28" />
        ) : revenue.isError ? (
          <p className="text-sm text-red-700">Could not load fee revenue.</p>
        ) : (
          <>
            <p className="text-2xl font-bold tabular-nums text-slate-900">
              {formatCents(revenue.data.feeRevenueCents)}
            </p>
            <p className="text-xs text-slate-500">
              From {revenue.data.chargeCount} {revenue.data.chargeCount === 1 ? 'charge' : 'charges'}
              {revenue.data.feeRefundsCents > 0 &&
                `, after ${formatCents(revenue.data.feeRefundsCents)} returned on refunds`}
              {revenue.data.leadChargesCents > 0 &&
                ` · lead charges ${formatCents(revenue.data.leadChargesCents)}`}
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
