import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CALENDAR_SYNC_TEXT } from '../../../shared/calendar-sync';
import { type CalendarFeed, useCalendarFeeds, useRotateCalendarFeed } from '../../api/calendar-sync';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { GoogleCalendarCard } from './google-calendar';
import { OtherCalendars } from './other-calendars';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Copied', { description: CALENDAR_SYNC_TEXT.copied });
  } catch {
    toast.error('Error', { description: CALENDAR_SYNC_TEXT.copyFailed });
  }
}

function FeedRow({ feed, onRotate }: { feed: CalendarFeed; onRotate: (feed: CalendarFeed) => void }) {
  const inputId = `feed-${feed.id}`;
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid="calendar-feed">
      <label htmlFor={inputId} className="block font-medium text-slate-900">
        {feed.name}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {feed.kind === 'business' ? 'every job of the business' : 'their own jobs'}
        </span>
      </label>
      <Input
        id={inputId}
        readOnly
        value={feed.url}
        className="font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => copy(feed.url)}>
          <Copy /> Copy
        </Button>
        <Button variant="outline" asChild>
          <a href={feed.webcalUrl} aria-label={`Subscribe to ${feed.name} in your calendar app`}>
            <CalendarPlus /> Subscribe
          </a>
        </Button>
        <Button variant="ghost" onClick={() => onRotate(feed)}>
          <RefreshCw /> Rotate
        </Button>
      </div>
    </li>
  );
}

/**
 * /calendar-sync: the live ICS feeds out (the owner's and each technician's; a technician sees their own), and other
 * calendars whose busy times block slots.
 */
export function CalendarSyncPage() {
  const feeds = useCalendarFeeds();
  const rotate = useRotateCalendarFeed();
  const [rotating, setRotating] = useState<CalendarFeed | null>(null);
  return (
    <>
      <PageHeader title={CALENDAR_SYNC_TEXT.title} description={CALENDAR_SYNC_TEXT.description} />
      <Card>
        <CardHeader>
          <CardTitle>{CALENDAR_SYNC_TEXT.feedsTitle}</CardTitle>
          <p className="text-sm text-slate-600">{CALENDAR_SYNC_TEXT.feedsHelp}</p>
        </CardHeader>
        <CardContent>
          {feeds.isPending ? (
            <RowsSkeleton rows={2} />
          ) : feeds.isError ? (
            <ErrorState
              message={CALENDAR_SYNC_TEXT.fetchFailed}
              onRetry={() => feeds.refetch()}
              retrying={feeds.isRefetching}
            />
          ) : (
            <ul className="divide-y divide-slate-200">
              {feeds.data.items.map((feed) => (
                <FeedRow key={feed.id} feed={feed} onRotate={setRotating} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="mt-6">
        <GoogleCalendarCard />
      </div>
      <div className="mt-6">
        <OtherCalendars />
      </div>
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={`Rotate the address of ${rotating?.name ?? 'this feed'}?`}
        description={CALENDAR_SYNC_TEXT.rotateDescription}
        confirmLabel="Rotate"
        busy={rotate.isPending}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: () => {
              toast.success('Success', { description: CALENDAR_SYNC_TEXT.rotated });
              setRotating(null);
            },
            onError: (err) => toast.error('Error', { description: err.message }),
          })
        }
      />
    </>
  );
}
