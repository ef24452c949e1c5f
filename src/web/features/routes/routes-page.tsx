import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  Clock,
  GripVertical,
  Lock,
  Route,
  Settings2,
  Sparkles,
} from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatCalendarDate, formatTime } from '../../../shared/date-labels';
import { upgradeMessage } from '../../../shared/plan-features';
import { ROUTES_TEXT } from '../../../shared/route-plans';
import { addDays, todayInZone } from '../../../shared/time';
import { useLocationChoices } from '../../api/locations';
import {
  type RoutePlanView,
  type RouteStopView,
  type TechnicianRouteView,
  useApplyRoutePlan,
  useDayRoutes,
  useEvaluateRoutes,
  useOptimizeRoutes,
  useSetJobWindow,
} from '../../api/routes';
import { useBusinessTimeZone } from '../../api/scheduling';
import { ALL_LOCATIONS, LocationFilter } from '../../components/domain/location-filter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/class-merge';
import { type DropTarget, UNASSIGNED, useStopDrag } from './stop-drag';

// The owner's Routes screen (issue 27, decision 1216): a day's technicians and their stops in order, on a map and
// as lists; Optimize proposes a plan with the minutes it saves, jobs can be locked, the owner can drag (or move with
// the keyboard) a job to another place or technician — the server works out the times (decision 1270) — and Apply
// makes it the day's.

const RouteMap = lazy(() => import('./route-map').then((m) => ({ default: m.RouteMap })));

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#c026d3', '#65a30d'];
const minutes = (m: number) => `${Math.round(m)} min`;

const shiftDate = (date: string, days: number) => addDays(date, days);

/** What the owner may do to a stop's place: drag it, move it up or down, or to another technician. */
interface StopEdit {
  handle: ReturnType<ReturnType<typeof useStopDrag>['handleProps']>;
  onUp?: () => void;
  onDown?: () => void;
  move?: {
    technicians: { id: string; name: string }[];
    current: string;
    onMove: (technicianId: string) => void;
  };
}

function StopItem({
  stop,
  index,
  timeZone,
  locked,
  onLock,
  onAnyTime,
  changed,
  outside,
  edit,
  drag,
  dropBefore,
  dropAfter,
  pending,
}: {
  stop: RouteStopView;
  index: number;
  timeZone: string;
  locked: boolean;
  onLock?: (on: boolean) => void;
  /** The owner's say (decision 1334): the job may be done any time in the technician's day. */
  onAnyTime?: (on: boolean) => void;
  changed: boolean;
  /** The arrival falls outside the booked window (or the locked time). */
  outside: boolean;
  edit?: StopEdit;
  /** This stop follows the pointer. */
  drag?: { dx: number; dy: number };
  /** The dragged stop would land before (or after) this one. */
  dropBefore: boolean;
  dropAfter: boolean;
  /** The order changed and the server is working out the times. */
  pending: boolean;
}) {
  const name = stop.customerName;
  return (
    <li
      className={cn(
        'flex gap-2 bg-white py-3 sm:gap-3',
        drag && 'relative z-10 rounded-lg opacity-90 shadow-lg ring-2 ring-accent',
        dropBefore && 'shadow-[inset_0_3px_0_0_#2563eb]',
        dropAfter && 'shadow-[inset_0_-3px_0_0_#2563eb]',
      )}
      style={drag ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined}
      data-testid="route-stop"
      data-stop-id={stop.bookingId}
    >
      {edit ? (
        <span
          className="flex w-6 shrink-0 cursor-grab touch-none select-none items-start justify-center pt-1 text-slate-500 active:cursor-grabbing"
          title={`Drag ${name} to another place`}
          data-testid="route-stop-grip"
          aria-hidden="true"
          {...edit.handle}
        >
          <GripVertical className="size-5" />
        </span>
      ) : null}
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-bold text-white"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={cn('font-semibold tabular-nums', pending && 'text-slate-400')}
            data-testid="route-stop-arrival"
          >
            {formatTime(stop.arrivalAt, timeZone)}
          </span>
          <span className="truncate font-medium text-slate-900" data-testid="route-stop-customer">
            {name}
          </span>
          {changed && <span className="text-xs font-semibold text-amber-800">moved</span>}
          {outside && (
            <span className="text-xs font-semibold text-red-700" data-testid="route-stop-outside">
              outside window
            </span>
          )}
        </p>
        <p className="break-words text-sm text-slate-600">
          {stop.serviceName} · {stop.address}
        </p>
        <p className={cn('text-xs text-slate-600', pending && 'text-slate-400')}>
          {minutes(stop.driveMinutes)} drive ·{' '}
          {stop.anyTime ? (
            <span data-testid="route-stop-window">{ROUTES_TEXT.anyTime.toLowerCase()}</span>
          ) : (
            <span data-testid="route-stop-window">
              booked {formatTime(stop.windowStart, timeZone)}–{formatTime(stop.windowEnd, timeZone)}
            </span>
          )}
        </p>
        {edit && (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {edit.onUp !== undefined || edit.onDown !== undefined ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  className="size-9 px-0"
                  aria-label={`Move ${name} up`}
                  disabled={!edit.onUp}
                  onClick={edit.onUp}
                >
                  <ArrowUp />
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="size-9 px-0"
                  aria-label={`Move ${name} down`}
                  disabled={!edit.onDown}
                  onClick={edit.onDown}
                >
                  <ArrowDown />
                </Button>
              </>
            ) : null}
            {edit.move && (
              <select
                className="h-9 w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 text-sm"
                aria-label={`Move ${name} to another technician`}
                data-testid="route-stop-move"
                value={edit.move.current}
                onChange={(e) => edit.move!.onMove(e.target.value)}
              >
                {edit.move.technicians.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.id === edit.move!.current
                      ? t.id === UNASSIGNED
                        ? ROUTES_TEXT.unassigned
                        : `With ${t.name}`
                      : t.id === UNASSIGNED
                        ? ROUTES_TEXT.takeOff
                        : `Move to ${t.name}`}
                  </option>
                ))}
              </select>
            )}
          </div>
        )}
      </div>
      {(onLock || onAnyTime) && (
        <div className="flex shrink-0 flex-col items-start gap-2 self-start">
          {onLock && (
            <label className="flex shrink-0 items-center gap-1 self-start text-xs text-slate-700">
              <input
                type="checkbox"
                className="size-4"
                checked={locked}
                onChange={(e) => onLock(e.target.checked)}
                aria-label={`Lock ${name} to this technician and time`}
              />
              <Lock className="size-3.5" aria-hidden="true" />
              Lock
            </label>
          )}
          {onAnyTime && (
            <label className="flex items-center gap-1 text-xs text-slate-700" title={ROUTES_TEXT.anyTimeHint}>
              <input
                type="checkbox"
                className="size-4"
                checked={stop.anyTime}
                onChange={(e) => onAnyTime(e.target.checked)}
                aria-label={`${name}: ${ROUTES_TEXT.anyTime.toLowerCase()}`}
                data-testid="route-stop-any-time"
              />
              <Clock className="size-3.5" aria-hidden="true" />
              {ROUTES_TEXT.anyTime}
            </label>
          )}
        </div>
      )}
    </li>
  );
}

interface Editing {
  drag: ReturnType<typeof useStopDrag>;
  /** Moves a stop to a place (the server then works out the times). */
  place: (bookingId: string, target: DropTarget) => void;
  team: { id: string; name: string }[];
  /** Stops that keep their place: locked ones. */
  fixed: (bookingId: string) => boolean;
  /** The team's other technicians and "Unassigned" are places a job can go (an owner alone has only their own). */
  hasTeam: boolean;
  pending: boolean;
}

function TechnicianCard({
  route,
  color,
  timeZone,
  locks,
  onLock,
  onAnyTime,
  changedIds,
  outsideIds,
  editing,
}: {
  route: TechnicianRouteView;
  color: string;
  timeZone: string;
  locks: Map<string, string>;
  onLock?: (bookingId: string, technicianId: string, on: boolean) => void;
  onAnyTime?: (bookingId: string, on: boolean) => void;
  changedIds: Set<string>;
  outsideIds: Set<string>;
  editing?: Editing;
}) {
  const dragging = editing?.drag.dragging;
  const target = dragging?.target?.technicianId === route.technicianId ? dragging.target : null;
  const others = route.stops.filter((s) => s.bookingId !== dragging?.bookingId);
  const dropBeforeId = target ? others[target.index]?.bookingId : undefined;
  const dropAfterId = target && target.index >= others.length ? others.at(-1)?.bookingId : undefined;
  const stopEdit = (s: RouteStopView, i: number): StopEdit | undefined => {
    if (!editing || editing.fixed(s.bookingId)) return undefined;
    const place = (technicianId: string, index: number) =>
      editing.place(s.bookingId, { technicianId, index });
    const inRoute = route.technicianId !== UNASSIGNED;
    // The keyboard's way to every place a drag can reach: another technician, or off every route.
    const places = [
      ...editing.team,
      ...(editing.hasTeam ? [{ id: UNASSIGNED, name: ROUTES_TEXT.unassigned }] : []),
    ];
    return {
      handle: editing.drag.handleProps(s.bookingId),
      onUp: inRoute && i > 0 ? () => place(route.technicianId, i - 1) : undefined,
      onDown: inRoute && i < route.stops.length - 1 ? () => place(route.technicianId, i + 1) : undefined,
      move:
        places.length > 1
          ? {
              technicians: places,
              current: route.technicianId,
              onMove: (to) => editing.place(s.bookingId, { technicianId: to, index: -1 }),
            }
          : undefined,
    };
  };
  return (
    <Card
      className={cn('min-w-0', target && 'ring-2 ring-accent')}
      data-testid="route-technician"
      data-technician={route.name}
      data-drop-technician={editing ? route.technicianId : undefined}
    >
      <CardHeader className="pb-2">
        <CardTitle className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-base">
          <span className="flex min-w-0 items-center gap-2">
            <span className="size-3 shrink-0 rounded-full" style={{ background: color }} aria-hidden="true" />
            <span className="break-words">{route.name}</span>
          </span>
          <span className="shrink-0 text-sm font-normal text-slate-600" data-testid="route-technician-drive">
            {route.stops.length} {route.stops.length === 1 ? 'job' : 'jobs'}
            {route.technicianId !== UNASSIGNED && ` · ${minutes(route.driveMinutes)} driving`}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {route.stops.length === 0 ? (
          <p className="py-3 text-sm text-slate-600" data-testid="route-empty">
            {route.technicianId === UNASSIGNED ? ROUTES_TEXT.dropToUnassign : 'No jobs.'}
          </p>
        ) : (
          <ol
            className="divide-y divide-slate-100"
            aria-label={`${route.name}'s stops in order`}
            aria-busy={editing?.pending || undefined}
          >
            {route.stops.map((s, i) => (
              <StopItem
                key={s.bookingId}
                stop={s}
                index={i}
                timeZone={timeZone}
                locked={locks.has(s.bookingId)}
                onLock={onLock ? (on) => onLock(s.bookingId, route.technicianId, on) : undefined}
                onAnyTime={onAnyTime ? (on) => onAnyTime(s.bookingId, on) : undefined}
                changed={changedIds.has(s.bookingId)}
                outside={outsideIds.has(s.bookingId)}
                edit={stopEdit(s, i)}
                drag={dragging?.bookingId === s.bookingId ? dragging : undefined}
                dropBefore={dropBeforeId === s.bookingId}
                dropAfter={dropAfterId === s.bookingId}
                pending={editing?.pending ?? false}
              />
            ))}
          </ol>
        )}
        {route.stops.length > 0 && route.technicianId !== UNASSIGNED && (
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

type PlanKind = 'optimized' | 'edited';

/** The routes and the jobs on none, as the screen shows them. */
export interface Lists {
  technicians: TechnicianRouteView[];
  unassigned: RouteStopView[];
}

/**
 * The lists with one stop taken to a place: a technician's route at an index (-1: where its booked time falls), or
 * off every route (UNASSIGNED, in booked-time order).
 */
export function placed(lists: Lists, stop: RouteStopView, target: DropTarget): Lists {
  const insert = (stops: RouteStopView[]) => {
    const at =
      target.index >= 0
        ? Math.min(target.index, stops.length)
        : stops.filter((s) => s.windowStart <= stop.windowStart).length;
    return [...stops.slice(0, at), stop, ...stops.slice(at)];
  };
  const technicians = lists.technicians.map((r) => {
    const stops = r.stops.filter((s) => s.bookingId !== stop.bookingId);
    if (r.technicianId !== target.technicianId) return stops.length === r.stops.length ? r : { ...r, stops };
    return { ...r, stops: insert(stops) };
  });
  const rest = lists.unassigned.filter((s) => s.bookingId !== stop.bookingId);
  return {
    technicians,
    unassigned:
      target.technicianId === UNASSIGNED
        ? [...rest, stop].sort((a, b) => a.windowStart.localeCompare(b.windowStart))
        : rest,
  };
}

function savingsText(plan: RoutePlanView, kind: PlanKind) {
  if (plan.savedMinutes >= 1) return `Saves ${minutes(plan.savedMinutes)} of driving`;
  if (plan.savedMinutes <= -1) return `Adds ${minutes(-plan.savedMinutes)} of driving`;
  return kind === 'optimized' ? ROUTES_TEXT.noSavings : 'The same driving as now';
}

export function RoutesPage() {
  const timeZone = useBusinessTimeZone();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayInZone(timeZone);
  // An Elite business with two or more locations sees one location's routes, or all (decision 1280).
  const locationChoices = useLocationChoices();
  const locationId = locationChoices.some((l) => l.id === params.get('location'))
    ? params.get('location')!
    : undefined;
  const setParam = (key: 'date' | 'location', value: string | null) => {
    setPlan(null);
    setDraft(null);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  };
  const setDate = (d: string) => setParam('date', d);
  const day = useDayRoutes(date, locationId);
  const optimize = useOptimizeRoutes();
  const evaluate = useEvaluateRoutes();
  const apply = useApplyRoutePlan();
  const [plan, setPlanState] = useState<{ view: RoutePlanView; kind: PlanKind } | null>(null);
  const [allowOutside, setAllowOutside] = useState(false);
  /** The owner's new order while the server works out its times: shown at once, its times greyed. */
  const [draft, setDraft] = useState<Lists | null>(null);
  const [locks, setLocks] = useState(new Map<string, string>());
  const setPlan = (next: { view: RoutePlanView; kind: PlanKind } | null) => {
    setPlanState(next);
    setAllowOutside(false);
  };

  const data = day.data;
  const shown = draft?.technicians ?? plan?.view.technicians ?? data?.technicians ?? [];
  const colorOf = useMemo(() => {
    const ids = (data?.technicians ?? []).map((t) => t.technicianId);
    return (id: string) => COLORS[Math.max(0, ids.indexOf(id)) % COLORS.length]!;
  }, [data]);
  const changedIds = new Set(plan?.view.changes.map((c) => c.bookingId) ?? []);
  const outsideIds = new Set(draft ? [] : (plan?.view.outsideWindow ?? []));
  const onRoutes = new Set(shown.flatMap((t) => t.stops.map((s) => s.bookingId)));
  // Jobs on no route: the day's, less those a plan puts on one, plus those it takes off (at their booked time).
  const takenOff = new Set(plan?.view.unassigned ?? []);
  const unassigned =
    draft?.unassigned ??
    [
      ...(data?.unassigned ?? []).filter((s) => !onRoutes.has(s.bookingId)),
      ...(data?.technicians ?? [])
        .flatMap((t) => t.stops)
        .filter((s) => takenOff.has(s.bookingId))
        .map((s) => ({ ...s, arrivalAt: s.windowStart, driveMinutes: 0 })),
    ].sort((a, b) => a.windowStart.localeCompare(b.windowStart));
  const mapRoutes = shown.map((t) => ({
    id: t.technicianId,
    color: colorOf(t.technicianId),
    start: t.start,
    end: t.end,
    stops: t.stops.flatMap((s) => (s.point ? [{ ...s.point, label: s.customerName }] : [])),
  }));
  const lockList = () =>
    [...locks].map(([bookingId, technicianId]) => ({ bookingId, technicianId, keepTime: true }));

  const runOptimize = async () => {
    try {
      const result = await optimize.mutateAsync({ date, locationId, locks: lockList() });
      setPlan({ view: result, kind: 'optimized' });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  /** Drag, Move up/down, Move to: the new order at once, then the server's times for it. */
  const place = async (bookingId: string, target: DropTarget) => {
    const stop = [...shown.flatMap((t) => t.stops), ...unassigned].find((s) => s.bookingId === bookingId);
    if (!stop || evaluate.isPending) return;
    const next = placed({ technicians: shown, unassigned }, stop, target);
    setDraft(next);
    try {
      const result = await evaluate.mutateAsync({
        date,
        locationId,
        technicians: next.technicians.map((t) => ({
          technicianId: t.technicianId,
          bookingIds: t.stops.map((s) => s.bookingId),
        })),
        unassigned: next.unassigned.map((s) => s.bookingId),
        locks: lockList(),
      });
      setPlan({ view: result, kind: 'edited' });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    } finally {
      setDraft(null);
    }
  };
  const drag = useStopDrag((bookingId, target) => void place(bookingId, target));
  const runApply = async () => {
    if (!plan) return;
    try {
      const result = await apply.mutateAsync({
        planId: plan.view.planId,
        allowOutsideWindow: allowOutside,
      });
      toast.success(result.applied ? ROUTES_TEXT.applied : ROUTES_TEXT.alreadyApplied, {
        description: result.applied
          ? `${result.reassigned} reassigned, ${result.reordered} new arrival times, ${result.notified} customers told.`
          : undefined,
      });
      setPlan(null);
      setLocks(new Map());
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

  const setWindow = useSetJobWindow();
  const onAnyTime = data?.canOptimize
    ? async (bookingId: string, anyTime: boolean) => {
        try {
          await setWindow.mutateAsync({ bookingId, anyTime });
          setPlan(null);
          toast.success(ROUTES_TEXT.anyTimeSaved);
        } catch (e) {
          toast.error('Error', { description: (e as Error).message });
        }
      }
    : undefined;

  const team = (data?.technicians ?? []).map((t) => ({ id: t.technicianId, name: t.name }));
  const editing: Editing | undefined = data?.canOptimize
    ? {
        drag,
        place: (id, target) => void place(id, target),
        team,
        fixed: (id) => locks.has(id),
        hasTeam: data.hasTeam,
        pending: draft !== null,
      }
    : undefined;
  const outsideCount = plan?.view.outsideWindow.length ?? 0;

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
        {locationChoices.length > 0 && (
          <div className="w-full sm:w-auto">
            <LocationFilter
              choices={locationChoices}
              value={locationId ?? ALL_LOCATIONS}
              onChange={(v) => setParam('location', v === ALL_LOCATIONS ? null : v)}
            />
          </div>
        )}
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
                {data.canOptimize && (
                  <p className="text-sm text-slate-600">
                    Drag a job by its grip, or use its arrows and its “Move to” list, to change the order or
                    take it off a route.
                  </p>
                )}
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
            <Card
              className={cn(outsideCount ? 'border-amber-300 bg-amber-50' : 'border-green-300 bg-green-50')}
              role="status"
              data-testid="route-plan"
            >
              <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className={outsideCount ? 'text-amber-950' : 'text-green-900'}>
                  <p className="text-lg font-semibold" data-testid="minutes-saved">
                    {savingsText(plan.view, plan.kind)}
                  </p>
                  <p className="text-sm">
                    {minutes(plan.view.beforeMinutes)} now → {minutes(plan.view.afterMinutes)} with{' '}
                    {plan.kind === 'edited' ? 'your order' : 'this plan'} · {plan.view.changes.length} jobs
                    change
                  </p>
                  {outsideCount > 0 && (
                    <>
                      <p className="mt-1 text-sm font-medium" data-testid="route-plan-outside">
                        {ROUTES_TEXT.outsideWindow} ({outsideCount} {outsideCount === 1 ? 'job' : 'jobs'})
                      </p>
                      <label className="mt-1 flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={allowOutside}
                          onChange={(e) => setAllowOutside(e.target.checked)}
                        />
                        {ROUTES_TEXT.allowOutsideWindow}
                      </label>
                    </>
                  )}
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" onClick={() => setPlan(null)}>
                    Discard
                  </Button>
                  <Button
                    onClick={runApply}
                    loading={apply.isPending}
                    disabled={
                      plan.view.changes.length === 0 || draft !== null || (outsideCount > 0 && !allowOutside)
                    }
                  >
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
                onLock={plan || draft ? undefined : onLock}
                onAnyTime={plan || draft ? undefined : onAnyTime}
                changedIds={changedIds}
                outsideIds={outsideIds}
                editing={editing}
              />
            ))}
          </div>
          {/* Always there for a team's owner who plans: the place to drop a job taken off its route. */}
          {(unassigned.length > 0 || (editing && data.hasTeam)) && (
            <TechnicianCard
              route={{
                technicianId: UNASSIGNED,
                name: ROUTES_TEXT.unassigned,
                start: null,
                end: null,
                stops: unassigned,
                driveMinutes: 0,
                returnDriveMinutes: 0,
              }}
              color="#64748b"
              timeZone={data.timeZone}
              locks={locks}
              changedIds={changedIds}
              outsideIds={outsideIds}
              editing={editing}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
