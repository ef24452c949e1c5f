import { UserSearch, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOYALTY_TEXT } from '../../../shared/loyalty.schemas';
import { formatCents } from '../../../shared/money';
import { useLoyaltyMembers } from '../../api/loyalty';
import { LoyaltyTierBadge } from '../../components/domain/loyalty-tier-badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { SearchField } from '../../components/ui/search-field';
import { TableHead } from '../../components/ui/table-head';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useErrorToast } from '../../lib/use-error-toast';

/** §2 Customers tab: name, email, total spent, tier badge, points. */
export function LoyaltyCustomersTab({ onAdjust }: { onAdjust: (customerId: string) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const customers = useLoyaltyMembers(debounced.trim());
  useErrorToast(customers.isError, LOYALTY_TEXT.fetchFailed, customers.errorUpdatedAt);
  const list = customers.items;

  return (
    <div className="space-y-4">
      <SearchField
        id="loyalty-search"
        label="Search customers"
        placeholder="Search by name or email"
        value={search}
        onChange={setSearch}
        className="max-w-md"
      />
      {customers.isPending ? (
        <RowsSkeleton />
      ) : customers.isError ? (
        <ErrorState
          message={LOYALTY_TEXT.fetchFailed}
          onRetry={() => customers.refetch()}
          retrying={customers.isFetching}
        />
      ) : list.length === 0 ? (
        debounced.trim() ? (
          <EmptyState icon={UserSearch} title="No customers match" description="Try another name or email." />
        ) : (
          <EmptyState
            icon={Users}
            title="No members yet"
            description="Every customer is a member: they earn 1 point per $5 when a booking is completed."
            action={
              <Button asChild>
                <Link to="/customers">Add a customer</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Loyalty members">
            {list.map((c) => (
              <li key={c.id} className="min-w-0">
                <Card className="p-4" data-testid="loyalty-customer">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">
                        {c.firstName} {c.lastName}
                      </p>
                      <p className="truncate text-sm text-slate-600">{c.email}</p>
                    </div>
                    <LoyaltyTierBadge tier={c.loyaltyTier} />
                  </div>
                  <div className="mt-3 flex items-center justify-between gap-2 text-sm">
                    <p className="text-slate-600">
                      Spent{' '}
                      <span className="font-semibold tabular-nums text-slate-900">
                        {formatCents(c.totalSpentCents)}
                      </span>
                    </p>
                    <p className="font-semibold tabular-nums text-slate-900" data-testid="loyalty-points">
                      {c.loyaltyPoints.toLocaleString('en-US')} pts
                    </p>
                    <Button size="sm" variant="outline" onClick={() => onAdjust(c.id)}>
                      Adjust
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Card className="hidden overflow-hidden md:block">
            <table className="w-full text-left text-sm">
              <TableHead
                columns={[
                  { label: 'Name' },
                  { label: 'Email' },
                  { label: 'Total spent', align: 'right' },
                  { label: 'Tier' },
                  { label: 'Points', align: 'right' },
                  { label: 'Actions', hidden: true },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {list.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50" data-testid="loyalty-customer">
                    <td className="px-4 py-3 font-semibold text-slate-900">
                      {c.firstName} {c.lastName}
                    </td>
                    <td className="px-4 py-3 text-slate-600">
                      <div className="max-w-[16rem] truncate">{c.email}</div>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{formatCents(c.totalSpentCents)}</td>
                    <td className="px-4 py-3">
                      <LoyaltyTierBadge tier={c.loyaltyTier} />
                    </td>
                    <td
                      className="px-4 py-3 text-right font-semibold tabular-nums"
                      data-testid="loyalty-points"
                    >
                      {c.loyaltyPoints.toLocaleString('en-US')}
                    </td>
                    <td className="px-2 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => onAdjust(c.id)}>
                        Adjust
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <LoadMore list={customers} />
        </>
      )}
    </div>
  );
}
