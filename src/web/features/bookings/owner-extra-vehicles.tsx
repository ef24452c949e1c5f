import { Plus, X } from 'lucide-react';
import { MAX_BOOKING_VEHICLES, vehicleLine } from '../../../shared/booking-vehicles';
import { VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { useServiceOptions } from '../../api/services';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

// The owner's New booking: the household's other vehicles (decision 1325), each its type and service; the server prices
// them (§9 per vehicle) and books the summed length. Self-contained: the form keeps the list, this edits it.

export interface OwnerExtraVehicle {
  vehicleType: VehicleType | '';
  serviceId: string;
  vehicleMake: string;
  vehicleModel: string;
}

export function OwnerExtraVehicles({
  value,
  onChange,
}: {
  value: OwnerExtraVehicle[];
  onChange: (next: OwnerExtraVehicle[]) => void;
}) {
  const services = useServiceOptions().data?.items ?? [];
  const update = (i: number, patch: Partial<OwnerExtraVehicle>) =>
    onChange(value.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const othersCents = value.reduce((sum, v) => {
    const service = services.find((s) => s.id === v.serviceId);
    return service && v.vehicleType
      ? sum + vehicleLine({ service, vehicleType: v.vehicleType, addOns: [] }).priceCents
      : sum;
  }, 0);
  return (
    <div className="grid gap-3" data-testid="bf-extra-vehicles">
      {value.map((v, i) => {
        const n = i + 2;
        const id = (f: string) => `bf-vehicle-${n}-${f}`;
        return (
          <fieldset
            key={i}
            className="grid gap-3 rounded-lg border border-slate-200 p-3"
            aria-label={`Vehicle ${n}`}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-slate-900">Vehicle {n}</p>
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove vehicle ${n}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <X className="size-4" aria-hidden="true" /> Remove
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={id('type')} label={`Vehicle ${n} type`}>
                <Select
                  value={v.vehicleType}
                  onValueChange={(t) => update(i, { vehicleType: t as VehicleType })}
                >
                  <SelectTrigger id={id('type')}>
                    <SelectValue placeholder="Choose the vehicle type" />
                  </SelectTrigger>
                  <SelectContent>
                    {VEHICLE_TYPES.map((t) => (
                      <SelectItem key={t} value={t}>
                        {VEHICLE_TYPE_LABELS[t]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field id={id('service')} label={`Vehicle ${n} service`}>
                <Select value={v.serviceId} onValueChange={(s) => update(i, { serviceId: s })}>
                  <SelectTrigger id={id('service')}>
                    <SelectValue placeholder="Choose a service" />
                  </SelectTrigger>
                  <SelectContent>
                    {services.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {s.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field id={id('make')} label={`Vehicle ${n} make`}>
                <Input value={v.vehicleMake} onChange={(e) => update(i, { vehicleMake: e.target.value })} />
              </Field>
              <Field id={id('model')} label={`Vehicle ${n} model`}>
                <Input value={v.vehicleModel} onChange={(e) => update(i, { vehicleModel: e.target.value })} />
              </Field>
            </div>
          </fieldset>
        );
      })}
      {value.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="bf-extra-vehicles-total">
          Other vehicles: +{formatCents(othersCents)} (each at its list price; the length is the sum)
        </p>
      )}
      {value.length < MAX_BOOKING_VEHICLES - 1 && (
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            onChange([...value, { vehicleType: '', serviceId: '', vehicleMake: '', vehicleModel: '' }])
          }
        >
          <Plus className="size-4" aria-hidden="true" /> Add another vehicle
        </Button>
      )}
    </div>
  );
}
