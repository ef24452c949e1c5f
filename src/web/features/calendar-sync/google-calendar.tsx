import { CalendarCheck, CalendarOff, Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { GOOGLE_CALENDAR_TEXT } from '../../../shared/calendar-sync';
import { formatDateTime } from '../../../shared/time';
import {
  type GoogleConnection,
  useConnectGoogle,
  useDisconnectGoogle,
  useGoogleCalendar,
} from '../../api/calendar-sync';
import { useBusinessTimeZone } from '../../api/scheduling';
import { ConnectionRow } from '../../components/domain/connection-row';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { RemoveDialog } from '../../components/ui/remove-dialog';

/** Google's redirect back lands here with ?google=connected or ?google=failed&message=…: said once, then cleared. */
function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('google');
  const message = params.get('message');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'connected') toast.success('Success', { description: GOOGLE_CALENDAR_TEXT.connected });
    else toast.error('Error', { description: message || GOOGLE_CALENDAR_TEXT.connectFailed });
    setParams(
      (p) => {
        p.delete('google');
        p.delete('message');
        return p;
      },
      { replace: true },
    );
  }, [outcome, message, setParams]);
}

function GoogleConnectionRow({
  connection,
  mine,
  onDisconnect,
}: {
  connection: GoogleConnection;
  mine: boolean;
  onDisconnect: () => void;
}) {
  const timeZone = useBusinessTimeZone();
  const pushed = connection.channelExpiresAt && new Date(connection.channelExpiresAt) > new Date();
  return (
    <ConnectionRow
      testId="google-connection"
      title={
        <>
          {mine ? 'You' : connection.personName}
          {connection.accountEmail && (
            <span className="ml-2 font-normal break-all text-slate-600">{connection.accountEmail}</span>
          )}
        </>
      }
      error={connection.lastError}
      detail={`${
        connection.lastSyncedAt
          ? `Last synced ${formatDateTime(connection.lastSyncedAt, timeZone, { year: false })}`
          : GOOGLE_CALENDAR_TEXT.neverSynced
      } · ${connection.busyCount} busy ${connection.busyCount === 1 ? 'time' : 'times'}`}
      badge={
        connection.lastError
          ? { tone: 'red', label: 'Needs attention' }
          : pushed
            ? { tone: 'green', label: 'Live updates' }
            : { tone: 'neutral', label: 'Checked every minute' }
      }
      actions={
        <Button
          variant="outline"
          onClick={onDisconnect}
          aria-label={
            mine ? 'Disconnect your Google Calendar' : `Disconnect ${connection.personName}'s Google Calendar`
          }
        >
          <Unplug /> {GOOGLE_CALENDAR_TEXT.disconnect}
        </Button>
      }
    />
  );
}

/** Google Calendar two-way (decision 1252): connect your own, see status, disconnect. */
export function GoogleCalendarCard() {
  useConnectOutcome();
  const google = useGoogleCalendar();
  const connect = useConnectGoogle();
  const disconnect = useDisconnectGoogle();
  const [removing, setRemoving] = useState<GoogleConnection | null>(null);
  const data = google.data;
  const mine = data?.connections.items.find((c) => c.userId === data.viewerId);

  return (
    <Card data-testid="google-calendar">
      <CardHeader>
        <CardTitle>{GOOGLE_CALENDAR_TEXT.title}</CardTitle>
        <p className="text-sm text-slate-600">{GOOGLE_CALENDAR_TEXT.help}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {google.isPending ? (
          <RowsSkeleton rows={1} />
        ) : google.isError ? (
          <ErrorState
            message={GOOGLE_CALENDAR_TEXT.fetchFailed}
            onRetry={() => google.refetch()}
            retrying={google.isRefetching}
          />
        ) : (
          <>
            {!google.data.configured ? (
              <p
                className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700"
                data-testid="google-not-configured"
              >
                <CalendarOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {GOOGLE_CALENDAR_TEXT.notConfigured}
              </p>
            ) : (
              !mine && (
                <Button
                  loading={connect.isPending}
                  onClick={() =>
                    connect.mutate(undefined, {
                      onError: (err) => toast.error('Error', { description: err.message }),
                    })
                  }
                >
                  <CalendarCheck /> {GOOGLE_CALENDAR_TEXT.connect}
                </Button>
              )
            )}
            {google.data.connections.items.length > 0 && (
              <ul className="divide-y divide-slate-200" aria-label="Connected Google Calendars">
                {google.data.connections.items.map((c) => (
                  <GoogleConnectionRow
                    key={c.id}
                    connection={c}
                    mine={c.userId === google.data.viewerId}
                    onDisconnect={() => setRemoving(c)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      <RemoveDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={disconnect}
        title={
          removing?.userId === data?.viewerId
            ? 'Disconnect your Google Calendar?'
            : `Disconnect ${removing?.personName ?? 'this'}'s Google Calendar?`
        }
        description="Its busy times stop blocking bookings and new jobs are no longer written to it. Jobs already written stay there."
        confirmLabel="Disconnect"
        removedText={GOOGLE_CALENDAR_TEXT.disconnected}
      />
    </Card>
  );
}
