import type { VehicleType } from '../../../shared/constants';
import { VEHICLE_TYPE_LABELS } from '../../../shared/pricing';

/** "Silver 2021 Toyota Camry · Sedan", or just the type when nothing else is known. */
export function vehicleText(v: {
  make: string;
  model: string;
  year: number | null;
  color: string | null;
  vehicleType: VehicleType;
}) {
  const name = [v.color, v.year, v.make, v.model].filter(Boolean).join(' ');
  return name ? `${name} · ${VEHICLE_TYPE_LABELS[v.vehicleType]}` : VEHICLE_TYPE_LABELS[v.vehicleType];
}
