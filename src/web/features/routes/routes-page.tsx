import { ChevronLeft, ChevronRight, Lock, Route, Settings2, Sparkles } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatCalendarDate, formatTime } from '../../../shared/date-labels';
import { upgradeMessage } from '../../../shared/plan-features';
import { ROUTES_TEXT } from '../../../shared/route-plans';
import { addDays, todayInZone } from '../../../shared/time';
import {
  type RoutePlanView,
  type RouteStopView,
  type TechnicianRouteView,
  useApplyRoutePlan,
  useDayRoutes,
  useOptimizeRoutes,
} from '../../api/routes';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';

// The owner's Routes screen (issue 27, decision 1216): a day's technicians and their stops in order, on a map and
// as lists; Optimize proposes a plan with the minutes it saves, jobs can be locked, and Apply makes it the day's.

const RouteMap = lazy(() => import('./route-map').then((m) => ({ default: m.RouteMap })));

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#c026d3', '#65a30d'];
const minutes = (m: number) => `${Math.round(m)} min`;

const shiftDate = (date: string, days: number) => addDays(date, days);

function StopItem({
  stop,
  index,
  timeZone,
  locked,
  onLock,
  changed,
  move,
}: {
  stop: RouteStopView;
  index: number;
  timeZone: string;
  locked: boolean;
  onLock?: (on: boolean) => void;
  changed: boolean;
  /** Moving the job to another technician (the plan is proposed again with the job kept there). */
  move?: {
    technicians: { id: string; name: string }[];
    current: string;
    onMove: (technicianId: string) => void;
  };
}) {
  return (
    <li className="flex gap-3 py-3" data-testid="route-stop">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold tabular-nums">{formatTime(stop.arrivalAt, timeZone)}</span>
          <span className="truncate font-medium text-slate-900" data-testid="route-stop-customer">
            {stop.customerName}
          </span>
          {changed && <span className="text-xs font-semibold text-amber-800">moved</span>}
        </p>
        <p className="break-words text-sm text-slate-600">
          {stop.serviceName} · {stop.address}
        </p>
        <p className="text-xs text-slate-600">
          {minutes(stop.driveMinutes)} drive · booked {formatTime(stop.windowStart, timeZone)}–
          {formatTime(stop.windowEnd, timeZone)}
        </p>
        {move && (
          <select
            className="mt-2 h-9 w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 text-sm"
            aria-label={`Move ${stop.customerName} to another technician`}
            data-testid="route-stop-move"
            value={move.current}
            onChange={(e) => move.onMove(e.target.value)}
          >
            {move.technicians.map((t) => (
              <option key={t.id} value={t.id}>
                {t.id === move.current ? `With ${t.name}` : `Move to ${t.name}`}
              </option>
            ))}
          </select>
        )}
      </div>
      {onLock && (
        <label className="flex shrink-0 items-center gap-1 self-start text-xs text-slate-700">
          <input
            type="checkbox"
            className="size-4"
            checked={locked}
            onChange={(e) => onLock(e.target.checked)}
            aria-label={`Lock ${stop.customerName} to this technician and time`}
          />
          <Lock className="size-3.5" aria-hidden="true" />
          Lock
        </label>
      )}
    </li>
  );
}

function TechnicianCard({
  route,
  color,
  timeZone,
  locks,
  onLock,
  changedIds,
  team,
  onMove,
}: {
  route: TechnicianRouteView;
  color: string;
  timeZone: string;
  locks: Map<string, string>;
  onLock?: (bookingId: string, technicianId: string, on: boolean) => void;
  changedIds: Set<string>;
  team?: { id: string; name: string }[];
  onMove?: (bookingId: string, technicianId: string) => void;
}) {
  return (
    <Card className="min-w-0" data-testid="route-technician" data-technician={route.name}>
      <CardHeader className="pb-2">
        <CardTitle className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-base">
          <span className="flex min-w-0 items-center gap-2">
            <span className="size-3 shrink-0 rounded-full" style={{ background: color }} aria-hidden="true" />
            <span className="break-words">{route.name}</span>
          </span>
          <span className="shrink-0 text-sm font-normal text-slate-600">
            {route.stops.length} jobs · {minutes(route.driveMinutes)} driving
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {route.stops.length === 0 ? (
          <p className="text-sm text-slate-600">No jobs.</p>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label={`${route.name}'s stops in order`}>
            {route.stops.map((s, i) => (
              <StopItem
                key={s.bookingId}
                stop={s}
                index={i}
                timeZone={timeZone}
                locked={locks.has(s.bookingId)}
                onLock={onLock ? (on) => onLock(s.bookingId, route.technicianId, on) : undefined}
                changed={changedIds.has(s.bookingId)}
                move={
                  team && onMove
                    ? {
                        technicians: team,
                        current: route.technicianId,
                        onMove: (to) => onMove(s.bookingId, to),
                      }
                    : undefined
                }
              />
            ))}
          </ol>
        )}
        {route.stops.length > 0 && (
          <p className="mt-2 text-xs text-slate-600">
            Back to base: {minutes(route.returnDriveMinutes)} drive
            {route.lunchBreak &&
              ` · lunch ${formatTime(route.lunchBreak.start, timeZone)}–${formatTime(route.lunchBreak.end, timeZone)}`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function RoutesPage() {
  const timeZone = useBusinessTimeZone();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayInZone(timeZone);
  const setDate = (d: string) => {
    setPlan(null);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('date', d);
      return next;
    });
  };
  const day = useDayRoutes(date);
  const optimize = useOptimizeRoutes();
  const apply = useApplyRoutePlan();
  const [plan, setPlan] = useState<RoutePlanView | null>(null);
  const [locks, setLocks] = useState(new Map<string, string>());
  /** Jobs the owner moved to another technician in a proposed plan: kept there when the plan is made again. */
  const [moves, setMoves] = useState(new Map<string, string>());

  const data = day.data;
  const shown = plan?.technicians ?? data?.technicians ?? [];
  const colorOf = useMemo(() => {
    const ids = (data?.technicians ?? []).map((t) => t.technicianId);
    return (id: string) => COLORS[Math.max(0, ids.indexOf(id)) % COLORS.length]!;
  }, [data]);
  const changedIds = new Set(plan?.changes.map((c) => c.bookingId) ?? []);
  const mapRoutes = shown.map((t) => ({
    id: t.technicianId,
    color: colorOf(t.technicianId),
    start: t.start,
    end: t.end,
    stops: t.stops.flatMap((s) => (s.point ? [{ ...s.point, label: s.customerName }] : [])),
  }));

  const runOptimize = async (moved = moves) => {
    try {
      const result = await optimize.mutateAsync({
        date,
        locks: [
          ...[...locks].map(([bookingId, technicianId]) => ({ bookingId, technicianId, keepTime: true })),
          ...[...moved]
            .filter(([id]) => !locks.has(id))
            .map(([bookingId, technicianId]) => ({ bookingId, technicianId })),
        ],
      });
      setPlan(result);
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  const runApply = async () => {
    if (!plan) return;
    try {
      const result = await apply.mutateAsync(plan.planId);
      toast.success(result.applied ? ROUTES_TEXT.applied : ROUTES_TEXT.alreadyApplied, {
        description: result.applied
          ? `${result.reassigned} reassigned, ${result.reordered} new arrival times, ${result.notified} customers told.`
          : undefined,
      });
      setPlan(null);
      setLocks(new Map());
      setMoves(new Map());
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  const onLock = data?.canOptimize
    ? (bookingId: string, technicianId: string, on: boolean) => {
        setLocks((prev) => {
          const next = new Map(prev);
          if (on) next.set(bookingId, technicianId);
          else next.delete(bookingId);
          return next;
        });
        setPlan(null);
      }
    : undefined;

  const team = (data?.technicians ?? []).map((t) => ({ id: t.technicianId, name: t.name }));
  const onMove = (bookingId: string, technicianId: string) => {
    const next = new Map(moves);
    next.set(bookingId, technicianId);
    setMoves(next);
    void runOptimize(next);
  };

  return (
    <div className="min-w-0">
      <PageHeader
        title={ROUTES_TEXT.title}
        description="Each technician's day in order, with drive times."
        actions={
          <Button asChild variant="outline">
            <Link to="/routes/settings">
              <Settings2 /> Route settings
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous day"
          onClick={() => setDate(shiftDate(date, -1))}
        >
          <ChevronLeft />
        </Button>
        <Field id="routes-date" label="Day">
          <Input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </Field>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next day"
          onClick={() => setDate(shiftDate(date, 1))}
        >
          <ChevronRight />
        </Button>
      </div>

      {day.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : day.isError ? (
        <ErrorState message={day.error.message} onRetry={() => day.refetch()} retrying={day.isFetching} />
      ) : data && data.totals.jobs === 0 ? (
        <EmptyState icon={Route} title={ROUTES_TEXT.noJobs} description={formatCalendarDate(date)} />
      ) : data ? (
        <div className="space-y-4">
          <Card>
            <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="text-sm text-slate-600">{formatCalendarDate(date)}</p>
                <p className="text-lg font-semibold" data-testid="routes-totals">
                  {data.totals.jobs} jobs · {minutes(data.totals.driveMinutes)} driving
                </p>
              </div>
              {data.canOptimize ? (
                <Button onClick={() => runOptimize()} loading={optimize.isPending}>
                  <Sparkles /> {ROUTES_TEXT.optimize}
                </Button>
              ) : (
                <p className="text-sm text-slate-700">
                  {upgradeMessage('route_optimizer')}{' '}
                  <Link className="font-medium text-accent underline" to="/billing">
                    See plans
                  </Link>
                </p>
              )}
            </CardContent>
          </Card>

          {plan && (
            <Card className="border-green-300 bg-green-50" role="status" data-testid="route-plan">
              <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="text-lg font-semibold text-green-900" data-testid="minutes-saved">
                    {plan.savedMinutes > 0
                      ? `Saves ${minutes(plan.savedMinutes)} of driving`
                      : ROUTES_TEXT.noSavings}
                  </p>
                  <p className="text-sm text-green-900">
                    {minutes(plan.beforeMinutes)} now → {minutes(plan.afterMinutes)} with this plan ·{' '}
                    {plan.changes.length} jobs change
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    onClick={() => {
                      setPlan(null);
                      setMoves(new Map());
                    }}
                  >
                    Discard
                  </Button>
                  <Button onClick={runApply} loading={apply.isPending} disabled={plan.changes.length === 0}>
                    {ROUTES_TEXT.apply}
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}

          <Suspense fallback={<Skeleton className="h-72 w-full sm:h-96" />}>
            <RouteMap
              routes={mapRoutes}
              tiles={data.tiles}
              label={plan ? 'Map of the proposed routes' : 'Map of the day’s routes'}
            />
          </Suspense>

          <h2 className="sr-only">{plan ? 'Proposed routes' : 'Routes'}</h2>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            {shown.map((t) => (
              <TechnicianCard
                key={t.technicianId}
                route={t}
                color={colorOf(t.technicianId)}
                timeZone={data.timeZone}
                locks={locks}
                onLock={plan ? undefined : onLock}
                changedIds={changedIds}
                team={plan && team.length > 1 ? team : undefined}
                onMove={onMove}
              />
            ))}
          </div>
          {!plan && data.unassigned.length > 0 && (
            <TechnicianCard
              route={{
                technicianId: 'unassigned',
                name: ROUTES_TEXT.unassigned,
                start: null,
                end: null,
                stops: data.unassigned,
                driveMinutes: 0,
                returnDriveMinutes: 0,
              }}
              color="#64748b"
              timeZone={data.timeZone}
              locks={locks}
              changedIds={changedIds}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
