import type { ReactNode } from 'react';
import { VEHICLE_TYPES } from '../../../../../shared/constants';
import { VEHICLE_TYPE_LABELS } from '../../../../../shared/pricing';
import { Input } from '../../../../components/ui/input';
import { Field } from '../../../../components/ui/label';
import { SelectOnDemand } from '../../../../components/ui/select-on-demand';
import { Section } from '../booking-section';
import { type BookingFormApi, Controller } from './booking-form-api';

const VEHICLE_CHOICES = VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));

/** 2 · Vehicle Information: type (prices the service), year, make, model, color. */
export function VehicleStep({ form, children }: { form: BookingFormApi; children?: ReactNode }) {
  const { errors } = form.formState;
  return (
    <Section n={2} title="Vehicle Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="vehicleType" label="Vehicle type" error={errors.vehicleType?.message}>
          <Controller
            control={form.control}
            name="vehicleType"
            render={({ field }) => (
              <SelectOnDemand
                id="vehicleType"
                value={field.value ?? ''}
                onValueChange={field.onChange}
                aria-invalid={!!errors.vehicleType}
                placeholder="Choose your vehicle type"
                choices={VEHICLE_CHOICES}
              />
            )}
          />
        </Field>
        <Field id="vehicleYear" label="Year" error={errors.vehicleYear?.message}>
          <Input
            inputMode="numeric"
            placeholder="e.g. 2021"
            maxLength={4}
            {...form.register('vehicleYear')}
          />
        </Field>
        <Field id="vehicleMake" label="Make">
          <Input id="vehicleMake" placeholder="e.g. Toyota" {...form.register('vehicleMake')} />
        </Field>
        <Field id="vehicleModel" label="Model">
          <Input id="vehicleModel" placeholder="e.g. Camry" {...form.register('vehicleModel')} />
        </Field>
        <Field id="vehicleColor" label="Color">
          <Input id="vehicleColor" placeholder="e.g. Silver" {...form.register('vehicleColor')} />
        </Field>
      </div>
      {children && <div className="mt-4">{children}</div>}
    </Section>
  );
}
