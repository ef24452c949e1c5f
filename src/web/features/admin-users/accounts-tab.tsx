import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { USER_FILTERS, type UserFilter } from '../../../shared/admin-users';
import { type AdminAccount, useAccounts } from '../../api/admin-users';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AccountBadges, day, planLabel } from './account-badges';
import { AccountDialog } from './account-dialog';

const FILTER_LABELS: Record<UserFilter, string> = {
  all: 'All accounts',
  admins: 'Admins',
  technicians: 'Technicians',
  suspended: 'Suspended',
};

/** Search and page through every account; Manage opens its overview and the admin actions. */
export function AccountsTab() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const q = useDebouncedValue(search.trim());
  const accounts = useAccounts(q, filter);
  const [openId, setOpenId] = useState<string | null>(null);
  const items = accounts.items;

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="user-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id="user-search"
              type="search"
              className="pl-9"
              placeholder="Name, email or business"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor="user-filter">Show</Label>
          <Select value={filter} onValueChange={(v) => setFilter(v as UserFilter)}>
            <SelectTrigger id="user-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {USER_FILTERS.map((f) => (
                <SelectItem key={f} value={f}>
                  {FILTER_LABELS[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {accounts.isPending ? (
        <RowsSkeleton rows={5} />
      ) : accounts.isError ? (
        <ErrorState
          message="Failed to load accounts"
          onRetry={() => accounts.refetch()}
          retrying={accounts.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Users}
          title={q || filter !== 'all' ? 'No accounts match' : 'No accounts yet'}
          description={
            q || filter !== 'all'
              ? 'Try another name, email or filter.'
              : 'Accounts appear here as people sign up.'
          }
        />
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Accounts">
            {items.map((a) => (
              <AccountRow key={a.id} account={a} onManage={() => setOpenId(a.id)} />
            ))}
          </ul>
          <LoadMore list={accounts} />
        </>
      )}
      <AccountDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function AccountRow({ account: a, onManage }: { account: AdminAccount; onManage: () => void }) {
  return (
    <li>
      <Card className="p-4" data-testid="account-row">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold text-slate-900">{a.name || a.email}</h2>
              <AccountBadges account={a} />
            </div>
            <p className="truncate text-sm text-slate-600">{a.email}</p>
            <p className="text-sm text-slate-600">
              {a.technicianOf ? (
                <>Technician at {a.technicianOf.businessName || 'a business'}</>
              ) : (
                a.businessName || 'Business name not set'
              )}
              {' · '}
              {planLabel(a)}
            </p>
          </div>
          <div className="flex items-center justify-between gap-4 md:justify-end">
            <dl className="flex gap-4 text-xs text-slate-500 md:text-right">
              <div>
                <dt>Created</dt>
                <dd className="font-medium text-slate-700">{day(a.createdAt)}</dd>
              </div>
              <div>
                <dt>Last sign-in</dt>
                <dd className="font-medium text-slate-700">{day(a.lastSignInAt)}</dd>
              </div>
            </dl>
            <Button variant="outline" size="sm" onClick={onManage} aria-label={`Manage ${a.email}`}>
              Manage
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}
