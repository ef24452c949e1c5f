import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, createService } from '../../db/factories';
import { bookings, customers, profiles } from '../../db/schema';
import { zipCentroidGeocoder } from '../../providers/geo/zip-centroid';
import { createTestContext } from '../../test/harness';
import { backfillCoordinates } from './coordinates.service';

const t = await createTestContext();

describe('coordinates stored when an address is written (decision 1215)', () => {
  it('a customer saved with an address gets its zip code’s point; a changed address moves it', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/customers', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        firstName: 'Ana',
        lastName: 'Lopez',
        email: 'ana@example.com',
        address: '1 Main St, Austin, TX 78701',
      },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(row!.latitude).toBeCloseTo(30.27, 1);
    expect(row!.longitude).toBeCloseTo(-97.74, 1);
    const put = await t.request(`/api/customers/${id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: {
        firstName: 'Ana',
        lastName: 'Lopez',
        email: 'ana@example.com',
        address: '9 Elm St, Round Rock, TX 78664',
      },
    });
    expect(put.status).toBe(200);
    const [moved] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(moved!.latitude).toBeCloseTo(30.51, 1);
  });

  it('the business base follows the saved business address', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/business-profile', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { businessName: 'Shine Co', businessAddress: '500 Congress Ave, Austin, TX 78701' },
    });
    expect(res.status).toBe(200);
    const [p] = await t.db.select().from(profiles).where(eq(profiles.id, owner.userId));
    expect(p!.baseLatitude).toBeCloseTo(30.27, 1);
  });
});

describe('back-fill of rows written before coordinates were stored', () => {
  it('fills bookings, customers and the base that lack them, once', async () => {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 5000 });
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'B',
      lastName: 'C',
      email: 'bc@example.com',
      address: '2 Oak St, Austin TX 78704',
    });
    const [booking] = await t.db
      .insert(bookings)
      .values({
        businessId: owner.userId,
        serviceId: service.id,
        serviceName: 'Wash',
        durationMinutes: 60,
        scheduledAt: new Date('2026-12-01T15:00:00Z'),
        locationAddress: '3 Pine St, Austin TX 78702',
        quotedPriceCents: 5000,
      })
      .returning();
    const [lost] = await t.db
      .insert(bookings)
      .values({
        businessId: owner.userId,
        serviceName: 'Wash',
        durationMinutes: 60,
        scheduledAt: new Date('2026-12-01T17:00:00Z'),
        locationAddress: 'somewhere without a zip',
        quotedPriceCents: 5000,
      })
      .returning();
    await t.db
      .update(customers)
      .set({ latitude: null, longitude: null })
      .where(eq(customers.id, customer.id));
    await t.db
      .update(profiles)
      .set({ businessAddress: '1 Base Rd, Austin TX 78745', baseLatitude: null })
      .where(eq(profiles.id, owner.userId));
    expect(booking!.latitude).toBeNull();

    const counts = await backfillCoordinates(t.db, zipCentroidGeocoder, { businessId: owner.userId });
    expect(counts).toEqual({ bookings: 1, customers: 1, businesses: 1 });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(b!.latitude).toBeCloseTo(30.26, 1);
    const [l] = await t.db.select().from(bookings).where(eq(bookings.id, lost!.id));
    expect(l!.latitude).toBeNull();
    expect(await backfillCoordinates(t.db, zipCentroidGeocoder, { businessId: owner.userId })).toEqual({
      bookings: 0,
      customers: 0,
      businesses: 0,
    });
  });
});

describe('the start-up back-fill stops when the instance drains', () => {
  it('stops between two rows once aborted, and leaves the rest for the next start', async () => {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 5000 });
    const zips = ['78701', '78702', '78703'];
    await t.db.insert(bookings).values(
      zips.map((zip, i) => ({
        businessId: owner.userId,
        serviceId: service.id,
        serviceName: 'Wash',
        durationMinutes: 60,
        scheduledAt: new Date(`2026-12-0${i + 1}T15:00:00Z`),
        locationAddress: `${i + 1} Elm St, Austin TX ${zip}`,
        zipCode: zip,
        quotedPriceCents: 5000,
      })),
    );
    const draining = new AbortController();
    let asked = 0;
    // The instance starts draining while the second address is being placed.
    const geocoder = {
      ...zipCentroidGeocoder,
      geocode: async (q: Parameters<typeof zipCentroidGeocoder.geocode>[0]) => {
        asked++;
        if (asked === 2) draining.abort();
        return zipCentroidGeocoder.geocode(q);
      },
    };
    const counts = await backfillCoordinates(t.db, geocoder, {
      businessId: owner.userId,
      signal: draining.signal,
    });
    expect(counts).toEqual({ bookings: 1, customers: 0, businesses: 0 });
    expect(asked).toBe(2);
    const rows = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(rows.filter((r) => r.latitude !== null)).toHaveLength(1);

    const rest = await backfillCoordinates(t.db, zipCentroidGeocoder, { businessId: owner.userId });
    expect(rest.bookings).toBe(2);
  });
});
