import type { VehicleType } from './constants';
import { servicePriceCents } from './pricing';
import { VEHICLE_TYPE_LABELS } from './vehicle-labels';

// Several vehicles in one booking (decision 1325): the first vehicle is the booking's own service and vehicle; each
// further one has its type, service and add-ons. Each vehicle's service is priced by §9's rule on its own (whole
// dollars per vehicle), add-ons added; the booking's price and length are the sums. No zod here: /book's first script
// carries it (the schema lives in booking.schemas.ts).

/** A household's cars, not a fleet's: the first vehicle and up to three more. */
export const MAX_BOOKING_VEHICLES = 4;

export interface VehicleLineInput {
  service: {
    basePriceCents: number;
    durationMinutes: number;
    vehicleTypeMultipliers?: Partial<Record<string, number>> | null;
  };
  vehicleType: VehicleType;
  addOns: readonly { priceCents: number; extraMinutes: number }[];
}

/** One vehicle's line: its service at §9's price for the type, its add-ons, its minutes. */
export function vehicleLine(v: VehicleLineInput) {
  const serviceCents = servicePriceCents(v.service, v.vehicleType);
  const addOnsCents = v.addOns.reduce((s, a) => s + a.priceCents, 0);
  const addOnsMinutes = v.addOns.reduce((s, a) => s + a.extraMinutes, 0);
  return {
    serviceCents,
    addOnsCents,
    priceCents: serviceCents + addOnsCents,
    durationMinutes: v.service.durationMinutes + addOnsMinutes,
  };
}

/** The booking's subtotal (before promo and reward, which apply to the total as for one vehicle) and length. */
export function vehiclesTotal(lines: readonly VehicleLineInput[]) {
  let priceCents = 0;
  let durationMinutes = 0;
  for (const l of lines) {
    const line = vehicleLine(l);
    priceCents += line.priceCents;
    durationMinutes += line.durationMinutes;
  }
  return { priceCents, durationMinutes };
}

/** A further vehicle as /book asks the slots for it: "serviceId" or "serviceId:addOnId.addOnId". */
export function encodeSlotVehicles(
  vehicles: readonly { serviceId?: string; addOnIds?: readonly string[] }[],
) {
  return vehicles
    .filter((v) => v.serviceId)
    .map((v) => (v.addOnIds?.length ? `${v.serviceId}:${v.addOnIds.join('.')}` : v.serviceId))
    .join(',');
}

export function decodeSlotVehicles(text: string | undefined) {
  return (text ?? '')
    .split(',')
    .filter(Boolean)
    .slice(0, MAX_BOOKING_VEHICLES - 1)
    .map((part) => {
      const [serviceId = '', addOns = ''] = part.split(':');
      return { serviceId, addOnIds: addOns.split('.').filter(Boolean).slice(0, 10) };
    });
}

/** "Silver 2021 Toyota Camry · Sedan", or the type alone, or "Vehicle" when nothing is known (an old back-filled row). */
export function bookingVehicleName(v: {
  make: string | null;
  model: string | null;
  year?: number | null;
  color: string | null;
  vehicleType: VehicleType | null;
}) {
  const name = [v.color, v.year, v.make, v.model].filter(Boolean).join(' ');
  const type = v.vehicleType ? VEHICLE_TYPE_LABELS[v.vehicleType] : null;
  return [name, type].filter(Boolean).join(' · ') || 'Vehicle';
}

/** One line per vehicle for calendars, emails and the job: "Vehicle 2: Sedan — Full Detail + Clay bar". */
export function bookingVehicleLines(
  vehicles: readonly (Parameters<typeof bookingVehicleName>[0] & {
    serviceName: string;
    addOns: readonly { name: string }[];
  })[],
) {
  return vehicles.map(
    (v, i) =>
      `Vehicle ${i + 1}: ${bookingVehicleName(v)} — ${[v.serviceName, ...v.addOns.map((a) => a.name)].join(' + ')}`,
  );
}
