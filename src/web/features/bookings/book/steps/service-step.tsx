import { CalendarX } from 'lucide-react';
import { formatDuration } from '../../../../../shared/clock-labels';
import { formatMoney } from '../../../../../shared/money';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/list-states';
import type { BookingOptions } from '../booking-queries';
import { Section } from '../booking-section';
import { type BookingFormApi, Controller } from './booking-form-api';

/** 1 · Select Service: the business's services as radio cards. */
export function ServiceStep({
  form,
  services,
  isIncluded,
}: {
  form: BookingFormApi;
  services: BookingOptions['services'];
  /** A plan member's included services (decision 1260). */
  isIncluded?: (serviceId: string) => boolean;
}) {
  const error = form.formState.errors.serviceId;
  return (
    <Section n={1} title="Select Service">
      {services.length === 0 ? (
        <EmptyState
          icon={CalendarX}
          title="No services to book yet"
          description="This detailer has not published any services. Please check back soon."
          action={
            <Button asChild variant="outline">
              <a href="/book">See other options</a>
            </Button>
          }
        />
      ) : (
        <Controller
          control={form.control}
          name="serviceId"
          render={({ field }) => (
            <div role="radiogroup" aria-label="Service" className="grid gap-3">
              {services.map((s) => {
                const checked = field.value === s.id;
                return (
                  <label
                    key={s.id}
                    className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${checked ? 'border-accent bg-accent-soft' : 'border-slate-200 hover:border-slate-300'}`}
                  >
                    <input
                      type="radio"
                      name="serviceId"
                      value={s.id}
                      checked={checked}
                      onChange={() => field.onChange(s.id)}
                      className="mt-1 size-4 accent-[var(--color-accent)]"
                    />
                    <span className="flex-1">
                      <span className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-semibold text-slate-900">
                          {s.name}
                          {isIncluded?.(s.id) && (
                            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                              Included in your plan
                            </span>
                          )}
                        </span>
                        <span className="font-semibold tabular-nums text-slate-900">
                          from ${formatMoney(s.basePriceCents)}
                        </span>
                      </span>
                      {s.description && (
                        <span className="mt-0.5 block text-sm text-slate-600">{s.description}</span>
                      )}
                      <span className="mt-1 block text-xs text-slate-500">
                        {formatDuration(s.durationMinutes)}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        />
      )}
      {error && <p className="mt-2 text-xs font-medium text-red-600">{error.message}</p>}
    </Section>
  );
}
