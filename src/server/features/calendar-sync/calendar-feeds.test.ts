import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createService,
  grantRole,
  updateProfile,
} from '../../db/factories';
import { bookings } from '../../db/schema';
import { createTestContext, nextIp } from '../../test/harness';
import { FEED_GUESS_LIMIT } from './calendar-feeds.routes';

const t = await createTestContext();

type Owner = Awaited<ReturnType<typeof t.signUp>>;
interface Feed {
  id: string;
  kind: 'business' | 'technician';
  technicianId: string | null;
  name: string;
  url: string;
  webcalUrl: string;
}

async function feedsOf(who: Owner) {
  const res = await t.request('/api/calendar-sync/feeds', { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: Feed[]; nextCursor: null }).items;
}
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string, ip = nextIp()) => t.request(pathOf(url), { ip });
const events = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');

async function businessWithJobs() {
  const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
  await updateProfile(t.db, owner.userId, { businessName: 'Olive Detail' });
  const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
  await grantRole(t.db, tech.userId, 'technician', owner.userId);
  const service = await createService(t.db, owner.userId, {
    name: 'Full Detail',
    basePriceCents: 15000,
    durationMinutes: 120,
  });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Casey',
    lastName: 'Secretlastname',
    email: 'casey@example.com',
    phone: '+15125550142',
  });
  const at = new Date('2030-03-10T15:00:00Z'); // 10:00 in Chicago, the US's DST morning
  const mine = await createBooking(t.db, owner.userId, {
    service: { id: service.id, name: service.name, durationMinutes: 120 },
    customerId: customer.id,
    scheduledAt: at,
    locationAddress: '12 Elm St, Austin, TX 78701',
    quotedPriceCents: 15000,
    status: 'confirmed',
  });
  await assignBooking(t.db, owner.userId, mine.id, tech.userId);
  const other = await createBooking(t.db, owner.userId, {
    service: { id: service.id, name: 'Quick Wash', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date('2030-03-11T15:00:00Z'),
    locationAddress: '99 Oak St, Austin, TX 78702',
    quotedPriceCents: 5000,
    status: 'confirmed',
  });
  return { owner, tech, mine, other };
}

describe('live ICS feeds out', () => {
  it("the owner sees the business's feed and each technician's; a technician only their own", async () => {
    const { owner, tech } = await businessWithJobs();
    const ownerFeeds = await feedsOf(owner);
    expect(ownerFeeds.map((f) => [f.kind, f.name])).toEqual([
      ['business', 'All jobs'],
      ['technician', 'Theo Tech'],
    ]);
    for (const f of ownerFeeds) {
      expect(f.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feeds\/[A-Za-z0-9_-]{44}$/);
      expect(f.webcalUrl).toBe(f.url.replace('http://', 'webcal://'));
    }
    const techFeeds = await feedsOf(tech);
    expect(techFeeds).toEqual([ownerFeeds[1]]);
    // The same addresses on every visit (the screen shows them again).
    expect(await feedsOf(owner)).toEqual(ownerFeeds);
  });

  it('is RFC 5545 in the business zone with a VTIMEZONE, stable UIDs and only what the job needs', async () => {
    const { owner, mine, other } = await businessWithJobs();
    const [business, technician] = await feedsOf(owner);
    const res = await fetchFeed(business!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = await res.text();
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago');
    expect(text).toContain('DTSTART;TZID=America/Chicago:20300310T100000');
    const all = events(text);
    expect(all.map((e) => e.uid).sort()).toEqual([`${mine.id}@shineroute`, `${other.id}@shineroute`].sort());
    const job = all.find((e) => e.uid === `${mine.id}@shineroute`)!;
    expect(job.start.toISOString()).toBe('2030-03-10T15:00:00.000Z');
    expect(job.end?.toISOString()).toBe('2030-03-10T17:00:00.000Z');
    expect(job.start.tz).toBe('America/Chicago');
    expect(job.summary).toBe('Full Detail · Casey');
    expect(job.location).toBe('12 Elm St, Austin, TX 78701');
    // No last name or email anywhere; the phone only on the technician's feed.
    expect(text).not.toContain('Secretlastname');
    expect(text).not.toContain('casey@example.com');
    expect(text).not.toContain('5550142');

    const techText = await (await fetchFeed(technician!.url)).text();
    const techEvents = events(techText);
    expect(techEvents.map((e) => e.uid)).toEqual([`${mine.id}@shineroute`]);
    expect(techText).toContain('Phone: +15125550142');
    expect(techText).not.toContain('Secretlastname');
  });

  it('bumps SEQUENCE on every change of a booking and shows a cancelled job as STATUS:CANCELLED', async () => {
    const { owner, mine } = await businessWithJobs();
    const [business] = await feedsOf(owner);
    const seq = async () =>
      events(await (await fetchFeed(business!.url)).text()).find((e) => e.uid === `${mine.id}@shineroute`)!;
    expect(Number((await seq()).sequence)).toBe(0);
    await t.db
      .update(bookings)
      .set({ scheduledAt: new Date('2030-03-10T16:00:00Z') })
      .where(eq(bookings.id, mine.id));
    expect(Number((await seq()).sequence)).toBe(1);
    // A change that the event does not show (the price) is no new version.
    await t.db.update(bookings).set({ finalPriceCents: 100 }).where(eq(bookings.id, mine.id));
    expect(Number((await seq()).sequence)).toBe(1);
    await t.db.update(bookings).set({ status: 'pending' }).where(eq(bookings.id, mine.id));
    expect(Number((await seq()).sequence)).toBe(2);
    const cancel = await t.request(`/api/bookings/${mine.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const cancelled = await seq();
    expect(Number(cancelled.sequence)).toBe(3);
    expect(cancelled.status).toBe('CANCELLED');
  });

  it('answers 404 to a wrong, forged or rotated address, and another business cannot rotate a feed', async () => {
    const a = await businessWithJobs();
    const b = await businessWithJobs();
    const [aFeed, aTechFeed] = await feedsOf(a.owner);
    const [bFeed] = await feedsOf(b.owner);
    const token = pathOf(aFeed!.url).split('/').pop()!;
    const forged = `${token.slice(0, 22)}${pathOf(bFeed!.url).split('/').pop()!.slice(22)}`;
    for (const bad of ['nope', 'A'.repeat(44), forged])
      expect((await t.request(`/api/calendar-feeds/${bad}`)).status).toBe(404);

    // Another business's owner, and a technician for a feed not theirs: 404, and the address still works.
    const foreign = await t.request(`/api/calendar-sync/feeds/${aFeed!.id}/rotate`, {
      method: 'POST',
      cookie: b.owner.cookie,
    });
    expect(foreign.status).toBe(404);
    const notTheirs = await t.request(`/api/calendar-sync/feeds/${aFeed!.id}/rotate`, {
      method: 'POST',
      cookie: a.tech.cookie,
    });
    expect(notTheirs.status).toBe(404);
    expect((await fetchFeed(aFeed!.url)).status).toBe(200);

    const rotated = await t.request(`/api/calendar-sync/feeds/${aFeed!.id}/rotate`, {
      method: 'POST',
      cookie: a.owner.cookie,
    });
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()) as Feed;
    expect(fresh.id).toBe(aFeed!.id);
    expect(fresh.url).not.toBe(aFeed!.url);
    expect((await fetchFeed(aFeed!.url)).status).toBe(404);
    expect((await fetchFeed(fresh.url)).status).toBe(200);
    // The other feeds keep their addresses.
    expect((await fetchFeed(aTechFeed!.url)).status).toBe(200);
    // A technician rotates their own.
    const own = await t.request(`/api/calendar-sync/feeds/${aTechFeed!.id}/rotate`, {
      method: 'POST',
      cookie: a.tech.cookie,
    });
    expect(own.status).toBe(200);
    expect((await fetchFeed(aTechFeed!.url)).status).toBe(404);
  });

  it('limits guessing: after too many misses an address waits, even with a right token', async () => {
    const { owner } = await businessWithJobs();
    const [feed] = await feedsOf(owner);
    const ip = nextIp();
    for (let i = 0; i < FEED_GUESS_LIMIT.max; i++)
      expect((await fetchFeed(`http://x/api/calendar-feeds/${'B'.repeat(43)}${i % 10}`, ip)).status).toBe(
        404,
      );
    const blocked = await fetchFeed(feed!.url, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Others are not held up.
    expect((await fetchFeed(feed!.url)).status).toBe(200);
  });
});
