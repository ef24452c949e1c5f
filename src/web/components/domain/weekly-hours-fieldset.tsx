import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { WEEKDAYS } from '../../../shared/scheduling';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';

/** One weekday in a form: open or closed, and its hours as the time inputs give them ("08:00"). */
export interface WeekdayHours {
  open: boolean;
  from: string;
  to: string;
}
type DayHours = { open: string; close: string } | null;

/** A week of hours as the server keeps it (Sunday first, null when closed) → the form's seven rows. */
export function weekdayHoursFrom(weeklyHours: readonly DayHours[] | null | undefined): WeekdayHours[] {
  return Array.from({ length: 7 }, (_, i) => {
    const h = weeklyHours?.[i];
    return { open: weeklyHours ? Boolean(h) : true, from: h?.open ?? '08:00', to: h?.close ?? '18:00' };
  });
}

/** The form's seven rows → the week the server takes (a closed day's hours are dropped). */
export function weeklyHoursOf(days: readonly WeekdayHours[]): DayHours[] {
  return days.map((d) => (d.open ? { open: d.from, close: d.to } : null));
}

/**
 * "Working hours": a row a weekday, its box ticked when open, then its opening and closing times; the server's
 * message for a day (`weeklyHours.<i>.open|close`) under its row. The form keeps the rows in `days`.
 */
export function WeeklyHoursFieldset<T extends FieldValues & { days: WeekdayHours[] }>({
  form,
  errors,
  idPrefix,
}: {
  form: UseFormReturn<T>;
  /** The server's field messages by path. */
  errors: Record<string, string>;
  idPrefix: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">Working hours</legend>
      {WEEKDAYS.map((day, i) => (
        <WeekdayRow
          key={day}
          form={form}
          day={day}
          index={i}
          id={`${idPrefix}-${i}`}
          error={errors[`weeklyHours.${i}.close`] ?? errors[`weeklyHours.${i}.open`]}
        />
      ))}
    </fieldset>
  );
}

function WeekdayRow<T extends FieldValues & { days: WeekdayHours[] }>({
  form,
  day,
  index,
  id,
  error,
}: {
  form: UseFormReturn<T>;
  day: string;
  index: number;
  id: string;
  error?: string;
}) {
  // The rows live at `days.<i>`; the generic form cannot prove that path, the constraint on T does.
  const path = (key: keyof WeekdayHours) => `days.${index}.${key}` as Path<T>;
  const open = form.watch(path('open')) as boolean;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Controller
          control={form.control}
          name={path('open')}
          render={({ field }) => (
            <div className="flex w-32 items-center gap-2 text-sm">
              <Checkbox id={id} checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} />
              <label htmlFor={id}>{day}</label>
            </div>
          )}
        />
        {open ? (
          <div className="flex items-center gap-2">
            <Input
              type="time"
              aria-label={`${day} opens`}
              className="w-32"
              {...form.register(path('from'))}
            />
            <span className="text-sm text-slate-500">to</span>
            <Input type="time" aria-label={`${day} closes`} className="w-32" {...form.register(path('to'))} />
          </div>
        ) : (
          <span className="text-sm text-slate-500">Closed</span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
