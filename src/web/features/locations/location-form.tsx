import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { LOCATIONS_TEXT, type LocationInput, locationInputSchema } from '../../../shared/locations';
import { type Location, useCreateLocation, useUpdateLocation } from '../../api/locations';
import { useServiceAreas } from '../../api/service-areas';
import { useTeam } from '../../api/team';
import {
  type WeekdayHours,
  WeeklyHoursFieldset,
  weekdayHoursFrom,
  weeklyHoursOf,
} from '../../components/domain/weekly-hours-fieldset';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

interface FormValues {
  name: string;
  address: string;
  timeZone: string;
  days: WeekdayHours[];
  zips: string[];
  technicianIds: string[];
}

const toForm = (l: Location | null): FormValues => ({
  name: l?.name ?? '',
  address: l?.address ?? '',
  timeZone: l?.timeZone ?? 'America/Chicago',
  days: weekdayHoursFrom(l?.weeklyHours),
  zips: l?.zips ?? [],
  technicianIds: l?.technicianIds ?? [],
});

const toInput = (v: FormValues): LocationInput => ({
  name: v.name,
  address: v.address,
  timeZone: v.timeZone,
  weeklyHours: weeklyHoursOf(v.days),
  zips: v.zips,
  technicianIds: v.technicianIds,
});

/** Add or edit a location (the main one: its name only — its hours and areas are the business's own tabs). */
export function LocationForm({ location, onDone }: { location: Location | null; onDone: () => void }) {
  const form = useForm<FormValues>({ defaultValues: toForm(location) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const areas = useServiceAreas();
  const team = useTeam();
  const primary = location?.isPrimary ?? false;

  const onSubmit = form.handleSubmit(async (v) => {
    const parsed = primary
      ? locationInputSchema.pick({ name: true }).safeParse({ name: v.name })
      : locationInputSchema.safeParse(toInput(v));
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[issue.path.join('.')] ??= issue.message;
      setErrors(byField);
      return toast.error('Error', { description: parsed.error.issues[0]?.message });
    }
    setErrors({});
    try {
      if (location) await update.mutateAsync({ id: location.id, json: parsed.data });
      else await create.mutateAsync(parsed.data as LocationInput);
      toast.success('Success', { description: location ? LOCATIONS_TEXT.updated : LOCATIONS_TEXT.created });
      onDone();
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  });

  const zips = areas.data?.items.map((a) => a.zipCode) ?? [];
  const technicians = team.data?.members ?? [];
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...new Set([...list, value])] : list.filter((x) => x !== value);

  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>{location ? `Edit ${location.name}` : 'Add a location'}</CardTitle>
        {primary && (
          <p className="text-sm text-slate-600">
            The main location uses your business address, Hours &amp; Booking and the zip codes no other
            location serves.
          </p>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="location-name" label="Name" error={errors.name}>
            <Input id="location-name" placeholder="e.g. North Austin" {...form.register('name')} />
          </Field>
          {!primary && (
            <>
              <Field id="location-address" label="Address" error={errors.address}>
                <Input
                  id="location-address"
                  placeholder="Street, city, state and zip"
                  {...form.register('address')}
                />
              </Field>
              <Field id="location-zone" label="Time zone" error={errors.timeZone}>
                <Controller
                  control={form.control}
                  name="timeZone"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="location-zone">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {[...new Set([...US_ZONES, field.value])].map((z) => (
                          <SelectItem key={z} value={z}>
                            {z.replaceAll('_', ' ')}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
              <WeeklyHoursFieldset form={form} errors={errors} idPrefix="loc-day" />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-900">Zip codes served</legend>
                {zips.length === 0 ? (
                  <p className="text-sm text-slate-600">Add zip codes on Service Areas first.</p>
                ) : (
                  <Controller
                    control={form.control}
                    name="zips"
                    render={({ field }) => (
                      <div className="flex flex-wrap gap-x-4 gap-y-2">
                        {zips.map((zip) => (
                          <div key={zip} className="flex items-center gap-2 text-sm">
                            <Checkbox
                              id={`zip-${zip}`}
                              checked={field.value.includes(zip)}
                              onCheckedChange={(c) => field.onChange(toggle(field.value, zip, c === true))}
                            />
                            <label htmlFor={`zip-${zip}`}>{zip}</label>
                          </div>
                        ))}
                      </div>
                    )}
                  />
                )}
              </fieldset>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-900">Technicians</legend>
                {technicians.length === 0 ? (
                  <p className="text-sm text-slate-600">
                    Invite technicians on the Team tab to assign them here.
                  </p>
                ) : (
                  <Controller
                    control={form.control}
                    name="technicianIds"
                    render={({ field }) => (
                      <div className="grid gap-2">
                        {technicians.map((m) => (
                          <div key={m.id} className="flex items-center gap-2 text-sm">
                            <Checkbox
                              id={`tech-${m.id}`}
                              checked={field.value.includes(m.id)}
                              onCheckedChange={(c) => field.onChange(toggle(field.value, m.id, c === true))}
                            />
                            <label htmlFor={`tech-${m.id}`}>{m.name}</label>
                          </div>
                        ))}
                      </div>
                    )}
                  />
                )}
              </fieldset>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {location ? 'Save Location' : 'Add Location'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
