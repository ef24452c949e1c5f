import { CalendarPlus, CalendarSearch, ExternalLink, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BOOKING_FILTERS, BOOKING_STATUS_LABELS, type BookingFilter } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useSession } from '../../lib/auth-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useErrorToast } from '../../lib/use-error-toast';
import { BookingCard } from './booking-card';
import { type OwnerBooking, useBookings, useUpdateBookingStatus } from './bookings-queries';

const FILTER_LABELS: Record<BookingFilter, string> = { all: 'All statuses', ...BOOKING_STATUS_LABELS };

/** /bookings (§2, §4): search, status filter, a card per booking with the actions its status allows. */
export function BookingsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BookingFilter>('all');
  const debounced = useDebouncedValue(search);
  const bookings = useBookings({ search: debounced, status });
  useErrorToast(bookings.isError, 'Failed to fetch bookings', bookings.errorUpdatedAt);
  const update = useUpdateBookingStatus();
  const [busy, setBusy] = useState<{ id: string; to: BookingStatus } | null>(null);
  const [toCancel, setToCancel] = useState<OwnerBooking | null>(null);
  const { data: session } = useSession();
  const bookingPage = session?.user ? `/book?business=${encodeURIComponent(session.user.id)}` : '/book';

  const run = (booking: OwnerBooking, to: BookingStatus) => {
    setBusy({ id: booking.id, to });
    update.mutate(
      { id: booking.id, status: to },
      {
        onSuccess: () =>
          toast.success('Success', { description: `Booking status updated to ${BOOKING_STATUS_LABELS[to]}` }),
        onError: (e) => toast.error('Error', { description: e.message }),
        onSettled: () => {
          setBusy(null);
          setToCancel(null);
        },
      },
    );
  };

  const filtered = Boolean(debounced.trim()) || status !== 'all';
  const list = bookings.data?.bookings ?? [];

  return (
    <>
      <PageHeader
        title="Booking Management"
        description="Confirm new bookings, start jobs and mark them complete."
        actions={
          <Button asChild variant="outline">
            <Link to={bookingPage} target="_blank" rel="noopener">
              <ExternalLink /> Your booking page
            </Link>
          </Button>
        }
      />

      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <Label htmlFor="booking-search" className="sr-only">
            Search bookings
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id="booking-search"
            type="search"
            placeholder="Search by customer, service, vehicle or address"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select value={status} onValueChange={(v) => setStatus(v as BookingFilter)}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BOOKING_FILTERS.map((f) => (
              <SelectItem key={f} value={f}>
                {FILTER_LABELS[f]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {bookings.isPending ? (
        <CardGridSkeleton />
      ) : bookings.isError ? (
        <ErrorState
          message="Failed to fetch bookings"
          onRetry={() => bookings.refetch()}
          retrying={bookings.isFetching}
        />
      ) : list.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={CalendarSearch}
            title="No bookings match"
            description="Try another search or status."
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearch('');
                  setStatus('all');
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={CalendarPlus}
            title="No bookings yet"
            description="Share your booking page with customers: paid bookings appear here for you to confirm."
            action={
              <Button asChild>
                <Link to={bookingPage} target="_blank" rel="noopener">
                  Open your booking page
                </Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {list.length} {list.length === 1 ? 'booking' : 'bookings'}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((b) => (
              <li key={b.id} className="flex">
                <BookingCard
                  booking={b}
                  timeZone={bookings.data.timeZone}
                  busyStatus={busy?.id === b.id ? busy.to : null}
                  onAction={(to) => (to === 'cancelled' ? setToCancel(b) : run(b, to))}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title="Cancel this booking?"
        description="The customer is refunded in full and told by email. This cannot be undone."
        confirmLabel="Cancel Booking"
        cancelLabel="Keep Booking"
        busy={busy?.to === 'cancelled'}
        onConfirm={() => toCancel && run(toCancel, 'cancelled')}
      />
    </>
  );
}
