import { History, Pencil } from 'lucide-react';
import { availableActions } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { EDITABLE_STATUSES } from '../../../shared/owner-bookings';
import { formatDateTimeInZone, formatDuration } from '../../../shared/time';
import { useIsTechnician } from '../../api/billing';
import { type BookingDetail, useBookingDetail } from '../../api/bookings';
import { BookingStatusBadge, NeedsNewTimeBadge } from '../../components/domain/booking-status-badge';
import { BookingVehicles } from '../../components/domain/booking-vehicles';
import { vehicleText } from '../../components/domain/vehicle-text';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { AssigneeSelect } from './assignee-select';
import { BookerChanges } from './booker-changes';
import { BookingFieldPanel } from './booking-field-panel';
import { BookingSeriesPanel } from './booking-series-panel';
import { ContactLinks } from './contact-links';

const PAYMENT_TEXT = { online: 'Paid online', offline: 'Paid offline', unpaid: 'Not paid yet' } as const;

/** One booking: details, contact links, the actions its status allows, Edit, and its history. */
export function BookingDetailsDialog({
  bookingId,
  timeZone,
  onClose,
  onEdit,
  onAction,
  busyStatus,
}: {
  bookingId: string | null;
  timeZone: string;
  onClose: () => void;
  onEdit: (booking: BookingDetail) => void;
  onAction: (booking: BookingDetail, to: BookingStatus) => void;
  busyStatus: BookingStatus | null;
}) {
  const detail = useBookingDetail(bookingId);
  // Assigning is the owner's (docs/decisions/0805); technicians see their jobs through the filter.
  const isTechnician = useIsTechnician();
  const b = detail.data;
  const name = b?.customer ? `${b.customer.firstName} ${b.customer.lastName}` : 'Customer removed';
  const editable = b && (EDITABLE_STATUSES as readonly string[]).includes(b.status);
  return (
    <Dialog open={bookingId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{b ? `${name} · ${b.service.name}` : 'Booking'}</DialogTitle>
        </DialogHeader>
        <DialogBody className="grid gap-4">
          {detail.isPending ? (
            <RowsSkeleton rows={3} />
          ) : detail.isError || !b ? (
            <ErrorState
              message="Could not load the booking"
              onRetry={() => detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <BookingStatusBadge status={b.status} />
                {b.needsNewTime && <NeedsNewTimeBadge />}
                <span className="text-sm text-slate-600">{PAYMENT_TEXT[b.payment]}</span>
              </div>
              <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-slate-500">When</dt>
                <dd className="font-medium text-slate-900">
                  {formatDateTimeInZone(b.scheduledAt, timeZone)} · {formatDuration(b.durationMinutes)}
                </dd>
                <dt className="text-slate-500">{b.vehicles.length > 1 ? 'Vehicles' : 'Vehicle'}</dt>
                <dd>
                  {b.vehicles.length > 1
                    ? `${b.vehicles.length} vehicles, below`
                    : b.vehicle
                      ? vehicleText(b.vehicle)
                      : 'Vehicle not recorded'}
                </dd>
                <dt className="text-slate-500">Address</dt>
                <dd className="break-words">{b.locationAddress}</dd>
                <dt className="text-slate-500">Price</dt>
                <dd className="tabular-nums">{formatCents(b.finalPriceCents ?? b.quotedPriceCents)}</dd>
                {b.customer && (
                  <>
                    <dt className="text-slate-500">Customer</dt>
                    <dd className="break-words">
                      {b.customer.email}
                      {b.customer.phone ? ` · ${b.customer.phone}` : ''}
                    </dd>
                  </>
                )}
                {b.specialInstructions && (
                  <>
                    <dt className="text-slate-500">Notes</dt>
                    <dd className="break-words">{b.specialInstructions}</dd>
                  </>
                )}
              </dl>
              {b.vehicles.length > 1 && <BookingVehicles vehicles={b.vehicles} showPrices={!isTechnician} />}
              {!isTechnician && <BookerChanges booking={b} />}
              {!isTechnician && <AssigneeSelect bookingId={b.id} />}
              <ContactLinks
                phone={b.customer?.phone}
                email={b.customer?.email}
                address={b.locationAddress}
                name={name}
              />
              {!isTechnician && <BookingSeriesPanel bookingId={b.id} />}
              <BookingFieldPanel bookingId={b.id} timeZone={timeZone} owner={!isTechnician} />
              <section aria-labelledby="history-title">
                <h3
                  id="history-title"
                  className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900"
                >
                  <History className="size-4" aria-hidden="true" /> History
                </h3>
                <ol className="grid gap-2 border-l border-slate-200 pl-4 text-sm">
                  {b.history.length === 0 && (
                    <li className="text-slate-600">
                      Booked online · {formatDateTimeInZone(b.createdAt, timeZone)}
                    </li>
                  )}
                  {b.history.map((h) => (
                    <li key={h.id}>
                      <p className="break-words text-slate-800">{h.summary}</p>
                      {h.reason && <p className="text-slate-600">Reason: {h.reason}</p>}
                      <p className="text-xs text-slate-500">{formatDateTimeInZone(h.createdAt, timeZone)}</p>
                    </li>
                  ))}
                </ol>
              </section>
            </>
          )}
        </DialogBody>
        {b && (
          <DialogFooter className="flex-wrap">
            {availableActions(b).map((a) => (
              <Button
                key={a.to}
                variant={a.to === 'cancelled' || a.to === 'no_show' ? 'outline' : 'default'}
                loading={busyStatus === a.to}
                disabled={busyStatus !== null}
                onClick={() => onAction(b, a.to)}
              >
                {a.label}
              </Button>
            ))}
            {editable && (
              <Button variant="outline" onClick={() => onEdit(b)}>
                <Pencil /> Edit
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
