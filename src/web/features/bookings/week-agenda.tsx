import { formatCalendarDate, formatTimeInZone, utcToZoned } from '../../../shared/time';
import type { OwnerBooking } from '../../api/bookings';
import { BookingStatusBadge } from '../../components/domain/booking-status-badge';
import { cn } from '../../lib/utils';

/** The week on a phone: each day's jobs in time order (a 7-column grid does not fit 390 px). */
export function WeekAgenda({
  days,
  bookings,
  timeZone,
  today,
  onOpen,
}: {
  days: string[];
  bookings: OwnerBooking[];
  timeZone: string;
  today: string;
  onOpen: (id: string) => void;
}) {
  return (
    <ol className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {days.map((d) => {
        const jobs = bookings.filter((b) => utcToZoned(new Date(b.scheduledAt), timeZone).date === d);
        return (
          <li key={d} className="rounded-xl border border-slate-200 bg-white p-3">
            <h3 className={cn('mb-2 text-sm font-semibold', d === today ? 'text-accent' : 'text-slate-900')}>
              {formatCalendarDate(d)}
            </h3>
            {jobs.length === 0 ? (
              <p className="text-sm text-slate-500">No jobs</p>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                {jobs.map((b) => {
                  const name = b.customer
                    ? `${b.customer.firstName} ${b.customer.lastName}`
                    : 'Customer removed';
                  return (
                    <li key={b.id}>
                      <button
                        type="button"
                        onClick={() => onOpen(b.id)}
                        className="flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50"
                      >
                        <span className="w-[4.5rem] shrink-0 whitespace-nowrap font-medium tabular-nums">
                          {formatTimeInZone(b.scheduledAt, timeZone)}
                        </span>
                        <span className="min-w-0 flex-1 truncate">
                          {name} · {b.service.name}
                        </span>
                        <BookingStatusBadge status={b.status} />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
