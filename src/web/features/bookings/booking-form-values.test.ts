import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking.schemas';
import { OWNER_BOOKING_TEXT } from '../../../shared/owner-bookings';
import {
  type BookingFormContext,
  type BookingFormValues,
  bookingFormSchema,
  initialBookingValues,
  PRICE_INVALID,
  toCreateInput,
  toEditInput,
} from './booking-form-values';

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
