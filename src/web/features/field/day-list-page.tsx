import { ChevronRight, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { formatCalendarDate, formatTime } from '../../../shared/date-labels';
import { fieldJobPath } from '../../../shared/routes';
import { BookingStatusBadge } from '../../components/domain/booking-status-badge';
import { ApiError } from '../../lib/api-fetch';
import { FieldButton } from './field-button';
import { jobDate, useFieldJobs } from './field-data';
import { fieldRange } from './field-range';
import { FieldLink, usePath } from './field-router';
import { addressLine, fieldVehicleText, serviceText } from './job-text';
import type { JobView } from './offline/overlay';
import { ShiftClock } from './shift-clock';

const TABS = [
  { to: '/field', label: 'Today' },
  { to: '/field/tomorrow', label: 'Tomorrow' },
  { to: '/field/week', label: 'Week' },
] as const;

/** Today, Tomorrow and the week, a tap apart. */
function DayTabs() {
  const path = usePath();
  return (
    <nav aria-label="Days" className="flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
      {TABS.map(({ to, label }) => (
        <FieldLink
          key={to}
          to={to}
          aria-current={path === to ? 'page' : undefined}
          className={`flex h-11 flex-1 items-center justify-center rounded-lg text-sm font-semibold ${
            path === to ? 'bg-navy-900 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {label}
        </FieldLink>
      ))}
    </nav>
  );
}

const HEADINGS = { today: 'Today', tomorrow: 'Tomorrow', week: 'This week' } as const;
type Day = keyof typeof HEADINGS;

function JobCard({ job }: { job: JobView }) {
  return (
    <li>
      <FieldLink
        to={fieldJobPath(job.id)}
        className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 active:bg-slate-50"
        data-testid="field-job"
      >
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-lg font-bold tabular-nums">
              {formatTime(job.arrivalAt ?? job.startsAt, job.timeZone)}
            </span>
            <BookingStatusBadge status={job.status} />
          </div>
          <p className="truncate text-base font-semibold">{job.customer.name}</p>
          <p className="truncate text-sm text-slate-600">{fieldVehicleText(job.vehicle)}</p>
          <p className="flex items-start gap-1 text-sm text-slate-600">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{addressLine(job.address)}</span>
          </p>
          <p className="truncate text-sm text-slate-700">{serviceText(job)}</p>
          {job.conflict && (
            <p className="text-sm font-semibold text-red-700">
              {job.conflict === 'cancelled' ? 'Cancelled by the office' : 'Reassigned by the office'}
            </p>
          )}
          {job.pendingCount > 0 && <p className="text-xs font-semibold text-amber-800">Waiting to sync</p>}
        </div>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      </FieldLink>
    </li>
  );
}

function JobList({ jobs, empty }: { jobs: JobView[]; empty: string }) {
  if (jobs.length === 0)
    return (
      <p className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">{empty}</p>
    );
  return (
    <ul className="space-y-3">
      {jobs.map((job) => (
        <JobCard key={job.id} job={job} />
      ))}
    </ul>
  );
}

/** Today (the app's first screen), Tomorrow or the week: the technician's jobs in time order. */
export function DayListPage({ day }: { day: Day }) {
  const { views, isPending, isError, error, refetch } = useFieldJobs();
  const { today, tomorrow } = fieldRange();
  const wanted = (job: JobView) => {
    const date = jobDate(job);
    return day === 'today' ? date === today : day === 'tomorrow' ? date === tomorrow : true;
  };
  const jobs = views.filter(wanted);
  const signedOut = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (signedOut) window.location.assign('/auth');
  }, [signedOut]);
  return (
    <div className="space-y-4">
      <div className="flex items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{HEADINGS[day]}</h1>
          <p className="text-sm text-slate-600">
            {day === 'week' ? 'Your next 7 days' : formatCalendarDate(day === 'today' ? today : tomorrow)}
          </p>
        </div>
      </div>
      <DayTabs />
      {day === 'today' && <ShiftClock />}
      {isPending ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="h-32 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : isError ? (
        <div className="rounded-xl bg-white p-6 text-center ring-1 ring-slate-200">
          <p className="text-slate-700">Your jobs could not be loaded.</p>
          <FieldButton className="mt-3" onClick={() => refetch()}>
            Try again
          </FieldButton>
        </div>
      ) : day === 'week' ? (
        <WeekList jobs={jobs} />
      ) : (
        <JobList jobs={jobs} empty={day === 'today' ? 'No jobs today' : 'No jobs tomorrow'} />
      )}
    </div>
  );
}

function WeekList({ jobs }: { jobs: JobView[] }) {
  if (jobs.length === 0) return <JobList jobs={[]} empty="No jobs in the next 7 days" />;
  const days = [...new Set(jobs.map(jobDate))];
  return (
    <div className="space-y-5">
      {days.map((date) => (
        <section key={date} aria-label={formatCalendarDate(date)} className="space-y-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {formatCalendarDate(date, { year: false })}
          </h2>
          <JobList jobs={jobs.filter((j) => jobDate(j) === date)} empty="" />
        </section>
      ))}
    </div>
  );
}
