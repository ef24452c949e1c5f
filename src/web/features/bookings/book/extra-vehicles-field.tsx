import { Plus, X } from 'lucide-react';
import type { ExtraVehicleInput } from '../../../../shared/booking.schemas';
import { MAX_BOOKING_VEHICLES } from '../../../../shared/booking-vehicles';
import { VEHICLE_TYPES, type VehicleType } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../../shared/vehicle-labels';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/ui/label';
import { SelectOnDemand } from '../../../components/ui/select-on-demand';
import { useOfferedAddOns } from './add-ons-field';
import type { BookingOptions } from './booking-queries';
import type { BookingFormApi } from './steps/booking-form-api';

// A household's other cars in the same booking (decision 1325): each its own type, service and add-ons; the server
// prices them again. The first vehicle is the form's own service and vehicle.

const VEHICLE_CHOICES = VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }));

/** What the form keeps: the schema's fields, and the ticked add-ons as offered for the summary (the server drops them). */
export type ExtraVehicleValue = ExtraVehicleInput & {
  addOnIds?: string[];
  shownAddOns?: { id: string; name: string; priceCents: number; extraMinutes: number }[];
};

/** A further vehicle is ready to book once it has a type and a service. */
export const extraVehiclesReady = (list: readonly ExtraVehicleValue[] | undefined) =>
  (list ?? []).every((v) => Boolean(v.vehicleType) && Boolean(v.serviceId));

export function ExtraVehiclesField({
  form,
  services,
  businessId,
}: {
  form: BookingFormApi;
  services: BookingOptions['services'];
  businessId: string;
}) {
  const list = (form.values.extraVehicles ?? []) as ExtraVehicleValue[];
  const set = (next: ExtraVehicleValue[]) => form.setValue('extraVehicles', next);
  const update = (i: number, patch: Partial<ExtraVehicleValue>) =>
    set(list.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div className="grid gap-3" data-testid="extra-vehicles">
      {list.map((v, i) => (
        <ExtraVehicle
          key={i}
          index={i}
          value={v}
          services={services}
          businessId={businessId}
          onChange={(patch) => update(i, patch)}
          onRemove={() => set(list.filter((_, j) => j !== i))}
        />
      ))}
      {list.length < MAX_BOOKING_VEHICLES - 1 && (
        <Button
          type="button"
          variant="outline"
          onClick={() => set([...list, { serviceId: '', vehicleType: '' as VehicleType, addOnIds: [] }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add another vehicle
        </Button>
      )}
    </div>
  );
}

function ExtraVehicle({
  index,
  value,
  services,
  businessId,
  onChange,
  onRemove,
}: {
  index: number;
  value: ExtraVehicleValue;
  services: BookingOptions['services'];
  businessId: string;
  onChange: (patch: Partial<ExtraVehicleValue>) => void;
  onRemove: () => void;
}) {
  const n = index + 2;
  const id = (f: string) => `vehicle-${n}-${f}`;
  const offered = useOfferedAddOns({
    businessId,
    serviceId: value.serviceId,
    vehicleType: value.vehicleType,
  });
  const chosen = value.addOnIds ?? [];
  const toggle = (addOnId: string, on: boolean) => {
    const next = on ? [...chosen, addOnId] : chosen.filter((x) => x !== addOnId);
    onChange({ addOnIds: next, shownAddOns: offered.filter((a) => next.includes(a.id)) });
  };
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4" aria-label={`Vehicle ${n}`}>
      <legend className="sr-only">Vehicle {n}</legend>
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">Vehicle {n}</p>
        <Button type="button" variant="ghost" onClick={onRemove} aria-label={`Remove vehicle ${n}`}>
          <X className="size-4" aria-hidden="true" /> Remove
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('type')} label={`Vehicle ${n} type`}>
          <SelectOnDemand
            id={id('type')}
            value={value.vehicleType ?? ''}
            onValueChange={(t) => {
              onChange({ vehicleType: t as VehicleType, addOnIds: [], shownAddOns: [] });
            }}
            placeholder="Choose the vehicle type"
            choices={VEHICLE_CHOICES}
          />
        </Field>
        <Field id={id('service')} label={`Vehicle ${n} service`}>
          <SelectOnDemand
            id={id('service')}
            value={value.serviceId ?? ''}
            onValueChange={(s) => {
              onChange({ serviceId: s, addOnIds: [], shownAddOns: [] });
            }}
            placeholder="Choose a service"
            choices={services.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Field>
        <Field id={id('make')} label={`Vehicle ${n} make`}>
          <Input
            id={id('make')}
            placeholder="e.g. Honda"
            maxLength={60}
            value={value.vehicleMake ?? ''}
            onChange={(e) => onChange({ vehicleMake: e.target.value })}
          />
        </Field>
        <Field id={id('model')} label={`Vehicle ${n} model`}>
          <Input
            id={id('model')}
            placeholder="e.g. CR-V"
            maxLength={60}
            value={value.vehicleModel ?? ''}
            onChange={(e) => onChange({ vehicleModel: e.target.value })}
          />
        </Field>
      </div>
      {offered.length > 0 && (
        <ul className="grid gap-2" aria-label={`Vehicle ${n} add-ons`}>
          {offered.map((a) => (
            <li key={a.id}>
              <label className="flex cursor-pointer items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-navy-900"
                  checked={chosen.includes(a.id)}
                  onChange={(e) => toggle(a.id, e.target.checked)}
                />
                <span className="flex-1">{a.name}</span>
                <span className="tabular-nums">+{formatCents(a.priceCents)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
