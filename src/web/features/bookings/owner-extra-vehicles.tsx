import { Plus, X } from 'lucide-react';
import { MAX_BOOKING_VEHICLES, type VehicleLineInput, vehicleLine } from '../../../shared/booking-vehicles';
import { VEHICLE_TYPES, type VehicleType } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { useServiceAddOns } from '../../api/service-add-ons';
import { useServiceOptions } from '../../api/services';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Field, InlineField } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

// The owner's New booking: the household's other vehicles (decision 1325), each its type and service; the server prices
// them (§9 per vehicle) and books the summed length. Self-contained: the form keeps the list, this edits it.

export interface OwnerExtraVehicle {
  vehicleType: VehicleType | '';
  serviceId: string;
  vehicleMake: string;
  vehicleModel: string;
  /** Kept as booked in Edit (decision 1343); New booking leaves it empty. */
  vehicleColor?: string;
  /** This vehicle's service's add-ons (ids; the server prices them). */
  addOnIds?: string[];
  /** The chosen add-ons' prices, for the total shown (the server prices them again). */
  addOnCents?: number;
  /** Edit: the vehicle as booked, whose prices it keeps while its service and type stay (decision 1343). */
  booked?: {
    serviceId: string;
    vehicleType: VehicleType | '';
    servicePriceCents: number;
    addOns: { id: string; priceCents: number }[];
  };
}

/** The booked prices a vehicle keeps: those of its booking while its service and type are the booked ones. */
const keptPrices = (v: OwnerExtraVehicle) =>
  v.booked && v.booked.serviceId === v.serviceId && v.booked.vehicleType === v.vehicleType ? v.booked : null;

/** A vehicle's add-ons: its service's active ones for its type, each a checkbox with its price. */
function VehicleAddOns({
  n,
  vehicle,
  onChange,
}: {
  n: number;
  vehicle: OwnerExtraVehicle;
  onChange: (ids: string[], cents: number) => void;
}) {
  // Add-ons are Pro's (decision 1255): on Starter the list answers 402 and nothing is offered.
  const addOns = useServiceAddOns(vehicle.serviceId || null);
  const type = vehicle.vehicleType;
  const offered = (addOns.data?.items ?? []).filter(
    (a) => a.isActive && (a.vehicleTypes.length === 0 || (type !== '' && a.vehicleTypes.includes(type))),
  );
  const ids = vehicle.addOnIds ?? [];
  const kept = keptPrices(vehicle);
  const priceOf = (a: { id: string; priceCents: number }) =>
    kept?.addOns.find((b) => b.id === a.id)?.priceCents ?? a.priceCents;
  if (offered.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">Vehicle {n} add-ons</legend>
      {offered.map((a) => (
        <InlineField
          key={a.id}
          id={`bf-vehicle-${n}-addon-${a.id}`}
          label={`${a.name} (+${formatCents(priceOf(a))}${a.extraMinutes ? `, +${a.extraMinutes} min` : ''})`}
        >
          <Checkbox
            checked={ids.includes(a.id)}
            onCheckedChange={(checked) => {
              const next = checked ? [...ids, a.id] : ids.filter((x) => x !== a.id);
              onChange(
                next,
                offered.filter((x) => next.includes(x.id)).reduce((sum, x) => sum + priceOf(x), 0),
              );
            }}
          />
        </InlineField>
      ))}
    </fieldset>
  );
}

/** What a further vehicle adds to the list price: its service at §9's price for its type, and its add-ons. */
export function extraVehiclesCents(
  value: readonly OwnerExtraVehicle[],
  services: readonly (VehicleLineInput['service'] & { id: string })[],
) {
  return value.reduce((sum, v) => {
    const service = services.find((s) => s.id === v.serviceId);
    if (!service || !v.vehicleType) return sum;
    const addOnCents = v.addOnCents ?? 0;
    const kept = keptPrices(v);
    if (kept) return sum + kept.servicePriceCents + addOnCents;
    const addOns = [{ priceCents: addOnCents, extraMinutes: 0 }];
    return sum + vehicleLine({ service, vehicleType: v.vehicleType, addOns }).priceCents;
  }, 0);
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
  const othersCents = extraVehiclesCents(value, services);
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
                  onValueChange={(t) =>
                    update(i, { vehicleType: t as VehicleType, addOnIds: [], addOnCents: 0 })
                  }
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
                <Select
                  value={v.serviceId}
                  onValueChange={(s) => update(i, { serviceId: s, addOnIds: [], addOnCents: 0 })}
                >
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
            <VehicleAddOns
              n={n}
              vehicle={v}
              onChange={(addOnIds, addOnCents) => update(i, { addOnIds, addOnCents })}
            />
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
