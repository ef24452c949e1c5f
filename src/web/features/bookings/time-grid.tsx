import { BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import { formatCalendarDate, formatTimeInZone, utcToZoned } from '../../../shared/time';
import type { OwnerBooking } from '../../api/bookings';
import { cn } from '../../lib/utils';

const HOUR_PX = 56;

const TONE: Record<OwnerBooking['status'], string> = {
  pending: 'border-amber-400 bg-amber-50 text-amber-950',
  confirmed: 'border-accent bg-blue-50 text-slate-900',
  in_progress: 'border-violet-500 bg-violet-50 text-violet-950',
  completed: 'border-green-500 bg-green-50 text-green-950',
  cancelled: 'border-slate-300 bg-slate-50 text-slate-500 line-through',
  no_show: 'border-red-400 bg-red-50 text-red-950',
};

interface Placed {
  booking: OwnerBooking;
  date: string;
  startMin: number;
  endMin: number;
  lane: number;
  lanes: number;
}

/** Each booking's minutes on its day's wall clock, side by side where they overlap. */
function place(bookings: OwnerBooking[], timeZone: string): Placed[] {
  const placed = bookings.map((booking) => {
    const { date, time } = utcToZoned(new Date(booking.scheduledAt), timeZone);
    const startMin = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    return { booking, date, startMin, endMin: startMin + booking.durationMinutes, lane: 0, lanes: 1 };
  });
  const byDay = new Map<string, Placed[]>();
  for (const p of placed) byDay.set(p.date, [...(byDay.get(p.date) ?? []), p]);
  for (const day of byDay.values()) {
    day.sort((a, b) => a.startMin - b.startMin);
    let cluster: Placed[] = [];
    let clusterEnd = -1;
    const close = () => {
      const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1));
      for (const p of cluster) p.lanes = lanes;
      cluster = [];
    };
    for (const p of day) {
      if (p.startMin >= clusterEnd) close();
      const used = new Set(cluster.filter((q) => q.endMin > p.startMin).map((q) => q.lane));
      let lane = 0;
      while (used.has(lane)) lane++;
      p.lane = lane;
      cluster.push(p);
      clusterEnd = Math.max(clusterEnd, p.endMin);
    }
    close();
  }
  return placed;
}

/** Bookings on an hour grid in the business's zone, one column per day. */
export function TimeGrid({
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
  const placed = place(bookings, timeZone);
  const firstHour = Math.min(7, ...placed.map((p) => Math.floor(p.startMin / 60)));
  const lastHour = Math.max(19, ...placed.map((p) => Math.min(24, Math.ceil(p.endMin / 60))));
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  const height = hours.length * HOUR_PX;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="time-grid">
      <div className="grid" style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}>
        <div className="border-b border-slate-200" />
        {days.map((d) => (
          <div
            key={d}
            className={cn(
              'truncate border-b border-l border-slate-200 px-2 py-2 text-center text-sm font-medium',
              d === today ? 'text-accent' : 'text-slate-700',
            )}
          >
            {formatCalendarDate(d, { year: false })}
          </div>
        ))}
        <div className="relative" style={{ height }}>
          {hours.map((h, i) => (
            <span
              key={h}
              className="absolute right-2 -translate-y-1/2 text-xs text-slate-500"
              style={{ top: i * HOUR_PX }}
            >
              {i === 0 ? '' : `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`}
            </span>
          ))}
        </div>
        {days.map((d) => (
          <div key={d} className="relative border-l border-slate-200" style={{ height }}>
            {hours.map((h, i) => (
              <div
                key={h}
                className="absolute inset-x-0 border-t border-slate-100"
                style={{ top: i * HOUR_PX }}
              />
            ))}
            {placed
              .filter((p) => p.date === d)
              .map((p) => {
                const b = p.booking;
                const name = b.customer
                  ? `${b.customer.firstName} ${b.customer.lastName}`
                  : 'Customer removed';
                const top = ((p.startMin - firstHour * 60) / 60) * HOUR_PX;
                const h = Math.max(((Math.min(p.endMin, lastHour * 60) - p.startMin) / 60) * HOUR_PX - 2, 28);
                return (
                  <button
                    key={b.id}
                    type="button"
                    onClick={() => onOpen(b.id)}
                    data-testid="grid-booking"
                    className={cn(
                      'absolute flex flex-col items-start justify-start overflow-hidden rounded-md border-l-4 px-1.5 py-1 text-left text-xs shadow-sm hover:z-10 hover:shadow-md focus-visible:z-10',
                      TONE[b.status],
                    )}
                    style={{
                      top,
                      height: h,
                      left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                      width: `calc(${100 / p.lanes}% - 4px)`,
                    }}
                  >
                    <span className="block w-full truncate font-semibold">
                      {formatTimeInZone(b.scheduledAt, timeZone)}
                    </span>{' '}
                    <span className="block w-full truncate">{name}</span>{' '}
                    <span className="block w-full truncate text-[11px] opacity-80">{b.service.name}</span>
                    {/* Named by what it shows (label in name, decision 0959), the status read out after it. */}
                    <span className="sr-only"> ({BOOKING_STATUS_LABELS[b.status]})</span>
                  </button>
                );
              })}
          </div>
        ))}
      </div>
    </div>
  );
}
