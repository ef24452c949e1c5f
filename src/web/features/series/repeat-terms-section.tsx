import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatCents } from '../../../shared/money';
import { REPEAT_LABELS } from '../../../shared/series';
import { type RepeatTermsInput, repeatTermsInputSchema } from '../../../shared/series.schemas';
import { type RepeatTerms, useRepeatTerms, useSaveRepeatTerms } from '../../api/series';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { Switch } from '../../components/ui/switch';

const PERCENTS = [
  ['weeklyPercent', 1],
  ['biweeklyPercent', 2],
  ['fourWeeklyPercent', 4],
] as const;

/** Which services customers may book every 1, 2 or 4 weeks, and the discount for each frequency (decision 1257). */
export function RepeatTermsSection() {
  const terms = useRepeatTerms();
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading" className="text-lg font-semibold text-slate-900">
        Repeatable services
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        A repeatable service can be booked every 1, 2 or 4 weeks, with your discount for each frequency. A
        change applies to new series; a series keeps the price it was booked at.
      </p>
      {terms.isPending ? (
        <Card className="p-4">
          <RowsSkeleton rows={2} />
        </Card>
      ) : terms.isError ? (
        <ErrorState
          message="Failed to fetch services"
          onRetry={() => terms.refetch()}
          retrying={terms.isFetching}
        />
      ) : terms.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">Add a service first; it can then be made repeatable here.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label="Repeatable services">
          {terms.data.items.map((t) => (
            <li key={t.serviceId} className="min-w-0">
              <TermsForm terms={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TermsForm({ terms }: { terms: RepeatTerms }) {
  const save = useSaveRepeatTerms();
  const form = useForm<z.input<typeof repeatTermsInputSchema>, unknown, RepeatTermsInput>({
    resolver: zodResolver(repeatTermsInputSchema),
    defaultValues: {
      repeatable: terms.repeatable,
      weeklyPercent: terms.weeklyPercent,
      biweeklyPercent: terms.biweeklyPercent,
      fourWeeklyPercent: terms.fourWeeklyPercent,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const repeatable = form.watch('repeatable');
  const id = (name: string) => `terms-${terms.serviceId}-${name}`;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ serviceId: terms.serviceId, json: values });
      form.reset({
        repeatable: saved.repeatable,
        weeklyPercent: saved.weeklyPercent,
        biweeklyPercent: saved.biweeklyPercent,
        fourWeeklyPercent: saved.fourWeeklyPercent,
      });
      toast.success('Success', {
        description: saved.repeatable ? `${terms.name} is repeatable` : `${terms.name} is booked once only`,
      });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  });
  return (
    <Card className="p-4" data-testid="repeat-terms">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-3"
        aria-label={`Repeat visits of ${terms.name}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="break-words font-semibold text-slate-900">{terms.name}</h3>
            <p className="text-xs text-slate-500">
              {formatCents(terms.basePriceCents)} a visit before discounts
            </p>
          </div>
          <InlineField id={id('repeatable')} label="Repeatable">
            <Controller
              control={form.control}
              name="repeatable"
              render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
            />
          </InlineField>
        </div>
        {repeatable && (
          <div className="grid grid-cols-3 items-end gap-2">
            {PERCENTS.map(([name, weeks]) => (
              <Field
                key={name}
                id={id(name)}
                label={`${REPEAT_LABELS[weeks]} (% off)`}
                error={errors[name]?.message}
              >
                <Input type="number" inputMode="numeric" min={0} max={50} step={1} {...form.register(name)} />
              </Field>
            ))}
          </div>
        )}
        <div>
          <Button type="submit" size="sm" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
