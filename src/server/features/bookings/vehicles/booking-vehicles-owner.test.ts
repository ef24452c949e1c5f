import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../../shared/time';
import { assignBooking, createBooking, createService, grantRole, updateProfile } from '../../../db/factories';
import { bookingChecklistItems, bookings, bookingVehicles } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, daysAhead } from '../book/booking.fixtures';

// Several vehicles after booking (decisions 1327–1329): the invoice and its receipt name each vehicle with the booking's
// total to the cent; the owner's Edit keeps the vehicle rows and the sums; the owner's slot list counts every vehicle.

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
    json: { name: 'Pet hair removal', priceCents: 4_500, extraMinutes: 30, vehicleTypes: ['suv', 'truck'] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const petHair = (await res.json()) as { id: string };
  return { owner, detail: detail!, wash: wash!, petHair };
}

type Household = Awaited<ReturnType<typeof household>>;

async function ownerBooking(h: Household, body: Record<string, unknown>) {
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
      vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
      vehicleType: 'truck',
      serviceId: h.detail.id,
      date: daysAhead(4),
      time: '09:00',
      locationAddress: '200 Oak St, Austin, TX 78704',
      ...body,
    },
  });
  return res;
}

const vehicleRows = (bookingId: string) =>
  t.db
    .select()
    .from(bookingVehicles)
    .where(eq(bookingVehicles.bookingId, bookingId))
    .orderBy(asc(bookingVehicles.position));

describe("a several-vehicle booking's invoice", () => {
  it('lists each vehicle with its type and add-ons, and the booking total to the cent; the receipt lists them too', async () => {
    const h = await household();
    const res = await ownerBooking(h, {
      addOnIds: [h.petHair.id],
      extraVehicles: [{ serviceId: h.wash.id, vehicleType: 'sedan', vehicleMake: 'Kia' }],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const booked = await res.json();
    // $200 × 1.3 + $45 for the truck, $45 for the sedan.
    expect(booked.quotedPriceCents).toBe(26_000 + 4_500 + 4_500);
    // Completed at $25 less (a discount given on the day): the invoice's total is what was charged.
    await t.db
      .update(bookings)
      .set({ status: 'completed', finalPriceCents: 32_500 })
      .where(eq(bookings.id, booked.id));

    const made = await t.request(`/api/invoices/from-booking/${booked.id}`, {
      method: 'POST',
      cookie: h.owner.cookie,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const invoice = await made.json();
    expect(
      invoice.items.map((i: { serviceName: string; totalCents: number }) => [i.serviceName, i.totalCents]),
    ).toEqual([
      ['Vehicle 1: Full Detail — Black 2020 Ford F-150 · Truck', 26_000],
      ['Vehicle 1: Pet hair removal (add-on)', 4_500],
      ['Vehicle 2: Exterior Wash — Kia · Sedan', 4_500],
      ['Discounts and price changes', -2_500],
    ]);
    expect(invoice).toMatchObject({
      subtotalCents: 32_500,
      taxCents: 0,
      totalCents: 32_500,
      balanceCents: 32_500,
    });
    expect(invoice.items[0].serviceId).toBe(h.detail.id);
    // Made once.
    const again = await t.request(`/api/invoices/from-booking/${booked.id}`, {
      method: 'POST',
      cookie: h.owner.cookie,
    });
    expect((await again.json()).id).toBe(invoice.id);
    // The document shows each vehicle and the discount.
    const html = await (
      await t.request(`/api/invoices/${invoice.id}/download/html`, { cookie: h.owner.cookie })
    ).text();
    expect(html).toContain('Vehicle 2: Exterior Wash — Kia · Sedan');
    expect(html).toContain('-$25.00');

    const paid = await t.request(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      cookie: h.owner.cookie,
      json: { method: 'cash', amountCents: 32_500 },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const receipt = (await t.emailsTo(booked.customer.email)).find((m) => m.subject?.startsWith('Receipt'));
    expect(receipt?.body).toContain('Vehicle 1: Full Detail — Black 2020 Ford F-150 · Truck: $260.00');
    expect(receipt?.body).toContain('Vehicle 2: Exterior Wash — Kia · Sedan: $45.00');
    expect(receipt?.body).toContain('Discounts and price changes: -$25.00');
    expect(receipt?.body).toContain('Total received: $325.00');
  });

  it('keeps one line for a one-vehicle booking, and charges above the list as a price adjustment', async () => {
    const h = await household();
    const one = await (await ownerBooking(h, { serviceId: h.wash.id })).json();
    const two = await (
      await ownerBooking(h, {
        serviceId: h.wash.id,
        time: '14:00',
        extraVehicles: [{ serviceId: h.wash.id, vehicleType: 'sedan' }],
      })
    ).json();
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, one.id));
    await t.db
      .update(bookings)
      .set({ status: 'completed', finalPriceCents: two.quotedPriceCents + 1_000 })
      .where(eq(bookings.id, two.id));
    const invoiceOf = async (id: string) =>
      (
        await t.request(`/api/invoices/from-booking/${id}`, { method: 'POST', cookie: h.owner.cookie })
      ).json();
    const single = await invoiceOf(one.id);
    expect(single.items).toHaveLength(1);
    expect(single.items[0]).toMatchObject({ serviceName: 'Exterior Wash', totalCents: one.quotedPriceCents });
    const double = await invoiceOf(two.id);
    expect(double.items.at(-1)).toMatchObject({ serviceName: 'Price adjustment', totalCents: 1_000 });
    expect(double.totalCents).toBe(two.quotedPriceCents + 1_000);
    expect(double.items.reduce((s: number, i: { totalCents: number }) => s + i.totalCents, 0)).toBe(
      double.totalCents,
    );
  });
});

describe("the owner's Edit of a several-vehicle booking", () => {
  it('re-prices and re-lengthens from the stored vehicles, rewrites the first, and a replay changes nothing', async () => {
    const h = await household();
    const res = await ownerBooking(h, {
      vehicleType: 'sedan',
      vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
      serviceId: h.wash.id,
      time: '09:00',
      extraVehicles: [
        { serviceId: h.detail.id, vehicleType: 'truck', addOnIds: [h.petHair.id], vehicleMake: 'Ram' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const booked = await res.json();
    // $45 + ($260 + $45); 60 + 150 minutes.
    expect(booked).toMatchObject({ quotedPriceCents: 35_000, durationMinutes: 210 });
    const edit = (json: Record<string, unknown>) =>
      t.request(`/api/bookings/${booked.id}`, { method: 'PATCH', cookie: h.owner.cookie, json });

    // Vehicle 1's service becomes the detail: $200 for the sedan, 120 minutes; Vehicle 2 stays as booked.
    const changed = await edit({ serviceId: h.detail.id });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const after = await changed.json();
    expect(after).toMatchObject({ quotedPriceCents: 20_000 + 30_500, durationMinutes: 120 + 150 });
    const rows = await vehicleRows(booked.id);
    expect(
      rows.map((r) => [r.position, r.serviceName, r.vehicleType, r.servicePriceCents, r.durationMinutes]),
    ).toEqual([
      [0, 'Full Detail', 'sedan', 20_000, 120],
      [1, 'Full Detail', 'truck', 26_000, 150],
    ]);
    expect(rows[1]!.addOns.map((a) => a.name)).toEqual(['Pet hair removal']);
    // The sums are the rows'.
    const sumCents = rows.reduce(
      (s, r) => s + r.servicePriceCents + r.addOns.reduce((n, a) => n + a.priceCents, 0),
      0,
    );
    expect(sumCents).toBe(after.quotedPriceCents);
    expect(rows.reduce((s, r) => s + r.durationMinutes, 0)).toBe(after.durationMinutes);

    // A replayed edit changes nothing: no history, the same rows.
    const replay = await edit({ serviceId: h.detail.id });
    expect(replay.status).toBe(200);
    const replayed = await replay.json();
    expect(replayed.history).toHaveLength(after.history.length);
    expect(replayed).toMatchObject({ quotedPriceCents: 50_500, durationMinutes: 270 });
    expect(await vehicleRows(booked.id)).toEqual(rows);

    // The owner corrects Vehicle 1's type: it is priced as an SUV ($240), the rest stays.
    const typed = await (await edit({ serviceId: h.detail.id, vehicleType: 'suv' })).json();
    expect(typed.quotedPriceCents).toBe(24_000 + 30_500);
    expect((await vehicleRows(booked.id))[0]).toMatchObject({
      vehicleType: 'suv',
      servicePriceCents: 24_000,
    });

    // A price of the owner's own, with a reason, is kept; the rows keep their list prices.
    const priced = await (await edit({ priceCents: 50_000, priceReason: 'Household discount' })).json();
    expect(priced.quotedPriceCents).toBe(50_000);
    expect((await vehicleRows(booked.id))[0]!.servicePriceCents).toBe(24_000);
  });

  it("keeps the summed length when Vehicle 1's new service is as long as its old one", async () => {
    const h = await household();
    const interior = await createService(t.db, h.owner.userId, {
      name: 'Interior',
      basePriceCents: 6_000,
      durationMinutes: 60,
    });
    const booked = await (
      await ownerBooking(h, {
        serviceId: h.wash.id,
        vehicleType: 'sedan',
        vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
        time: '08:00',
        extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }],
      })
    ).json();
    expect(booked.durationMinutes).toBe(180);
    const res = await t.request(`/api/bookings/${booked.id}`, {
      method: 'PATCH',
      cookie: h.owner.cookie,
      json: { serviceId: interior.id },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ durationMinutes: 180, quotedPriceCents: 6_000 + 20_000 });
    expect((await vehicleRows(booked.id)).map((r) => [r.serviceName, r.durationMinutes])).toEqual([
      ['Interior', 60],
      ['Full Detail', 120],
    ]);
  });

  it('checks a new time against the summed length, and the Edit slot list counts the other vehicles', async () => {
    const h = await household();
    const day = daysAhead(5);
    const booked = await (
      await ownerBooking(h, {
        serviceId: h.wash.id,
        vehicleType: 'sedan',
        vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
        date: day,
        time: '09:00',
        extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }],
      })
    ).json();
    expect(booked.durationMinutes).toBe(180);
    // Another job at 15:00: 13:00 + 3 h runs into it; 12:00 + 3 h ends as it starts.
    await createBooking(t.db, h.owner.userId, {
      service: { id: h.wash.id, name: h.wash.name, durationMinutes: 60 },
      customerId: null,
      scheduledAt: zonedTimeToUtc(day, '15:00', DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 4_500,
      status: 'confirmed',
    });
    const slots = async () => {
      const q = new URLSearchParams({ serviceId: h.wash.id, date: day, excludeBookingId: booked.id });
      const r = await t.request(`/api/scheduling/slots?${q}`, { cookie: h.owner.cookie });
      expect(r.status).toBe(200);
      const body = (await r.json()) as { slots: { time: string; state: string }[] };
      return Object.fromEntries(body.slots.map((s) => [s.time, s.state]));
    };
    const offered = await slots();
    // A one-hour wash alone would fit at 13:00; the booking's three hours do not.
    expect(offered['13:00']).toBe('taken');
    expect(offered['12:00']).toBe('available');
    const refused = await t.request(`/api/bookings/${booked.id}`, {
      method: 'PATCH',
      cookie: h.owner.cookie,
      json: { date: day, time: '13:00' },
    });
    expect(refused.status).toBe(409);
    const moved = await t.request(`/api/bookings/${booked.id}`, {
      method: 'PATCH',
      cookie: h.owner.cookie,
      json: { date: day, time: '12:00' },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    // Another business's booking id changes nothing of this one's length.
    const other = await household();
    const q = new URLSearchParams({ serviceId: other.wash.id, date: day, excludeBookingId: booked.id });
    const foreign = await t.request(`/api/scheduling/slots?${q}`, { cookie: other.owner.cookie });
    const body = (await foreign.json()) as { slots: { time: string; state: string }[] };
    expect(body.slots.find((s) => s.time === '14:00')?.state).toBe('available');
  });
});

describe("the owner's New booking slot list", () => {
  it("adds the add-ons' and further vehicles' minutes, so a time offered is a time the server books", async () => {
    const h = await household();
    const day = daysAhead(9);
    await createBooking(t.db, h.owner.userId, {
      service: { id: h.wash.id, name: h.wash.name, durationMinutes: 60 },
      customerId: null,
      scheduledAt: zonedTimeToUtc(day, '15:00', DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 4_500,
      status: 'confirmed',
    });
    const stateAt = async (time: string, extra: Record<string, string> = {}) => {
      const q = new URLSearchParams({ serviceId: h.wash.id, date: day, ...extra });
      const res = await t.request(`/api/scheduling/slots?${q}`, { cookie: h.owner.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as { slots: { time: string; state: string }[] };
      return body.slots.find((s) => s.time === time)?.state;
    };
    expect(await stateAt('13:00')).toBe('available');
    // A 2 h detail on a second vehicle: 13:00 + 3 h runs into the 15:00 job; 12:00 fits.
    expect(await stateAt('13:00', { vehicles: h.detail.id })).toBe('taken');
    expect(await stateAt('12:00', { vehicles: h.detail.id })).toBe('available');
    // With its add-on (30 min more), 12:00 + 3.5 h does not fit either.
    expect(await stateAt('12:00', { vehicles: `${h.detail.id}:${h.petHair.id}` })).toBe('taken');
    // A service of another business counts nothing (it is refused on create).
    const other = await household();
    expect(await stateAt('13:00', { vehicles: other.detail.id })).toBe('available');

    // What the list says is what the server does.
    const book = (time: string) =>
      ownerBooking(h, {
        serviceId: h.wash.id,
        vehicleType: 'sedan',
        vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
        date: day,
        time,
        extraVehicles: [{ serviceId: h.detail.id, vehicleType: 'sedan' }],
      });
    expect((await book('13:00')).status).toBe(409);
    const ok = await book('12:00');
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(
      await t.db.$count(
        bookingVehicles,
        and(eq(bookingVehicles.businessId, h.owner.userId), eq(bookingVehicles.position, 1)),
      ),
    ).toBe(1);
  });
});

describe("the job's checklist of several vehicles", () => {
  it("lists each vehicle's checklist under its own heading, ticked for that vehicle alone (decision 1344)", async () => {
    const h = await household();
    const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', h.owner.userId);
    const ceramic = await createService(t.db, h.owner.userId, { name: 'Ceramic', basePriceCents: 90_000 });
    const checklistOf = async (serviceId: string, labels: string[]) => {
      const res = await t.request(`/api/services/${serviceId}/checklist`, {
        method: 'PUT',
        cookie: h.owner.cookie,
        json: { items: labels.map((label) => ({ label })) },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { id: string; label: string }[] }).items;
    };
    const washItems = await checklistOf(h.wash.id, ['Rinse', 'Dry']);
    const detailItems = await checklistOf(h.detail.id, ['Vacuum seats']);
    const ceramicItems = await checklistOf(ceramic.id, ['Cure lamp']);
    const day = daysAhead(2);
    const res = await ownerBooking(h, {
      serviceId: h.wash.id,
      vehicleType: 'sedan',
      vehicle: { make: 'Honda', model: 'Civic', year: 2019, color: 'Silver' },
      date: day,
      time: '09:00',
      extraVehicles: [
        { serviceId: h.detail.id, vehicleType: 'sedan', vehicleMake: 'Kia', vehicleModel: 'Soul' },
        { serviceId: h.wash.id, vehicleType: 'suv' },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const booked = await res.json();
    await assignBooking(t.db, h.owner.userId, booked.id, tech.userId);

    const jobOf = async () => {
      const jobs = await (
        await t.request(`/api/field/jobs?from=${day}&to=${day}`, { cookie: tech.cookie })
      ).json();
      return jobs.items.find((j: { id: string }) => j.id === booked.id) as {
        checklist: { id: string; label: string; done: boolean; section?: string; vehiclePosition?: number }[];
      };
    };
    const job = await jobOf();
    expect(job.checklist.map((c) => [c.vehiclePosition, c.section, c.label])).toEqual([
      [0, 'Vehicle 1 — 2019 Honda Civic · Exterior Wash', 'Rinse'],
      [0, 'Vehicle 1 — 2019 Honda Civic · Exterior Wash', 'Dry'],
      [1, 'Vehicle 2 — Kia Soul · Full Detail', 'Vacuum seats'],
      [2, 'Vehicle 3 — SUV · Exterior Wash', 'Rinse'],
      [2, 'Vehicle 3 — SUV · Exterior Wash', 'Dry'],
    ]);
    const tick = (
      itemId: string,
      body: Record<string, unknown>,
      key: string = crypto.randomUUID(),
      cookie = tech.cookie,
    ) =>
      t.request(`/api/field/jobs/${booked.id}/checklist/${itemId}`, {
        method: 'PUT',
        cookie,
        headers: { 'idempotency-key': key },
        json: { deviceTime: new Date().toISOString(), done: true, ...body },
      });
    // "Rinse" done on vehicle 3 only: vehicle 1's stays open.
    const key = crypto.randomUUID();
    const body = { deviceTime: new Date().toISOString(), done: true, vehiclePosition: 2 };
    const ticked = await tick(washItems[0]!.id, body, key);
    expect(ticked.status, await ticked.clone().text()).toBe(200);
    expect(await ticked.json()).toMatchObject({ applied: true, item: { done: true, vehiclePosition: 2 } });
    const rinse = (await jobOf()).checklist.filter((c) => c.id === washItems[0]!.id);
    expect(rinse.map((c) => [c.vehiclePosition, c.done])).toEqual([
      [0, false],
      [2, true],
    ]);
    // A replay (the same request, the same key) changes nothing; an older tap sent late does not undo a newer one.
    const ticks = () =>
      t.db.select().from(bookingChecklistItems).where(eq(bookingChecklistItems.bookingId, booked.id));
    const before = await ticks();
    const replay = await tick(washItems[0]!.id, body, key);
    expect(replay.status).toBe(200);
    expect(await ticks()).toEqual(before);
    const late = await tick(washItems[0]!.id, {
      vehiclePosition: 2,
      done: false,
      deviceTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(late.status).toBe(200);
    expect((await ticks()).map((r) => [r.vehiclePosition, r.done])).toEqual([[2, true]]);

    // A vehicle the job does not have is refused; an item not of that vehicle's service is not found.
    for (const vehiclePosition of [3, 4, -1, 1.5]) {
      const bad = await tick(washItems[0]!.id, { vehiclePosition });
      expect(bad.status, String(vehiclePosition)).toBe(400);
      expect((await bad.json()).error.message).toMatch(/vehicle/i);
    }
    expect((await tick(washItems[0]!.id, { vehiclePosition: 1 })).status).toBe(404);
    expect((await tick(ceramicItems[0]!.id, { vehiclePosition: 0 })).status).toBe(404);
    expect((await tick(detailItems[0]!.id, { vehiclePosition: 1 })).status).toBe(200);
    // Another business's technician does not find the job.
    const stranger = await household();
    const theirTech = await t.signUp({ firstName: 'Tess', lastName: 'Other' });
    await grantRole(t.db, theirTech.userId, 'technician', stranger.owner.userId);
    expect(
      (await tick(washItems[0]!.id, { vehiclePosition: 0 }, crypto.randomUUID(), theirTech.cookie)).status,
    ).toBe(404);
    expect((await ticks()).map((r) => [r.vehiclePosition, r.itemId]).sort()).toEqual(
      [
        [1, detailItems[0]!.id],
        [2, washItems[0]!.id],
      ].sort(),
    );

    // The owner's panel shows each vehicle's ticks under its heading.
    const field = await (
      await t.request(`/api/bookings/${booked.id}/field`, { cookie: h.owner.cookie })
    ).json();
    expect(field.checklist).toContainEqual(
      expect.objectContaining({
        id: detailItems[0]!.id,
        done: true,
        vehiclePosition: 1,
        section: 'Vehicle 2 — Kia Soul · Full Detail',
      }),
    );

    // One vehicle: the service’s list as before, without headings.
    const single = await (await ownerBooking(h, { serviceId: h.wash.id, date: day, time: '15:00' })).json();
    const plain = await (
      await t.request(`/api/bookings/${single.id}/field`, { cookie: h.owner.cookie })
    ).json();
    expect(plain.checklist.map((c: { label: string; section?: string }) => [c.section, c.label])).toEqual([
      [undefined, 'Rinse'],
      [undefined, 'Dry'],
    ]);
  });
});
