import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking.schemas';
import { OWNER_BOOKING_TEXT } from '../../../shared/owner-bookings';
import {
  type BookingFormContext,
  type BookingFormValues,
  bookingFormSchema,
  editListPriceCents,
  initialBookingValues,
  PRICE_INVALID,
  toCreateInput,
  toEditInput,
} from './booking-form-values';
import { extraVehiclesCents } from './owner-extra-vehicles';

const NEW: BookingFormContext = { editing: false, vehicles: [] };
const filled: BookingFormValues = {
  ...initialBookingValues('America/Chicago'),
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '',
  make: 'Toyota',
  model: 'Camry',
  serviceId: 'svc-1',
  date: '2030-06-03',
  time: '10:00',
  locationAddress: '1 Main St',
};

const issuesOf = (values: BookingFormValues, ctx: BookingFormContext) => {
  const result = bookingFormSchema(() => ctx).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the owner booking form, checked with the server schema', () => {
  it('passes a complete new booking through unchanged', () => {
    const result = bookingFormSchema(() => NEW).safeParse(filled);
    expect(result.success && result.data).toEqual(filled);
  });

  it('keeps the location picked on New booking, so it is sent (decision 1317)', () => {
    const picked = { ...filled, locationId: '9e6ec128-3656-47a0-aa92-351635127bd0' };
    const result = bookingFormSchema(() => NEW).safeParse(picked);
    expect(result.success && result.data.locationId).toBe('9e6ec128-3656-47a0-aa92-351635127bd0');
    expect(result.success && toCreateInput(result.data, NEW)).toMatchObject({
      locationId: '9e6ec128-3656-47a0-aa92-351635127bd0',
    });
  });

  it("puts the server's messages on the fields they concern", () => {
    expect(issuesOf({ ...filled, make: '', time: '', locationAddress: ' ' }, NEW)).toEqual([
      ['make', OWNER_BOOKING_TEXT.vehicleMake],
      ['time', BOOKING_MESSAGES.time],
      ['locationAddress', BOOKING_MESSAGES.location],
    ]);
    expect(issuesOf({ ...filled, customerMode: 'existing' }, NEW)).toEqual([
      ['customerId', OWNER_BOOKING_TEXT.customerRequired],
    ]);
  });

  it('asks for a valid price before anything else when another price is set', () => {
    expect(issuesOf({ ...filled, time: '', changePrice: true, price: 'abc' }, NEW)).toEqual([
      ['price', PRICE_INVALID],
    ]);
    expect(toCreateInput({ ...filled, changePrice: true, price: '45.50' }, NEW).priceCents).toBe(4550);
  });

  it("books a saved vehicle by its id and its own type, not the form's", () => {
    const ctx: BookingFormContext = { editing: false, vehicles: [{ id: 'veh-1', vehicleType: 'truck' }] };
    const input = toCreateInput(
      { ...filled, customerMode: 'existing', customerId: 'c-1', vehicleId: 'veh-1' },
      ctx,
    );
    expect(input).toMatchObject({ customerId: 'c-1', vehicleId: 'veh-1', vehicleType: 'truck' });
    expect(input).not.toHaveProperty('vehicle');
  });

  it('sends an edit only the price it changes', () => {
    const ctx: BookingFormContext = { editing: true, vehicles: [] };
    expect(toEditInput(filled, ctx)).not.toHaveProperty('priceCents');
    expect(
      toEditInput({ ...filled, changePrice: true, price: '60', priceReason: 'Extra dirty' }, ctx),
    ).toMatchObject({ priceCents: 6000, priceReason: 'Extra dirty' });
  });
});

describe("Edit's price is what the server charges (decision 1343)", () => {
  const washToday = { id: 'wash', basePriceCents: 6_000, durationMinutes: 60 };
  const vehicleRow = (
    position: number,
    servicePriceCents: number,
    addOns: { id: string; priceCents: number }[],
  ) => ({
    position,
    vehicleType: 'sedan' as const,
    make: 'Kia',
    model: null,
    year: null,
    color: null,
    serviceId: 'wash',
    serviceName: 'Exterior Wash',
    servicePriceCents,
    durationMinutes: 60,
    addOns: addOns.map((a) => ({ ...a, name: a.id, extraMinutes: 0 })),
  });
  const booking = {
    service: { id: 'wash', name: 'Exterior Wash', description: null, durationMinutes: 60 },
    vehicle: { make: 'Honda', model: 'Civic', year: null, color: null, vehicleType: 'sedan' as const },
    quotedPriceCents: 4_500 + 1_000,
    addOns: [{ id: 'wax', name: 'Wax', priceCents: 1_000, extraMinutes: 15 }],
    vehicles: [] as ReturnType<typeof vehicleRow>[],
    scheduledAt: '2030-06-03T15:00:00.000Z',
    locationAddress: '1 Main St',
    specialInstructions: null,
  };

  it("keeps a one-vehicle booking's price and its add-ons when a vehicle is added", () => {
    // The wash lists at $60 today; it was booked at $45 with a $10 wax. A new wash costs $60.
    const added = extraVehiclesCents(
      [{ vehicleType: 'sedan', serviceId: 'wash', vehicleMake: '', vehicleModel: '' }],
      [washToday],
    );
    expect(added).toBe(6_000);
    expect(
      editListPriceCents(booking, { serviceId: 'wash', vehicleType: 'sedan' }, 6_000, {
        count: 1,
        cents: added,
      }),
    ).toBe(4_500 + 1_000 + 6_000);
    // Another service for the first vehicle: today's price, its add-ons dropped.
    expect(
      editListPriceCents(booking, { serviceId: 'detail', vehicleType: 'sedan' }, 20_000, {
        count: 1,
        cents: added,
      }),
    ).toBe(20_000 + 6_000);
  });

  it('keeps each booked vehicle at its booked price until its service or type changes', () => {
    const two = {
      ...booking,
      vehicles: [vehicleRow(0, 4_500, [{ id: 'wax', priceCents: 1_000 }]), vehicleRow(1, 4_500, [])],
    };
    const [kept] = initialBookingValues('America/Chicago', two as never).extraVehicles;
    expect(extraVehiclesCents([{ ...kept!, vehicleColor: 'Red' }], [washToday])).toBe(4_500);
    expect(extraVehiclesCents([{ ...kept!, vehicleType: 'suv' }], [washToday])).toBe(7_200);
    expect(
      editListPriceCents(two, { serviceId: 'wash', vehicleType: 'sedan' }, 6_000, { count: 1, cents: 4_500 }),
    ).toBe(4_500 + 1_000 + 4_500);
  });
});
