import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createServiceArea, grantRole } from '../../db/factories';
import { bookings, locations } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';

// Multi-location (decision 1280): Elite locations with their own hours, zips and technicians; a location's link books
// into it; a zip served by a location gets its slots; the owner filters bookings by location; other plans get 402.

const t = await createTestContext();
const NOON_HOURS = Array.from({ length: 7 }, () => ({ open: '12:00', close: '14:00' }));

async function eliteBusiness() {
  const owner = await t.signUp({ plan: 'elite' });
  const [service] = await bookableBusiness(t.db, owner.userId);
  for (const zip of ['78701', '78702', '78703'])
    await createServiceArea(t.db, owner.userId, {
      zipCode: zip,
      city: 'Austin',
      state: 'Texas',
      isActive: true,
    });
  return { owner, service: service! };
}

const addLocation = (cookie: string, body: Record<string, unknown> = {}) =>
  t.request('/api/locations', {
    method: 'POST',
    cookie,
    json: {
      name: 'East Side',
      address: '900 E 6th St, Austin, TX 78702',
      timeZone: 'America/Denver',
      weeklyHours: NOON_HOURS,
      zips: ['78702'],
      technicianIds: [],
      ...body,
    },
  });

async function slotTimes(query: Record<string, string>) {
  const res = await t.request(`/api/booking/slots?${new URLSearchParams(query)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = await res.json();
  return {
    timeZone: body.timeZone as string,
    times: (body.slots as { time: string; available: boolean }[])
      .filter((s) => s.available)
      .map((s) => s.time),
  };
}

async function book(body: Record<string, unknown>) {
  const res = await t.request('/api/booking/create-payment', { method: 'POST', json: bookingForm(body) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url } = await res.json();
  expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
  const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
  expect(done.status, await done.clone().text()).toBe(200);
  const { booking } = await done.json();
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return row!;
}

describe('plans', () => {
  it.each(['starter', 'pro'] as const)(
    'a %s business has its main location and may not add one (402)',
    async (plan) => {
      const owner = await t.signUp({ plan });
      const list = await t.request('/api/locations', { cookie: owner.cookie });
      expect(list.status).toBe(200);
      const body = await list.json();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({ name: 'Main location', slug: 'main', isPrimary: true });
      expect(body.nextCursor).toBeNull();
      const res = await addLocation(owner.cookie);
      expect(res.status).toBe(402);
      expect((await res.json()).error.message).toContain('Elite');
      const rows = await t.db.select().from(locations).where(eq(locations.businessId, owner.userId));
      expect(rows).toHaveLength(1);
    },
  );
});

describe('an Elite business with a second location', () => {
  it('adds it with its hours, zone and zips; validation and another business’s technician are refused', async () => {
    const { owner } = await eliteBusiness();
    const bad = await addLocation(owner.cookie, { name: ' ', zips: ['99999'] });
    expect(bad.status).toBe(400);
    const notMine = await addLocation(owner.cookie, { zips: ['90210'] });
    expect(notMine.status).toBe(400);
    expect((await notMine.json()).error.message).toBe(
      '90210 is not one of your service areas. Add it on Service Areas first.',
    );
    const other = await t.signUp({ plan: 'elite' });
    const stranger = await t.signUp();
    await grantRole(t.db, stranger.userId, 'technician', other.userId);
    const foreignTech = await addLocation(owner.cookie, { technicianIds: [stranger.userId] });
    expect(foreignTech.status).toBe(404);

    const res = await addLocation(owner.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      name: 'East Side',
      slug: 'east-side',
      isPrimary: false,
      timeZone: 'America/Denver',
      zips: ['78702'],
      bookingPath: expect.stringMatching(/^\/book\/[a-z0-9-]+\/east-side$/),
    });
    // A second one with the same name gets the next slug.
    expect((await (await addLocation(owner.cookie, { zips: [] })).json()).slug).toBe('east-side-2');
    const list = (await (await t.request('/api/locations', { cookie: owner.cookie })).json()).items;
    // The main one first; the others by name (two of one name in either order).
    expect(list[0].slug).toBe('main');
    expect(list.map((l: { slug: string }) => l.slug).sort()).toEqual(['east-side', 'east-side-2', 'main']);
    expect(list[0].zips).toEqual(['78701', '78703']);
  });

  it("a zip served by the location gets its slots; the main location's zip gets the business's", async () => {
    const { owner, service } = await eliteBusiness();
    const date = daysAhead(7);
    const base = { business: owner.userId, serviceId: service.id, date };
    const before = await slotTimes({ ...base, zip: '78702' });
    expect(before.times[0]).toBe('08:00');
    expect((await addLocation(owner.cookie)).status).toBe(201);
    const east = await slotTimes({ ...base, zip: '78702' });
    expect(east).toEqual({ timeZone: 'America/Denver', times: ['12:00', '13:00'] });
    const main = await slotTimes({ ...base, zip: '78701' });
    expect(main.timeZone).toBe('America/Chicago');
    expect(main.times[0]).toBe('08:00');
    // The options of the zip say which location it is, with its zone.
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}&zip=78702`)).json();
    expect(options).toMatchObject({ timeZone: 'America/Denver', location: { slug: 'east-side' } });
  });

  it('its booking link books into it; another business’s location is 404; the owner filters by it', async () => {
    const { owner, service } = await eliteBusiness();
    const created = await (await addLocation(owner.cookie, { zips: [] })).json();
    const { items } = await (await t.request('/api/locations', { cookie: owner.cookie })).json();
    const main = items.find((l: { isPrimary: boolean }) => l.isPrimary);

    // /book/{business}/{location}: the options name it, its slots are its hours.
    const options = await t.request(`/api/booking/options?business=${owner.userId}&location=east-side`);
    expect((await options.json()).location).toMatchObject({ id: created.id, name: 'East Side' });
    const slots = await slotTimes({
      business: owner.userId,
      serviceId: service.id,
      date: daysAhead(7),
      zip: '78701',
      location: created.id,
    });
    expect(slots.times).toEqual(['12:00', '13:00']);
    expect((await t.request(`/api/booking/options?business=${owner.userId}&location=nowhere`)).status).toBe(
      404,
    );

    // Outside its hours is refused; inside, the booking is at the location.
    const early = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        locationId: created.id,
        time: '10:00',
      }),
    });
    expect(early.status).toBe(400);
    const booked = await book({
      businessId: owner.userId,
      serviceId: service.id,
      locationId: created.id,
      time: '12:00',
    });
    expect(booked.locationId).toBe(created.id);
    // Without a link, the zip of the main location books there.
    const plain = await book({
      businessId: owner.userId,
      serviceId: service.id,
      time: '09:00',
      zip: '78701',
    });
    expect(plain.locationId).toBe(main.id);

    // Another business's location: 404 at /book and in the owner's filter.
    const other = await eliteBusiness();
    const foreign = await (await addLocation(other.owner.cookie, { zips: [] })).json();
    const stolen = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        locationId: foreign.id,
        time: '12:00',
      }),
    });
    expect(stolen.status).toBe(404);
    expect((await t.request(`/api/bookings?locationId=${foreign.id}`, { cookie: owner.cookie })).status).toBe(
      404,
    );

    const list = async (query: string) =>
      (await (await t.request(`/api/bookings?${query}`, { cookie: owner.cookie })).json()).items.map(
        (b: { id: string }) => b.id,
      );
    expect(await list(`locationId=${created.id}`)).toEqual([booked.id]);
    expect(await list(`locationId=${main.id}`)).toEqual([plain.id]);
    expect((await list('')).sort()).toEqual([booked.id, plain.id].sort());
    const from = daysAhead(6);
    const to = daysAhead(8);
    const calendar = await t.request(
      `/api/bookings/calendar?from=${from}&to=${to}&locationId=${created.id}`,
      {
        cookie: owner.cookie,
      },
    );
    expect((await calendar.json()).items.map((b: { id: string }) => b.id)).toEqual([booked.id]);

    // Archiving: not the main one, not one with upcoming bookings.
    expect(
      (await t.request(`/api/locations/${main.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(409);
    const busy = await t.request(`/api/locations/${created.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(busy.status).toBe(409);
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booked.id));
    expect(
      (await t.request(`/api/locations/${created.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(204);
    // Its link no longer books.
    expect((await t.request(`/api/booking/options?business=${owner.userId}&location=east-side`)).status).toBe(
      404,
    );
  });

  it("a location's technicians are its crews; a booking written without a location follows its zip", async () => {
    const { owner, service } = await eliteBusiness();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const created = await (await addLocation(owner.cookie, { technicianIds: [tech.userId] })).json();
    expect(created.technicianIds).toEqual([tech.userId]);
    // Any path that writes a booking (here the factory) puts a 78702 job at the location.
    const [stored] = await t.db
      .insert(bookings)
      .values({
        businessId: owner.userId,
        serviceId: service.id,
        serviceName: service.name,
        durationMinutes: 60,
        scheduledAt: new Date(Date.now() + 3 * 86_400_000),
        locationAddress: '1 Elm St, Austin, TX 78702',
        zipCode: '78702',
        quotedPriceCents: 5000,
      })
      .returning();
    expect(stored!.locationId).toBe(created.id);
    // Without a zip a location serves, the main one.
    const main = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      scheduledAt: new Date(Date.now() + 3 * 86_400_000),
      locationAddress: '2 Elm St',
      quotedPriceCents: 5000,
    });
    expect(main.locationId).not.toBe(created.id);
    expect(main.locationId).not.toBeNull();
    // Edit: its zips and technicians can be emptied; the zip goes back to the main location.
    const patch = await t.request(`/api/locations/${created.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { zips: [], technicianIds: [] },
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toMatchObject({ zips: [], technicianIds: [] });
  });
});
