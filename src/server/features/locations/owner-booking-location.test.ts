import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServiceArea } from '../../db/factories';
import { bookings, locations } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, daysAhead } from '../bookings/book/booking.fixtures';

// The owner's New booking names a location (decision 1280): one of the business's own, checked on the server; another
// business's is a 404 and nothing is booked.

const t = await createTestContext();

async function eliteWithLocation() {
  const owner = await t.signUp({ plan: 'elite' });
  const [service] = await bookableBusiness(t.db, owner.userId);
  for (const zip of ['78701', '78702'])
    await createServiceArea(t.db, owner.userId, {
      zipCode: zip,
      city: 'Austin',
      state: 'Texas',
      isActive: true,
    });
  const res = await t.request('/api/locations', {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      name: 'East Side',
      address: '900 E 6th St, Austin, TX 78702',
      timeZone: 'America/Chicago',
      weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '17:00' })),
      zips: ['78702'],
      technicianIds: [],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { owner, service: service!, east: await res.json() };
}

const newBooking = (serviceId: string, extra: Record<string, unknown>) => ({
  customer: {
    firstName: 'Maya',
    lastName: 'Lopez',
    email: `maya-${crypto.randomUUID()}@example.com`,
    phone: '',
  },
  vehicle: { make: 'Honda', model: 'Civic', year: 2021, color: 'Red' },
  vehicleType: 'sedan',
  serviceId,
  date: daysAhead(3),
  time: '10:00',
  locationAddress: '500 Congress Ave, Austin, TX 78701',
  paidOffline: true,
  ...extra,
});

describe('the owner’s New booking at a location', () => {
  it('books into the chosen location; another business’s location is a 404', async () => {
    const { owner, service, east } = await eliteWithLocation();
    const res = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: newBooking(service.id, { locationId: east.id }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, (await res.json()).id));
    expect(row!.locationId).toBe(east.id);

    const other = await eliteWithLocation();
    const before = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    const foreign = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: newBooking(service.id, { locationId: other.east.id, time: '13:00' }),
    });
    expect(foreign.status).toBe(404);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(
      before.length,
    );
    // Without a choice, the address's zip picks the location (78701: the main one).
    const byZip = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: newBooking(service.id, { time: '14:00' }),
    });
    expect(byZip.status, await byZip.clone().text()).toBe(201);
    const [main] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.businessId, owner.userId))
      .orderBy(locations.isPrimary);
    const [zipRow] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, (await byZip.json()).id));
    expect(zipRow!.locationId).not.toBe(east.id);
    expect(main).toBeDefined();
  });
});
