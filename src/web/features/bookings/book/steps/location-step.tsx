import { Input } from '../../../../components/ui/input';
import { Field } from '../../../../components/ui/label';
import { Section } from '../booking-section';
import type { BookingFormApi } from './booking-form-api';

/** 4 · Service Location: where the detailer comes. */
export function LocationStep({ form }: { form: BookingFormApi }) {
  const { errors } = form.formState;
  return (
    <Section n={4} title="Service Location">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field id="location" label="Address" error={errors.location?.message}>
          <Input
            required
            autoComplete="street-address"
            placeholder="Street address, city"
            {...form.register('location')}
          />
        </Field>
        <Field id="zip" label="Zip code" error={errors.zip?.message}>
          <Input inputMode="numeric" maxLength={5} autoComplete="postal-code" {...form.register('zip')} />
        </Field>
      </div>
    </Section>
  );
}
