import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, createService, createVehicle } from '../../db/factories';
import { bookings, customers } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

const post = (cookie: string, json: unknown) => t.request('/api/customers', { method: 'POST', cookie, json });
const put = (cookie: string, id: string, json: unknown) =>
  t.request(`/api/customers/${id}`, { method: 'PUT', cookie, json });

describe('customers', () => {
  it('answers 401 on every route when signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('/api/customers')).status).toBe(401);
    expect((await t.request('/api/customers', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request(`/api/customers/${id}`)).status).toBe(401);
    expect((await t.request(`/api/customers/${id}`, { method: 'PUT', json: {} })).status).toBe(401);
    expect((await t.request(`/api/customers/${id}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('creates a customer, storing empty phone, address and notes as null', async () => {
    const owner = await t.signUp();
    const res = await post(owner.cookie, {
      firstName: ' Ana ',
      lastName: 'Lopez',
      email: 'Ana@Example.com',
      phone: '',
      address: '  ',
      notes: '',
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      firstName: 'Ana',
      email: 'ana@example.com',
      phone: null,
      address: null,
      notes: null,
      totalSpentCents: 0,
      loyaltyTier: 'bronze',
    });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, body.id));
    expect(row).toMatchObject({ businessId: owner.userId, phone: null, address: null, notes: null });
  });

  it.each([
    [{ lastName: 'L', email: 'a@b.co' }, 'First name is required'],
    [{ firstName: '', lastName: 'L', email: 'a@b.co' }, 'First name is required'],
    [{ firstName: 'A', lastName: ' ', email: 'a@b.co' }, 'Last name is required'],
    [{ firstName: 'A', lastName: 'L', email: '' }, 'Email is required'],
    [{ firstName: 'A', lastName: 'L', email: 'nope' }, 'Please enter a valid email address'],
  ])('rejects %j with “%s”', async (input, message) => {
    const owner = await t.signUp();
    const res = await post(owner.cookie, input);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('rejects a duplicate email within a business with a clear 409, but allows it in another business', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    expect(
      (await post(owner.cookie, { firstName: 'A', lastName: 'B', email: 'dup@example.com' })).status,
    ).toBe(201);
    const dup = await post(owner.cookie, { firstName: 'C', lastName: 'D', email: 'DUP@example.com' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe('A customer with this email already exists');
    expect(
      (await post(other.cookie, { firstName: 'A', lastName: 'B', email: 'dup@example.com' })).status,
    ).toBe(201);
    const second = await (
      await post(owner.cookie, { firstName: 'E', lastName: 'F', email: 'second@example.com' })
    ).json();
    const clash = await put(owner.cookie, second.id, {
      firstName: 'E',
      lastName: 'F',
      email: 'dup@example.com',
    });
    expect(clash.status).toBe(409);
    // Saving a customer with their own email is not a clash.
    expect(
      (await put(owner.cookie, second.id, { firstName: 'Eve', lastName: 'F', email: 'second@example.com' }))
        .status,
    ).toBe(200);
  });

  it('lists newest first with search, and edits', async () => {
    const owner = await t.signUp();
    const a = await (
      await post(owner.cookie, {
        firstName: 'Alpha',
        lastName: 'One',
        email: 'alpha@example.com',
        phone: '512-111',
      })
    ).json();
    await (
      await post(owner.cookie, {
        firstName: 'Beta',
        lastName: 'Two',
        email: 'beta@example.com',
        address: '9 Oak St',
      })
    ).json();
    const list = await (await t.request('/api/customers', { cookie: owner.cookie })).json();
    expect(list.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Beta', 'Alpha']);
    expect(list.nextCursor).toBeNull();
    const found = await (await t.request('/api/customers?q=oak', { cookie: owner.cookie })).json();
    expect(found.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Beta']);
    const edited = await put(owner.cookie, a.id, {
      firstName: 'Alpha',
      lastName: 'Uno',
      email: 'alpha@example.com',
      phone: '',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ lastName: 'Uno', phone: null });
  });

  it('shows vehicles, booking history, lifetime value and loyalty tier', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Gold',
      lastName: 'Member',
      email: 'gold@example.com',
    });
    await createVehicle(t.db, owner.userId, customer.id, {
      make: 'BMW',
      model: 'X5',
      year: 2023,
      color: 'Black',
      vehicleType: 'suv',
    });
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 4500 });
    await createBooking(t.db, owner.userId, {
      service,
      customerId: customer.id,
      scheduledAt: new Date('2030-01-01T15:00:00Z'),
      locationAddress: 'a',
      quotedPriceCents: 52_000,
      status: 'completed',
    });
    await createBooking(t.db, owner.userId, {
      service,
      customerId: customer.id,
      scheduledAt: new Date('2030-02-01T15:00:00Z'),
      locationAddress: 'b',
      quotedPriceCents: 5400,
    });
    const res = await t.request(`/api/customers/${customer.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.customer).toMatchObject({
      loyaltyTier: 'gold',
      totalSpentCents: 52_000,
      vehicleCount: 1,
      bookingCount: 2,
    });
    expect(body.vehicles).toEqual([
      expect.objectContaining({ make: 'BMW', model: 'X5', year: 2023, color: 'Black', vehicleType: 'suv' }),
    ]);
    expect(body.bookings.map((b: { locationAddress: string }) => b.locationAddress)).toEqual(['b', 'a']);
    expect(body.lifetimeValueCents).toBe(52_000);
    expect(body.completedBookings).toBe(1);
  });

  it('deletes a customer and keeps their bookings without personal details', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Gone',
      lastName: 'Soon',
      email: 'gone@example.com',
    });
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 4500 });
    const booking = await createBooking(t.db, owner.userId, {
      service,
      customerId: customer.id,
      scheduledAt: new Date(),
      locationAddress: 'a',
      quotedPriceCents: 1,
      status: 'completed',
    });
    const res = await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await t.db.select().from(customers).where(eq(customers.id, customer.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept!.customerId).toBeNull();
    expect(
      (await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("answers 404 for another business's customer on every route with an id", async () => {
    const mine = await t.signUp();
    const theirs = await t.signUp();
    const customer = await createCustomer(t.db, theirs.userId, {
      firstName: 'Not',
      lastName: 'Yours',
      email: 'private@example.com',
    });
    const input = { firstName: 'Hacked', lastName: 'X', email: 'private@example.com' };
    expect((await t.request(`/api/customers/${customer.id}`, { cookie: mine.cookie })).status).toBe(404);
    expect((await put(mine.cookie, customer.id, input)).status).toBe(404);
    expect(
      (await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: mine.cookie })).status,
    ).toBe(404);
    expect((await t.request('/api/customers/not-a-uuid', { cookie: mine.cookie })).status).toBe(404);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.firstName).toBe('Not');
    expect(await (await t.request('/api/customers', { cookie: mine.cookie })).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });
});
