import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingVehicleLines,
  decodeSlotVehicles,
  encodeSlotVehicles,
  vehicleLine,
  vehiclesTotal,
} from './booking-vehicles';
import { VEHICLE_TYPES } from './constants';
import { servicePriceCents } from './pricing';

// The price of a booking of several vehicles (decision 1325): §9 per vehicle (whole dollars, halves up), add-ons added,
// the booking's subtotal and length the sums — exact in cents, in any order.

const vehicle = fc.record({
  service: fc.record({
    basePriceCents: fc.integer({ min: 0, max: 500_000 }),
    durationMinutes: fc.integer({ min: 15, max: 480 }),
    vehicleTypeMultipliers: fc.constant({} as Record<string, number>),
  }),
  vehicleType: fc.constantFrom(...VEHICLE_TYPES),
  addOns: fc.array(
    fc.record({
      priceCents: fc.integer({ min: 0, max: 100_000 }),
      extraMinutes: fc.integer({ min: 0, max: 120 }),
    }),
    { maxLength: 3 },
  ),
});

describe('several vehicles in one booking', () => {
  it('a household: an SUV full detail with pet hair and a motorcycle wash', () => {
    const total = vehiclesTotal([
      {
        service: { basePriceCents: 20_000, durationMinutes: 120 },
        vehicleType: 'suv',
        addOns: [{ priceCents: 4_500, extraMinutes: 30 }],
      },
      { service: { basePriceCents: 4_500, durationMinutes: 60 }, vehicleType: 'motorcycle', addOns: [] },
    ]);
    expect(total).toEqual({ priceCents: 24_000 + 4_500 + 3_600, durationMinutes: 210 });
    // §9 rounds each vehicle on its own: $45 × 1.1 = $49.50 → $50 for each convertible, $100 for two.
    const two = vehiclesTotal(
      [1, 2].map(() => ({
        service: { basePriceCents: 4_500, durationMinutes: 60 },
        vehicleType: 'convertible' as const,
        addOns: [],
      })),
    );
    expect(two.priceCents).toBe(10_000);
  });

  it('is the sum of the vehicles priced one by one, whole dollars per service, in any order', () => {
    fc.assert(
      fc.property(fc.array(vehicle, { minLength: 1, maxLength: 4 }), (list) => {
        const total = vehiclesTotal(list);
        const lines = list.map(vehicleLine);
        expect(total.priceCents).toBe(lines.reduce((s, l) => s + l.priceCents, 0));
        expect(total.durationMinutes).toBe(lines.reduce((s, l) => s + l.durationMinutes, 0));
        for (const [i, l] of lines.entries()) {
          expect(l.serviceCents % 100).toBe(0);
          expect(l.serviceCents).toBe(servicePriceCents(list[i]!.service, list[i]!.vehicleType));
          expect(Number.isInteger(l.priceCents)).toBe(true);
        }
        expect(vehiclesTotal([...list].reverse())).toEqual(total);
      }),
    );
  });

  it("writes and reads the further vehicles of the slots' query", () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const text = encodeSlotVehicles([
      { serviceId: a, addOnIds: [b, a] },
      { serviceId: b },
      { serviceId: '' },
    ]);
    expect(text).toBe(`${a}:${b}.${a},${b}`);
    expect(decodeSlotVehicles(text)).toEqual([
      { serviceId: a, addOnIds: [b, a] },
      { serviceId: b, addOnIds: [] },
    ]);
    expect(decodeSlotVehicles(`${a},${a},${a},${a},${a}`)).toHaveLength(3);
  });

  it('names each vehicle with its service and add-ons', () => {
    expect(
      bookingVehicleLines([
        {
          make: 'Honda',
          model: 'CR-V',
          year: 2021,
          color: 'Blue',
          vehicleType: 'suv',
          serviceName: 'Full Detail',
          addOns: [{ name: 'Pet hair removal' }],
        },
        { make: null, model: null, color: null, vehicleType: null, serviceName: 'Exterior Wash', addOns: [] },
      ]),
    ).toEqual([
      'Vehicle 1: Blue 2021 Honda CR-V · SUV — Full Detail + Pet hair removal',
      'Vehicle 2: Vehicle — Exterior Wash',
    ]);
  });
});
