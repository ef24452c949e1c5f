import { CalendarPlus, CalendarSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_FILTERS, BOOKING_STATUS_LABELS, type BookingFilter } from '../../../shared/booking-status';
import type { BookingWhen } from '../../../shared/owner-bookings';
import { type OwnerBooking, useBookingsList } from '../../api/bookings';
import { Button } from '../../components/ui/button';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { SearchField } from '../../components/ui/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useErrorToast } from '../../lib/use-error-toast';

const FILTER_LABELS: Record<BookingFilter, string> = { all: 'All statuses', ...BOOKING_STATUS_LABELS };

/** The List view: upcoming (today first) or past, searched and filtered on the server, a page at a time. */
export function BookingsList({
  renderCard,
  onCreate,
  bookingPage,
  technicianId,
  locationId,
}: {
  locationId?: string;
  renderCard: (b: OwnerBooking) => React.ReactNode;
  onCreate: () => void;
  bookingPage: string;
  technicianId?: string;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BookingFilter>('all');
  const [when, setWhen] = useState<BookingWhen>('upcoming');
  const q = useDebouncedValue(search);
  const list = useBookingsList({ q, status, when, technicianId, locationId });
  useErrorToast(list.isError, 'Failed to fetch bookings', list.errorUpdatedAt);
  const items = list.items;
  const filtered = Boolean(q.trim()) || status !== 'all' || Boolean(technicianId) || Boolean(locationId);

  return (
    <>
      <div className="mb-5 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchField
          id="booking-search"
          label="Search bookings"
          placeholder="Search by customer, service, vehicle or address"
          value={search}
          onChange={setSearch}
        />
        <Select value={when} onValueChange={(v) => setWhen(v as BookingWhen)}>
          <SelectTrigger aria-label="Upcoming or past">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="upcoming">Upcoming</SelectItem>
            <SelectItem value="past">Past</SelectItem>
          </SelectContent>
        </Select>
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

      {list.isPending ? (
        <CardGridSkeleton />
      ) : list.isError ? (
        <ErrorState
          message="Failed to fetch bookings"
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
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
            title={when === 'upcoming' ? 'No upcoming bookings' : 'No past bookings'}
            description="Share your booking page with customers, or enter a phone-in booking yourself."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={onCreate}>New Booking</Button>
                <Button asChild variant="outline">
                  <Link to={bookingPage} target="_blank" rel="noopener">
                    Open your booking page
                  </Link>
                </Button>
              </div>
            }
          />
        )
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Bookings">
            {items.map((b) => (
              <li key={b.id} className="flex">
                {renderCard(b)}
              </li>
            ))}
          </ul>
          <LoadMore list={list} className="mt-5" />
        </>
      )}
    </>
  );
}
