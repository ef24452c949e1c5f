import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VEHICLE_MULTIPLIERS } from '../../../shared/constants';
import { createBooking, createService } from '../../db/factories';
import { bookings, services } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

const post = (cookie: string, json: unknown) => t.request('/api/services', { method: 'POST', cookie, json });
const patch = (cookie: string, id: string, json: unknown) =>
  t.request(`/api/services/${id}`, { method: 'PATCH', cookie, json });
const del = (cookie: string, id: string) => t.request(`/api/services/${id}`, { method: 'DELETE', cookie });

describe('services', () => {
  it('answers 401 on every route when signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('/api/services')).status).toBe(401);
    expect((await t.request('/api/services', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request(`/api/services/${id}`, { method: 'PATCH', json: {} })).status).toBe(401);
    expect((await t.request(`/api/services/${id}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('creates a service with §9 multipliers by default, or the owner’s own', async () => {
    const owner = await t.signUp();
    const res = await post(owner.cookie, {
      name: 'Wash',
      description: '',
      basePriceCents: 4550,
      durationMinutes: 60,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      name: 'Wash',
      description: null,
      basePriceCents: 4550,
      isActive: true,
      vehicleTypeMultipliers: DEFAULT_VEHICLE_MULTIPLIERS,
    });
    const custom = await (
      await post(owner.cookie, {
        name: 'Big',
        basePriceCents: 10000,
        durationMinutes: 120,
        vehicleTypeMultipliers: { ...DEFAULT_VEHICLE_MULTIPLIERS, truck: 1.5 },
      })
    ).json();
    expect(custom.vehicleTypeMultipliers.truck).toBe(1.5);
    const list = await (await t.request('/api/services', { cookie: owner.cookie })).json();
    expect(list.items.map((s: { name: string }) => s.name)).toEqual(['Big', 'Wash']);
  });

  it.each([
    [{ basePriceCents: 100, durationMinutes: 60 }, 'Service name is required'],
    [{ name: ' ', basePriceCents: 100, durationMinutes: 60 }, 'Service name is required'],
    [{ name: 'X', durationMinutes: 60 }, 'Base price is required'],
    [{ name: 'X', basePriceCents: 10.5, durationMinutes: 60 }, 'Base price must be in whole cents'],
    [{ name: 'X', basePriceCents: -1, durationMinutes: 60 }, 'Base price cannot be negative'],
    [{ name: 'X', basePriceCents: 100 }, 'Duration is required'],
    [{ name: 'X', basePriceCents: 100, durationMinutes: 60.5 }, 'Duration must be a whole number of minutes'],
    [
      {
        name: 'X',
        basePriceCents: 100,
        durationMinutes: 60,
        vehicleTypeMultipliers: { ...DEFAULT_VEHICLE_MULTIPLIERS, suv: 0 },
      },
      'Each vehicle multiplier must be greater than 0',
    ],
  ])('rejects %j with “%s”', async (input, message) => {
    const owner = await t.signUp();
    const res = await post(owner.cookie, input);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('edits, deactivates and activates without touching other fields', async () => {
    const owner = await t.signUp();
    const created = await (
      await post(owner.cookie, {
        name: 'Wash',
        description: 'Hand wash',
        basePriceCents: 4500,
        durationMinutes: 60,
      })
    ).json();
    const off = await patch(owner.cookie, created.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({
      isActive: false,
      description: 'Hand wash',
      basePriceCents: 4500,
    });
    const edited = await (
      await patch(owner.cookie, created.id, { name: 'Deluxe Wash', basePriceCents: 5000, isActive: true })
    ).json();
    expect(edited).toMatchObject({
      name: 'Deluxe Wash',
      basePriceCents: 5000,
      isActive: true,
      description: 'Hand wash',
    });
  });

  it('deletes a service without bookings, archives one with bookings (history stays readable)', async () => {
    const owner = await t.signUp();
    const unused = await createService(t.db, owner.userId, { name: 'Unused', basePriceCents: 100 });
    const used = await createService(t.db, owner.userId, { name: 'Used', basePriceCents: 100 });
    const booking = await createBooking(t.db, owner.userId, {
      service: used,
      scheduledAt: new Date(),
      locationAddress: 'a',
      quotedPriceCents: 100,
      status: 'completed',
    });

    expect((await del(owner.cookie, unused.id)).status).toBe(204);
    expect(await t.db.select().from(services).where(eq(services.id, unused.id))).toHaveLength(0);

    expect((await del(owner.cookie, used.id)).status).toBe(204);
    const [archived] = await t.db.select().from(services).where(eq(services.id, used.id));
    expect(archived).toMatchObject({ isActive: false });
    expect(archived!.archivedAt).toBeInstanceOf(Date);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept).toMatchObject({ serviceId: used.id, serviceName: 'Used' });

    const list = await (await t.request('/api/services', { cookie: owner.cookie })).json();
    expect(list).toEqual({ items: [], nextCursor: null });
    const withArchived = await (
      await t.request('/api/services?includeArchived=true', { cookie: owner.cookie })
    ).json();
    expect(withArchived.items).toEqual([expect.objectContaining({ name: 'Used', bookingCount: 1 })]);
    expect((await patch(owner.cookie, used.id, { isActive: true })).status).toBe(409);
    // Archived services are not offered on /book.
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options.services).toEqual([]);
  });

  it("answers 404 for another business's service on every route with an id", async () => {
    const mine = await t.signUp();
    const theirs = await t.signUp();
    const service = await createService(t.db, theirs.userId, { name: 'Theirs', basePriceCents: 100 });
    expect((await patch(mine.cookie, service.id, { name: 'Mine now' })).status).toBe(404);
    expect((await del(mine.cookie, service.id)).status).toBe(404);
    expect((await patch(mine.cookie, 'not-a-uuid', { name: 'x' })).status).toBe(404);
    const [row] = await t.db.select().from(services).where(eq(services.id, service.id));
    expect(row!.name).toBe('Theirs');
    expect(await (await t.request('/api/services', { cookie: mine.cookie })).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });
});
