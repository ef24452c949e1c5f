import { bookingVehicleName } from '../../../shared/booking-vehicles';
import { formatDuration } from '../../../shared/clock-labels';
import type { VehicleType } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';

export interface BookingVehicleItem {
  position: number;
  vehicleType: VehicleType | null;
  make: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
  serviceName: string;
  servicePriceCents: number;
  durationMinutes: number;
  addOns: { id: string; name: string; priceCents: number }[];
}

/** A booking's vehicles (decision 1325), each with its service and add-ons; prices shown to the owner only. */
export function BookingVehicles({
  vehicles,
  showPrices = true,
}: {
  vehicles: readonly BookingVehicleItem[];
  showPrices?: boolean;
}) {
  return (
    <ol className="grid gap-2" aria-label="Vehicles" data-testid="booking-vehicles">
      {vehicles.map((v, i) => (
        <li key={v.position} className="rounded-lg border border-slate-200 p-3 text-sm">
          <p className="font-medium text-slate-900">
            Vehicle {i + 1}: {bookingVehicleName(v)}
          </p>
          <p className="mt-1 flex justify-between gap-4 text-slate-700">
            <span>
              {v.serviceName} · {formatDuration(v.durationMinutes)}
            </span>
            {showPrices && <span className="tabular-nums">{formatCents(v.servicePriceCents)}</span>}
          </p>
          {v.addOns.map((a) => (
            <p key={a.id} className="flex justify-between gap-4 text-slate-600">
              <span>Add-on: {a.name}</span>
              {showPrices && <span className="tabular-nums">+{formatCents(a.priceCents)}</span>}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
