import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatDateTime } from '../../../shared/date-labels';
import {
  baseInputSchema,
  ROUTE_SETTINGS_TEXT,
  technicianSettingsInputSchema,
} from '../../../shared/route-plans';
import {
  type RouteSettingsView,
  useRouteSettings,
  useSaveBase,
  useSaveSpecialistServices,
  useSaveTechnicianSettings,
} from '../../api/routes';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';

// Route settings (issue 27, decision 1246): the base, and for each technician where the day starts and ends, a lunch
// break and the specialist services they may do. Addresses are geocoded by the server when saved.

type Technician = RouteSettingsView['technicians'][number];
type Service = RouteSettingsView['services'][number];

const failed = (e: unknown) => toast.error('Error', { description: (e as Error).message });

function BaseForm({ address }: { address: string | null }) {
  const save = useSaveBase();
  const form = useForm<z.input<typeof baseInputSchema>>({
    resolver: zodResolver(baseInputSchema),
    defaultValues: { address: address ?? '' },
  });
  const onSubmit = form.handleSubmit(async ({ address }) => {
    try {
      await save.mutateAsync(address);
      toast.success(ROUTE_SETTINGS_TEXT.saved);
    } catch (e) {
      form.setError('address', { message: (e as Error).message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <Field
          id="base-address"
          label="Business base"
          hint="Where days start and end unless a technician has their own address"
          error={form.formState.errors.address?.message}
        >
          <Input autoComplete="street-address" {...form.register('address')} />
        </Field>
      </div>
      <Button type="submit" loading={form.formState.isSubmitting}>
        Save base
      </Button>
    </form>
  );
}

// The form's plain strings (empty = none), turned into the shared API schema.
const technicianFormSchema = z
  .object({
    startAddress: z.string(),
    endAddress: z.string(),
    lunchFrom: z.string(),
    lunchTo: z.string(),
    lunchMinutes: z.string(),
    skills: z.array(z.string()),
  })
  .transform((f, ctx) => {
    const wantsLunch = Boolean(f.lunchFrom || f.lunchTo || f.lunchMinutes);
    const parsed = technicianSettingsInputSchema.safeParse({
      startAddress: f.startAddress.trim() || null,
      endAddress: f.endAddress.trim() || null,
      lunch: wantsLunch ? { from: f.lunchFrom, to: f.lunchTo, minutes: Number(f.lunchMinutes) } : null,
      skills: f.skills,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, sub] = issue.path;
        const path =
          head === 'lunch'
            ? sub === 'from'
              ? 'lunchFrom'
              : sub === 'minutes'
                ? 'lunchMinutes'
                : 'lunchTo'
            : (String(head) as 'startAddress');
        ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
type TechnicianForm = z.input<typeof technicianFormSchema>;

function TechnicianSettings({ technician, specialist }: { technician: Technician; specialist: Service[] }) {
  const save = useSaveTechnicianSettings();
  const form = useForm<TechnicianForm, unknown, z.output<typeof technicianFormSchema>>({
    resolver: zodResolver(technicianFormSchema),
    defaultValues: {
      startAddress: technician.startAddress ?? '',
      endAddress: technician.endAddress ?? '',
      lunchFrom: technician.lunch?.from ?? '',
      lunchTo: technician.lunch?.to ?? '',
      lunchMinutes: technician.lunch ? String(technician.lunch.minutes) : '',
      skills: technician.skills,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const skills = form.watch('skills');
  const id = (name: string) => `tech-${technician.technicianId}-${name}`;
  const onSubmit = form.handleSubmit(async (json) => {
    try {
      await save.mutateAsync({ technicianId: technician.technicianId, json });
      toast.success(ROUTE_SETTINGS_TEXT.saved, { description: technician.name });
    } catch (e) {
      form.setError('startAddress', { message: (e as Error).message });
      failed(e);
    }
  });
  return (
    <Card className="min-w-0" data-testid="technician-settings">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{technician.name}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field
            id={id('start')}
            label="Starts the day at"
            hint="Empty: the business base"
            error={errors.startAddress?.message}
          >
            <Input {...form.register('startAddress')} />
          </Field>
          <Field
            id={id('end')}
            label="Ends the day at"
            hint="Empty: where the day starts"
            error={errors.endAddress?.message}
          >
            <Input {...form.register('endAddress')} />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Lunch break (optional)</legend>
            <div className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2">
              <Field id={id('lunch-from')} label="Starts from" error={errors.lunchFrom?.message}>
                <Input type="time" {...form.register('lunchFrom')} />
              </Field>
              <Field id={id('lunch-to')} label="Starts by" error={errors.lunchTo?.message}>
                <Input type="time" {...form.register('lunchTo')} />
              </Field>
              <Field id={id('lunch-minutes')} label="Minutes" error={errors.lunchMinutes?.message}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={5}
                  max={180}
                  {...form.register('lunchMinutes')}
                />
              </Field>
            </div>
          </fieldset>
          {specialist.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">
                May do these specialist services
              </legend>
              {specialist.map((s) => (
                <label key={s.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={skills.includes(s.id)}
                    onChange={(e) =>
                      form.setValue(
                        'skills',
                        e.target.checked ? [...skills, s.id] : skills.filter((x) => x !== s.id),
                        { shouldDirty: true },
                      )
                    }
                  />
                  {s.name}
                </label>
              ))}
            </fieldset>
          )}
          <div>
            <Button type="submit" loading={isSubmitting}>
              Save {technician.name}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SpecialistServices({ services }: { services: Service[] }) {
  const save = useSaveSpecialistServices();
  const [chosen, setChosen] = useState(() => new Set(services.filter((s) => s.specialist).map((s) => s.id)));
  useEffect(() => setChosen(new Set(services.filter((s) => s.specialist).map((s) => s.id))), [services]);
  const onSave = async () => {
    try {
      await save.mutateAsync([...chosen]);
      toast.success(ROUTE_SETTINGS_TEXT.saved);
    } catch (e) {
      failed(e);
    }
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm text-slate-700">
        Services only the technicians you choose may do (e.g. ceramic coating). Others can go to anyone.
      </legend>
      {services.map((s) => (
        <label key={s.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4"
            checked={chosen.has(s.id)}
            onChange={(e) =>
              setChosen((prev) => {
                const next = new Set(prev);
                if (e.target.checked) next.add(s.id);
                else next.delete(s.id);
                return next;
              })
            }
          />
          {s.name}
        </label>
      ))}
      <div className="mt-2">
        <Button type="button" variant="outline" onClick={onSave} loading={save.isPending}>
          Save specialist services
        </Button>
      </div>
    </fieldset>
  );
}

/** Drive times learnt from the field (decision 1247): how many drives, the factor in use against the default. */
function Calibration({ calibration }: { calibration: RouteSettingsView['calibration'] }) {
  const timeZone = useBusinessTimeZone();
  const { observations, factor, updatedAt, needed, window } = calibration;
  return (
    <Card data-testid="drive-calibration">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Drive-time calibration</CardTitle>
      </CardHeader>
      <CardContent className="space-y-1 text-sm text-slate-700">
        {observations === 0 ? (
          <p>
            No drives measured yet. Once technicians check in at their jobs, the drive between two jobs is
            measured and, after {needed} drives, drive times follow your roads and traffic.
          </p>
        ) : (
          <>
            <p className="text-base font-semibold text-slate-900 tabular-nums">
              {factor === null
                ? 'Default: ×1.00'
                : `×${factor.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} the local estimate`}
            </p>
            <p>
              {observations} {observations === 1 ? 'drive' : 'drives'} measured from check-ins
              {factor === null
                ? ` — the default (×1.00) is used until ${needed} are measured.`
                : ` — the median of the latest ${Math.min(observations, window)}, against the default ×1.00.`}
            </p>
            {updatedAt && <p>Last updated {formatDateTime(updatedAt, timeZone)}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function RouteSettingsPage() {
  const settings = useRouteSettings();
  const data = settings.data;
  return (
    <div className="min-w-0">
      <Link to="/routes" className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-accent">
        <ChevronLeft className="size-4" aria-hidden="true" /> Routes
      </Link>
      <PageHeader
        title={ROUTE_SETTINGS_TEXT.title}
        description="Where each technician's day starts and ends, lunch breaks and who may do which service. Optimize plans with these."
      />
      {settings.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : settings.isError ? (
        <ErrorState
          message={settings.error.message}
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : data ? (
        <div className="space-y-4">
          <Card>
            <CardContent className="p-4">
              <BaseForm address={data.base.address} />
            </CardContent>
          </Card>
          {data.services.length > 0 && (
            <Card>
              <CardHeader className="pb-2">
                <CardTitle className="text-base">Specialist services</CardTitle>
              </CardHeader>
              <CardContent>
                <SpecialistServices services={data.services} />
              </CardContent>
            </Card>
          )}
          <Calibration calibration={data.calibration} />
          <h2 className="pt-2 text-lg font-semibold text-slate-900">Technicians</h2>
          {data.technicians.length === 0 ? (
            <p className="text-sm text-slate-600">No technicians yet: your own day starts at the base.</p>
          ) : (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
              {data.technicians.map((t) => (
                <TechnicianSettings
                  key={t.technicianId}
                  technician={t}
                  specialist={data.services.filter((s) => s.specialist)}
                />
              ))}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
