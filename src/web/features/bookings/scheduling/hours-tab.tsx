import { Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SCHEDULING_TEXT, type SchedulingInput, schedulingInputSchema } from '../../../../shared/scheduling';
import { formatCalendarDate } from '../../../../shared/time';
import { type Scheduling, useSaveScheduling, useScheduling } from '../../../api/scheduling';
import {
  type WeekdayHours,
  WeeklyHoursFieldset,
  weekdayHoursFrom,
  weeklyHoursOf,
} from '../../../components/domain/weekly-hours-fieldset';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/** US zones first, then every IANA zone the browser knows. */
function zoneList(current: string) {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...US_ZONES, current, ...all])];
}
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

interface HoursForm {
  timeZone: string;
  days: WeekdayHours[];
  closedDates: Array<{ date: string }>;
  slotMinutes: string;
  capacity: string;
  noticeHours: string;
  horizonDays: string;
  bufferMinutes: string;
}

const toForm = (s: Scheduling): HoursForm => ({
  timeZone: s.timeZone,
  days: weekdayHoursFrom(s.weeklyHours),
  closedDates: s.closedDates.map((date) => ({ date })),
  slotMinutes: String(s.slotMinutes),
  capacity: String(s.capacity),
  noticeHours: String(s.minNoticeMinutes / 60),
  horizonDays: String(s.horizonDays),
  bufferMinutes: String(s.bufferMinutes ?? 0),
});

const toInput = (v: HoursForm) => ({
  timeZone: v.timeZone,
  weeklyHours: weeklyHoursOf(v.days),
  closedDates: v.closedDates.map((d) => d.date),
  slotMinutes: v.slotMinutes,
  capacity: v.capacity,
  minNoticeMinutes: v.noticeHours.trim() === '' ? '' : Math.round(Number(v.noticeHours) * 60),
  horizonDays: v.horizonDays,
  bufferMinutes: v.bufferMinutes,
});

/** /business-profile → Hours & Booking: the zone, weekly hours, closed dates and the rules /book follows. */
export function HoursTab() {
  const { data, isPending, isError, refetch, isRefetching } = useScheduling();
  if (isPending) return <RowsSkeleton rows={4} />;
  if (isError)
    return (
      <ErrorState message={SCHEDULING_TEXT.loadFailed} onRetry={() => refetch()} retrying={isRefetching} />
    );
  return <HoursForm scheduling={data} />;
}

function HoursForm({ scheduling }: { scheduling: Scheduling }) {
  const form = useForm<HoursForm>({ defaultValues: toForm(scheduling) });
  useEffect(() => form.reset(toForm(scheduling)), [scheduling, form]);
  const closed = useFieldArray({ control: form.control, name: 'closedDates' });
  const [newDate, setNewDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zones = useMemo(() => zoneList(scheduling.timeZone), [scheduling.timeZone]);
  const save = useSaveScheduling();

  const onSubmit = form.handleSubmit(async (v) => {
    const parsed = schedulingInputSchema.safeParse(toInput(v));
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[issue.path.join('.')] ??= issue.message;
      setErrors(byField);
      return toast.error(SCHEDULING_TEXT.saveFailed, { description: parsed.error.issues[0]?.message });
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data as SchedulingInput);
      toast.success('Success', { description: SCHEDULING_TEXT.saved });
    } catch (e) {
      toast.error(SCHEDULING_TEXT.saveFailed, { description: (e as Error).message });
    }
  });

  const addClosedDate = () => {
    if (!newDate || form.getValues('closedDates').some((d) => d.date === newDate)) return;
    closed.append({ date: newDate });
    setNewDate('');
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Time zone and working hours</CardTitle>
          <CardDescription>
            Customers can book slots that start inside these hours. Every date and time is shown in this zone.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="timeZone" label="Time zone" error={errors.timeZone}>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="timeZone" className="sm:max-w-sm">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {zones.map((z) => (
                      <SelectItem key={z} value={z}>
                        {zoneLabel(z)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <WeeklyHoursFieldset form={form} errors={errors} idPrefix="day" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Closed dates</CardTitle>
          <CardDescription>Holidays and days off: no slots are offered on them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <Field id="newClosedDate" label="Add a closed date">
              <Input
                type="date"
                className="w-44"
                value={newDate}
                onChange={(e) => setNewDate(e.target.value)}
              />
            </Field>
            <Button type="button" variant="outline" onClick={addClosedDate} disabled={!newDate}>
              <Plus /> Add date
            </Button>
          </div>
          {closed.fields.length === 0 ? (
            <p className="text-sm text-slate-500">No closed dates.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Closed dates">
              {closed.fields.map((f, i) => (
                <li
                  key={f.id}
                  className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 text-sm"
                >
                  {formatCalendarDate(f.date)}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Remove ${formatCalendarDate(f.date)}`}
                    onClick={() => closed.remove(i)}
                  >
                    <X />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Booking rules</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field
            id="slotMinutes"
            label="Slot length (minutes)"
            error={errors.slotMinutes}
            hint="How often a start time is offered"
          >
            <Input type="number" inputMode="numeric" min={15} step={15} {...form.register('slotMinutes')} />
          </Field>
          <Field
            id="capacity"
            label="Jobs at the same time"
            error={errors.capacity}
            hint="How many crews you run"
          >
            <Input type="number" inputMode="numeric" min={1} {...form.register('capacity')} />
          </Field>
          <Field
            id="noticeHours"
            label="Minimum notice (hours)"
            error={errors.minNoticeMinutes}
            hint="How soon before a slot customers may book it"
          >
            <Input type="number" inputMode="decimal" min={0} step={0.5} {...form.register('noticeHours')} />
          </Field>
          <Field id="horizonDays" label="Book up to (days ahead)" error={errors.horizonDays}>
            <Input type="number" inputMode="numeric" min={1} {...form.register('horizonDays')} />
          </Field>
          <Field
            id="bufferMinutes"
            label="Buffer between jobs (minutes)"
            error={errors.bufferMinutes}
            hint="Kept free after a job, besides the drive to the next one"
          >
            <Input type="number" inputMode="numeric" min={0} step={5} {...form.register('bufferMinutes')} />
          </Field>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Save Hours
        </Button>
      </div>
    </form>
  );
}
