import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignBooking, createBooking, createCustomer, grantRole } from '../../db/factories';
import { bookings, customers } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { REFINE_MAX_ACCURACY_M } from './gps-refine.service';

// A technician's GPS at check-in refines the job's and the customer's point (issue 27, decision 1247): a good fix
// near the stored point is taken and marked; a poor fix, a far one, another business's rows and a replay change
// nothing; a later, more accurate fix wins.

const t = await createTestContext();
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
const other = await t.signUp({ firstName: 'Oscar', lastName: 'Other' });

const ADDRESS = '500 Congress Ave, Austin, TX 78701';
// The zip centroid the address was placed at, and where the driveway really is (≈ 600 m away).
const CENTROID = { lat: 30.2713, lng: -97.7426 };
const DRIVEWAY = { lat: 30.2672, lng: -97.7431 };

let n = 0;
async function job(opts: { business?: string; address?: string } = {}) {
  const business = opts.business ?? owner.userId;
  n++;
  const customer = await createCustomer(t.db, business, {
    firstName: 'Cora',
    lastName: `Client${n}`,
    email: `cora${n}.${business}@example.com`,
    address: ADDRESS,
  });
  const point = { latitude: CENTROID.lat, longitude: CENTROID.lng };
  await t.db.update(customers).set(point).where(eq(customers.id, customer.id));
  const b = await createBooking(t.db, business, {
    service: { id: null, name: 'Full Detail', durationMinutes: 120 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + 3_600_000),
    locationAddress: opts.address ?? ADDRESS,
    quotedPriceCents: 15000,
    status: 'confirmed',
  });
  await t.db.update(bookings).set(point).where(eq(bookings.id, b.id));
  if (business === owner.userId) await assignBooking(t.db, business, b.id, tech.userId);
  return { bookingId: b.id, customerId: customer.id };
}

const checkIn = (
  bookingId: string,
  fix: Record<string, number | string>,
  key: string = crypto.randomUUID(),
) =>
  t.request(`/api/field/jobs/${bookingId}/check-in`, {
    method: 'POST',
    cookie: tech.cookie,
    headers: { 'idempotency-key': key },
    json: { deviceTime: new Date().toISOString(), ...fix },
  });

const pointOf = async (ids: { bookingId: string; customerId: string }) => {
  const [b] = await t.db
    .select({
      lat: bookings.latitude,
      lng: bookings.longitude,
      source: bookings.coordinatesSource,
      accuracyM: bookings.coordinatesAccuracyM,
    })
    .from(bookings)
    .where(eq(bookings.id, ids.bookingId));
  const [c] = await t.db
    .select({
      lat: customers.latitude,
      lng: customers.longitude,
      source: customers.coordinatesSource,
      accuracyM: customers.coordinatesAccuracyM,
    })
    .from(customers)
    .where(eq(customers.id, ids.customerId));
  return { booking: b!, customer: c! };
};

const unrefined = { ...CENTROID, source: null, accuracyM: null };

describe('check-in GPS refines where the job is', () => {
  it('a good fix near the stored point moves the booking and the customer there, marked as from the check-in', async () => {
    const ids = await job();
    const res = await checkIn(ids.bookingId, { ...DRIVEWAY, accuracyM: 12 });
    expect(res.status).toBe(200);
    const refined = { ...DRIVEWAY, source: 'check_in', accuracyM: 12 };
    expect(await pointOf(ids)).toEqual({ booking: refined, customer: refined });
  });

  it('a fix of poor accuracy is ignored', async () => {
    const ids = await job();
    expect((await checkIn(ids.bookingId, { ...DRIVEWAY, accuracyM: REFINE_MAX_ACCURACY_M + 1 })).status).toBe(
      200,
    );
    expect(await pointOf(ids)).toEqual({ booking: unrefined, customer: unrefined });
    // No accuracy reported: not trusted either.
    expect((await checkIn(ids.bookingId, DRIVEWAY)).status).toBe(200);
    expect(await pointOf(ids)).toEqual({ booking: unrefined, customer: unrefined });
  });

  it('a fix far from the stored point (checked in from somewhere else) is ignored', async () => {
    const ids = await job();
    // ≈ 14 km north.
    expect((await checkIn(ids.bookingId, { lat: 30.4, lng: -97.7431, accuracyM: 5 })).status).toBe(200);
    expect(await pointOf(ids)).toEqual({ booking: unrefined, customer: unrefined });
  });

  it('a later, more accurate fix wins; a less accurate one does not', async () => {
    const ids = await job();
    await checkIn(ids.bookingId, { ...DRIVEWAY, accuracyM: 40 });
    const better = { lat: 30.2673, lng: -97.7432 };
    await checkIn(ids.bookingId, { ...better, accuracyM: 6 });
    await checkIn(ids.bookingId, { lat: 30.2676, lng: -97.7436, accuracyM: 30 });
    const expected = { ...better, source: 'check_in', accuracyM: 6 };
    expect(await pointOf(ids)).toEqual({ booking: expected, customer: expected });
  });

  it('a replayed check-in changes nothing', async () => {
    const ids = await job();
    const key = crypto.randomUUID();
    const fix = { ...DRIVEWAY, accuracyM: 12, deviceTime: new Date().toISOString() };
    const first = await checkIn(ids.bookingId, fix, key);
    expect(first.status).toBe(200);
    // The office puts the point back; the phone, unsure the first call arrived, sends it again.
    const reset = {
      latitude: CENTROID.lat,
      longitude: CENTROID.lng,
      coordinatesSource: null,
      coordinatesAccuracyM: null,
    };
    await t.db.update(bookings).set(reset).where(eq(bookings.id, ids.bookingId));
    await t.db.update(customers).set(reset).where(eq(customers.id, ids.customerId));
    const replay = await checkIn(ids.bookingId, fix, key);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    expect(await pointOf(ids)).toEqual({ booking: unrefined, customer: unrefined });
  });

  it('a job away from the customer’s own address refines the job only', async () => {
    const ids = await job({ address: '1100 Congress Ave, Austin, TX 78701' });
    await checkIn(ids.bookingId, { ...DRIVEWAY, accuracyM: 12 });
    expect(await pointOf(ids)).toEqual({
      booking: { ...DRIVEWAY, source: 'check_in', accuracyM: 12 },
      customer: unrefined,
    });
  });

  it('another business’s rows are untouched, and its job answers 404', async () => {
    const mine = await job();
    const theirs = await job({ business: other.userId });
    await checkIn(mine.bookingId, { ...DRIVEWAY, accuracyM: 12 });
    expect((await checkIn(theirs.bookingId, { ...DRIVEWAY, accuracyM: 12 })).status).toBe(404);
    expect(await pointOf(theirs)).toEqual({ booking: unrefined, customer: unrefined });
  });

  it('an edit of the customer keeps the refined point while the address stays, and places a new address afresh', async () => {
    const ids = await job();
    await checkIn(ids.bookingId, { ...DRIVEWAY, accuracyM: 12 });
    const edit = (address: string) =>
      t.request(`/api/customers/${ids.customerId}`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: {
          firstName: 'Cora',
          lastName: 'Renamed',
          email: `renamed.${ids.customerId}@example.com`,
          address,
        },
      });
    expect((await edit(ADDRESS)).status).toBe(200);
    expect((await pointOf(ids)).customer).toEqual({ ...DRIVEWAY, source: 'check_in', accuracyM: 12 });
    expect((await edit('1 Main St, Round Rock, TX 78664')).status).toBe(200);
    const moved = (await pointOf(ids)).customer;
    expect(moved).toMatchObject({ source: null, accuracyM: null });
    expect(moved.lat).not.toBe(DRIVEWAY.lat);
  });
});
