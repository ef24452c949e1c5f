import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { crissCrossDays } from '../routes/routes.fixtures';
import { bookableBusiness, daysAhead } from './book/booking.fixtures';

// "Any time today" on the owner's New booking and Edit (decision 1350): saved through the booking API, validated by
// the shared schema, Pro and Elite only (as on the Routes screen, decision 1334).

const t = await createTestContext();

async function business(plan: 'starter' | 'pro' | 'elite' = 'pro') {
  const owner = await t.signUp({ plan });
  const [wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Express Wash', basePriceCents: 5000, durationMinutes: 60 },
  ]);
  return { owner, wash: wash! };
}

const newBooking = (serviceId: string, over: Record<string, unknown> = {}) => ({
  customer: {
    firstName: 'Pat',
    lastName: 'Caller',
    email: 'pat.caller@example.com',
    phone: '(512) 555-0111',
  },
  vehicle: { make: 'Ford', model: 'F-150', year: 2020, color: 'Black' },
  vehicleType: 'truck',
  serviceId,
  date: daysAhead(3),
  time: '10:00',
  locationAddress: '200 Oak St, Austin, TX 78704',
  ...over,
});

const post = (cookie: string, body: Record<string, unknown>) =>
  t.request('/api/bookings', { method: 'POST', cookie, json: body });
const patch = (cookie: string, id: string, body: Record<string, unknown>) =>
  t.request(`/api/bookings/${id}`, { method: 'PATCH', cookie, json: body });

const stored = async (id: string) =>
  (await t.db.select({ anyTime: bookings.arrivalAnyTime }).from(bookings).where(eq(bookings.id, id)))[0]!
    .anyTime;

describe('"Any time today" on the owner’s booking form', () => {
  it('New booking saves it; the booking answers it; without it, the booked time as before', async () => {
    const { owner, wash } = await business('pro');
    const res = await post(owner.cookie, newBooking(wash.id, { arrivalAnyTime: true }));
    expect(res.status, await res.clone().text()).toBe(201);
    const b = await res.json();
    expect(b.arrivalAnyTime).toBe(true);
    expect(await stored(b.id)).toBe(true);
    const plain = await (await post(owner.cookie, newBooking(wash.id, { time: '14:00' }))).json();
    expect(plain.arrivalAnyTime).toBe(false);
    expect(await stored(plain.id)).toBe(false);
  });

  it('Edit turns it on and off, each change in the booking’s history; unsent, it stays', async () => {
    const { owner, wash } = await business('elite');
    const b = await (await post(owner.cookie, newBooking(wash.id))).json();
    const on = await patch(owner.cookie, b.id, { arrivalAnyTime: true });
    expect(on.status, await on.clone().text()).toBe(200);
    const onBody = await on.json();
    expect(onBody.arrivalAnyTime).toBe(true);
    expect(onBody.history.map((h: { summary: string }) => h.summary)).toContain('Arrival: any time that day');
    const notes = await patch(owner.cookie, b.id, { notes: 'Gate code 12' });
    expect((await notes.json()).arrivalAnyTime).toBe(true);
    const off = await patch(owner.cookie, b.id, { arrivalAnyTime: false });
    expect(off.status).toBe(200);
    expect((await off.json()).history.map((h: { summary: string }) => h.summary)).toContain(
      'Arrival: at the booked time',
    );
    expect(await stored(b.id)).toBe(false);
  });

  it('not a yes or no: 400 with a clear message, nothing saved', async () => {
    const { owner, wash } = await business('pro');
    const bad = await post(owner.cookie, newBooking(wash.id, { arrivalAnyTime: 'sometimes' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBeTruthy();
    const b = await (await post(owner.cookie, newBooking(wash.id))).json();
    const badEdit = await patch(owner.cookie, b.id, { arrivalAnyTime: 1 });
    expect(badEdit.status).toBe(400);
    expect(await stored(b.id)).toBe(false);
  });

  it('Starter: 402 with the upgrade message to turn it on (New booking and Edit); off, or unchanged, is fine', async () => {
    const { owner, wash } = await business('starter');
    const refused = await post(owner.cookie, newBooking(wash.id, { arrivalAnyTime: true }));
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toMatch(/Pro/);
    const b = await post(owner.cookie, newBooking(wash.id, { arrivalAnyTime: false }));
    expect(b.status, await b.clone().text()).toBe(201);
    const { id } = await b.json();
    const turnOn = await patch(owner.cookie, id, { arrivalAnyTime: true });
    expect(turnOn.status).toBe(402);
    expect(await stored(id)).toBe(false);
    // Set while on Pro, then the business moved to Starter: the form may send it as it is, and turn it off.
    await t.db.update(bookings).set({ arrivalAnyTime: true }).where(eq(bookings.id, id));
    expect((await patch(owner.cookie, id, { arrivalAnyTime: true, notes: 'Side gate' })).status).toBe(200);
    expect((await patch(owner.cookie, id, { arrivalAnyTime: false })).status).toBe(200);
    expect(await stored(id)).toBe(false);
  });

  it('another business’s booking: 404, and theirs is untouched', async () => {
    const a = await business('pro');
    const b = await business('pro');
    const theirs = await (await post(b.owner.cookie, newBooking(b.wash.id))).json();
    expect((await patch(a.owner.cookie, theirs.id, { arrivalAnyTime: true })).status).toBe(404);
    expect(await stored(theirs.id)).toBe(false);
  });

  it('a technician cannot set it: 403, nothing saved', async () => {
    const { owner, wash } = await business('pro');
    const b = await (await post(owner.cookie, newBooking(wash.id))).json();
    const { technician } = crissCrossDays(t);
    const ana = await technician(owner.userId, 'Ana');
    const { cookie } = await t.signIn(ana.email, ana.password);
    expect((await patch(cookie, b.id, { arrivalAnyTime: true })).status).toBe(403);
    expect(await stored(b.id)).toBe(false);
  });
});
