import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, ChevronLeft, ChevronRight, CloudRain, ExternalLink, Plus, Radio } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatCalendarDate,
  todayInZone,
  weekdayIndex,
} from '../../../shared/time';
import { useIsTechnician } from '../../api/billing';
import { bookingLinkQuery } from '../../api/booking-link';
import {
  type BookingDetail,
  type OwnerBooking,
  useCalendar,
  useUpdateBookingStatus,
} from '../../api/bookings';
import { useLocationChoices } from '../../api/locations';
import { useScheduling } from '../../api/scheduling';
import { ALL_LOCATIONS, LocationFilter } from '../../components/domain/location-filter';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ALL_TECHNICIANS, TechnicianFilter } from './assignee-select';
import { BookingCard } from './booking-card';
import { BookingDetailsDialog } from './booking-details-dialog';
import { BookingFormDialog } from './booking-form-dialog';
import { BookingsList } from './bookings-list';
import { TimeGrid } from './time-grid';
import { WeatherMoveDialog } from './weather-move-dialog';
import { WeekAgenda } from './week-agenda';

const VIEWS = ['today', 'day', 'week', 'list'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { today: 'Today', day: 'Day', week: 'Week', list: 'List' };

/** /bookings (§2, §4): Today, Day and Week on a time grid in the business's zone, and a paged List. */
export function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const view = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'today';
  const scheduling = useScheduling();
  const isTechnician = useIsTechnician();
  const timeZone = scheduling.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayInZone(timeZone);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const tech = params.get('tech') ?? ALL_TECHNICIANS;
  const technicianId = tech === ALL_TECHNICIANS ? undefined : tech;
  // An Elite business with two or more locations filters by one (decision 1280).
  const locationChoices = useLocationChoices();
  const locationId = locationChoices.some((l) => l.id === params.get('location'))
    ? params.get('location')!
    : undefined;
  const setView = (next: Partial<{ view: View; date: string; tech: string; location: string }>) =>
    setParams(
      (p) => {
        if (next.view) p.set('view', next.view);
        if (next.date) p.set('date', next.date);
        if (next.tech === ALL_TECHNICIANS) p.delete('tech');
        else if (next.tech) p.set('tech', next.tech);
        if (next.location === ALL_LOCATIONS) p.delete('location');
        else if (next.location) p.set('location', next.location);
        return p;
      },
      { replace: true },
    );

  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<BookingDetail | null>(null);
  const [creating, setCreating] = useState(false);
  const [weatherFrom, setWeatherFrom] = useState<string | null>(null);
  const update = useUpdateBookingStatus();
  const [busy, setBusy] = useState<{ id: string; to: BookingStatus } | null>(null);
  const [toCancel, setToCancel] = useState<{ id: string } | null>(null);
  // The business's readable link (the guard's business, so a technician's too), not the signed-in user's id.
  const link = useQuery(bookingLinkQuery);
  const bookingPage = link.data?.url ? new URL(link.data.url).pathname : '/book';

  const run = (booking: { id: string }, to: BookingStatus) => {
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
  const onAction = (booking: { id: string }, to: BookingStatus) =>
    to === 'cancelled' ? setToCancel(booking) : run(booking, to);
  const card = (b: OwnerBooking) => (
    <BookingCard
      booking={b}
      timeZone={timeZone}
      busyStatus={busy?.id === b.id ? busy.to : null}
      onAction={(to) => onAction(b, to)}
      onOpen={() => setOpenId(b.id)}
    />
  );

  return (
    <>
      <PageHeader
        title="Booking Management"
        description="Your day on a calendar: confirm bookings, enter phone-ins, move jobs and mark them complete."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={bookingPage} target="_blank" rel="noopener">
                <ExternalLink /> Your booking page
              </Link>
            </Button>
            {/* Where each technician is today (issue 26); the board is the owner's. */}
            {!isTechnician && (
              <Button asChild variant="outline">
                <Link to="/live-board">
                  <Radio /> Live board
                </Link>
              </Button>
            )}
            <Button onClick={() => setCreating(true)} disabled={!scheduling.data}>
              <Plus /> New Booking
            </Button>
          </div>
        }
      />

      <Tabs
        value={view}
        onValueChange={(v) => setView({ view: v as View, ...(v === 'today' && { date: today }) })}
      >
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList>
            {VIEWS.map((v) => (
              <TabsTrigger key={v} value={v}>
                {VIEW_LABELS[v]}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* A technician sees only their own jobs (decision 1160): nothing to filter by. */}
          {!isTechnician && (
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
              {/* Rain (issue 32): the day's repeat visits to another day in one action. */}
              {(view === 'today' || view === 'day') && scheduling.data && (
                <Button variant="outline" onClick={() => setWeatherFrom(view === 'today' ? today : date)}>
                  <CloudRain /> Weather move
                </Button>
              )}
              {locationChoices.length > 0 && (
                <LocationFilter
                  choices={locationChoices}
                  value={locationId ?? ALL_LOCATIONS}
                  onChange={(v) => setView({ location: v })}
                />
              )}
              <TechnicianFilter value={tech} onChange={(v) => setView({ tech: v })} />
            </div>
          )}
        </div>
        {/* The view is the active tab's panel, so the tab's aria-controls names it. */}
        <TabsContent value={view} className="mt-0">
          {scheduling.isError ? (
            <ErrorState
              message="Failed to fetch bookings"
              onRetry={() => scheduling.refetch()}
              retrying={scheduling.isFetching}
            />
          ) : !scheduling.data ? (
            <CardGridSkeleton />
          ) : view === 'list' ? (
            <BookingsList
              renderCard={card}
              onCreate={() => setCreating(true)}
              bookingPage={bookingPage}
              technicianId={technicianId}
              locationId={locationId}
            />
          ) : (
            <CalendarView
              view={view}
              date={view === 'today' ? today : date}
              today={today}
              timeZone={timeZone}
              technicianId={technicianId}
              locationId={locationId}
              onDate={(d) => setView({ date: d })}
              onOpen={setOpenId}
              onCreate={() => setCreating(true)}
              renderCard={card}
            />
          )}
        </TabsContent>
      </Tabs>

      <BookingDetailsDialog
        bookingId={openId}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        onEdit={(b) => {
          setOpenId(null);
          setEditing(b);
        }}
        onAction={onAction}
        busyStatus={busy && busy.id === openId ? busy.to : null}
      />
      {weatherFrom && (
        <WeatherMoveDialog
          fromDate={weatherFrom}
          timeZone={timeZone}
          onClose={() => setWeatherFrom(null)}
          onMoved={(to) => setView({ view: 'day', date: to })}
        />
      )}
      <BookingFormDialog
        open={creating}
        onOpenChange={setCreating}
        timeZone={timeZone}
        onSaved={(b) => setOpenId(b.id)}
      />
      <BookingFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        timeZone={timeZone}
        booking={editing ?? undefined}
        onSaved={(b) => setOpenId(b.id)}
      />
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

/** Monday of the date's week. */
const weekStart = (date: string) => addDays(date, -((weekdayIndex(date) + 6) % 7));

function CalendarView({
  view,
  date,
  today,
  timeZone,
  technicianId,
  locationId,
  onDate,
  onOpen,
  onCreate,
  renderCard,
}: {
  view: 'today' | 'day' | 'week';
  date: string;
  today: string;
  timeZone: string;
  technicianId?: string;
  locationId?: string;
  onDate: (date: string) => void;
  onOpen: (id: string) => void;
  onCreate: () => void;
  renderCard: (b: OwnerBooking) => React.ReactNode;
}) {
  const from = view === 'week' ? weekStart(date) : date;
  const days = view === 'week' ? Array.from({ length: 7 }, (_, i) => addDays(from, i)) : [date];
  const calendar = useCalendar({ from, to: days.at(-1)!, technicianId, locationId });
  const step = view === 'week' ? 7 : 1;
  const items = calendar.data?.items ?? [];
  const title =
    view === 'week'
      ? `${formatCalendarDate(from, { year: false })} – ${formatCalendarDate(days.at(-1)!)}`
      : formatCalendarDate(date);

  return (
    <section aria-label={view === 'week' ? 'Week' : 'Day'}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {view === 'today' ? `Today · ${title}` : title}
        </h2>
        {view !== 'today' && (
          <div className="flex gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous"
              onClick={() => onDate(addDays(date, -step))}
            >
              <ChevronLeft />
            </Button>
            <Button variant="outline" onClick={() => onDate(today)}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next"
              onClick={() => onDate(addDays(date, step))}
            >
              <ChevronRight />
            </Button>
          </div>
        )}
      </div>
      {calendar.isPending ? (
        <CardGridSkeleton count={2} />
      ) : calendar.isError ? (
        <ErrorState
          message="Failed to fetch bookings"
          onRetry={() => calendar.refetch()}
          retrying={calendar.isFetching}
        />
      ) : view === 'week' ? (
        <>
          <div className="hidden md:block">
            <TimeGrid days={days} bookings={items} timeZone={timeZone} today={today} onOpen={onOpen} />
          </div>
          <div className="md:hidden">
            <WeekAgenda days={days} bookings={items} timeZone={timeZone} today={today} onOpen={onOpen} />
          </div>
        </>
      ) : items.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title={view === 'today' ? 'No jobs today' : 'No jobs on this day'}
          description="Phone-in bookings and bookings from your page appear here."
          action={
            <Button onClick={onCreate}>
              <Plus /> New Booking
            </Button>
          }
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <TimeGrid days={days} bookings={items} timeZone={timeZone} today={today} onOpen={onOpen} />
          <ul className="grid content-start gap-3" aria-label="Jobs">
            {items.map((b) => (
              <li key={b.id} className="flex">
                {renderCard(b)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
