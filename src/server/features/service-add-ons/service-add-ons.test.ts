import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, grantRole, updateProfile } from '../../db/factories';
import { bookingAddOns, bookings, checkoutSessions, outboxMessages } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { ownerAdvancedAnalytics } from '../analytics/owner-analytics.service';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { runAutomations } from '../campaigns/automations/workers';
import { SUGGESTIONS, suggestionFor } from './service-add-ons.service';

// Service add-ons (docs/decisions/1255): the owner manages them on a service (Pro, Elite), /book offers them with
// suggestions, the server prices them (the browser's figures are ignored), the slot grows by their minutes, the
// booking keeps them, and Analytics shows each one's attach rate.

const t = await createTestContext({ jobs: 'memory' });

async function proBusiness(tier: 'pro' | 'starter' = 'pro') {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { subscriptionTier: tier });
  const [service] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Full Detail', basePriceCents: 20_000, durationMinutes: 120 },
  ]);
  return { owner, service: service! };
}

const addOn = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pet hair removal',
  priceCents: 4_500,
  extraMinutes: 30,
  vehicleTypes: ['suv', 'truck', 'van'],
  ...overrides,
});

async function create(cookie: string, serviceId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request(`/api/services/${serviceId}/add-ons`, {
    method: 'POST',
    cookie,
    json: addOn(overrides),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; name: string; priceCents: number };
}

async function payFor(body: Record<string, unknown>) {
  const res = await t.request('/api/booking/create-payment', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url, amountCents } = await res.json();
  const pay = await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
  expect(pay.status).toBe(303);
  return { sessionId: sessionId as string, amountCents: amountCents as number };
}

describe('/api/services/{id}/add-ons (owner)', () => {
  it('creates, lists, edits and archives add-ons; bad input 400; another business 404', async () => {
    const { owner, service } = await proBusiness();
    const path = `/api/services/${service.id}/add-ons`;
    const pet = await create(owner.cookie, service.id);
    await create(owner.cookie, service.id, { name: 'Ceramic top-up', priceCents: 9_900, vehicleTypes: [] });
    const list = await (await t.request(path, { cookie: owner.cookie })).json();
    expect(list.items.map((a: { name: string }) => a.name)).toEqual(['Ceramic top-up', 'Pet hair removal']);

    const edited = await t.request(`${path}/${pet.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: addOn({ priceCents: 5_000 }),
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).priceCents).toBe(5_000);

    for (const bad of [{ priceCents: -1 }, { name: '' }, { extraMinutes: 1.5 }, { vehicleTypes: ['boat'] }]) {
      const res = await t.request(path, { method: 'POST', cookie: owner.cookie, json: addOn(bad) });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }

    const other = await proBusiness();
    expect((await t.request(path, { cookie: other.owner.cookie })).status).toBe(404);
    expect(
      (await t.request(path, { method: 'POST', cookie: other.owner.cookie, json: addOn() })).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/services/${other.service.id}/add-ons/${pet.id}`, {
          method: 'PUT',
          cookie: other.owner.cookie,
          json: addOn(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/services/${other.service.id}/add-ons/${pet.id}`, {
          method: 'DELETE',
          cookie: other.owner.cookie,
        })
      ).status,
    ).toBe(404);

    expect((await t.request(`${path}/${pet.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      204,
    );
    const after = await (await t.request(path, { cookie: owner.cookie })).json();
    expect(after.items.map((a: { name: string }) => a.name)).toEqual(['Ceramic top-up']);
  });

  it('is Pro: Starter gets 402; a technician 403 (decision 1160: the office’s screens are the owner’s); signed out 401', async () => {
    const starter = await proBusiness('starter');
    const path = `/api/services/${starter.service.id}/add-ons`;
    const refused = await t.request(path, { method: 'POST', cookie: starter.owner.cookie, json: addOn() });
    expect(refused.status).toBe(402);
    expect(JSON.stringify(await refused.json())).toMatch(/Automated upsells is part of the Pro plan/);
    expect((await t.request(path, { cookie: starter.owner.cookie })).status).toBe(402);

    const { owner, service } = await proBusiness();
    const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const proPath = `/api/services/${service.id}/add-ons`;
    expect((await t.request(proPath, { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request(proPath, { method: 'POST', cookie: tech.cookie, json: addOn() })).status).toBe(
      403,
    );
    expect((await t.request(proPath)).status).toBe(401);
  });
});

describe('add-ons at booking', () => {
  it('are priced by the server (the browser’s prices ignored), lengthen the slot and stay on the booking', async () => {
    const { owner, service } = await proBusiness();
    const pet = await create(owner.cookie, service.id);
    const offered = await (
      await t.request('/api/public/add-ons/offered', {
        method: 'POST',
        json: { businessId: owner.userId, serviceId: service.id, vehicleType: 'suv' },
      })
    ).json();
    expect(offered.items).toEqual([
      expect.objectContaining({ id: pet.id, priceCents: 4_500, suggestion: SUGGESTIONS.petHairVehicle }),
    ]);
    // Not offered for a sedan (the add-on is for SUVs, trucks and vans), and refused if asked for anyway.
    const sedan = await (
      await t.request('/api/public/add-ons/offered', {
        method: 'POST',
        json: { businessId: owner.userId, serviceId: service.id, vehicleType: 'sedan' },
      })
    ).json();
    expect(sedan.items).toEqual([]);
    const wrongVehicle = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service.id, addOnIds: [pet.id] }),
    });
    expect(wrongVehicle.status).toBe(400);

    // The browser says $1 for everything: the server charges the service (SUV × 1.2 = $240) plus the add-on ($45).
    const { sessionId, amountCents } = await payFor(
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        vehicleType: 'suv',
        addOnIds: [pet.id],
        totalPrice: 100,
        addOns: [{ id: pet.id, priceCents: 100 }],
        priceCents: 100,
      }),
    );
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(checkout!.amountCents).toBe(amountCents);
    expect(checkout!.durationMinutes).toBe(150);
    const complete = await t.request('/api/booking/complete-booking', {
      method: 'POST',
      json: { sessionId },
    });
    expect(complete.status, await complete.clone().text()).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId));
    expect(booking!.quotedPriceCents).toBe(amountCents);
    expect(booking!.quotedPriceCents - 4_500).toBe(
      (await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout!.id)))[0]!
        .amountCents - 4_500,
    );
    expect(booking!.durationMinutes).toBe(150);
    const lines = await t.db.select().from(bookingAddOns).where(eq(bookingAddOns.bookingId, booking!.id));
    expect(lines).toEqual([
      expect.objectContaining({ addOnId: pet.id, priceCents: 4_500, extraMinutes: 30 }),
    ]);
  });

  it('charges exactly service + add-on, whatever the browser sends', async () => {
    const { owner, service } = await proBusiness();
    const ceramic = await create(owner.cookie, service.id, {
      name: 'Ceramic top-up',
      priceCents: 9_900,
      extraMinutes: 45,
      vehicleTypes: [],
    });
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        addOnIds: [ceramic.id, ceramic.id],
        totalPrice: 1,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // Sedan × 1.0 = $200 + $99, the repeated id counted once.
    expect((await res.json()).amountCents).toBe(29_900);
  });

  it('refuses another business’s add-on, an archived one, and any on a Starter business', async () => {
    const a = await proBusiness();
    const b = await proBusiness();
    const theirs = await create(b.owner.cookie, b.service.id, { vehicleTypes: [] });
    const pay = (businessId: string, serviceId: string, ids: string[]) =>
      t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({ businessId, serviceId, addOnIds: ids, date: daysAhead(8) }),
      });
    expect((await pay(a.owner.userId, a.service.id, [theirs.id])).status).toBe(400);
    const mine = await create(a.owner.cookie, a.service.id, { vehicleTypes: [] });
    await t.request(`/api/services/${a.service.id}/add-ons/${mine.id}`, {
      method: 'DELETE',
      cookie: a.owner.cookie,
    });
    expect((await pay(a.owner.userId, a.service.id, [mine.id])).status).toBe(400);
    expect((await pay(a.owner.userId, a.service.id, ['not-a-uuid'])).status).toBe(400);

    // A business that drops to Starter: nothing offered, nothing priced.
    const kept = await create(a.owner.cookie, a.service.id, { name: 'Engine bay', vehicleTypes: [] });
    await updateProfile(t.db, a.owner.userId, { subscriptionTier: 'starter' });
    const offered = await (
      await t.request('/api/public/add-ons/offered', {
        method: 'POST',
        json: { businessId: a.owner.userId, serviceId: a.service.id, vehicleType: 'sedan' },
      })
    ).json();
    expect(offered.items).toEqual([]);
    expect((await pay(a.owner.userId, a.service.id, [kept.id])).status).toBe(400);
  });

  it('the slots of a day are as long as the service plus the chosen add-ons', async () => {
    const { owner, service } = await proBusiness();
    const long = await create(owner.cookie, service.id, {
      name: 'Engine bay',
      extraMinutes: 240,
      vehicleTypes: [],
    });
    const day = daysAhead(9);
    // Another job at 3 PM: 10 AM + 2 h is free, 10 AM + 2 h + 4 h of add-on runs into it.
    await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      customerId: null,
      scheduledAt: zonedTimeToUtc(day, '15:00', DEFAULT_TIME_ZONE),
      locationAddress: '1 Main St',
      quotedPriceCents: 20_000,
      status: 'confirmed',
    });
    const plain = await (
      await t.request(`/api/booking/slots?business=${owner.userId}&serviceId=${service.id}&date=${day}`)
    ).json();
    const withAddOn = await (
      await t.request(
        `/api/booking/slots?business=${owner.userId}&serviceId=${service.id}&date=${day}&addOns=${long.id}`,
      )
    ).json();
    const at10 = (d: { slots: { time: string; available: boolean }[] }) =>
      d.slots.find((s) => s.time === '10:00')?.available;
    expect(at10(plain)).toBe(true);
    expect(at10(withAddOn)).toBe(false);
  });
});

describe('suggestions by vehicle and history', () => {
  it('pet-hair removal when the last visit noted pet hair; a ceramic top-up 6 months after a ceramic coating', async () => {
    const { owner, service } = await proBusiness();
    const pet = await create(owner.cookie, service.id);
    const ceramic = await create(owner.cookie, service.id, { name: 'Ceramic top-up', vehicleTypes: [] });
    const email = `pat-${owner.userId.slice(0, 6)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Pat', lastName: 'Lee', email });
    const visit = async (name: string, daysAgo: number, notes: string | null) => {
      const row = await createBooking(t.db, owner.userId, {
        service: { id: service.id, name, durationMinutes: 120 },
        customerId: customer.id,
        scheduledAt: new Date(Date.now() - daysAgo * 86_400_000),
        locationAddress: '1 Main St',
        quotedPriceCents: 20_000,
        status: 'completed',
      });
      await t.db.update(bookings).set({ specialInstructions: notes }).where(eq(bookings.id, row.id));
    };
    await visit('Ceramic Coating', 200, null);
    await visit('Full Detail', 30, 'Lots of dog hair on the back seats');
    const offered = await (
      await t.request('/api/public/add-ons/offered', {
        method: 'POST',
        json: { businessId: owner.userId, serviceId: service.id, vehicleType: 'suv', email },
      })
    ).json();
    const byId = Object.fromEntries(
      offered.items.map((a: { id: string; suggestion: string }) => [a.id, a.suggestion]),
    );
    expect(byId[pet.id]).toBe(SUGGESTIONS.petHair);
    expect(byId[ceramic.id]).toBe(SUGGESTIONS.ceramic);
    // A stranger's email (or none) gets no history-based suggestion.
    const stranger = await (
      await t.request('/api/public/add-ons/offered', {
        method: 'POST',
        json: {
          businessId: owner.userId,
          serviceId: service.id,
          vehicleType: 'sedan',
          email: 'x@example.com',
        },
      })
    ).json();
    expect(stranger.items.map((a: { suggestion: string | null }) => a.suggestion)).toEqual([null]);
  });

  it('the rules, pure', () => {
    const none = { petHair: false, ceramicAt: null };
    const now = new Date('2026-11-26T12:00:00Z');
    expect(suggestionFor({ name: 'Pet hair removal' }, 'sedan', none, now)).toBeNull();
    expect(suggestionFor({ name: 'Pet hair removal' }, 'suv', none, now)).toBe(SUGGESTIONS.petHairVehicle);
    expect(suggestionFor({ name: 'Pet hair removal' }, 'sedan', { ...none, petHair: true }, now)).toBe(
      SUGGESTIONS.petHair,
    );
    const fiveMonths = new Date(now.getTime() - 150 * 86_400_000);
    const sevenMonths = new Date(now.getTime() - 210 * 86_400_000);
    expect(
      suggestionFor({ name: 'Ceramic top-up' }, 'sedan', { ...none, ceramicAt: fiveMonths }, now),
    ).toBeNull();
    expect(suggestionFor({ name: 'Ceramic top-up' }, 'sedan', { ...none, ceramicAt: sevenMonths }, now)).toBe(
      SUGGESTIONS.ceramic,
    );
    expect(
      suggestionFor({ name: 'Engine bay' }, 'suv', { petHair: true, ceramicAt: sevenMonths }, now),
    ).toBeNull();
  });
});

describe('attach rate in Analytics', () => {
  it('per add-on: bookings of its service that took it ÷ booked ones of the service, cancelled left out', async () => {
    const { owner, service } = await proBusiness();
    const id = owner.userId;
    const pet = await create(owner.cookie, service.id, { vehicleTypes: [] });
    const ceramic = await create(owner.cookie, service.id, { name: 'Ceramic top-up', vehicleTypes: [] });
    const at = (day: string) => new Date(`2026-10-${day}T17:00:00Z`);
    const book = async (day: string, status: 'completed' | 'confirmed' | 'cancelled', withPet: boolean) => {
      const row = await createBooking(t.db, id, {
        service: { id: service.id, name: service.name, durationMinutes: 120 },
        customerId: null,
        scheduledAt: at(day),
        locationAddress: '1 Main St',
        quotedPriceCents: 24_500,
        finalPriceCents: status === 'completed' ? 24_500 : null,
        status,
      });
      if (withPet)
        await t.db.insert(bookingAddOns).values({
          businessId: id,
          bookingId: row.id,
          addOnId: pet.id,
          name: pet.name,
          priceCents: 4_500,
          extraMinutes: 30,
        });
    };
    // Four booked (two with pet hair: 50 %), one cancelled with pet hair (not counted), one in November (outside).
    await book('05', 'completed', true);
    await book('06', 'completed', false);
    await book('07', 'confirmed', true);
    await book('08', 'completed', false);
    await book('09', 'cancelled', true);
    await book('15', 'completed', false).then(() =>
      t.db
        .update(bookings)
        .set({ scheduledAt: new Date('2026-11-02T17:00:00Z') })
        .where(and(eq(bookings.businessId, id), eq(bookings.scheduledAt, at('15')))),
    );
    const a = await ownerAdvancedAnalytics(t.db, id, { from: '2026-10-01', to: '2026-10-31' });
    expect(a.addOns).toEqual([
      expect.objectContaining({
        name: 'Ceramic top-up',
        serviceBookings: 4,
        bookings: 0,
        attachRate: 0,
        revenueCents: 0,
      }),
      expect.objectContaining({
        name: 'Pet hair removal',
        serviceBookings: 4,
        bookings: 2,
        attachRate: 0.5,
        revenueCents: 9_000,
      }),
    ]);
    expect(a.addOns.map((x) => x.addOnId)).toEqual([ceramic.id, pet.id]);

    // The API (Pro) and its CSV; another business sees none of it.
    const res = await t.request('/api/analytics/advanced?from=2026-10-01&to=2026-10-31', {
      cookie: owner.cookie,
    });
    expect((await res.json()).addOns).toHaveLength(2);
    const csv = await (
      await t.request('/api/analytics/export.csv?report=add-ons&from=2026-10-01&to=2026-10-31', {
        cookie: owner.cookie,
      })
    ).text();
    expect(csv).toContain('Pet hair removal,Full Detail,4,2,0.5000,90.00');
    const other = await proBusiness();
    const theirs = await (
      await t.request('/api/analytics/advanced?from=2026-10-01&to=2026-10-31', { cookie: other.owner.cookie })
    ).json();
    expect(theirs.addOns).toEqual([]);
  });
});

describe('suggestions in the reminder', () => {
  it('the 24-hour reminder email names the add-on the customer’s history suggests', async () => {
    const { owner, service } = await proBusiness();
    await create(owner.cookie, service.id, { name: 'Ceramic top-up', priceCents: 9_900, vehicleTypes: [] });
    const email = `remind-${owner.userId.slice(0, 6)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Rey', lastName: 'Min', email });
    await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Ceramic Coating', durationMinutes: 120 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() - 200 * 86_400_000),
      locationAddress: '1 Main St',
      quotedPriceCents: 90_000,
      status: 'completed',
    });
    const upcoming = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 120 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 20 * 3_600_000),
      locationAddress: '1 Main St',
      quotedPriceCents: 20_000,
      status: 'confirmed',
    });
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(bookings.id, upcoming.id));
    await runAutomations(t.deps);
    const [sent] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    expect(sent!.body).toContain('Worth adding to this visit:');
    expect(sent!.body).toContain('Ceramic top-up ($99.00) — your ceramic coating is due its 6-month top-up');
  });
});
