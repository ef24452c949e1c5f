import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../../shared/time';
import { createBooking, updateProfile } from '../../../db/factories';
import { bookings, bookingVehicles, checkoutSessions, customerVehicles, services } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { renderFeed } from '../../calendar-sync/calendar-feeds.service';
import { bookableBusiness, bookingForm, daysAhead } from '../book/booking.fixtures';

// Several vehicles in one booking (decision 1325): each further vehicle's service is an active one of this business,
// priced by §9 on its own with its add-ons; the booking's price and length are the sums; one payment; the vehicles
// kept in booking_vehicles and shown to the owner; another business's booking answers 404.

const t = await createTestContext();

async function household() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
  const [detail, wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Full Detail', basePriceCents: 20_000, durationMinutes: 120 },
    { name: 'Exterior Wash', basePriceCents: 4_500, durationMinutes: 60 },
  ]);
  const res = await t.request(`/api/services/${detail!.id}/add-ons`, {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      name: 'Pet hair removal',
      priceCents: 4_500,
      extraMinutes: 30,
      vehicleTypes: ['suv', 'truck', 'van'],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const petHair = (await res.json()) as { id: string };
  return { owner, detail: detail!, wash: wash!, petHair };
}

const createPayment = (body: Record<string, unknown>) =>
  t.request('/api/booking/create-payment', { method: 'POST', json: body });

async function payAndBook(body: Record<string, unknown>) {
  const res = await createPayment(body);
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url, amountCents } = await res.json();
  const pay = await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
  expect(pay.status).toBe(303);
  const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
  expect(done.status, await done.clone().text()).toBe(200);
  return {
    amountCents: amountCents as number,
    bookingId: (await done.json()).booking.id as string,
    sessionId,
  };
}

describe('a booking of several vehicles', () => {
  it('prices each vehicle by §9 with its add-ons, books the summed length once, and keeps each vehicle', async () => {
    const { owner, detail, wash, petHair } = await household();
    const form = bookingForm({
      businessId: owner.userId,
      serviceId: detail.id,
      vehicleType: 'suv',
      addOnIds: [petHair.id],
      email: `two.cars.${Date.now()}@example.com`,
      extraVehicles: [
        { serviceId: wash.id, vehicleType: 'motorcycle', vehicleMake: 'Ducati', vehicleModel: 'Monster' },
        { serviceId: detail.id, vehicleType: 'truck', addOnIds: [petHair.id], vehicleMake: 'Ford' },
      ],
      totalPrice: 1,
    });
    const booked = await payAndBook(form);
    // $200 × 1.2 + $45; $45 × 0.8 = $36; $200 × 1.3 + $45. The browser's total is ignored.
    expect(booked.amountCents).toBe(28_500 + 3_600 + 30_500);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.bookingId));
    expect(row).toMatchObject({ quotedPriceCents: 62_600, durationMinutes: 150 + 60 + 150 });

    const vehicles = await t.db
      .select()
      .from(bookingVehicles)
      .where(eq(bookingVehicles.bookingId, booked.bookingId))
      .orderBy(asc(bookingVehicles.position));
    expect(
      vehicles.map((v) => [
        v.position,
        v.vehicleType,
        v.make,
        v.serviceName,
        v.servicePriceCents,
        v.durationMinutes,
      ]),
    ).toEqual([
      [0, 'suv', 'Honda', 'Full Detail', 24_000, 150],
      [1, 'motorcycle', 'Ducati', 'Exterior Wash', 3_600, 60],
      [2, 'truck', 'Ford', 'Full Detail', 26_000, 150],
    ]);
    expect(vehicles[2]!.addOns).toEqual([
      { id: petHair.id, name: 'Pet hair removal', priceCents: 4_500, extraMinutes: 30 },
    ]);
    // Each vehicle is saved on the customer too.
    const saved = await t.db
      .select()
      .from(customerVehicles)
      .where(eq(customerVehicles.customerId, row!.customerId!));
    expect(saved.map((v) => v.make).sort()).toEqual(['Ducati', 'Ford', 'Honda']);

    // The confirmation names each vehicle with its service and add-ons.
    const [confirmation] = (await t.emailsTo(form.email as string)).filter((m) =>
      m.subject?.startsWith('Booking confirmed'),
    );
    expect(confirmation!.body).toContain('Vehicle 2: Ducati Monster · Motorcycle — Exterior Wash');
    expect(confirmation!.body).toContain('Vehicle 3: Ford · Truck — Full Detail + Pet hair removal');
    // The calendar feed's event names them too (folded lines joined).
    const ics = await renderFeed(t.db, { businessId: owner.userId, technicianId: null });
    expect(ics.replace(/\r\n /g, '')).toContain('Vehicle 2: Ducati Monster · Motorcycle — Exterior Wash');
    // A replayed completion writes nothing twice.
    await t.request('/api/booking/complete-booking', {
      method: 'POST',
      json: { sessionId: booked.sessionId },
    });
    expect(await t.db.$count(bookingVehicles, eq(bookingVehicles.bookingId, booked.bookingId))).toBe(3);

    // The owner sees each vehicle; another business answers 404.
    const detailRes = await t.request(`/api/bookings/${booked.bookingId}`, { cookie: owner.cookie });
    expect(detailRes.status).toBe(200);
    const body = await detailRes.json();
    expect(body.vehicles.map((v: { serviceName: string }) => v.serviceName)).toEqual([
      'Full Detail',
      'Exterior Wash',
      'Full Detail',
    ]);
    const other = await t.signUp();
    expect((await t.request(`/api/bookings/${booked.bookingId}`, { cookie: other.cookie })).status).toBe(404);
  });

  it("lengthens the day's slots by the further vehicles", async () => {
    const { owner, detail, wash } = await household();
    const day = daysAhead(9);
    // Another job at 3 PM: a 1 h wash at 1 PM fits before it, a wash and a 2 h detail (3 h) do not.
    await createBooking(t.db, owner.userId, {
      service: { id: wash.id, name: wash.name, durationMinutes: 60 },
      customerId: null,
      scheduledAt: zonedTimeToUtc(day, '15:00', DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 4_500,
      status: 'confirmed',
    });
    const atNoon = async (vehicles?: string) => {
      const q = new URLSearchParams({ business: owner.userId, serviceId: wash.id, date: day });
      if (vehicles) q.set('vehicles', vehicles);
      const res = await t.request(`/api/booking/slots?${q}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { slots: { time: string; available: boolean }[] };
      return body.slots.find((s) => s.time === '13:00')?.available;
    };
    expect(await atNoon()).toBe(true);
    expect(await atNoon(detail.id)).toBe(false);
    // A service this business does not offer counts nothing.
    expect(await atNoon('00000000-0000-4000-8000-000000000000')).toBe(true);
  });

  it('refuses too many vehicles, a service not offered by this business, and an add-on that does not apply', async () => {
    const { owner, detail, wash, petHair } = await household();
    const stranger = await household();
    const base = { businessId: owner.userId, serviceId: detail.id, vehicleType: 'sedan' };
    const extra = { serviceId: wash.id, vehicleType: 'sedan' };
    const cases: [string, Record<string, unknown>][] = [
      ['five vehicles', { extraVehicles: [extra, extra, extra, extra] }],
      ["another business's service", { extraVehicles: [{ ...extra, serviceId: stranger.wash.id }] }],
      ['no service', { extraVehicles: [{ vehicleType: 'sedan' }] }],
      ['an unknown vehicle type', { extraVehicles: [{ ...extra, vehicleType: 'tank' }] }],
      ['an add-on of another service', { extraVehicles: [{ ...extra, addOnIds: [petHair.id] }] }],
      [
        'an add-on not for a sedan',
        { extraVehicles: [{ serviceId: detail.id, vehicleType: 'sedan', addOnIds: [petHair.id] }] },
      ],
      ['a platform lead', { businessId: null, serviceId: 'demo-premium-detail', extraVehicles: [extra] }],
    ];
    for (const [name, overrides] of cases) {
      const res = await createPayment(bookingForm({ ...base, ...overrides }));
      expect(res.status, name).toBe(400);
    }
    // An archived service is not offered any more.
    await t.db.update(services).set({ isActive: false }).where(eq(services.id, wash.id));
    expect((await createPayment(bookingForm({ ...base, extraVehicles: [extra] }))).status).toBe(400);
    // Nothing was held for any of them.
    expect(await t.db.$count(checkoutSessions, eq(checkoutSessions.businessId, owner.userId))).toBe(0);
  });

  it("books a household's vehicles from the owner's New booking; another business's service answers 404", async () => {
    const { owner, detail, wash } = await household();
    const stranger = await household();
    const body = (extraVehicles: unknown[]) => ({
      customer: { firstName: 'Pat', lastName: 'Two', email: `pat.two.${Date.now()}@example.com`, phone: '' },
      vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
      vehicleType: 'truck',
      serviceId: wash.id,
      date: daysAhead(4),
      time: '10:00',
      locationAddress: '200 Oak St, Austin, TX 78704',
      extraVehicles,
    });
    const post = (json: unknown) =>
      t.request('/api/bookings', { method: 'POST', cookie: owner.cookie, json });
    const foreign = await post(body([{ serviceId: stranger.detail.id, vehicleType: 'sedan' }]));
    expect(foreign.status).toBe(404);
    const res = await post(body([{ serviceId: detail.id, vehicleType: 'sedan', vehicleMake: 'Kia' }]));
    expect(res.status, await res.clone().text()).toBe(201);
    const b = await res.json();
    // $45 × 1.3 = $58.50 → $59 for the truck, $200 for the sedan; 1 h + 2 h.
    expect(b).toMatchObject({ quotedPriceCents: 5_900 + 20_000, durationMinutes: 180 });
    expect(
      b.vehicles.map((v: { make: string | null; servicePriceCents: number }) => [
        v.make,
        v.servicePriceCents,
      ]),
    ).toEqual([
      ['Ford', 5_900],
      ['Kia', 20_000],
    ]);
  });
});
