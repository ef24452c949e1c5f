import { Radio, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { FieldBoardRow, FieldStatus } from '../../../shared/field';
import { formatTime, todayInZone } from '../../../shared/time';
import { BOARD_REFRESH_MS, useFieldBoard } from '../../api/booking-field';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';

// The owner's live board (issue 26): today's jobs of each technician with where they are in the field, asked again
// every BOARD_REFRESH_MS while the tab is visible (GET /api/field/board; the field app's writes land there).

const STATUS: Record<FieldStatus, { label: string; tone: 'neutral' | 'amber' | 'violet' | 'green' }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  on_the_way: { label: 'On the way', tone: 'amber' },
  on_site: { label: 'On site', tone: 'violet' },
  done: { label: 'Done', tone: 'green' },
};

/** Where a technician is now: on their current job's field status, else done for the day or free. */
function nowStatus(row: FieldBoardRow): FieldStatus {
  const current = row.currentJob && row.jobs.find((j) => j.id === row.currentJob!.id);
  if (current) return current.fieldStatus;
  return row.jobsTotal > 0 ? 'done' : 'not_started';
}

export function LiveBoardPage() {
  const timeZone = useBusinessTimeZone();
  const today = todayInZone(timeZone);
  const board = useFieldBoard(today);
  const rows = board.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Live board"
        description={`Today's jobs of each technician and where they are, refreshed every ${BOARD_REFRESH_MS / 1000} seconds.`}
        actions={
          <Button variant="outline" onClick={() => board.refetch()} loading={board.isFetching}>
            <RefreshCw /> Refresh
          </Button>
        }
      />
      {board.isPending ? (
        <CardGridSkeleton />
      ) : board.isError ? (
        <ErrorState
          message="Could not load the board"
          onRetry={() => board.refetch()}
          retrying={board.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No technicians yet"
          description="Invite a technician to your team: their jobs and field progress show here during the day."
          action={
            <Button asChild>
              <Link to="/business-profile?tab=team">Invite a technician</Link>
            </Button>
          }
        />
      ) : (
        <>
          <p className="mb-3 flex items-center gap-1.5 text-xs text-slate-500" aria-live="polite">
            <Radio className="size-3.5" aria-hidden="true" /> Updated{' '}
            {formatTime(new Date(board.dataUpdatedAt), timeZone)}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((row) => (
              <li key={row.technician.id}>
                <TechnicianCard row={row} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function TechnicianCard({ row, timeZone }: { row: FieldBoardRow; timeZone: string }) {
  const status = STATUS[nowStatus(row)];
  const headingId = `tech-${row.technician.id}`;
  return (
    <Card className="flex h-full flex-col gap-3 p-4" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {row.technician.name}
          </h2>
          <p className="text-sm text-slate-600">
            {row.jobsDone} of {row.jobsTotal} {row.jobsTotal === 1 ? 'job' : 'jobs'} done
          </p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {row.jobs.length === 0 ? (
        <p className="text-sm text-slate-600">No jobs today.</p>
      ) : (
        <ol className="grid gap-2" aria-label={`${row.technician.name}'s jobs today`}>
          {row.jobs.map((job) => {
            const s = STATUS[job.fieldStatus];
            const current = row.currentJob?.id === job.id;
            return (
              <li
                key={job.id}
                className={`flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm ${current ? 'bg-accent-soft' : ''}`}
                aria-current={current ? 'step' : undefined}
              >
                <span className="min-w-0">
                  <span className="tabular-nums text-slate-600">{formatTime(job.startsAt, timeZone)}</span>{' '}
                  <span className="break-words font-medium text-slate-900">{job.customerName}</span>
                </span>
                <Badge tone={s.tone} className="shrink-0">
                  {s.label}
                </Badge>
              </li>
            );
          })}
        </ol>
      )}
      {row.lastEvent && (
        <p className="mt-auto text-xs text-slate-500">Last update {formatTime(row.lastEvent.at, timeZone)}</p>
      )}
    </Card>
  );
}
