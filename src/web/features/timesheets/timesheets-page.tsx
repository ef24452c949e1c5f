import { ChevronLeft, ChevronRight, Clock, Download, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, formatCalendarDate, formatTime } from '../../../shared/time';
import { hoursLabel, TIMESHEET_TEXT } from '../../../shared/timesheets';
import {
  type TechnicianWeek,
  type TimeEntry,
  type TimesheetDay,
  timesheetCsvUrl,
  useTimesheetWeek,
} from '../../api/timesheets';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { EditEntryDialog } from './edit-entry-dialog';

function EntryRow({
  entry,
  timeZone,
  onEdit,
}: {
  entry: TimeEntry;
  timeZone: string;
  onEdit: (entry: TimeEntry) => void;
}) {
  const what =
    entry.kind === 'shift' ? 'Shift' : `Job${entry.customerName ? ` · ${entry.customerName}` : ''}`;
  const span = `${formatTime(entry.startedAt, timeZone)} – ${entry.endedAt ? formatTime(entry.endedAt, timeZone) : 'now'}`;
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="time-entry">
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium text-slate-900">{what}</p>
        <p className="text-slate-600 tabular-nums">
          {span} · {hoursLabel(entry.minutes)}
          {!entry.endedAt && (
            <Badge tone="green" className="ml-2">
              Open
            </Badge>
          )}
          {entry.edits.length > 0 && (
            <Badge tone="amber" className="ml-2">
              Edited
            </Badge>
          )}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(entry)}
        aria-label={`Edit ${what.toLowerCase()} ${span}`}
      >
        <Pencil /> Edit
      </Button>
    </li>
  );
}

function DayRow({
  day,
  timeZone,
  onEdit,
}: {
  day: TimesheetDay;
  timeZone: string;
  onEdit: (e: TimeEntry) => void;
}) {
  const worked = day.shiftMinutes > 0 || day.jobMinutes > 0 || day.entries.length > 0;
  return (
    <li className="py-3" data-testid={`day-${day.date}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className={`text-sm font-semibold ${worked ? 'text-slate-900' : 'text-slate-400'}`}>
          {formatCalendarDate(day.date, { year: false })}
        </p>
        <p className="text-sm tabular-nums text-slate-700">
          {worked ? (
            <>
              <span data-testid="day-shift">Shift {hoursLabel(day.shiftMinutes)}</span>
              <span className="text-slate-400"> · </span>
              <span data-testid="day-jobs">Jobs {hoursLabel(day.jobMinutes)}</span>
            </>
          ) : (
            <span className="text-slate-400">No time</span>
          )}
        </p>
      </div>
      {day.entries.length > 0 && (
        <ul className="mt-1 divide-y divide-slate-100 border-l-2 border-slate-100 pl-3">
          {day.entries.map((e) => (
            <EntryRow key={e.id} entry={e} timeZone={timeZone} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </li>
  );
}

function TechnicianCard({
  week,
  timeZone,
  onEdit,
}: {
  week: TechnicianWeek;
  timeZone: string;
  onEdit: (entry: TimeEntry, name: string) => void;
}) {
  return (
    <Card data-testid="technician-week">
      <CardHeader className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        <CardTitle>{week.technician.name}</CardTitle>
        <dl className="flex gap-4 text-sm">
          <div>
            <dt className="text-slate-500">Shifts</dt>
            <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid="week-shift">
              {hoursLabel(week.totalShiftMinutes)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">On jobs</dt>
            <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid="week-jobs">
              {hoursLabel(week.totalJobMinutes)}
            </dd>
          </div>
        </dl>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100" aria-label={`${week.technician.name}'s days`}>
          {week.days.map((d) => (
            <DayRow
              key={d.date}
              day={d}
              timeZone={timeZone}
              onEdit={(e) => onEdit(e, week.technician.name)}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /timesheets: each technician's week, hours per day (shifts and jobs), corrections and the payroll CSV. */
export function TimesheetsPage() {
  const [params, setParams] = useSearchParams();
  const weekParam = params.get('week');
  const sheet = useTimesheetWeek(weekParam);
  const [editing, setEditing] = useState<{ entry: TimeEntry; name: string } | null>(null);
  const from = sheet.data?.from;
  const goTo = (week: string | null) => setParams(week ? { week } : {}, { replace: false });

  return (
    <div className="space-y-6">
      <PageHeader
        title={TIMESHEET_TEXT.title}
        description={TIMESHEET_TEXT.description}
        actions={
          sheet.data && (
            <Button asChild variant="outline">
              <a href={timesheetCsvUrl(sheet.data.from, sheet.data.to)} download>
                <Download /> {TIMESHEET_TEXT.exportCsv}
              </a>
            </Button>
          )
        }
      />
      <nav aria-label="Week" className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          disabled={!from}
          onClick={() => from && goTo(addDays(from, -7))}
        >
          <ChevronLeft />
          <span className="sr-only">Previous week</span>
        </Button>
        <p className="min-w-44 text-center text-sm font-semibold text-slate-900" aria-live="polite">
          {sheet.data
            ? `${formatCalendarDate(sheet.data.from, { year: false })} – ${formatCalendarDate(sheet.data.to, { year: false })}`
            : '…'}
        </p>
        <Button variant="outline" size="icon" disabled={!from} onClick={() => from && goTo(addDays(from, 7))}>
          <ChevronRight />
          <span className="sr-only">Next week</span>
        </Button>
        {weekParam && (
          <Button variant="ghost" size="sm" onClick={() => goTo(null)}>
            This week
          </Button>
        )}
      </nav>
      {sheet.isPending ? (
        <RowsSkeleton rows={4} />
      ) : sheet.isError ? (
        <ErrorState
          message="Could not load the timesheets"
          onRetry={() => sheet.refetch()}
          retrying={sheet.isRefetching}
        />
      ) : sheet.data.items.length === 0 ? (
        <EmptyState icon={Clock} title="No technicians yet" description={TIMESHEET_TEXT.empty} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {sheet.data.items.map((w) => (
            <TechnicianCard
              key={w.technician.id}
              week={w}
              timeZone={sheet.data.timeZone}
              onEdit={(entry, name) => setEditing({ entry, name })}
            />
          ))}
        </div>
      )}
      <EditEntryDialog
        entry={editing?.entry ?? null}
        technicianName={editing?.name ?? ''}
        timeZone={sheet.data?.timeZone ?? 'UTC'}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
