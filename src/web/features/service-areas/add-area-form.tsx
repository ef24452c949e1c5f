import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  SERVICE_AREA_TEXT,
  type ServiceAreaInput,
  serviceAreaInputSchema,
} from '../../../shared/service-areas';
import { lookupZip, useAddServiceArea } from '../../api/service-areas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';

const EMPTY: ServiceAreaInput = { zipCode: '', city: '', state: '', stateCode: '', launchDate: '' };
type Values = ServiceAreaInput;

export interface AddAreaFormHandle {
  /** Fills the zip (the rest autofills) and moves focus to the form. */
  prefill(zip: string): void;
  focus(): void;
}

/** §5: zip (max 5), city and state required; state code max 2, upper-cased; launch date optional. */
export const AddAreaForm = forwardRef<AddAreaFormHandle>(function AddAreaForm(_props, ref) {
  const form = useForm<Values, unknown, z.output<typeof serviceAreaInputSchema>>({
    resolver: zodResolver(serviceAreaInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [lookupNote, setLookupNote] = useState<string | null>(null);
  const autofilled = useRef<Partial<Values>>({});
  const zipInput = useRef<HTMLInputElement | null>(null);
  const add = useAddServiceArea();
  const values = useWatch({ control: form.control });
  const zipField = form.register('zipCode', {
    // Digits only, at most 5, as typed.
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      form.setValue('zipCode', e.target.value.replace(/\D/g, '').slice(0, 5)),
  });
  const stateCodeField = form.register('stateCode', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      form.setValue('stateCode', e.target.value.toUpperCase().slice(0, 2)),
  });

  useImperativeHandle(ref, () => ({
    prefill(zip) {
      form.reset({ ...EMPTY, zipCode: zip });
      zipInput.current?.scrollIntoView({ block: 'center' });
      zipInput.current?.focus();
    },
    focus: () => zipInput.current?.focus(),
  }));

  // Autofill city and state from the offline zip dataset once 5 digits are typed, without overwriting edits.
  const zip = values.zipCode ?? '';
  useEffect(() => {
    if (!/^\d{5}$/.test(zip)) return setLookupNote(null);
    let cancelled = false;
    lookupZip(zip)
      .then((place) => {
        if (cancelled) return;
        if (!place) return setLookupNote('Zip code not found in our directory — enter the city and state.');
        setLookupNote(null);
        for (const key of ['city', 'state', 'stateCode'] as const) {
          const now = form.getValues(key);
          if (!now || now === autofilled.current[key]) form.setValue(key, place[key]);
        }
        autofilled.current = { city: place.city, state: place.state, stateCode: place.stateCode };
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [zip, form]);

  const ready = Boolean(values.zipCode?.trim() && values.city?.trim() && values.state?.trim());
  const submit = form.handleSubmit(
    async (input) => {
      try {
        await add.mutateAsync(input);
        toast.success('Success', { description: SERVICE_AREA_TEXT.added });
        form.reset(EMPTY);
        autofilled.current = {};
      } catch (err) {
        toast.error(SERVICE_AREA_TEXT.addFailed, { description: (err as Error).message });
      }
    },
    (invalid) => {
      // §5's toast for a missing required field; any other problem is shown on its field.
      const messages = Object.values(invalid).map((e) => e?.message);
      if (messages.includes(SERVICE_AREA_TEXT.missing))
        toast.error(SERVICE_AREA_TEXT.missingTitle, { description: SERVICE_AREA_TEXT.missing });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a service area</CardTitle>
        <CardDescription>
          New areas start inactive. Activate one to launch it and email everyone waiting there.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[8rem_1fr_1fr_6rem_11rem_auto] lg:items-end"
          noValidate
        >
          <Field
            id="area-zip"
            label="Zip code"
            hint={lookupNote ?? undefined}
            error={errors.zipCode?.message}
          >
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...zipField}
              ref={(el) => {
                zipField.ref(el);
                zipInput.current = el;
              }}
            />
          </Field>
          <Field id="area-city" label="City" error={errors.city?.message}>
            <Input {...form.register('city')} />
          </Field>
          <Field id="area-state" label="State" error={errors.state?.message}>
            <Input {...form.register('state')} />
          </Field>
          <Field id="area-state-code" label="State code" error={errors.stateCode?.message}>
            <Input maxLength={2} className="uppercase" {...stateCodeField} />
          </Field>
          <Field id="area-launch" label="Launch date (optional)" error={errors.launchDate?.message}>
            <Input type="date" {...form.register('launchDate')} />
          </Field>
          <Button type="submit" disabled={!ready} loading={isSubmitting}>
            <Plus /> Add Area
          </Button>
        </form>
      </CardContent>
    </Card>
  );
});
