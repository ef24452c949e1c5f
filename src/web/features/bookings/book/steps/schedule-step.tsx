import { formatSlot } from '../../../../../shared/clock-labels';
import { Input } from '../../../../components/ui/input';
import { Field } from '../../../../components/ui/label';
import { SelectOnDemand } from '../../../../components/ui/select-on-demand';
import type { BookingOptions, useSlots } from '../booking-queries';
import { Section } from '../booking-section';
import { type BookingFormApi, Controller } from './booking-form-api';

/** 3 · Schedule: a date in the booking window, then one of the day's times (taken and passed ones shown, disabled). */
export function ScheduleStep({
  form,
  options,
  slots,
  serviceId,
  date,
}: {
  form: BookingFormApi;
  options: BookingOptions;
  slots: ReturnType<typeof useSlots>;
  serviceId?: string;
  date?: string;
}) {
  const { errors } = form.formState;
  const slotList = slots.data?.slots ?? [];
  const noTimesLeft = slots.data && slotList.every((s) => !s.available);
  return (
    <Section n={3} title="Schedule">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="date" label="Date" error={errors.date?.message}>
          <Input type="date" min={options.today} max={options.maxDate} {...form.register('date')} />
        </Field>
        <Field
          id="time"
          label="Time"
          error={errors.time?.message}
          hint={
            !serviceId || !date
              ? 'Choose a service and a date first'
              : slots.data?.closed
                ? 'Closed on this day — try another date'
                : noTimesLeft
                  ? 'No times left on this day — try another date'
                  : undefined
          }
        >
          <Controller
            control={form.control}
            name="time"
            render={({ field }) => (
              <SelectOnDemand
                id="time"
                value={field.value || ''}
                onValueChange={field.onChange}
                disabled={!slots.data || noTimesLeft}
                aria-invalid={!!errors.time}
                placeholder={slots.isFetching ? 'Loading times…' : 'Choose a time'}
                choices={slotList.map((s) => ({
                  value: s.time,
                  label: `${formatSlot(s.time)}${s.state === 'taken' ? ' — booked' : s.state === 'past' ? ' — passed' : ''}`,
                  disabled: !s.available,
                }))}
              />
            )}
          />
        </Field>
      </div>
      <p className="mt-3 text-xs text-slate-500">
        Times are local to the detailer ({options.timeZone.replace('_', ' ')}). Rescheduling needs at least 24
        hours' notice.
      </p>
    </Section>
  );
}
