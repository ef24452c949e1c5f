import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { type PlanForm, planFormSchema } from '../../../shared/membership-forms';
import { CREDIT_PERIOD_LABELS, CREDIT_PERIODS, MEMBERSHIP_TEXT } from '../../../shared/memberships';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/vehicle-labels';
import { type OwnerPlan, useSavePlan } from '../../api/memberships';
import { useServiceOptions } from '../../api/services';
import { Checkbox } from '../../components/ui/checkbox';
import { FormDialog, useSaveDialog } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';

const toForm = (p: OwnerPlan | null): PlanForm => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  monthlyPrice: p ? formatMoney(p.monthlyPriceCents) : '',
  includedCredits: String(p?.includedCredits ?? 1),
  creditPeriod: p?.creditPeriod ?? 'month',
  discountPercent: String(p?.discountPercent ?? 10),
  holdAllowed: p?.holdAllowed ?? true,
  maxHoldMonths: String(p?.maxHoldMonths ?? 4),
  vehicleTypes: p?.vehicleTypes ?? [...VEHICLE_TYPES],
  includedServiceIds: p?.includedServiceIds ?? [],
  isActive: p?.isActive ?? true,
});

/** New or edited maintenance plan: price per vehicle, included visits, discount, holds and vehicle types. */
export function PlanDialog({
  open,
  plan,
  onOpenChange,
}: {
  open: boolean;
  plan: OwnerPlan | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSavePlan();
  const serviceOptions = useServiceOptions(open);
  const form = useForm<PlanForm>({ resolver: zodResolver(planFormSchema), defaultValues: toForm(plan) });
  const { errors, isSubmitting } = form.formState;
  const holdAllowed = form.watch('holdAllowed');

  useEffect(() => {
    if (open) form.reset(toForm(plan));
  }, [open, plan, form]);

  /** One numeric field of the plan (price, discount, visits, hold months): label, input and its inline error. */
  const numberField = (
    name: 'monthlyPrice' | 'discountPercent' | 'includedCredits' | 'maxHoldMonths',
    id: string,
    label: string,
    { min, max, step = 1, decimal = false }: { min: number; max?: number; step?: number; decimal?: boolean },
  ) => (
    <Field id={id} label={label} error={errors[name]?.message}>
      <Input
        type="number"
        inputMode={decimal ? 'decimal' : 'numeric'}
        min={min}
        max={max}
        step={step}
        {...form.register(name)}
      />
    </Field>
  );

  const onSubmit = useSaveDialog(form, {
    save: async (v) => {
      await save.mutateAsync({
        id: plan?.id,
        values: {
          name: v.name,
          description: v.description,
          monthlyPriceCents: dollarsToCents(v.monthlyPrice) ?? 0,
          includedCredits: Number(v.includedCredits),
          creditPeriod: v.creditPeriod,
          discountPercent: Number(v.discountPercent),
          holdAllowed: v.holdAllowed,
          maxHoldMonths: v.holdAllowed ? Number(v.maxHoldMonths) : 0,
          vehicleTypes: v.vehicleTypes,
          includedServiceIds: v.includedServiceIds,
          isActive: v.isActive,
        },
      });
      return plan ? MEMBERSHIP_TEXT.updated : MEMBERSHIP_TEXT.created;
    },
    invalid: MEMBERSHIP_TEXT.required,
    onOpenChange,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={plan ? 'Edit Plan' : 'New Plan'}
      description="Customers pay monthly per vehicle and book their included visits."
      submitLabel={plan ? 'Save Changes' : 'Create Plan'}
    >
      <Field id="plan-name" label="Plan name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <Field id="plan-description" label="What it includes (optional)" error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        {numberField('monthlyPrice', 'plan-price', 'Monthly price per vehicle ($)', {
          min: 1,
          step: 0.01,
          decimal: true,
        })}
        {numberField('discountPercent', 'plan-discount', 'Discount on other services (%)', {
          min: 0,
          max: 100,
        })}
      </div>
      <div className="grid grid-cols-2 gap-4">
        {numberField('includedCredits', 'plan-credits', 'Included visits', { min: 0, max: 50 })}
        <Field id="plan-period" label="Every">
          <Controller
            control={form.control}
            name="creditPeriod"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="plan-period">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CREDIT_PERIODS.map((p) => (
                    <SelectItem key={p} value={p}>
                      {CREDIT_PERIOD_LABELS[p].replace('per ', '')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <div className="grid grid-cols-2 items-end gap-4">
        <InlineField id="plan-hold" label="Holds allowed">
          <Controller
            control={form.control}
            name="holdAllowed"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
          />
        </InlineField>
        {holdAllowed &&
          numberField('maxHoldMonths', 'plan-hold-months', 'Months of hold a year', {
            min: 0,
            max: 12,
          })}
      </div>
      <Controller
        control={form.control}
        name="vehicleTypes"
        render={({ field }) => (
          <CheckboxList
            legend="Vehicle types"
            idPrefix="plan-vehicle"
            className="grid-cols-2 sm:grid-cols-3"
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_TYPE_LABELS[type] }))}
            value={field.value}
            onChange={field.onChange}
            error={errors.vehicleTypes?.message}
          />
        )}
      />
      {(serviceOptions.data?.items.length ?? 0) > 0 && (
        <Controller
          control={form.control}
          name="includedServiceIds"
          render={({ field }) => (
            <CheckboxList
              legend="Services a credit pays for"
              hint="None ticked: any service. Others get the plan’s discount."
              idPrefix="plan-service"
              className="sm:grid-cols-2"
              options={(serviceOptions.data?.items ?? []).map((svc) => ({
                value: svc.id,
                label: svc.name,
              }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
      <InlineField id="plan-active" label="Open for new members">
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
        />
      </InlineField>
    </FormDialog>
  );
}

/** A group of checkboxes over a list of values (the plan's vehicle types, the services a credit pays for). */
function CheckboxList<T extends string>({
  legend,
  hint,
  idPrefix,
  className,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  idPrefix: string;
  className: string;
  options: { value: T; label: string }[];
  value: T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <div className={`grid gap-2 ${className}`}>
        {options.map((o) => (
          <InlineField key={o.value} id={`${idPrefix}-${o.value}`} label={o.label}>
            <Checkbox
              checked={value.includes(o.value)}
              onCheckedChange={(checked) =>
                onChange(checked ? [...value, o.value] : value.filter((x) => x !== o.value))
              }
            />
          </InlineField>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
