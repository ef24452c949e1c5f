import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../../shared/time';
import { createBooking, createCustomer, createServiceArea, updateProfile } from '../../../db/factories';
import { bookings, checkoutSessions, customers, customerVehicles } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from './booking.fixtures';

const t = await createTestContext();

async function setup(services?: Parameters<typeof bookableBusiness>[2]) {
  const owner = await t.signUp();
  const list = await bookableBusiness(t.db, owner.userId, services);
  return { owner, service: list[0]!, services: list };
}

async function createPayment(body: Record<string, unknown>) {
  return t.request('/api/booking/create-payment', { method: 'POST', json: body });
}

/** create-payment → Pay on the test checkout → the session id. */
async function payFor(body: Record<string, unknown>) {
  const res = await createPayment(body);
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url } = await res.json();
  const pay = await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
  expect(pay.status).toBe(303);
  expect(pay.headers.get('location')).toBe(`http://localhost:3000/booking-success?session_id=${sessionId}`);
  return sessionId as string;
}

const complete = (sessionId: string) =>
  t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });

it('documents the booking and owner routes in the OpenAPI document', async () => {
  const res = await t.request('/api/openapi.json');
  expect(res.status).toBe(200);
  const paths = Object.keys((await res.json()).paths);
  for (const path of [
    '/api/booking/create-payment',
    '/api/booking/complete-booking',
    '/api/bookings/{id}/status',
    '/api/customers/{id}',
    '/api/services/{id}',
  ]) {
    expect(paths).toContain(path);
  }
});

describe('GET /api/booking/options', () => {
  it("offers a business's active services ordered by price", async () => {
    const { owner } = await setup([
      { name: 'Ceramic', basePriceCents: 35000, durationMinutes: 360 },
      { name: 'Basic', basePriceCents: 4500 },
      { name: 'Hidden', basePriceCents: 1000, isActive: false },
      { name: 'Premium', basePriceCents: 12000, durationMinutes: 180 },
    ]);
    const res = await t.request(`/api/booking/options?business=${owner.userId}&zip=78701`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mode).toBe('business');
    expect(body.business).toMatchObject({
      id: owner.userId,
      name: 'Test Detailing Co',
      acceptsOnlineBookings: true,
      verified: false,
    });
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(['Basic', 'Premium', 'Ceramic']);
    expect(body.services[0].vehicleTypeMultipliers).toMatchObject({ suv: 1.2, motorcycle: 0.8 });
    expect(body.area).toEqual({ zip: '78701', city: null, state: null });
  });

  it('answers 404 for an unknown business', async () => {
    const res = await t.request('/api/booking/options?business=no-such-business');
    expect(res.status).toBe(404);
  });

  it('lists the businesses serving a zip to choose from', async () => {
    const { owner } = await setup();
    await createServiceArea(t.db, owner.userId, {
      zipCode: '73301',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    const quiet = await t.signUp(); // serves the zip but takes no online bookings
    await createServiceArea(t.db, quiet.userId, {
      zipCode: '73301',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    const body = await (await t.request('/api/booking/options?zip=73301')).json();
    expect(body.mode).toBe('choose');
    expect(body.businesses).toEqual([
      { id: owner.userId, name: 'Test Detailing Co', tagline: null, verified: false },
    ]);
    expect(body.area).toEqual({ zip: '73301', city: 'Austin', state: 'TX' });
  });

  it("offers §9's demo services where nobody serves (a platform lead)", async () => {
    const body = await (await t.request('/api/booking/options?zip=59001')).json();
    expect(body.mode).toBe('lead');
    expect(body.business).toBeNull();
    expect(
      body.services.map((s: { name: string; basePriceCents: number; durationMinutes: number }) => [
        s.name,
        s.basePriceCents,
        s.durationMinutes,
      ]),
    ).toEqual([
      ['Basic Wash & Vacuum', 4500, 60],
      ['Premium Detail', 12000, 180],
      ['Ceramic Coating', 35000, 360],
    ]);
  });
});

describe('GET /api/booking/slots', () => {
  it('marks slots overlapping a held booking for the service duration as taken', async () => {
    const { owner, service } = await setup([
      { name: 'Three hours', basePriceCents: 10000, durationMinutes: 180 },
    ]);
    const date = daysAhead(5);
    const held = { id: null, name: 'Other', durationMinutes: 60 };
    await createBooking(t.db, owner.userId, {
      service: held,
      scheduledAt: zonedTimeToUtc(date, '13:00', 'America/Chicago'),
      locationAddress: 'x',
      quotedPriceCents: 1,
    });
    // A cancelled booking does not hold its slot.
    await createBooking(t.db, owner.userId, {
      service: held,
      scheduledAt: zonedTimeToUtc(date, '08:00', 'America/Chicago'),
      locationAddress: 'x',
      quotedPriceCents: 1,
      status: 'cancelled',
    });
    const res = await t.request(
      `/api/booking/slots?business=${owner.userId}&serviceId=${service.id}&date=${date}`,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(
      body.slots.filter((s: { available: boolean }) => !s.available).map((s: { time: string }) => s.time),
    ).toEqual(['11:00', '12:00', '13:00']);
  });

  it('refuses a date in the past', async () => {
    const { owner, service } = await setup();
    const res = await t.request(
      `/api/booking/slots?business=${owner.userId}&serviceId=${service.id}&date=2020-01-01`,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please choose a date that is not in the past');
  });
});

describe('POST /api/booking/create-payment', () => {
  it("charges the server's price, not a tampered one, and books nothing yet", async () => {
    const { owner, service } = await setup();
    const res = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service.id, vehicleType: 'suv', totalPrice: 1 }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.amountCents).toBe(14400); // $120 × 1.2
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/cs_test_/);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(checkout).toMatchObject({
      amountCents: 14400,
      status: 'open',
      businessId: owner.userId,
      vehicleType: 'suv',
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(0);
    // The test checkout page shows the amount and says so.
    const page = await (await t.request(new URL(body.url).pathname)).text();
    expect(page).toContain('Test mode');
    expect(page).toContain('$144.00');
  });

  it('prices with the service’s own multipliers, rounded to whole dollars', async () => {
    const { owner } = await setup();
    const [service] = await bookableBusiness(t.db, owner.userId, [{ name: 'Odd', basePriceCents: 4550 }]);
    const res = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service!.id, vehicleType: 'convertible' }),
    );
    expect((await res.json()).amountCents).toBe(5000); // 45.50 × 1.1 = 50.05 → $50
  });

  it.each([
    [{ serviceId: '' }, 'Please select a service'],
    [{ vehicleType: '' }, 'Please select your vehicle type'],
    [{ vehicleType: 'tank' }, 'Please select your vehicle type'],
    [{ date: '' }, 'Please choose a date'],
    [{ time: '' }, 'Please choose a time'],
    [{ time: '07:00' }, 'Please choose one of the offered times'],
    [{ time: '7am' }, 'Please choose a time'],
    [{ location: '  ' }, 'Please enter the service address'],
    [{ firstName: '' }, 'Please enter your first name'],
    [{ lastName: '' }, 'Please enter your last name'],
    [{ email: '' }, 'Please enter your email address'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ vehicleYear: '1800' }, 'Please enter a valid vehicle year'],
    [{ date: '2020-01-01' }, 'Please choose a date that is not in the past'],
  ])('rejects %j with “%s”', async (override, message) => {
    const { owner, service } = await setup();
    const res = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service.id, ...override }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('answers 409 for a slot already taken', async () => {
    const { owner, service } = await setup();
    const date = daysAhead(3);
    await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Other', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc(date, '11:00', 'America/Chicago'),
      locationAddress: 'x',
      quotedPriceCents: 1,
      status: 'confirmed',
    });
    // The 3-hour service at 09:00 would run into 11:00.
    const res = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service.id, date, time: '09:00' }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('That time is no longer available');
    const ok = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service.id, date, time: '12:00' }),
    );
    expect(ok.status).toBe(200);
  });

  it("refuses another business's service and an inactive one", async () => {
    const { owner } = await setup();
    const other = await setup();
    const res = await createPayment(bookingForm({ businessId: owner.userId, serviceId: other.service.id }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('This service is no longer available');
  });

  it('refuses a business that has not switched on online payments', async () => {
    const { owner, service } = await setup();
    await updateProfile(t.db, owner.userId, { paymentsEnabledAt: null });
    const res = await createPayment(bookingForm({ businessId: owner.userId, serviceId: service.id }));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This business is not taking online bookings yet');
  });
});

describe('paying and completing', () => {
  it('books once payment succeeds: pending, priced from the payment, customer and vehicle, two emails', async () => {
    const { owner, service } = await setup();
    const email = `new.customer.${Date.now()}@example.com`;
    const sessionId = await payFor(
      bookingForm({ businessId: owner.userId, serviceId: service.id, vehicleType: 'truck', email }),
    );
    const res = await complete(sessionId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.booking).toMatchObject({
      serviceName: 'Premium Detail',
      priceCents: 15600,
      status: 'pending',
      customerEmail: email,
    });

    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking.id));
    expect(booking).toMatchObject({
      businessId: owner.userId,
      status: 'pending',
      quotedPriceCents: 15600,
      finalPriceCents: 15600,
      paymentSessionId: sessionId,
      specialInstructions: 'Gate code 1234',
    });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, booking!.customerId!));
    expect(customer).toMatchObject({
      businessId: owner.userId,
      firstName: 'Casey',
      email,
      phone: '(512) 555-0199',
    });
    const [vehicle] = await t.db
      .select()
      .from(customerVehicles)
      .where(eq(customerVehicles.id, booking!.customerVehicleId!));
    expect(vehicle).toMatchObject({
      make: 'Honda',
      model: 'CR-V',
      year: 2021,
      color: 'Blue',
      vehicleType: 'truck',
    });

    const [confirmation] = await t.emailsTo(email);
    expect(confirmation!.subject).toContain('Booking confirmed: Premium Detail');
    expect(confirmation!.body).toContain('$156.00');
    expect(confirmation!.body).toContain('500 Congress Ave, Austin, TX');
    expect(confirmation!.body).toContain('at least 24 hours');
    const ownerMail = (await t.emailsTo(owner.email)).filter((m) => m.subject?.startsWith('New booking'));
    expect(ownerMail).toHaveLength(1);
    expect(ownerMail[0]!.body).toContain(`Casey Nguyen <${email}>`);
  });

  it('completing the same session twice gives one booking and one email', async () => {
    const { owner, service } = await setup();
    const email = `twice.${Date.now()}@example.com`;
    const sessionId = await payFor(bookingForm({ businessId: owner.userId, serviceId: service.id, email }));
    const first = await (await complete(sessionId)).json();
    const second = await (await complete(sessionId)).json();
    expect(second.booking.id).toBe(first.booking.id);
    expect(await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId))).toHaveLength(
      1,
    );
    expect(await t.emailsTo(email)).toHaveLength(1);
  });

  it('completing the same session concurrently gives one booking, one customer, one email', async () => {
    const { owner, service } = await setup();
    const email = `race.${Date.now()}@example.com`;
    const sessionId = await payFor(bookingForm({ businessId: owner.userId, serviceId: service.id, email }));
    const results = await Promise.all(Array.from({ length: 6 }, () => complete(sessionId)));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(bodies.map((b) => b.booking.id)).size).toBe(1);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(1);
    expect(await t.db.select().from(customers).where(eq(customers.businessId, owner.userId))).toHaveLength(1);
    expect(await t.emailsTo(email)).toHaveLength(1);
    expect((await t.emailsTo(owner.email)).filter((m) => m.subject?.startsWith('New booking'))).toHaveLength(
      1,
    );
  });

  it('two customers paying for the same slot at once: one booking, the other refunded with 409', async () => {
    const { owner, service } = await setup();
    const date = daysAhead(9);
    const a = await payFor(
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        date,
        time: '10:00',
        email: 'a@example.com',
      }),
    );
    const b = await payFor(
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        date,
        time: '11:00',
        email: 'b@example.com',
      }),
    );
    const [ra, rb] = await Promise.all([complete(a), complete(b)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect((await loser.json()).error.message).toBe(
      'That time is no longer available. Your payment has been refunded.',
    );
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(1);
    const refunded = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.status, 'refunded'));
    expect(refunded.map((r) => r.providerSessionId)).toContain(ra.status === 409 ? a : b);
    // Completing the refunded session again still answers 409 and books nothing.
    expect((await complete(ra.status === 409 ? a : b)).status).toBe(409);
  });

  it('re-checks the slot at payment: the test checkout refuses to take money for a taken time', async () => {
    const { owner, service } = await setup();
    const date = daysAhead(11);
    const res = await createPayment(
      bookingForm({ businessId: owner.userId, serviceId: service.id, date, time: '10:00' }),
    );
    const { url } = await res.json();
    const first = await payFor(
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        date,
        time: '10:00',
        email: 'first@example.com',
      }),
    );
    expect((await complete(first)).status).toBe(200);
    const pay = await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
    expect(pay.status).toBe(409);
    expect(await pay.text()).toContain('That time is no longer available');
  });

  it('matches an existing customer by email (any case) and leaves their record as it was (decision 0936)', async () => {
    const { owner, service } = await setup();
    const existing = await createCustomer(t.db, owner.userId, {
      firstName: 'Old',
      lastName: 'Name',
      email: 'Repeat@Example.com',
      phone: '111',
    });
    const sessionId = await payFor(
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email: 'repeat@example.com',
        phone: '',
      }),
    );
    expect((await complete(sessionId)).status).toBe(200);
    const rows = await t.db.select().from(customers).where(eq(customers.businessId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing.id, firstName: 'Old', lastName: 'Name', phone: '111' });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.customerId, existing.id));
    expect(booking).toMatchObject({ bookerFirstName: 'Casey', bookerLastName: 'Nguyen', bookerPhone: null });
  });

  it('does not book an unpaid or cancelled session', async () => {
    const { owner, service } = await setup();
    const res = await createPayment(bookingForm({ businessId: owner.userId, serviceId: service.id }));
    const { sessionId, url } = await res.json();
    const unpaid = await complete(sessionId);
    expect(unpaid.status).toBe(400);
    expect((await unpaid.json()).error.message).toBe('Payment has not been completed yet');
    const cancel = await t.request(`${new URL(url).pathname}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(
      `http://localhost:3000/book?business=${owner.userId}&zip=78701&cancelled=1`,
    );
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(409);
    expect((await complete(sessionId)).status).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(0);
  });

  it('answers 404 for an unknown session and 400 without one', async () => {
    expect((await complete('cs_test_nope')).status).toBe(404);
    const res = await t.request('/api/booking/complete-booking', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Missing session id');
  });

  it('stores a booking where nobody serves as a platform lead and tells support', async () => {
    const services = (await (await t.request('/api/booking/options?zip=59001')).json()).services;
    const email = `lead.${Date.now()}@example.com`;
    const sessionId = await payFor(
      bookingForm({ serviceId: services[2].id, vehicleType: 'motorcycle', zip: '59001', email }),
    );
    const body = await (await complete(sessionId)).json();
    expect(body.booking).toMatchObject({ serviceName: 'Ceramic Coating', priceCents: 28000, business: null });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking.id));
    expect(booking).toMatchObject({
      businessId: null,
      customerId: null,
      zipCode: '59001',
      status: 'pending',
    });
    expect(await t.emailsTo(email)).toHaveLength(1);
    const lead = await t.emailsTo('support@test.local');
    expect(lead.some((m) => m.subject?.startsWith('New platform lead: Ceramic Coating in 59001'))).toBe(true);
  });
});
