import type { ChangeEvent } from 'react';
import { formatSlot } from '../../../../../shared/clock-labels';
import { Input } from '../../../../components/ui/input';
import { Field } from '../../../../components/ui/label';
import { SelectOnDemand } from '../../../../components/ui/select-on-demand';
import type { BookingOptions, useSlots } from '../booking-queries';
import { Section } from '../booking-section';
import { type BookingFormApi, Controller } from './booking-form-api';

/** The zip field bound to the form's zip (the one Service Location shows too), digits only. */
const zipInput = (form: BookingFormApi) => ({
  value: form.values.zip ?? '',
  onChange: (e: ChangeEvent<HTMLInputElement>) =>
    form.setValue('zip', e.target.value.replace(/\D/g, '').slice(0, 5)),
});

/** 3 · Schedule: a date in the booking window, then one of the day's times (taken and passed ones shown, disabled). */
export function ScheduleStep({
  form,
  options,
  slots,
  serviceId,
  date,
  placeZip,
}: {
  form: BookingFormApi;
  options: BookingOptions;
  slots: ReturnType<typeof useSlots>;
  serviceId?: string;
  date?: string;
  placeZip?: string;
}) {
  const { errors } = form.formState;
  // Times depend on where the job is (decision 1248): without the zip the customer arrived with, ask for it here.
  const askZip = options.needsPlace && !placeZip;
  const slotList = askZip ? [] : (slots.data?.slots ?? []);
  const noTimesLeft = !askZip && slots.data && slotList.every((s) => !s.available);
  // With drives counted, a time may be free yet out of reach: "booked" would not be true (decision 1248).
  const taken = slots.data?.driveAware ? ' — unavailable' : ' — booked';
  return (
    <Section n={3} title="Schedule">
      {options.needsPlace && !options.area && (
        <Field
          id="schedule-zip"
          label="Your zip code"
          hint="Our detailers drive to you: the times shown are the ones they can reach you at"
        >
          <Input inputMode="numeric" maxLength={5} autoComplete="postal-code" {...zipInput(form)} />
        </Field>
      )}
      <div className={`grid gap-4 sm:grid-cols-2${options.needsPlace && !options.area ? ' mt-4' : ''}`}>
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
              : askZip
                ? 'Enter your zip code to see the times'
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
                disabled={askZip || !slots.data || noTimesLeft}
                aria-invalid={!!errors.time}
                placeholder={slots.isFetching ? 'Loading times…' : 'Choose a time'}
                choices={slotList.map((s) => ({
                  value: s.time,
                  label: `${formatSlot(s.time)}${s.state === 'taken' ? taken : s.state === 'past' ? ' — passed' : ''}`,
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
