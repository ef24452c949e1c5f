import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatDuration } from '../../../shared/clock-labels';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { dollarsToCents, formatCents } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { addOnInputSchema } from '../../../shared/service-add-ons';
import { useAddServiceAddOn, useRemoveServiceAddOn, useServiceAddOns } from '../../api/service-add-ons';
import type { Service } from '../../api/services';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { failureMessage } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';

// The form in dollars; the shared schema (cents) checks it again on submit and on the server.
const formSchema = z.object({
  name: addOnInputSchema.shape.name,
  price: z
    .string()
    .refine((v) => dollarsToCents(v) !== null, 'Please enter a price')
    .refine((v) => (dollarsToCents(v) ?? 0) <= 10_000_000, 'Please enter a price up to $100,000'),
  extraMinutes: z.string().regex(/^\d{1,3}$/, 'Please enter whole minutes (0–480)'),
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
});
type Form = z.infer<typeof formSchema>;
const EMPTY: Form = { name: '', price: '', extraMinutes: '0', vehicleTypes: [] };

/**
 * A service's add-ons (§9 Pro "automated upsells", decision 1255): what /book offers once this service is chosen,
 * each with its price, the minutes it adds and the vehicle types it applies to (none ticked: every type).
 */
export function AddOnsDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const addOns = useServiceAddOns(service?.id ?? null);
  const add = useAddServiceAddOn(service?.id ?? '');
  const remove = useRemoveServiceAddOn(service?.id ?? '');
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await add.mutateAsync({
        name: v.name,
        priceCents: dollarsToCents(v.price) ?? 0,
        extraMinutes: Number(v.extraMinutes),
        vehicleTypes: v.vehicleTypes,
      });
      toast.success('Success', { description: `${v.name} added` });
      form.reset(EMPTY);
    } catch (err) {
      toast.error('Error', { description: failureMessage(err, 'Failed to add the add-on') });
    }
  });

  const types = form.watch('vehicleTypes');
  return (
    <Dialog open={service !== null} onOpenChange={(o) => !o && !isSubmitting && onClose()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Add-ons · {service?.name}</DialogTitle>
          <DialogDescription>
            Offered on /book once a customer chooses {service?.name}: each adds its price and time to the
            booking.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-4">
          {addOns.isPending ? (
            <RowsSkeleton rows={2} />
          ) : addOns.isError ? (
            <ErrorState
              message="Could not load the add-ons"
              onRetry={() => addOns.refetch()}
              retrying={addOns.isFetching}
            />
          ) : addOns.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No add-ons yet. Add one below.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Add-ons">
              {addOns.data.items.map((a) => (
                <li
                  key={a.id}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
                >
                  <span className="grid">
                    <span className="font-medium">{a.name}</span>
                    <span className="text-xs text-slate-600">
                      {formatCents(a.priceCents)}
                      {a.extraMinutes > 0 && ` · adds ${formatDuration(a.extraMinutes)}`} ·{' '}
                      {a.vehicleTypes.length === 0
                        ? 'every vehicle'
                        : a.vehicleTypes.map((t) => VEHICLE_TYPE_LABELS[t]).join(', ')}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 hover:bg-red-50"
                    aria-label={`Remove ${a.name}`}
                    loading={remove.isPending && remove.variables === a.id}
                    onClick={() =>
                      remove.mutate(a.id, {
                        onError: (err) => toast.error('Error', { description: err.message }),
                      })
                    }
                  >
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={onSubmit} noValidate className="grid gap-3 border-t border-slate-200 pt-4">
            <Field id="add-on-name" label="Add-on name" error={errors.name?.message}>
              <Input placeholder="Pet hair removal" {...form.register('name')} />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field id="add-on-price" label="Price ($)" error={errors.price?.message}>
                <Input type="number" inputMode="decimal" min={0} step={0.01} {...form.register('price')} />
              </Field>
              <Field id="add-on-minutes" label="Extra minutes" error={errors.extraMinutes?.message}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={480}
                  {...form.register('extraMinutes')}
                />
              </Field>
            </div>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-900">Vehicle types (none ticked: all)</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {VEHICLE_TYPES.map((t) => (
                  <label key={t} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={types.includes(t)}
                      onChange={(e) =>
                        form.setValue(
                          'vehicleTypes',
                          e.target.checked ? [...types, t] : types.filter((x) => x !== t),
                        )
                      }
                    />
                    {VEHICLE_TYPE_LABELS[t]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <Button type="submit" loading={isSubmitting}>
                <Plus /> Add add-on
              </Button>
            </div>
          </form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
