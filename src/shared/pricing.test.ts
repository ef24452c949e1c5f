import { describe, expect, it } from 'vitest';
import { DEFAULT_VEHICLE_MULTIPLIERS, VEHICLE_TYPES } from './constants';
import { completeMultipliers, multiplierFor, priceForVehicleCents, servicePriceCents } from './pricing';

describe('price = base × vehicle multiplier, rounded to whole dollars (§9)', () => {
  // Every vehicle type for each demo service: Basic $45, Premium $120, Ceramic $350.
  it.each([
    ['sedan', 4500, 4500],
    ['suv', 4500, 5400],
    ['truck', 4500, 5900], // 58.5 rounds up
    ['van', 4500, 5900],
    ['coupe', 4500, 4500],
    ['convertible', 4500, 5000], // 49.5 rounds up
    ['motorcycle', 4500, 3600],
    ['sedan', 12000, 12000],
    ['suv', 12000, 14400],
    ['truck', 12000, 15600],
    ['van', 12000, 15600],
    ['coupe', 12000, 12000],
    ['convertible', 12000, 13200],
    ['motorcycle', 12000, 9600],
    ['sedan', 35000, 35000],
    ['suv', 35000, 42000],
    ['truck', 35000, 45500],
    ['van', 35000, 45500],
    ['coupe', 35000, 35000],
    ['convertible', 35000, 38500],
    ['motorcycle', 35000, 28000],
  ] as const)('%s on a base of %i cents costs %i cents', (type, base, expected) => {
    expect(servicePriceCents({ basePriceCents: base }, type)).toBe(expected);
  });

  it('rounds cents in the base price to whole dollars', () => {
    expect(priceForVehicleCents(4999, 1)).toBe(5000); // $49.99 → $50
    expect(priceForVehicleCents(4949, 1)).toBe(4900); // $49.49 → $49
    expect(priceForVehicleCents(4950, 1)).toBe(5000); // exactly half rounds up
    expect(priceForVehicleCents(3500, 1.1)).toBe(3900); // 38.5 (float gives 38.50000000000001 or 38.49999…) → 39
    expect(priceForVehicleCents(2500, 1.3)).toBe(3300); // 32.5 → 33
    expect(priceForVehicleCents(0, 1.2)).toBe(0);
  });

  it("uses the service's own multipliers, falling back to §9 for missing or invalid ones", () => {
    const service = {
      basePriceCents: 10000,
      vehicleTypeMultipliers: { suv: 1.5, truck: 0, van: Number.NaN },
    };
    expect(servicePriceCents(service, 'suv')).toBe(15000);
    expect(servicePriceCents(service, 'truck')).toBe(13000);
    expect(servicePriceCents(service, 'van')).toBe(13000);
    expect(multiplierFor(null, 'motorcycle')).toBe(0.8);
  });

  it('fills a complete multiplier map', () => {
    const all = completeMultipliers({ sedan: 1.05 });
    expect(Object.keys(all).sort()).toEqual([...VEHICLE_TYPES].sort());
    expect(all).toEqual({ ...DEFAULT_VEHICLE_MULTIPLIERS, sedan: 1.05 });
  });
});
