import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import { priceForVehicleCents, VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { type ServiceForm, type ServiceInput, serviceFormSchema } from '../../../shared/services.schemas';
import { type Service, useSaveService } from '../../api/services';
import { Button } from '../../components/ui/button';
import { FormDialog, failureMessage } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const toForm = (s: Service | null): ServiceForm => ({
  name: s?.name ?? '',
  description: s?.description ?? '',
  price: s ? formatMoney(s.basePriceCents) : '',
  // §9: new services default to 60 minutes.
  duration: s ? String(s.durationMinutes) : '60',
  multipliers: Object.fromEntries(
    VEHICLE_TYPES.map((t) => [t, String(s?.vehicleTypeMultipliers[t] ?? DEFAULT_VEHICLE_MULTIPLIERS[t])]),
  ) as Record<VehicleType, string>,
});

/** Add or edit a service: name, price (step 0.01), duration (minutes), description, vehicle multipliers (§5, §9). */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  service: Service | null;
}) {
  const save = useSaveService();
  const form = useForm<ServiceForm, unknown, ServiceInput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: toForm(service),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(toForm(service));
  }, [open, service, form]);

  const [price, multipliers] = useWatch({ control: form.control, name: ['price', 'multipliers'] });
  const basePriceCents = dollarsToCents(price ?? '');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: service?.id, values });
      toast.success('Success', {
        description: service ? 'Service updated successfully' : 'Service created successfully',
      });
      onOpenChange(false);
    } catch (err) {
      toast.error('Error', { description: failureMessage(err, 'Failed to save service') });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      title={service ? 'Edit Service' : 'Add Service'}
      description="Customers pay the base price times their vehicle's multiplier, rounded to whole dollars."
      submitLabel={service ? 'Save Changes' : 'Add Service'}
      size="lg"
    >
      <Field id="service-name" label="Service name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="service-price" label="Base price ($)" error={errors.price?.message}>
          <Input type="number" inputMode="decimal" min={0} step={0.01} {...form.register('price')} />
        </Field>
        <Field id="service-duration" label="Duration (minutes)" error={errors.duration?.message}>
          <Input type="number" inputMode="numeric" min={15} step={1} {...form.register('duration')} />
        </Field>
      </div>
      <Field id="service-description" label="Description (optional)">
        <Textarea rows={3} {...form.register('description')} />
      </Field>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Vehicle multipliers</legend>
        <div className="mb-3 flex items-center justify-between gap-2">
          <p className="text-xs text-slate-600">Price shown for each vehicle type at the base price above.</p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() =>
              form.setValue('multipliers', toForm(null).multipliers, {
                shouldValidate: form.formState.isSubmitted,
              })
            }
          >
            <RotateCcw /> Defaults
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {VEHICLE_TYPES.map((t) => {
            const m = Number(multipliers?.[t]);
            const preview =
              basePriceCents !== null && m > 0 ? formatCents(priceForVehicleCents(basePriceCents, m)) : '—';
            return (
              <div key={t} className="grid gap-1">
                <label htmlFor={`multiplier-${t}`} className="text-xs font-medium text-slate-700">
                  {VEHICLE_TYPE_LABELS[t]}
                </label>
                <Input
                  id={`multiplier-${t}`}
                  type="number"
                  inputMode="decimal"
                  min={0.05}
                  max={10}
                  step={0.05}
                  {...form.register(`multipliers.${t}`)}
                />
                <span className="text-xs tabular-nums text-slate-500">{preview}</span>
              </div>
            );
          })}
        </div>
        {errors.multipliers?.message && (
          <p role="alert" className="mt-2 text-xs font-medium text-red-600">
            {errors.multipliers.message}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
