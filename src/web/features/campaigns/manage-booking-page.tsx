import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarX, CheckCircle2, Info, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { AUTOMATION_TEXT } from '../../../shared/messaging';
import { formatSlot, todayInZone, utcToZoned } from '../../../shared/time';
import { type ManageView, manageBookingQuery, manageSlotsQuery } from '../../api/manage';
import { BrandBand, PoweredBy } from '../../components/brand-mark';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { ApiError, api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { ManageSeries } from './manage-series';

type View = ManageView;

/** /manage/:token — the customer moves or cancels their booking from the link in their confirmation or reminder. */
export function ManageBookingPage() {
  const { token = '' } = useParams();
  const booking = useQuery(manageBookingQuery(token));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      {booking.isPending ? (
        <Card className="p-6">
          <RowsSkeleton rows={3} />
        </Card>
      ) : booking.isError ? (
        booking.error instanceof ApiError && booking.error.status === 404 ? (
          <EmptyState
            icon={CalendarX}
            title={AUTOMATION_TEXT.linkNotFound}
            description="Please use the link in your latest confirmation or reminder, or contact the business."
            action={
              <Button asChild variant="outline">
                <Link to="/">Return Home</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            message="Failed to load your booking"
            onRetry={() => booking.refetch()}
            retrying={booking.isFetching}
          />
        )
      ) : (
        <ManageBooking token={token} view={booking.data} />
      )}
    </div>
  );
}

function ManageBooking({ token, view }: { token: string; view: View }) {
  const setView = (v: View) => queryClient.setQueryData(manageBookingQuery(token).queryKey, v);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useMutation({
    mutationFn: () => unwrap(api.api.manage[':token'].cancel.$post({ param: { token } })),
    onSuccess: (v) => {
      setView(v);
      setConfirmCancel(false);
      toast.success('Success', { description: AUTOMATION_TEXT.cancelled });
    },
    onError: (e) => {
      setConfirmCancel(false);
      toast.error('Error', { description: e.message });
      void queryClient.invalidateQueries({ queryKey: queryKeys.manage.booking(token) });
    },
  });
  const status = view.status as BookingStatus;

  return (
    <div className="grid gap-4">
      {view.branding && <BrandBand branding={view.branding} />}
      <Card className="p-5 sm:p-6">
        <p className="text-sm text-slate-600">Your booking with</p>
        <h1 className="text-2xl font-bold text-slate-900">{view.businessName}</h1>
        <div className="mt-4 grid gap-2 text-slate-800">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{view.serviceName}</span>
            <Badge tone={status === 'cancelled' ? 'red' : status === 'confirmed' ? 'green' : 'neutral'}>
              {BOOKING_STATUS_LABELS[status] ?? view.status}
            </Badge>
          </div>
          <p className="flex items-start gap-2" data-testid="manage-when">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden /> {view.when}
          </p>
          <p className="flex items-start gap-2 break-words">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden /> {view.locationAddress}
          </p>
          {view.businessPhone && (
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-slate-500" aria-hidden />
              <a className="text-accent underline" href={`tel:${view.businessPhone}`}>
                {view.businessPhone}
              </a>
            </p>
          )}
        </div>
      </Card>

      {view.canChange ? (
        <>
          <Reschedule token={token} view={view} onMoved={setView} />
          <Card className="flex flex-wrap items-center justify-between gap-3 p-5 sm:p-6">
            <div>
              <h2 className="font-semibold text-slate-900">Cancel booking</h2>
              <p className="text-sm text-slate-600">A payment made online is refunded in full.</p>
            </div>
            <Button variant="outline" onClick={() => setConfirmCancel(true)}>
              Cancel booking
            </Button>
          </Card>
          <ConfirmDialog
            open={confirmCancel}
            onOpenChange={setConfirmCancel}
            title="Are you sure you want to cancel this booking?"
            description={`${view.serviceName} on ${view.when}`}
            confirmLabel="Cancel booking"
            cancelLabel="Keep booking"
            busy={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </>
      ) : (
        <Card className="flex items-start gap-3 p-5 sm:p-6" role="status">
          {status === 'cancelled' ? (
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
          ) : (
            <Info className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
          )}
          <p className="text-slate-800">{status === 'cancelled' ? AUTOMATION_TEXT.cancelled : view.reason}</p>
        </Card>
      )}
      <ManageSeries token={token} />
      {!view.branding && <PoweredBy />}
    </div>
  );
}

function Reschedule({ token, view, onMoved }: { token: string; view: View; onMoved: (v: View) => void }) {
  const today = todayInZone(view.timeZone);
  const [date, setDate] = useState(() => utcToZoned(new Date(view.scheduledAt), view.timeZone).date);
  const [time, setTime] = useState('');
  const slots = useQuery({
    ...manageSlotsQuery(token, date),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today,
  });
  const move = useMutation({
    mutationFn: () =>
      unwrap(api.api.manage[':token'].reschedule.$post({ param: { token }, json: { date, time } })),
    onSuccess: (v) => {
      onMoved(v);
      setTime('');
      toast.success('Success', { description: AUTOMATION_TEXT.rescheduled });
      void queryClient.invalidateQueries({ queryKey: queryKeys.manage.slots(token) });
    },
    onError: (e) => toast.error('Error', { description: e.message }),
  });
  const current = utcToZoned(new Date(view.scheduledAt), view.timeZone);
  // The booking's own time is free for it, but choosing it would change nothing.
  const available =
    slots.data?.slots.filter(
      (s) => s.state === 'available' && !(date === current.date && s.time === current.time),
    ) ?? [];

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-semibold text-slate-900">Reschedule</h2>
      <p className="text-sm text-slate-600">
        Choose a new day and time. Changes are possible until 24 hours before your appointment.
      </p>
      <div className="mt-4 grid gap-4">
        <Field id="manage-date" label="New date">
          <Input
            type="date"
            min={today}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
            }}
          />
        </Field>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">New time</legend>
          {date < today ? (
            <p className="mt-2 text-sm text-slate-600">Please choose a date from today on.</p>
          ) : slots.isPending ? (
            <p className="mt-2 text-sm text-slate-600">Loading times…</p>
          ) : slots.isError ? (
            <p className="mt-2 text-sm text-red-700">{slots.error.message}</p>
          ) : available.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {slots.data.closed ? 'Closed on this day.' : 'No free times on this day.'}
            </p>
          ) : (
            <div
              className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4"
              role="radiogroup"
              aria-label="New time"
            >
              {available.map((s) => (
                <Button
                  key={s.time}
                  type="button"
                  role="radio"
                  aria-checked={time === s.time}
                  variant={time === s.time ? 'default' : 'outline'}
                  size="sm"
                  onClick={() => setTime(s.time)}
                >
                  {formatSlot(s.time)}
                </Button>
              ))}
            </div>
          )}
        </fieldset>
        <Button disabled={!time} loading={move.isPending} onClick={() => move.mutate()}>
          Move my booking
        </Button>
      </div>
    </Card>
  );
}
