import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../../shared/scheduling';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createService, createVehicle } from '../../db/factories';
import { bookingHistory, bookings, customerVehicles, services } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, daysAhead } from './book/booking.fixtures';

const t = await createTestContext();
const TZ = 'America/Chicago';

async function business() {
  const owner = await t.signUp();
  const [wash, detail] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Express Wash', basePriceCents: 5000, durationMinutes: 60 },
    { name: 'Full Detail', basePriceCents: 20000, durationMinutes: 180 },
  ]);
  return { owner, wash: wash!, detail: detail! };
}

const newBooking = (over: Record<string, unknown> = {}) => ({
  customer: {
    firstName: 'Pat',
    lastName: 'Caller',
    email: 'Pat.Caller@example.com',
    phone: '(512) 555-0111',
  },
  vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
  vehicleType: 'truck',
  date: daysAhead(3),
  time: '10:00',
  locationAddress: '200 Oak St, Austin, TX 78704',
  notes: 'Phone-in',
  ...over,
});

const post = (cookie: string, body: Record<string, unknown>) =>
  t.request('/api/bookings', { method: 'POST', cookie, json: body });
const patch = (cookie: string, id: string, body: Record<string, unknown>) =>
  t.request(`/api/bookings/${id}`, { method: 'PATCH', cookie, json: body });

describe('POST /api/bookings (owner New booking)', () => {
  it('answers 401 when signed out', async () => {
    expect((await post('', newBooking({ serviceId: 'x' }))).status).toBe(401);
  });

  it('creates a confirmed booking with a new customer and vehicle, priced by the multipliers, with history', async () => {
    const { owner, wash } = await business();
    const res = await post(owner.cookie, newBooking({ serviceId: wash.id, paidOffline: true }));
    expect(res.status, await res.clone().text()).toBe(201);
    const b = await res.json();
    expect(b).toMatchObject({
      status: 'confirmed',
      quotedPriceCents: 6500, // $50 × 1.3 (truck)
      payment: 'offline',
      scheduledAt: zonedTimeToUtc(daysAhead(3), '10:00', TZ).toISOString(),
      zipCode: '78704',
      customer: { firstName: 'Pat', email: 'pat.caller@example.com' },
      vehicle: { make: 'Ford', model: 'F-150', vehicleType: 'truck' },
    });
    expect(b.history.map((h: { field: string }) => h.field)).toEqual(['created', 'payment']);
    expect(b.history[0].summary).toMatch(/^Booked by the business for .* at 10:00 AM C[SD]T$/);

    // The same email books again: the customer is reused, not duplicated.
    const again = await (await post(owner.cookie, newBooking({ serviceId: wash.id, time: '14:00' }))).json();
    expect(again.customer.id).toBe(b.customer.id);
    expect(again.payment).toBe('unpaid');
  });

  it('refuses a taken slot (409) and a time outside the hours (400), like /book', async () => {
    const { owner, wash, detail } = await business();
    expect((await post(owner.cookie, newBooking({ serviceId: detail.id, time: '09:00' }))).status).toBe(201);
    const clash = await post(owner.cookie, newBooking({ serviceId: wash.id, time: '11:00' }));
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.message).toBe('That time is no longer available');
    const night = await post(owner.cookie, newBooking({ serviceId: wash.id, time: '22:00' }));
    expect(night.status).toBe(400);
    expect((await night.json()).error.message).toBe('Please choose one of the offered times');
    await t.request('/api/scheduling', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...DEFAULT_BOOKING_RULES, timeZone: TZ, closedDates: [daysAhead(4)] },
    });
    const closed = await post(owner.cookie, newBooking({ serviceId: wash.id, date: daysAhead(4) }));
    expect((await closed.json()).error.message).toBe('The business is closed on this date');
  });

  it('asks a reason for another price and keeps it in the history', async () => {
    const { owner, wash } = await business();
    const noReason = await post(owner.cookie, newBooking({ serviceId: wash.id, priceCents: 4000 }));
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.message).toBe('Please give a reason for the price change');
    const res = await post(
      owner.cookie,
      newBooking({ serviceId: wash.id, priceCents: 4000, priceReason: 'Regular' }),
    );
    const b = await res.json();
    expect(b.quotedPriceCents).toBe(4000);
    expect(b.history[1]).toMatchObject({
      field: 'price',
      summary: 'Price $65.00 → $40.00',
      reason: 'Regular',
    });
  });

  it.each([
    [{ customer: null }, 'Please choose a customer or enter a new one'],
    [{ vehicle: null }, 'Please choose a vehicle or enter a new one'],
    [{ locationAddress: ' ' }, 'Please enter the service address'],
    [{ date: daysAhead(-1) }, 'Please choose a date that is not in the past'],
    [{ vehicleType: 'tank' }, 'Please select your vehicle type'],
  ])('refuses %j with “%s”', async (override, message) => {
    const { owner, wash } = await business();
    const res = await post(owner.cookie, newBooking({ serviceId: wash.id, ...override }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('answers 404 for another business’s customer or vehicle', async () => {
    const { owner, wash } = await business();
    const other = await t.signUp();
    const theirs = await createCustomer(t.db, other.userId, {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.com',
    });
    const res = await post(
      owner.cookie,
      newBooking({ serviceId: wash.id, customer: null, customerId: theirs.id }),
    );
    expect(res.status).toBe(404);
    const mine = await createCustomer(t.db, owner.userId, {
      firstName: 'C',
      lastName: 'D',
      email: 'cd@example.com',
    });
    const theirCar = await createVehicle(t.db, other.userId, theirs.id, {
      make: 'X',
      model: 'Y',
      vehicleType: 'sedan',
    });
    const car = await post(
      owner.cookie,
      newBooking({
        serviceId: wash.id,
        customer: null,
        customerId: mine.id,
        vehicle: null,
        vehicleId: theirCar.id,
      }),
    );
    expect(car.status).toBe(404);
  });
});

describe('owner New booking for a customer’s saved vehicle (issue 25)', () => {
  async function truckOwner() {
    const owner = await t.signUp();
    const [detail] = await bookableBusiness(t.db, owner.userId, [
      { name: 'Signature Detail', basePriceCents: 15000, durationMinutes: 120 },
    ]);
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Dana',
      lastName: 'Hauler',
      email: 'dana.hauler@example.com',
    });
    const truck = await createVehicle(t.db, owner.userId, customer.id, {
      make: 'Ford',
      model: 'F-150',
      vehicleType: 'truck',
    });
    const earlier = await createBooking(t.db, owner.userId, {
      service: { id: detail!.id, name: detail!.name, durationMinutes: 120 },
      customerId: customer.id,
      customerVehicleId: truck.id,
      scheduledAt: new Date(Date.now() - 7 * 86_400_000),
      locationAddress: '1 Ranch Rd, Austin, TX 78704',
      quotedPriceCents: 19500,
      status: 'completed',
    });
    const saved = (over: Record<string, unknown> = {}) =>
      newBooking({
        serviceId: detail!.id,
        customer: null,
        customerId: customer.id,
        vehicle: null,
        vehicleId: truck.id,
        ...over,
      });
    return { owner, customer, truck, earlier, saved };
  }

  const savedType = async (vehicleId: string) =>
    (await t.db.select().from(customerVehicles).where(eq(customerVehicles.id, vehicleId)))[0]!.vehicleType;

  it('prices the saved truck at its multiplier ($150 × 1.3 = $195), with or without the type sent', async () => {
    const { owner, saved, truck } = await truckOwner();
    for (const body of [saved({ vehicleType: undefined }), saved({ vehicleType: 'truck', time: '14:00' })]) {
      const res = await post(owner.cookie, body);
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await res.json()).toMatchObject({
        quotedPriceCents: 19500,
        vehicle: { make: 'Ford', model: 'F-150', vehicleType: 'truck' },
      });
    }
    expect(await savedType(truck.id)).toBe('truck');
  });

  it('refuses another type for the saved vehicle and rewrites neither the vehicle nor the earlier job', async () => {
    const { owner, saved, truck, earlier } = await truckOwner();
    const res = await post(owner.cookie, saved({ vehicleType: 'sedan' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(
      'This vehicle is saved as a Truck. To book a different vehicle, choose “Another vehicle…”.',
    );
    expect(await savedType(truck.id)).toBe('truck');
    const before = await (await t.request(`/api/bookings/${earlier.id}`, { cookie: owner.cookie })).json();
    expect(before.vehicle).toMatchObject({ make: 'Ford', model: 'F-150', vehicleType: 'truck' });
    const rows = await t.db.select().from(bookings).where(eq(bookings.customerId, earlier.customerId!));
    expect(rows).toHaveLength(1);
  });

  it('books a new vehicle of another type without touching the saved one', async () => {
    const { owner, saved, truck } = await truckOwner();
    const res = await post(
      owner.cookie,
      saved({
        vehicleId: null,
        vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: null },
        vehicleType: 'sedan',
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({
      quotedPriceCents: 15000,
      vehicle: { make: 'Honda', vehicleType: 'sedan' },
    });
    expect(await savedType(truck.id)).toBe('truck');
  });

  it('Edit: choosing another saved vehicle prices it by its own type and leaves both vehicles as saved', async () => {
    const { owner, customer, truck } = await truckOwner();
    const suv = await createVehicle(t.db, owner.userId, customer.id, {
      make: 'Ford',
      model: 'Explorer',
      vehicleType: 'suv',
    });
    const sedanBooking = await (
      await post(
        owner.cookie,
        newBooking({
          serviceId: (await t.db.select().from(services).where(eq(services.businessId, owner.userId)))[0]!.id,
          customer: null,
          customerId: customer.id,
          vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: null },
          vehicleType: 'sedan',
        }),
      )
    ).json();
    // The dialog used to send the type still shown (the old vehicle's) with the newly chosen vehicle.
    const stale = await patch(owner.cookie, sedanBooking.id, { vehicleId: truck.id, vehicleType: 'sedan' });
    expect(stale.status).toBe(400);
    const res = await patch(owner.cookie, sedanBooking.id, { vehicleId: suv.id, vehicleType: 'suv' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      quotedPriceCents: 18000,
      vehicle: { model: 'Explorer', vehicleType: 'suv' },
    });
    expect(await savedType(truck.id)).toBe('truck');
    expect(await savedType(suv.id)).toBe('suv');
  });
});

describe('PATCH /api/bookings/:id (owner Edit)', () => {
  async function booked() {
    const ctx = await business();
    const email = `pat.${randomUUID().slice(0, 8)}@example.com`;
    const customer = { firstName: 'Pat', lastName: 'Caller', email };
    const b = await (await post(ctx.owner.cookie, newBooking({ serviceId: ctx.wash.id, customer }))).json();
    return { ...ctx, booking: b, email };
  }

  it('moves the time, records it, and emails the customer the new time', async () => {
    const { owner, booking, email } = await booked();
    const res = await patch(owner.cookie, booking.id, { date: daysAhead(5), time: '15:00' });
    expect(res.status, await res.clone().text()).toBe(200);
    const b = await res.json();
    expect(b.scheduledAt).toBe(zonedTimeToUtc(daysAhead(5), '15:00', TZ).toISOString());
    expect(b.history.at(-1)).toMatchObject({ field: 'time' });
    expect(b.history.at(-1).summary).toMatch(/10:00 AM C[SD]T → .* 3:00 PM C[SD]T$/);
    // The booking's confirmation (with the self-service link) went out when it was entered; then the new time.
    const mails = (await t.emailsTo(email)).filter((m) => !m.subject?.startsWith('Booking confirmed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^New time for your Express Wash: .* at 3:00 PM C[SD]T$/);
    expect(mails[0]!.body).toContain('moved your Express Wash to');
  });

  it('refuses a move onto a taken slot and leaves the booking as it was', async () => {
    const { owner, wash, booking } = await booked();
    await post(
      owner.cookie,
      newBooking({
        serviceId: wash.id,
        time: '13:00',
        customer: { firstName: 'Q', lastName: 'R', email: 'qr@example.com' },
      }),
    );
    const res = await patch(owner.cookie, booking.id, { date: daysAhead(3), time: '13:00' });
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.scheduledAt.toISOString()).toBe(booking.scheduledAt);
    // Its own slot is not a clash with itself; a longer service that runs into the next job is.
    expect((await patch(owner.cookie, booking.id, { date: daysAhead(3), time: '10:00' })).status).toBe(200);
  });

  it('changes service, vehicle type, address, notes and price (with a reason), each in the history', async () => {
    const { owner, detail, booking, email } = await booked();
    const res = await patch(owner.cookie, booking.id, {
      serviceId: detail.id,
      vehicleType: 'sedan',
      locationAddress: '9 Elm St, Austin, TX 78701',
      notes: 'Gate 42',
    });
    const b = await res.json();
    expect(res.status).toBe(200);
    expect(b).toMatchObject({
      service: { name: 'Full Detail', durationMinutes: 180 },
      vehicle: { vehicleType: 'sedan' },
      quotedPriceCents: 20000,
      zipCode: '78701',
      specialInstructions: 'Gate 42',
    });
    expect(b.history.map((h: { field: string }) => h.field)).toEqual([
      'created',
      'service',
      'vehicle',
      'address',
      'notes',
      'price',
    ]);
    const noReason = await patch(owner.cookie, booking.id, { priceCents: 18000 });
    expect((await noReason.json()).error.message).toBe('Please give a reason for the price change');
    const cut = await (
      await patch(owner.cookie, booking.id, { priceCents: 18000, priceReason: 'Repeat customer' })
    ).json();
    expect(cut.history.at(-1)).toMatchObject({
      summary: 'Price $200.00 → $180.00',
      reason: 'Repeat customer',
    });
    const rows = await t.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, booking.id));
    expect(rows).toHaveLength(7);
    // No time change: no email (only the confirmation sent when it was entered).
    expect((await t.emailsTo(email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Booking confirmed/),
    ]);
  });

  it('refuses changes to a finished booking, 404s another business’s, 401 signed out', async () => {
    const { owner, booking } = await booked();
    const other = await t.signUp();
    expect((await patch(other.cookie, booking.id, { notes: 'x' })).status).toBe(404);
    expect((await t.request(`/api/bookings/${booking.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await patch(owner.cookie, 'not-a-uuid', { notes: 'x' })).status).toBe(404);
    expect((await patch('', booking.id, { notes: 'x' })).status).toBe(401);
    await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'in_progress' },
    });
    const late = await patch(owner.cookie, booking.id, { notes: 'x' });
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe('This booking can no longer be changed');
    const detail = await (await t.request(`/api/bookings/${booking.id}`, { cookie: owner.cookie })).json();
    expect(detail.history.at(-1)).toMatchObject({
      field: 'status',
      summary: 'Status Confirmed → In Progress',
    });
  });
});

describe('GET /api/bookings/calendar', () => {
  it('returns the days’ bookings in the business zone and refuses a long range', async () => {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, {
      name: 'W',
      basePriceCents: 100,
      durationMinutes: 60,
    });
    const day = daysAhead(2);
    for (const [time, d] of [
      ['23:30', daysAhead(1)],
      ['00:30', day],
      ['23:30', day],
      ['00:30', daysAhead(3)],
    ] as const)
      await createBooking(t.db, owner.userId, {
        service,
        scheduledAt: zonedTimeToUtc(d, time, TZ),
        locationAddress: `${d} ${time}`,
        quotedPriceCents: 1,
      });
    const res = await t.request(`/api/bookings/calendar?from=${day}&to=${day}`, { cookie: owner.cookie });
    const body = await res.json();
    expect(body.items.map((b: { locationAddress: string }) => b.locationAddress)).toEqual([
      `${day} 00:30`,
      `${day} 23:30`,
    ]);
    const long = await t.request(`/api/bookings/calendar?from=${day}&to=${daysAhead(60)}`, {
      cookie: owner.cookie,
    });
    expect(long.status).toBe(400);
    expect((await t.request(`/api/bookings/calendar?from=${day}&to=${day}`)).status).toBe(401);
  });
});
