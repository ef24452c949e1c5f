import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../http/error-handler';
import { pgErrorCode } from '../http/ids';
import { createTestContext } from '../test/harness';
import {
  createBooking,
  createCustomer,
  createInventoryItem,
  createSeoPage,
  createService,
  createVehicle,
} from './factories';
import {
  bookings,
  customers,
  customerVehicles,
  ledgerEntries,
  loyaltyTransactions,
  messageSends,
  profiles,
  stockMovements,
  user,
} from './schema';

// Tenancy in the database too (issue 13, decision 441): a row of one business cannot name another business's row,
// whatever the code above it does, and the API answers such a write with a 4xx, never a 500.

const t = await createTestContext();

async function refusal(write: PromiseLike<unknown>) {
  try {
    await write;
  } catch (err) {
    return pgErrorCode(err);
  }
  return 'accepted';
}

async function business(marker: string) {
  const owner = await t.signUp({ firstName: marker, lastName: 'Owner' });
  const id = owner.userId;
  const service = await createService(t.db, id, { name: `${marker} Wash`, basePriceCents: 5000 });
  const customer = await createCustomer(t.db, id, {
    firstName: marker,
    lastName: 'Customer',
    email: `${marker.toLowerCase()}@example.com`,
  });
  const vehicle = await createVehicle(t.db, id, customer.id, {
    make: marker,
    model: 'Car',
    vehicleType: 'sedan',
  });
  const booking = await createBooking(t.db, id, {
    service: { id: service.id, name: service.name, durationMinutes: 60 },
    customerId: customer.id,
    customerVehicleId: vehicle.id,
    scheduledAt: new Date(Date.now() + 86_400_000),
    locationAddress: `${marker} Street 1`,
    quotedPriceCents: 5000,
  });
  const item = await createInventoryItem(t.db, id, { name: `${marker} Wax`, currentStock: 3 });
  return { id, service, customer, vehicle, booking, item };
}

const a = await business('Alpha');
const b = await business('Bravo');
const newBooking = (
  businessId: string,
  refs: { serviceId?: string; customerId?: string; vehicleId?: string },
) =>
  t.db.insert(bookings).values({
    businessId,
    serviceId: refs.serviceId ?? null,
    customerId: refs.customerId ?? null,
    customerVehicleId: refs.vehicleId ?? null,
    serviceName: 'Wash',
    durationMinutes: 60,
    scheduledAt: new Date(Date.now() + 2 * 86_400_000),
    locationAddress: '1 Main St',
    quotedPriceCents: 5000,
  });

describe('composite tenancy foreign keys', () => {
  it("refuses a direct insert naming another business's customer, service or vehicle (23503)", async () => {
    expect(await refusal(newBooking(a.id, { customerId: b.customer.id }))).toBe('23503');
    expect(await refusal(newBooking(a.id, { serviceId: b.service.id }))).toBe('23503');
    expect(await refusal(newBooking(a.id, { vehicleId: b.vehicle.id }))).toBe('23503');
    expect(
      await refusal(
        t.db.insert(customerVehicles).values({
          businessId: a.id,
          customerId: b.customer.id,
          make: 'X',
          model: 'Y',
          vehicleType: 'suv',
        }),
      ),
    ).toBe('23503');
    expect(
      await refusal(
        t.db.insert(stockMovements).values({
          businessId: a.id,
          inventoryItemId: b.item.id,
          change: 1,
          stockAfter: 1,
          reason: 'manual',
        }),
      ),
    ).toBe('23503');
    expect(
      await refusal(
        t.db.insert(loyaltyTransactions).values({
          businessId: a.id,
          customerId: b.customer.id,
          type: 'adjusted',
          source: 'owner',
          points: 10,
          description: 'x',
        }),
      ),
    ).toBe('23503');
    // The same rows of its own business are accepted.
    expect(await refusal(newBooking(a.id, { customerId: a.customer.id, serviceId: a.service.id }))).toBe(
      'accepted',
    );
    // B's customer kept its points (the refused ledger insert rolled back its trigger's update too).
    const [bc] = await t.db.select().from(customers).where(eq(customers.id, b.customer.id));
    expect(bc!.loyaltyPoints).toBe(0);
  });

  it("refuses a direct update pointing a row at another business's row (23503)", async () => {
    const set = (values: Partial<typeof bookings.$inferInsert>) =>
      t.db.update(bookings).set(values).where(eq(bookings.id, a.booking.id));
    expect(await refusal(set({ customerId: b.customer.id }))).toBe('23503');
    expect(await refusal(set({ serviceId: b.service.id }))).toBe('23503');
    expect(await refusal(set({ customerVehicleId: b.vehicle.id }))).toBe('23503');
    // Moving a row to the other business while it still names this business's rows is refused too.
    expect(await refusal(set({ businessId: b.id }))).toBe('23503');
    const id = crypto.randomUUID();
    await t.db.insert(messageSends).values({
      id,
      businessId: a.id,
      customerId: a.customer.id,
      bookingId: a.booking.id,
      kind: 'reminder_24h',
      dedupeKey: `fk:${id}`,
      channel: 'email',
      to: 'alpha@example.com',
      body: 'Hi',
    });
    const send = (values: Partial<typeof messageSends.$inferInsert>) =>
      t.db.update(messageSends).set(values).where(eq(messageSends.id, id));
    expect(await refusal(send({ customerId: b.customer.id }))).toBe('23503');
    expect(await refusal(send({ bookingId: b.booking.id }))).toBe('23503');
    const page = await createSeoPage(t.db, {
      slug: `bravo-page-${id}`,
      city: 'Austin',
      state: 'TX',
      businessId: b.id,
    });
    expect(
      await refusal(t.db.update(profiles).set({ businessPageId: page.id }).where(eq(profiles.id, a.id))),
    ).toBe('23503');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, a.booking.id));
    expect(row).toMatchObject({ businessId: a.id, customerId: a.customer.id, serviceId: a.service.id });
  });

  it('keeps the delete behaviour: SET NULL clears only the pointing column, CASCADE still removes', async () => {
    const c = await business('Charlie');
    await t.db.delete(customers).where(eq(customers.id, c.customer.id));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, c.booking.id));
    // business_id stays: the column list of ON DELETE SET NULL (customer_id) leaves it alone.
    expect(row).toMatchObject({
      businessId: c.id,
      customerId: null,
      customerVehicleId: null,
      serviceId: c.service.id,
    });
    expect(await t.db.select().from(customerVehicles).where(eq(customerVehicles.id, c.vehicle.id))).toEqual(
      [],
    );
  });

  it('covers every foreign key between two tables of a business with business_id', async () => {
    // A foreign key from a table with business_id to another table with business_id must include business_id,
    // or stand beside a composite one on the same column (the tables whose business_id may be null keep both).
    const { rows } = await t.handle.query(`
      with fks as (
        select c.conname, c.conrelid, c.confrelid,
               array(select a.attname::text from unnest(c.conkey) k join pg_attribute a
                       on a.attrelid = c.conrelid and a.attnum = k order by a.attname) as cols
          from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      ), tenant as (
        select attrelid from pg_attribute where attname = 'business_id' and not attisdropped
      )
      select f.conname as name from fks f
       where f.conrelid in (select attrelid from tenant) and f.confrelid in (select attrelid from tenant)
         and not ('business_id' = any(f.cols))
         and not exists (select 1 from fks g where g.conrelid = f.conrelid and g.confrelid = f.confrelid
                          and g.cols @> (f.cols || array['business_id']))`);
    expect(rows.map((r) => r.name)).toEqual([]);
  });
});

describe('the API and a foreign key violation', () => {
  const api = new Hono();
  api.onError(handleError);
  api.post('/cross-tenant', async (c) => {
    await newBooking(a.id, { customerId: b.customer.id });
    return c.json({ ok: true }, 201);
  });
  api.delete('/still-referenced', async (c) => {
    const d = await t.signUp({ firstName: 'Delta', lastName: 'Owner' });
    await t.db.insert(ledgerEntries).values({
      businessId: d.userId,
      kind: 'charge',
      amountCents: 100,
      documentType: 'booking',
      documentId: 'x',
      description: 'A charge',
      key: `fk-test:${d.userId}`,
    });
    await t.db.delete(user).where(eq(user.id, d.userId));
    return c.body(null, 204);
  });

  it('answers a cross-tenant write with 404 and a delete of a referenced row with 409, never a 500', async () => {
    const write = await api.request('/cross-tenant', { method: 'POST' });
    expect(write.status).toBe(404);
    expect(await write.json()).toEqual({ error: { message: 'Not found' } });
    const del = await api.request('/still-referenced', { method: 'DELETE' });
    expect(del.status).toBe(409);
  });
});
