import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES, type VehicleType } from './constants';

// §9: price = base_price × vehicle multiplier, rounded to a whole number of dollars.

export { VEHICLE_TYPE_LABELS } from './vehicle-labels';

/** A service's multiplier for a vehicle type; a type missing from the service's map falls back to §9's default. */
export function multiplierFor(
  multipliers: Partial<Record<string, number>> | null | undefined,
  type: VehicleType,
): number {
  const m = multipliers?.[type];
  return typeof m === 'number' && Number.isFinite(m) && m > 0 ? m : DEFAULT_VEHICLE_MULTIPLIERS[type];
}

/**
 * base × multiplier rounded to whole dollars (halves round up), in cents.
 * Integer arithmetic on the multiplier in ten-thousandths, so 45 × 1.1 = 49.5 rounds to 50 without float drift.
 */
export function priceForVehicleCents(basePriceCents: number, multiplier: number): number {
  const tenThousandths = Math.round(multiplier * 10_000);
  const scaled = basePriceCents * tenThousandths; // dollars × 1,000,000
  return Math.floor((scaled + 500_000) / 1_000_000) * 100;
}

export function servicePriceCents(
  service: { basePriceCents: number; vehicleTypeMultipliers?: Partial<Record<string, number>> | null },
  type: VehicleType,
): number {
  return priceForVehicleCents(service.basePriceCents, multiplierFor(service.vehicleTypeMultipliers, type));
}

/** A complete multiplier map: the service's own values over §9's defaults. */
export function completeMultipliers(
  multipliers: Partial<Record<string, number>> | null | undefined,
): Record<VehicleType, number> {
  return Object.fromEntries(VEHICLE_TYPES.map((t) => [t, multiplierFor(multipliers, t)])) as Record<
    VehicleType,
    number
  >;
}
