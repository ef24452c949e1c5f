import { Input, Textarea } from '../../../../components/ui/input';
import { Field } from '../../../../components/ui/label';
import { Section } from '../booking-section';
import { PhotoConsentField } from '../photo-consent-field';
import { SmsOptInField } from '../sms-opt-in-field';
import type { BookingFormApi } from './booking-form-api';

/** 5 · Contact Information: name, email, phone, SMS opt-in, special instructions. */
export function ContactStep({ form }: { form: BookingFormApi }) {
  const { errors } = form.formState;
  return (
    <Section n={5} title="Contact Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="firstName" label="First name" error={errors.firstName?.message}>
          <Input required autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field id="lastName" label="Last name" error={errors.lastName?.message}>
          <Input required autoComplete="family-name" {...form.register('lastName')} />
        </Field>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input type="email" required autoComplete="email" {...form.register('email')} />
        </Field>
        <Field id="phone" label="Phone">
          <Input id="phone" type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <SmsOptInField {...form.register('smsMarketingOptIn')} />
        <PhotoConsentField {...form.register('photoConsent')} />
        <div className="sm:col-span-2">
          <Field id="notes" label="Special instructions">
            <Textarea rows={3} placeholder="Gate code, parking, pets…" {...form.register('notes')} />
          </Field>
        </div>
      </div>
    </Section>
  );
}
