import { z } from 'zod';
import { VEHICLE_TYPES, type VehicleType } from './constants';

// Service add-ons (§9 Pro "automated upsells", docs/decisions/1255): the owner's form and the server share this schema.

export const addOnInputSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(80, 'Please keep the name under 80 characters'),
  priceCents: z
    .number({ error: 'Please enter a price' })
    .int('Please enter the price in whole cents')
    .min(0, 'The price cannot be negative')
    .max(10_000_000, 'Please enter a price up to $100,000'),
  extraMinutes: z
    .number({ error: 'Please enter the extra minutes' })
    .int('Please enter whole minutes')
    .min(0, 'Extra minutes cannot be negative')
    .max(480, 'Please keep it to 480 extra minutes'),
  // Empty: every vehicle type.
  vehicleTypes: z.array(z.enum(VEHICLE_TYPES)).max(VEHICLE_TYPES.length).default([]),
});
export type AddOnInput = z.input<typeof addOnInputSchema>;

/** The ids a booking asks for (the server prices them; at most 10, no repeats). */
export const addOnIdsSchema = z
  .array(z.uuid('Please choose add-ons from the list'))
  .max(10, 'Please choose at most 10 add-ons')
  .default([])
  .transform((ids) => [...new Set(ids)]);

export interface OfferedAddOn {
  id: string;
  name: string;
  priceCents: number;
  extraMinutes: number;
  vehicleTypes: VehicleType[];
  /** Why it is suggested to this customer and vehicle, or null. */
  suggestion: string | null;
}

/** Whether an add-on applies to a vehicle type (no types: all). */
export const addOnAppliesTo = (a: { vehicleTypes: readonly string[] }, vehicleType?: string | null) =>
  a.vehicleTypes.length === 0 || !vehicleType || a.vehicleTypes.includes(vehicleType);

export const addOnsTotal = (chosen: readonly { priceCents: number; extraMinutes: number }[]) => ({
  priceCents: chosen.reduce((s, a) => s + a.priceCents, 0),
  extraMinutes: chosen.reduce((s, a) => s + a.extraMinutes, 0),
});
