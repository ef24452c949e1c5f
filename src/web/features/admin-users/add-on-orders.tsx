import { useMutation, useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money';
import { addOnOrdersQuery } from '../../api/admin-billing';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

const addOns = api.api.admin.billing['add-ons'];

/**
 * Every business's add-on purchases; NFC tag orders and white-label setups wait first, to be sent or set up and marked
 * fulfilled (decisions 0952, 1357).
 */
export function AddOnOrders() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(addOnOrdersQuery);
  const fulfil = useMutation({
    mutationFn: (id: string) => unwrap(addOns[':id'].fulfil.$post({ param: { id } })),
    onSuccess: () => {
      toast.success('Success', { description: 'Order marked fulfilled' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: addOnOrdersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit.all }),
      ]);
    },
    onError: (err) => toast.error('Error', { description: err.message }),
  });
  if (isPending) return <RowsSkeleton rows={3} />;
  if (isError)
    return (
      <ErrorState message="Failed to load add-on orders" onRetry={() => refetch()} retrying={isRefetching} />
    );
  if (data.items.length === 0)
    return (
      <EmptyState
        icon={Package}
        title="No add-on purchases yet"
        description="NFC tag orders to send show here."
      />
    );
  return (
    <ul className="grid gap-3">
      {data.items.map((o) => (
        <li key={o.id}>
          <Card
            className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="add-on-order"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {o.name}
                {o.addOn === 'nfc_tags' ? ` × ${o.quantity}` : ''} · {formatCents(o.amountCents)}
              </p>
              <p className="text-slate-600">
                {o.businessName || 'Unnamed business'} · {o.ownerEmail}
              </p>
              {o.tagUrl && <p className="break-all text-xs text-slate-600">Tags open {o.tagUrl}</p>}
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={o.status === 'ordered' ? 'amber' : 'green'}>
                {o.status === 'ordered'
                  ? o.addOn === 'white_label_setup'
                    ? 'To set up'
                    : 'To send'
                  : o.status === 'fulfilled'
                    ? 'Fulfilled'
                    : 'Active'}
              </Badge>
              {o.status === 'ordered' && (
                <Button size="sm" disabled={fulfil.isPending} onClick={() => fulfil.mutate(o.id)}>
                  {o.addOn === 'white_label_setup' ? 'Mark set up' : 'Mark fulfilled'}
                </Button>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
