import { Controller, type UseFormReturn } from 'react-hook-form';
import { useLocationChoices } from '../../api/locations';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import type { BookingFormValues } from './booking-form-values';

const BY_ZIP = 'by-zip';

/**
 * New booking's location (decision 1280): shown only to a business with two or more active locations; left on "By
 * the address's zip", the server picks the location serving it, as /book does. The server checks the id is this
 * business's (another's is a 404).
 */
export function BookingLocationField({ form }: { form: UseFormReturn<BookingFormValues> }) {
  const choices = useLocationChoices();
  if (choices.length < 2) return null;
  return (
    <Field id="bf-location" label="Location">
      <Controller
        control={form.control}
        name="locationId"
        render={({ field }) => (
          <Select value={field.value || BY_ZIP} onValueChange={(v) => field.onChange(v === BY_ZIP ? '' : v)}>
            <SelectTrigger id="bf-location" data-testid="booking-location">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={BY_ZIP}>By the address’s zip</SelectItem>
              {choices.map((l) => (
                <SelectItem key={l.id} value={l.id}>
                  {l.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
