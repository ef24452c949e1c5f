import { Eye, Pencil, Plus, Trash2, UserPlus, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CUSTOMER_MESSAGES } from '../../../shared/customers.schemas';
import { formatCents } from '../../../shared/money';
import { type Customer, useCustomersList, useDeleteCustomer } from '../../api/customers';
import { LoyaltyTierBadge } from '../../components/domain/loyalty-tier-badge';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { SearchField } from '../../components/ui/search-field';
import { TableHead } from '../../components/ui/table-head';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useErrorToast } from '../../lib/use-error-toast';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { CustomerFormDialog } from './customer-form-dialog';

/** /customers (§2): search on the server, a page at a time, add/edit dialog, delete with the spec's confirmation, a detail view. */
export function CustomersPage({ importAction }: { importAction?: React.ReactNode } = {}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const customers = useCustomersList(debounced);
  useErrorToast(customers.isError, 'Failed to fetch customers', customers.errorUpdatedAt);
  const remove = useDeleteCustomer();
  const [editing, setEditing] = useState<Customer | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  // The open detail lives in the URL (?customer=id), so it survives a reload and can be linked.
  const [params, setParams] = useSearchParams();
  const detailId = params.get('customer');
  const setDetail = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('customer', id);
        else p.delete('customer');
        return p;
      },
      { replace: true },
    );

  const openForm = (customer: Customer | null) => {
    setEditing(customer);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Success', { description: 'Customer deleted successfully' });
        if (detailId === toDelete.id) setDetail(null);
        setToDelete(null);
      },
      onError: (e) => toast.error('Error', { description: e.message }),
    });
  };

  const list = customers.items;
  const name = (c: Customer) => `${c.firstName} ${c.lastName}`;
  const rowActions = (c: Customer) => (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`View ${name(c)}`} onClick={() => setDetail(c.id)}>
        <Eye />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Edit ${name(c)}`} onClick={() => openForm(c)}>
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name(c)}`}
        onClick={() => setToDelete(c)}
        className="text-red-600 hover:bg-red-50"
      >
        <Trash2 />
      </Button>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Customer Management"
        description="Your client list, their vehicles and what they have spent."
        actions={
          <div className="flex flex-wrap gap-2">
            {importAction}
            <Button onClick={() => openForm(null)}>
              <Plus /> Add Customer
            </Button>
          </div>
        }
      />
      <SearchField
        id="customer-search"
        label="Search customers"
        placeholder="Search by name, email, phone or address"
        value={search}
        onChange={setSearch}
        className="mb-5 max-w-md"
      />

      {customers.isPending ? (
        <RowsSkeleton />
      ) : customers.isError ? (
        <ErrorState
          message="Failed to fetch customers"
          onRetry={() => customers.refetch()}
          retrying={customers.isFetching}
        />
      ) : list.length === 0 ? (
        debounced.trim() ? (
          <EmptyState
            icon={UserSearch}
            title="No customers match"
            description="Try another name, email or phone number."
            action={
              <Button variant="outline" onClick={() => setSearch('')}>
                Clear search
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={UserPlus}
            title="No customers yet"
            description="Customers are added automatically when they book, or you can add one now."
            action={
              <Button onClick={() => openForm(null)}>
                <Plus /> Add Customer
              </Button>
            }
          />
        )
      ) : (
        <>
          {/* Phones: one card per customer. */}
          <ul className="grid gap-3 md:hidden">
            {list.map((c) => (
              <li key={c.id}>
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <button type="button" className="min-w-0 text-left" onClick={() => setDetail(c.id)}>
                      <p className="truncate font-semibold text-slate-900">{name(c)}</p>
                      <p className="truncate text-sm text-slate-600">{c.email}</p>
                      {c.phone && <p className="text-sm text-slate-600">{c.phone}</p>}
                    </button>
                    <LoyaltyTierBadge tier={c.loyaltyTier} />
                  </div>
                  <div className="mt-3 flex items-center justify-between">
                    <p className="text-sm text-slate-600">
                      Spent{' '}
                      <span className="font-semibold tabular-nums text-slate-900">
                        {formatCents(c.totalSpentCents)}
                      </span>
                    </p>
                    {rowActions(c)}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <Card className="hidden overflow-hidden md:block">
            <table className="w-full text-left text-sm">
              <TableHead
                columns={[
                  { label: 'Name' },
                  { label: 'Contact' },
                  { label: 'Tier' },
                  { label: 'Total spent', align: 'right' },
                  { label: 'Bookings', align: 'right' },
                  { label: 'Actions', hidden: true },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {list.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <button
                        type="button"
                        className="font-semibold text-slate-900 hover:text-accent hover:underline"
                        onClick={() => setDetail(c.id)}
                      >
                        {name(c)}
                      </button>
                    </td>
                    <td className="px-4 py-3 text-slate-600">
                      <div className="max-w-[16rem] truncate">{c.email}</div>
                      {c.phone && <div>{c.phone}</div>}
                    </td>
                    <td className="px-4 py-3">
                      <LoyaltyTierBadge tier={c.loyaltyTier} />
                    </td>
                    <td className="px-4 py-3 text-right font-semibold tabular-nums">
                      {formatCents(c.totalSpentCents)}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{c.bookingCount}</td>
                    <td className="px-2 py-2">{rowActions(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <LoadMore list={customers} />
        </>
      )}

      <CustomerFormDialog open={formOpen} onOpenChange={setFormOpen} customer={editing} />
      <CustomerDetailDialog
        customerId={detailId}
        onOpenChange={(open) => !open && setDetail(null)}
        onEdit={(c) => {
          setDetail(null);
          openForm(c);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={CUSTOMER_MESSAGES.deleteConfirm}
        description={
          toDelete
            ? `${name(toDelete)} will be removed. Their past bookings stay in your records without their details.`
            : undefined
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
