import {
  Archive,
  Clock,
  ListChecks,
  PackagePlus,
  Pencil,
  Plus,
  Power,
  PowerOff,
  Trash2,
  Wrench,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { planIncludes } from '../../../shared/plan-features';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { SERVICE_MESSAGES } from '../../../shared/services.schemas';
import { formatDuration } from '../../../shared/time';
import { useBilling, useIsTechnician } from '../../api/billing';
import { type Service, useDeleteService, useSaveService, useServicesList } from '../../api/services';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { useErrorToast } from '../../lib/use-error-toast';
import { AddOnsDialog } from './add-ons-dialog';
import { ChecklistDialog } from './checklist-dialog';
import { ServiceFormDialog } from './service-form-dialog';

/** /services (§2): a card grid, add/edit dialog, activate/deactivate, delete (archive when it has bookings). */
/** `importAction`: the route's Import button (features/data-transfer), shown to those who may change services. */
export function ServicesPage({ importAction }: { importAction?: ReactNode } = {}) {
  const [showArchived, setShowArchived] = useState(false);
  const services = useServicesList(showArchived);
  // Technicians see the services; only the owner changes them (the server answers 403 too).
  const readOnly = useIsTechnician();
  // Add-ons are Pro's "automated upsells" (decision 1255): the button shows on plans that include them.
  const billing = useBilling();
  const upsells = !readOnly && Boolean(billing.data && planIncludes(billing.data.plan, 'upsells'));
  useErrorToast(services.isError, 'Failed to fetch services', services.errorUpdatedAt);
  const save = useSaveService();
  const remove = useDeleteService();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Service | null>(null);
  const [toDelete, setToDelete] = useState<Service | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [checklistOf, setChecklistOf] = useState<Service | null>(null);
  const [addOnsOf, setAddOnsOf] = useState<Service | null>(null);

  const openForm = (s: Service | null) => {
    setEditing(s);
    setFormOpen(true);
  };
  const toggle = (s: Service) => {
    setToggling(s.id);
    save.mutate(
      { id: s.id, values: { isActive: !s.isActive } },
      {
        onSuccess: () =>
          toast.success('Success', { description: s.isActive ? 'Service deactivated' : 'Service activated' }),
        onError: (e) => toast.error('Error', { description: e.message }),
        onSettled: () => setToggling(null),
      },
    );
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    // The server archives a service with bookings instead of deleting it (204 either way).
    const archived = toDelete.bookingCount > 0;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Success', {
          description: archived
            ? 'Service deleted successfully. It has bookings, so it was archived and its history kept.'
            : 'Service deleted successfully',
        });
        setToDelete(null);
      },
      onError: (e) => toast.error('Error', { description: e.message }),
    });
  };

  const list = services.items;
  return (
    <>
      <PageHeader
        title="Service Management"
        description="What you offer, how long it takes and what it costs for each vehicle."
        actions={
          !readOnly && (
            <>
              {importAction}
              <Button onClick={() => openForm(null)}>
                <Plus /> Add Service
              </Button>
            </>
          )
        }
      />
      <label className="mb-5 inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
        />
        Show archived services
      </label>

      {services.isPending ? (
        <CardGridSkeleton />
      ) : services.isError ? (
        <ErrorState
          message="Failed to fetch services"
          onRetry={() => services.refetch()}
          retrying={services.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Wrench}
          title="No services yet"
          description="Add the services you offer. Customers see active ones on your booking page, ordered by price."
          action={
            !readOnly && (
              <Button onClick={() => openForm(null)}>
                <Plus /> Add Service
              </Button>
            )
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((s) => (
              <li key={s.id} className="flex">
                <Card
                  className={`flex w-full flex-col p-5 ${s.isActive ? '' : 'bg-slate-50'}`}
                  data-testid="service-card"
                  aria-label={s.name}
                >
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="font-semibold text-slate-900">{s.name}</h2>
                    {s.archivedAt ? (
                      <Badge tone="neutral">
                        <Archive className="size-3.5" aria-hidden="true" /> Archived
                      </Badge>
                    ) : (
                      <Badge tone={s.isActive ? 'green' : 'neutral'}>
                        {s.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    )}
                  </div>
                  {s.description && <p className="mt-1 text-sm text-slate-600">{s.description}</p>}
                  <div className="mt-4 flex items-baseline justify-between">
                    <p className="text-2xl font-bold tabular-nums text-slate-900">
                      {formatCents(s.basePriceCents)}
                    </p>
                    <p className="flex items-center gap-1 text-sm text-slate-600">
                      <Clock className="size-4" aria-hidden="true" /> {formatDuration(s.durationMinutes)}
                    </p>
                  </div>
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
                      Vehicle multipliers
                    </summary>
                    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
                      {VEHICLE_TYPES.map((t) => (
                        <div key={t} className="flex justify-between">
                          <dt className="text-slate-600">{VEHICLE_TYPE_LABELS[t]}</dt>
                          <dd className="tabular-nums">× {s.vehicleTypeMultipliers[t]}</dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                  <p className="mt-3 text-xs text-slate-500">
                    {s.bookingCount} {s.bookingCount === 1 ? 'booking' : 'bookings'}
                  </p>
                  {!s.archivedAt && !readOnly && (
                    <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => openForm(s)}
                        aria-label={`Edit ${s.name}`}
                      >
                        <Pencil /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setChecklistOf(s)}
                        aria-label={`Checklist of ${s.name}`}
                      >
                        <ListChecks /> Checklist
                      </Button>
                      {upsells && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setAddOnsOf(s)}
                          aria-label={`Add-ons of ${s.name}`}
                        >
                          <PackagePlus /> Add-ons
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => toggle(s)}
                        loading={toggling === s.id}
                        aria-label={`${s.isActive ? 'Deactivate' : 'Activate'} ${s.name}`}
                      >
                        {s.isActive ? <PowerOff /> : <Power />} {s.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="ml-auto text-red-600 hover:bg-red-50"
                        onClick={() => setToDelete(s)}
                        aria-label={`Delete ${s.name}`}
                        title="Delete"
                      >
                        <Trash2 />
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore list={services} />
        </>
      )}

      <ServiceFormDialog open={formOpen} onOpenChange={setFormOpen} service={editing} />
      <ChecklistDialog service={checklistOf} onClose={() => setChecklistOf(null)} />
      <AddOnsDialog service={addOnsOf} onClose={() => setAddOnsOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={SERVICE_MESSAGES.deleteConfirm}
        description={
          toDelete && toDelete.bookingCount > 0
            ? `${toDelete.name} has ${toDelete.bookingCount} ${toDelete.bookingCount === 1 ? 'booking' : 'bookings'}, so it will be archived: hidden from your booking page, with its history kept.`
            : toDelete
              ? `${toDelete.name} will be removed from your booking page.`
              : undefined
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
