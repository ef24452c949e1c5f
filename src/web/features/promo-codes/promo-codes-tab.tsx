import { Pencil, Plus, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import { formatPromoDiscount, PROMO_TEXT } from '../../../shared/promo-codes';
import { type PromoCode, usePromoCodes } from '../../api/promo-codes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { useErrorToast } from '../../lib/use-error-toast';
import { PromoCodeDialog } from './promo-code-dialog';

function validity(p: PromoCode) {
  if (p.startsOn && p.expiresOn) return `${p.startsOn} – ${p.expiresOn}`;
  if (p.startsOn) return `From ${p.startsOn}`;
  if (p.expiresOn) return `Until ${p.expiresOn}`;
  return 'No end date';
}

/** /promo-codes: each code with its terms and how often it has been used. */
export function PromoCodesTab() {
  const codes = usePromoCodes();
  useErrorToast(codes.isError, PROMO_TEXT.fetchFailed, codes.errorUpdatedAt);
  const [dialog, setDialog] = useState<{ open: boolean; promo: PromoCode | null }>({
    open: false,
    promo: null,
  });
  const openNew = () => setDialog({ open: true, promo: null });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Discount codes customers enter on your booking page.</p>
        <Button onClick={openNew}>
          <Plus /> New Promo Code
        </Button>
      </div>
      {codes.isPending ? (
        <CardGridSkeleton count={3} />
      ) : codes.isError ? (
        <ErrorState
          message={PROMO_TEXT.fetchFailed}
          onRetry={() => codes.refetch()}
          retrying={codes.isFetching}
        />
      ) : codes.items.length === 0 ? (
        <EmptyState
          icon={TicketPercent}
          title="No promo codes yet"
          description="Create a code like SPRING20 and share it with your customers."
          action={
            <Button onClick={openNew}>
              <Plus /> New Promo Code
            </Button>
          }
        />
      ) : (
        <div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Promo codes">
            {codes.items.map((p) => (
              <li key={p.id} className="min-w-0">
                <Card
                  className={`flex h-full flex-col p-5 ${p.isActive ? '' : 'opacity-70'}`}
                  data-testid="promo-code-card"
                >
                  <div className="flex items-start justify-between gap-3">
                    <p className="truncate font-mono text-lg font-bold tracking-wide text-slate-900">
                      {p.code}
                    </p>
                    <Badge tone={p.isActive ? 'green' : 'neutral'}>
                      {p.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </div>
                  <p className="mt-1 text-sm font-semibold text-accent">{formatPromoDiscount(p)}</p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    <div>
                      <dt className="text-slate-500">Times used</dt>
                      <dd
                        className="font-semibold tabular-nums text-slate-900"
                        data-testid="promo-times-used"
                      >
                        {p.timesUsed}
                        {p.usageLimit ? ` / ${p.usageLimit}` : ''}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Per customer</dt>
                      <dd className="text-slate-900">{p.perCustomerLimit ?? 'No limit'}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Valid</dt>
                      <dd className="text-slate-900">{validity(p)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Minimum order</dt>
                      <dd className="text-slate-900">
                        {p.minOrderCents ? formatCents(p.minOrderCents) : 'None'}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-auto pt-4">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDialog({ open: true, promo: p })}
                      aria-label={`Edit ${p.code}`}
                    >
                      <Pencil /> Edit
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={codes} />
        </div>
      )}
      <PromoCodeDialog
        open={dialog.open}
        promo={dialog.promo}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}
