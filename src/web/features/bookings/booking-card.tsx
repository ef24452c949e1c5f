import { CalendarClock, Car, Gift, MapPin, StickyNote, TicketPercent, UserRound } from 'lucide-react';
import { availableActions, BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { formatDateTimeInZone } from '../../../shared/time';
import type { OwnerBooking } from '../../api/bookings';
import { useAssignments } from '../../api/team';
import { BookingStatusBadge, NeedsNewTimeBadge } from '../../components/domain/booking-status-badge';
import { vehicleText } from '../../components/domain/vehicle-text';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ContactLinks } from './contact-links';
import { InvoiceBookingButton } from './invoice-booking-button';

export function BookingCard({
  booking,
  timeZone,
  busyStatus,
  onAction,
  onOpen,
}: {
  booking: OwnerBooking;
  timeZone: string;
  /** The status this card is being moved to, while the request runs. */
  busyStatus: BookingStatus | null;
  onAction: (to: BookingStatus) => void;
  /** Opens the booking's details: history, edit. */
  onOpen: () => void;
}) {
  const assignee = useAssignments().data?.get(booking.id);
  const name = booking.customer
    ? `${booking.customer.firstName} ${booking.customer.lastName}`
    : 'Customer removed';
  const actions = availableActions(booking);
  const price =
    booking.status === 'completed'
      ? (booking.finalPriceCents ?? booking.quotedPriceCents)
      : booking.quotedPriceCents;
  return (
    <Card
      className="flex w-full flex-col p-5"
      data-testid="booking-card"
      aria-label={`${name}, ${booking.service.name}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="truncate text-sm text-slate-600">{booking.service.name}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <BookingStatusBadge status={booking.status} />
          {booking.needsNewTime && <NeedsNewTimeBadge />}
        </div>
      </div>
      <ul className="mt-4 grid gap-2 text-sm text-slate-700">
        <li className="flex gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="When" />
          {formatDateTimeInZone(booking.scheduledAt, timeZone)}
        </li>
        <li className="flex gap-2">
          <Car className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Vehicle" />
          {booking.vehicle ? vehicleText(booking.vehicle) : 'Vehicle not recorded'}
        </li>
        <li className="flex gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Address" />
          <span className="break-words">{booking.locationAddress}</span>
        </li>
        {booking.promoCode && (
          <li className="flex gap-2" data-testid="booking-promo">
            <TicketPercent className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Promo code" />
            Promo code {booking.promoCode}
          </li>
        )}
        {booking.rewardName && (
          <li className="flex gap-2" data-testid="booking-reward">
            <Gift className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Loyalty reward" />
            Reward {booking.rewardName}
          </li>
        )}
        {assignee && (
          <li className="flex gap-2" data-testid="booking-assignee">
            <UserRound className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Technician" />
            Assigned to {assignee.technicianName}
          </li>
        )}
        {booking.specialInstructions && (
          <li className="flex gap-2">
            <StickyNote className="mt-0.5 size-4 shrink-0 text-slate-400" aria-label="Instructions" />
            <span className="break-words text-slate-600">{booking.specialInstructions}</span>
          </li>
        )}
      </ul>
      <div className="mt-auto flex items-end justify-between gap-3 pt-4">
        <p className="text-xl font-bold tabular-nums text-slate-900">
          {formatCents(price)}
          {booking.payment !== 'unpaid' && (
            <span className="ml-2 align-middle text-xs font-medium text-green-700">
              {booking.payment === 'online' ? 'Paid online' : 'Paid offline'}
            </span>
          )}
          {booking.tipCents > 0 && (
            <span className="ml-2 inline-block whitespace-nowrap align-middle text-xs font-semibold text-green-700">
              + {formatCents(booking.tipCents)} tip
            </span>
          )}
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={onOpen}
            aria-label={`Details: ${name}, ${booking.service.name}`}
          >
            Details
          </Button>
          {booking.status === 'completed' && <InvoiceBookingButton bookingId={booking.id} />}
        </div>
      </div>
      <div className="mt-3">
        <ContactLinks
          phone={booking.customer?.phone}
          email={booking.customer?.email}
          address={booking.locationAddress}
          name={name}
        />
      </div>
      {actions.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {actions.map((a) => (
            <Button
              key={a.to}
              size="sm"
              variant={a.to === 'cancelled' || a.to === 'no_show' ? 'outline' : 'default'}
              className="flex-1"
              loading={busyStatus === a.to}
              disabled={busyStatus !== null}
              onClick={() => onAction(a.to)}
              aria-label={`${a.label}: ${name}, ${booking.service.name}`}
              title={`Mark as ${BOOKING_STATUS_LABELS[a.to]}`}
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
