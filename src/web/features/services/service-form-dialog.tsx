import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { dollarsToCents, formatCents } from '../../../shared/money';
import { priceForVehicleCents, VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { serviceInputSchema } from '../../../shared/services.schemas';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { type Service, useSaveService } from './services-queries';

interface Draft {
  name: string;
  description: string;
  price: string;
  duration: string;
  multipliers: Record<VehicleType, string>;
}

const toDraft = (s: Service | null): Draft => ({
  name: s?.name ?? '',
  description: s?.description ?? '',
  price: s ? (s.basePriceCents / 100).toFixed(2) : '',
  // §9: new services default to 60 minutes.
  duration: s ? String(s.durationMinutes) : '60',
  multipliers: Object.fromEntries(
    VEHICLE_TYPES.map((t) => [t, String(s?.vehicleTypeMultipliers[t] ?? DEFAULT_VEHICLE_MULTIPLIERS[t])]),
  ) as Record<VehicleType, string>,
});

type Errors = Partial<Record<'name' | 'price' | 'duration' | 'multipliers', string>>;

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
  const [draft, setDraft] = useState<Draft>(() => toDraft(service));
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (open) {
      setDraft(toDraft(service));
      setErrors({});
    }
  }, [open, service]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const basePriceCents = dollarsToCents(draft.price);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!draft.name.trim()) next.name = 'Service name is required';
    if (!draft.price.trim()) next.price = 'Base price is required';
    else if (basePriceCents === null) next.price = 'Enter a price in dollars, e.g. 45 or 45.50';
    if (!draft.duration.trim()) next.duration = 'Duration is required';
    else if (!/^\d+$/.test(draft.duration.trim()))
      next.duration = 'Duration must be a whole number of minutes';
    const multipliers = Object.fromEntries(
      VEHICLE_TYPES.map((t) => [t, Number(draft.multipliers[t])]),
    ) as Record<VehicleType, number>;
    const parsed = serviceInputSchema.safeParse({
      name: draft.name,
      description: draft.description,
      basePriceCents: basePriceCents ?? undefined,
      durationMinutes: Number(draft.duration),
      vehicleTypeMultipliers: multipliers,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        const key =
          field === 'basePriceCents'
            ? 'price'
            : field === 'durationMinutes'
              ? 'duration'
              : field === 'vehicleTypeMultipliers'
                ? 'multipliers'
                : 'name';
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    try {
      await save.mutateAsync({ id: service?.id, values: parsed.data });
      toast.success('Success', {
        description: service ? 'Service updated successfully' : 'Service created successfully',
      });
      onOpenChange(false);
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : 'Failed to save service' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !save.isPending && onOpenChange(o)}>
      <DialogContent size="lg">
        <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogHeader>
            <DialogTitle>{service ? 'Edit Service' : 'Add Service'}</DialogTitle>
            <DialogDescription>
              Customers pay the base price times their vehicle's multiplier, rounded to whole dollars.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="grid gap-4">
            <Field id="service-name" label="Service name" error={errors.name}>
              <Input
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="service-price" label="Base price ($)" error={errors.price}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={draft.price}
                  onChange={(e) => set('price', e.target.value)}
                />
              </Field>
              <Field id="service-duration" label="Duration (minutes)" error={errors.duration}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={15}
                  step={1}
                  value={draft.duration}
                  onChange={(e) => set('duration', e.target.value)}
                />
              </Field>
            </div>
            <Field id="service-description" label="Description (optional)">
              <Textarea
                rows={3}
                value={draft.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </Field>
            <fieldset className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">Vehicle multipliers</legend>
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="text-xs text-slate-600">
                  Price shown for each vehicle type at the base price above.
                </p>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => set('multipliers', toDraft(null).multipliers)}
                >
                  <RotateCcw /> Defaults
                </Button>
              </div>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {VEHICLE_TYPES.map((t) => {
                  const m = Number(draft.multipliers[t]);
                  const preview =
                    basePriceCents !== null && m > 0
                      ? formatCents(priceForVehicleCents(basePriceCents, m))
                      : '—';
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
                        value={draft.multipliers[t]}
                        onChange={(e) => set('multipliers', { ...draft.multipliers, [t]: e.target.value })}
                      />
                      <span className="text-xs tabular-nums text-slate-500">{preview}</span>
                    </div>
                  );
                })}
              </div>
              {errors.multipliers && (
                <p role="alert" className="mt-2 text-xs font-medium text-red-600">
                  {errors.multipliers}
                </p>
              )}
            </fieldset>
          </DialogBody>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {service ? 'Save Changes' : 'Add Service'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
