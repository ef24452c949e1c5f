import { Plus } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SERVICE_AREA_TEXT } from '../../../shared/service-areas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { lookupZip, useAddServiceArea } from './service-areas-queries';

const EMPTY = { zipCode: '', city: '', state: '', stateCode: '', launchDate: '' };
type Values = typeof EMPTY;

export interface AddAreaFormHandle {
  /** Fills the zip (the rest autofills) and moves focus to the form. */
  prefill(zip: string): void;
  focus(): void;
}

/** §5: zip (max 5), city and state required; state code max 2, upper-cased; launch date optional. */
export const AddAreaForm = forwardRef<AddAreaFormHandle>(function AddAreaForm(_props, ref) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [lookupNote, setLookupNote] = useState<string | null>(null);
  const autofilled = useRef<Partial<Values>>({});
  const zipInput = useRef<HTMLInputElement>(null);
  const add = useAddServiceArea();

  useImperativeHandle(ref, () => ({
    prefill(zip) {
      setValues({ ...EMPTY, zipCode: zip });
      zipInput.current?.scrollIntoView({ block: 'center' });
      zipInput.current?.focus();
    },
    focus: () => zipInput.current?.focus(),
  }));

  // Autofill city and state from the offline zip dataset once 5 digits are typed, without overwriting edits.
  useEffect(() => {
    if (!/^\d{5}$/.test(values.zipCode)) return setLookupNote(null);
    let cancelled = false;
    lookupZip(values.zipCode)
      .then((place) => {
        if (cancelled) return;
        if (!place) return setLookupNote('Zip code not found in our directory — enter the city and state.');
        setLookupNote(null);
        setValues((v) => {
          const next = { ...v };
          for (const key of ['city', 'state', 'stateCode'] as const) {
            if (!v[key] || v[key] === autofilled.current[key]) next[key] = place[key];
          }
          autofilled.current = { city: place.city, state: place.state, stateCode: place.stateCode };
          return next;
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [values.zipCode]);

  const ready = Boolean(values.zipCode.trim() && values.city.trim() && values.state.trim());
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return toast.error(SERVICE_AREA_TEXT.missingTitle, { description: SERVICE_AREA_TEXT.missing });
    try {
      await add.mutateAsync(values);
      toast.success('Success', { description: SERVICE_AREA_TEXT.added });
      setValues(EMPTY);
      autofilled.current = {};
    } catch (err) {
      toast.error(SERVICE_AREA_TEXT.addFailed, { description: (err as Error).message });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a service area</CardTitle>
        <CardDescription>New areas start inactive. Activate one to launch it and email everyone waiting there.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[8rem_1fr_1fr_6rem_11rem_auto] lg:items-end" noValidate>
          <Field id="area-zip" label="Zip code" hint={lookupNote ?? undefined}>
            <Input
              ref={zipInput}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={values.zipCode}
              onChange={(e) => setValues((v) => ({ ...v, zipCode: e.target.value.replace(/\D/g, '').slice(0, 5) }))}
            />
          </Field>
          <Field id="area-city" label="City">
            <Input id="area-city" value={values.city} onChange={(e) => setValues((v) => ({ ...v, city: e.target.value }))} />
          </Field>
          <Field id="area-state" label="State">
            <Input id="area-state" value={values.state} onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))} />
          </Field>
          <Field id="area-state-code" label="State code">
            <Input
              maxLength={2}
              className="uppercase"
              value={values.stateCode}
              onChange={(e) => setValues((v) => ({ ...v, stateCode: e.target.value.toUpperCase().slice(0, 2) }))}
            />
          </Field>
          <Field id="area-launch" label="Launch date (optional)">
            <Input id="area-launch" type="date" value={values.launchDate} onChange={(e) => setValues((v) => ({ ...v, launchDate: e.target.value }))} />
          </Field>
          <Button type="submit" disabled={!ready} loading={add.isPending}>
            <Plus /> Add Area
          </Button>
        </form>
      </CardContent>
    </Card>
  );
});
