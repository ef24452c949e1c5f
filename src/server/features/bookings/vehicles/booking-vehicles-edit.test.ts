import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../../shared/time';
import { createBooking, grantRole, updateProfile } from '../../../db/factories';
import { bookingHistory, bookings, bookingVehicles } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, daysAhead } from '../book/booking.fixtures';

// The owner's Edit of every vehicle (decision 1343): vehicles after the first added, changed and removed, the booking's
// price and length their sums, checked as New booking checks them, all or nothing, a replay writing nothing.

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
    json: { name: 'Pet hair removal', priceCents: 4_500, extraMinutes: 30, vehicleTypes: [] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const petHair = (await res.json()) as { id: string };
  return { owner, detail: detail!, wash: wash!, petHair };
}

type Household = Awaited<ReturnType<typeof household>>;

async function oneVehicleBooking(h: Household, day = daysAhead(4), time = '09:00') {
  const res = await t.request('/api/bookings', {
    method: 'POST',
    cookie: h.owner.cookie,
    json: {
      customer: {
        firstName: 'Pat',
        lastName: 'Two',
        email: `pat.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`,
        phone: '',
      },
      vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
      vehicleType: 'sedan',
      serviceId: h.wash.id,
      date: day,
      time,
      locationAddress: '200 Oak St, Austin, TX 78704',
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; quotedPriceCents: number; durationMinutes: number };
}

const edit = (h: Household, id: string, json: Record<string, unknown>, cookie = h.owner.cookie) =>
  t.request(`/api/bookings/${id}`, { method: 'PATCH', cookie, json });

const vehicleRows = (bookingId: string) =>
  t.db
    .select()
    .from(bookingVehicles)
    .where(eq(bookingVehicles.bookingId, bookingId))
    .orderBy(asc(bookingVehicles.position));

const historyCount = async (bookingId: string) =>
  (await t.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId))).length;

describe("the owner's Edit of every vehicle", () => {
  it('adds, changes and removes the vehicles after the first, the price and length their sums; a replay writes nothing', async () => {
    const h = await household();
    const booked = await oneVehicleBooking(h);
    expect(booked).toMatchObject({ quotedPriceCents: 4_500, durationMinutes: 60 });

    // A truck's detail with pet hair is added: $260 + $45, 150 minutes.
    const truck = {
      serviceId: h.detail.id,
      vehicleType: 'truck',
      vehicleMake: 'Ford',
      vehicleModel: 'F-150',
      addOnIds: [h.petHair.id],
    };
    const added = await edit(h, booked.id, { extraVehicles: [truck] });
    expect(added.status, await added.clone().text()).toBe(200);
    const after = await added.json();
    expect(after).toMatchObject({ quotedPriceCents: 4_500 + 26_000 + 4_500, durationMinutes: 60 + 150 });
    expect(after.vehicles.map((v: { serviceName: string }) => v.serviceName)).toEqual([
      'Exterior Wash',
      'Full Detail',
    ]);
    const rows = await vehicleRows(booked.id);
    expect(rows.map((r) => [r.position, r.vehicleType, r.servicePriceCents, r.durationMinutes])).toEqual([
      [0, 'sedan', 4_500, 60],
      [1, 'truck', 26_000, 150],
    ]);
    expect(rows.reduce((s, r) => s + r.durationMinutes, 0)).toBe(after.durationMinutes);

    // The same list again: nothing written, no history.
    const before = await historyCount(booked.id);
    const replay = await edit(h, booked.id, { extraVehicles: [truck] });
    expect(replay.status).toBe(200);
    expect(await historyCount(booked.id)).toBe(before);
    expect(await vehicleRows(booked.id)).toEqual(rows);

    // Vehicle 2 becomes an SUV's wash without add-ons, and a third vehicle is added.
    const changed = await edit(h, booked.id, {
      extraVehicles: [
        { serviceId: h.wash.id, vehicleType: 'suv', vehicleMake: 'Ford', vehicleModel: 'F-150' },
        { serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Kia' },
      ],
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const three = await changed.json();
    // $45 + $45 × 1.2 rounded by §9 to whole dollars + $45.
    const suvWash = (await vehicleRows(booked.id))[1]!.servicePriceCents;
    expect(three).toMatchObject({ quotedPriceCents: 4_500 + suvWash + 4_500, durationMinutes: 180 });
    expect(suvWash % 100).toBe(0);
    expect((await vehicleRows(booked.id)).map((r) => [r.position, r.vehicleType, r.addOns])).toEqual([
      [0, 'sedan', []],
      [1, 'suv', []],
      [2, 'sedan', []],
    ]);

    // All others removed: a one-vehicle booking again, its own price and length.
    const removed = await edit(h, booked.id, { extraVehicles: [] });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await removed.json()).toMatchObject({
      quotedPriceCents: 4_500,
      durationMinutes: 60,
      vehicles: [],
    });
    expect(await vehicleRows(booked.id)).toEqual([]);
  });

  it('refuses a longer booking that no longer fits at its time with a clear message, and writes nothing', async () => {
    const h = await household();
    const day = daysAhead(5);
    const booked = await oneVehicleBooking(h, day, '09:00');
    // Another job at 11:00: a wash (09:00–10:00) fits; a wash and a detail (3 h) do not.
    await createBooking(t.db, h.owner.userId, {
      service: { id: h.wash.id, name: h.wash.name, durationMinutes: 60 },
      customerId: null,
      scheduledAt: zonedTimeToUtc(day, '11:00', DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 4_500,
      status: 'confirmed',
    });
    const before = await historyCount(booked.id);
    for (const json of [
      { extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }] },
      { date: day, time: '09:00', extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }] },
    ]) {
      const res = await edit(h, booked.id, json);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toMatch(/no longer fits at its time/);
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row).toMatchObject({ quotedPriceCents: 4_500, durationMinutes: 60 });
    expect(await vehicleRows(booked.id)).toEqual([]);
    expect(await historyCount(booked.id)).toBe(before);
    // At a time with room it is booked, and the slot list for that edit counts the new vehicle.
    const q = new URLSearchParams({
      serviceId: h.wash.id,
      date: day,
      excludeBookingId: booked.id,
      vehicles: h.detail.id,
    });
    const slots = (await (
      await t.request(`/api/scheduling/slots?${q}`, { cookie: h.owner.cookie })
    ).json()) as {
      slots: { time: string; state: string }[];
    };
    expect(slots.slots.find((s) => s.time === '09:00')?.state).toBe('taken');
    expect(slots.slots.find((s) => s.time === '12:00')?.state).toBe('available');
    const moved = await edit(h, booked.id, {
      date: day,
      time: '12:00',
      extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }],
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await moved.json()).toMatchObject({ durationMinutes: 180, quotedPriceCents: 24_500 });
  });

  it('validates the vehicles as New booking does', async () => {
    const h = await household();
    const booked = await oneVehicleBooking(h);
    const v = { serviceId: h.wash.id, vehicleType: 'sedan' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ extraVehicles: [v, v, v, v] }, /at most 4 vehicles/],
      [{ extraVehicles: [{ serviceId: h.wash.id, vehicleType: 'tank' }] }, /vehicle type/i],
      [{ extraVehicles: [{ vehicleType: 'sedan' }] }, /service/i],
      [{ extraVehicles: [{ ...v, addOnIds: [h.petHair.id] }] }, /add-on is no longer available/],
    ];
    for (const [json, message] of cases) {
      const res = await edit(h, booked.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error.message).toMatch(message);
    }
    expect(await vehicleRows(booked.id)).toEqual([]);
  });

  it("answers 404 for another business's booking or service, and 403 to a technician", async () => {
    const h = await household();
    const other = await household();
    const booked = await oneVehicleBooking(h);
    const foreignService = await edit(h, booked.id, {
      extraVehicles: [{ serviceId: other.wash.id, vehicleType: 'sedan' }],
    });
    expect(foreignService.status).toBe(404);
    const foreignBooking = await edit(
      other,
      booked.id,
      { extraVehicles: [{ serviceId: other.wash.id, vehicleType: 'sedan' }] },
      other.owner.cookie,
    );
    expect(foreignBooking.status).toBe(404);
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', h.owner.userId);
    const asTech = await edit(
      h,
      booked.id,
      { extraVehicles: [{ serviceId: h.wash.id, vehicleType: 'sedan' }] },
      tech.cookie,
    );
    expect(asTech.status).toBe(403);
    expect(await vehicleRows(booked.id)).toEqual([]);
  });
});

describe("the owner's Edit keeps what each vehicle was booked at", () => {
  const setWashPrice = async (h: Household, basePriceCents: number) => {
    const res = await t.request(`/api/services/${h.wash.id}`, {
      method: 'PATCH',
      cookie: h.owner.cookie,
      json: { basePriceCents },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it('keeps a kept vehicle at the price it was booked at after the list price changed, unless its service changes', async () => {
    const h = await household();
    const booked = await oneVehicleBooking(h);
    const suv = { serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Kia', vehicleModel: 'Soul' };
    const two = await edit(h, booked.id, { extraVehicles: [suv] });
    expect(two.status, await two.clone().text()).toBe(200);
    expect(await two.json()).toMatchObject({ quotedPriceCents: 9_000 });

    // The wash now lists at $60; both vehicles were booked at $45.
    await setWashPrice(h, 6_000);
    // Vehicle 2's colour is corrected and a third vehicle added: vehicles 1 and 2 stay at $45, the new one is $60.
    const three = await edit(h, booked.id, {
      extraVehicles: [
        { ...suv, vehicleColor: 'Red' },
        { serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Ford' },
      ],
    });
    expect(three.status, await three.clone().text()).toBe(200);
    expect(await three.json()).toMatchObject({ quotedPriceCents: 4_500 + 4_500 + 6_000 });
    expect((await vehicleRows(booked.id)).map((r) => [r.position, r.color, r.servicePriceCents])).toEqual([
      [0, 'Silver', 4_500],
      [1, 'Red', 4_500],
      [2, null, 6_000],
    ]);

    // Vehicle 2's service changes: it is priced at today's list price; the others keep theirs.
    const changed = await edit(h, booked.id, {
      extraVehicles: [
        { ...suv, vehicleColor: 'Red', serviceId: h.detail.id },
        { serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Ford' },
      ],
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ quotedPriceCents: 4_500 + 20_000 + 6_000 });
  });

  it("keeps the first vehicle's add-ons (price and minutes) when vehicles are added to a one-vehicle booking", async () => {
    const h = await household();
    const res = await t.request('/api/bookings', {
      method: 'POST',
      cookie: h.owner.cookie,
      json: {
        customer: { firstName: 'Sam', lastName: 'Pet', email: `sam.${Date.now()}@example.com`, phone: '' },
        vehicle: { make: 'Subaru', model: 'Outback', year: 2020, color: 'Green' },
        vehicleType: 'sedan',
        serviceId: h.detail.id,
        addOnIds: [h.petHair.id],
        date: daysAhead(6),
        time: '09:00',
        locationAddress: '200 Oak St, Austin, TX 78704',
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const booked = (await res.json()) as { id: string };
    expect(booked).toMatchObject({ quotedPriceCents: 24_500, durationMinutes: 150 });

    const added = await edit(h, booked.id, {
      extraVehicles: [{ serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Kia' }],
    });
    expect(added.status, await added.clone().text()).toBe(200);
    expect(await added.json()).toMatchObject({ quotedPriceCents: 24_500 + 4_500, durationMinutes: 150 + 60 });
    const rows = await vehicleRows(booked.id);
    expect(
      rows.map((r) => [r.position, r.servicePriceCents, r.durationMinutes, r.addOns.map((a) => a.id)]),
    ).toEqual([
      [0, 20_000, 150, [h.petHair.id]],
      [1, 4_500, 60, []],
    ]);
  });
});
