import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, Loader2, MapPin, ShieldAlert, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../../shared/money';
import { formatDateTimeInZone } from '../../../../shared/time';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { api, unwrap } from '../../../lib/api';

const useCompleteBooking = () =>
  useMutation({
    mutationFn: (sessionId: string) =>
      unwrap(api.api.booking['complete-booking'].$post({ json: { sessionId } })),
  });

/** /booking-success (§2, §8): completes the paid session (idempotently) and shows "Booking Confirmed". */
export function BookingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  // The /book tab comes here on its own once paid (issue 16), scrolled down at its Book Now button: start at the top.
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      {sessionId ? <CompleteBooking sessionId={sessionId} /> : <InvalidAccess />}
    </div>
  );
}

function InvalidAccess() {
  return (
    <Card className="w-full max-w-md text-center">
      <CardContent className="flex flex-col items-center gap-3 p-8">
        <ShieldAlert className="size-12 text-amber-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Invalid Access</h1>
        <p className="text-sm text-slate-600">
          This page confirms a booking after payment. No booking session was found in the link.
        </p>
        <Button asChild className="mt-2">
          <Link to="/book">Make a Booking</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function CompleteBooking({ sessionId }: { sessionId: string }) {
  const complete = useCompleteBooking();
  const started = useRef<string | null>(null);

  // Once per session id (StrictMode runs effects twice; the server is idempotent anyway).
  useEffect(() => {
    if (started.current === sessionId) return;
    started.current = sessionId;
    complete.mutate(sessionId, {
      onSuccess: () =>
        toast.success('Booking Confirmed!', {
          description: 'Your car detailing service has been successfully booked.',
        }),
      onError: (error) =>
        toast.error('Error', { description: error.message || 'Failed to complete booking' }),
    });
  }, [sessionId, complete]);

  if (complete.isError) {
    return (
      <Card className="w-full max-w-md text-center">
        <CardContent className="flex flex-col items-center gap-3 p-8">
          <XCircle className="size-12 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">We couldn't confirm your booking</h1>
          <p className="text-sm text-slate-700" role="alert">
            {complete.error.message || 'Failed to complete booking'}
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={() => complete.mutate(sessionId)} loading={complete.isPending}>
              Try again
            </Button>
            <Button asChild>
              <Link to="/book">Make a Booking</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  if (!complete.data) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-slate-700">
        <Loader2 className="size-8 animate-spin text-accent" aria-hidden="true" />
        <p>Confirming your booking…</p>
      </div>
    );
  }

  const b = complete.data.booking;
  return (
    <Card className="w-full max-w-lg">
      <CardContent className="p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-green-100">
            <CalendarCheck className="size-7 text-green-700" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">Booking Confirmed</h1>
          <p className="mt-1 text-sm text-slate-600">
            Thanks, {b.customerFirstName}! A confirmation is on its way to {b.customerEmail}.
          </p>
        </div>
        <dl className="mt-6 grid gap-3 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Service</dt>
            <dd className="text-right font-medium">{b.serviceName}</dd>
          </div>
          {b.business?.name && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Detailer</dt>
              <dd className="text-right font-medium">{b.business.name}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt className="flex items-center gap-1.5 text-slate-600">
              <CalendarClock className="size-4" aria-hidden="true" /> When
            </dt>
            <dd className="text-right font-medium">{formatDateTimeInZone(b.scheduledAt, b.timeZone)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="flex items-center gap-1.5 text-slate-600">
              <MapPin className="size-4" aria-hidden="true" /> Where
            </dt>
            <dd className="text-right font-medium">{b.locationAddress}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
            <dt className="text-slate-600">Price</dt>
            <dd className="text-right font-medium tabular-nums">{formatCents(b.priceCents)}</dd>
          </div>
          {b.tipCents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Tip</dt>
              <dd className="text-right font-medium tabular-nums">{formatCents(b.tipCents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt className="font-semibold">Total charged</dt>
            <dd className="text-right text-lg font-bold tabular-nums">{formatCents(b.chargedCents)}</dd>
          </div>
        </dl>
        <p className="mt-4 rounded-lg border border-blue-200 bg-accent-soft p-3 text-sm text-navy-900">
          Need to reschedule? Please give at least 24 hours' notice
          {b.business?.phone
            ? ` by calling ${b.business.phone}`
            : b.business?.email
              ? ` by emailing ${b.business.email}`
              : ''}
          .
        </p>
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <Button asChild variant="outline">
            <Link to="/">Return Home</Link>
          </Button>
          <Button asChild>
            <Link to="/book">Book Another Service</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
