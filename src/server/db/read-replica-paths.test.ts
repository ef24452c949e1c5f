import { describe, expect, it } from 'vitest';
import { bookableBusiness, bookingForm } from '../features/bookings/book/booking.fixtures';
import { createTestContext, openTestDatabase } from '../test/harness';
import { createSeoPage, grantRole, updateProfile } from './factories';

// Which paths read from DATABASE_READ_URL (decisions 1293, 1322). The "replica" here is a second, empty database:
// a path that reads from it sees nothing of the business; a path on the primary sees everything. (The streaming
// replica itself, its lag and its read-only refusal, is checked by `npm run replica:check`.)

const t = await createTestContext();
const replica = await openTestDatabase();

async function withReplica<T>(fn: () => Promise<T>): Promise<T> {
  t.deps.readDb = replica.db;
  try {
    return await fn();
  } finally {
    t.deps.readDb = undefined;
  }
}

/** A Pro business with a paid booking (a customer, ledger rows, message rows), the CRM booster and a live SEO page. */
async function busyBusiness() {
  const owner = await t.signUp({ plan: 'pro' });
  const [service] = await bookableBusiness(t.db, owner.userId);
  const email = `replica-${owner.userId.slice(0, 8)}@example.com`;
  const created = await (
    await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, email }),
    })
  ).json();
  await t.request(`${new URL(created.url).pathname}/pay`, { method: 'POST' });
  const done = await (
    await t.request('/api/booking/complete-booking', {
      method: 'POST',
      json: { sessionId: created.sessionId },
    })
  ).json();
  expect(
    (
      await t.request('/api/billing/add-ons', {
        method: 'POST',
        cookie: owner.cookie,
        json: { addOn: 'crm_booster' },
      })
    ).status,
  ).toBe(201);
  // A technician's shift of two hours ending an hour ago: a row of the timesheets CSV.
  const tech = await t.signUp();
  await grantRole(t.db, tech.userId, 'technician', owner.userId);
  for (const [path, hoursAgo] of [
    ['/api/field/shift/clock-in', 3],
    ['/api/field/shift/clock-out', 1],
  ] as const) {
    const res = await t.request(path, {
      method: 'POST',
      cookie: tech.cookie,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: { deviceTime: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }
  const slug = `replica-${owner.userId.slice(0, 8)}-austin-tx`;
  await updateProfile(t.db, owner.userId, { verificationStatus: 'verified' });
  await createSeoPage(t.db, { businessId: owner.userId, slug, city: 'Austin', state: 'TX' });
  return { owner, email, bookingId: done.booking.id as string, slug };
}

const isoDay = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
/** The days around today, whatever the business's zone: the shift above falls in them. */
const WEEK = `from=${isoDay(-3)}&to=${isoDay(3)}`;
const get = (path: string, cookie?: string) => t.request(path, cookie ? { cookie } : {});
const csvLines = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.text()).trim().split('\n').length;
};

describe('lag-tolerant reads go to the read replica; writes and read-your-own-write paths stay on the primary', () => {
  it('exports (customers, ledger, timesheets), the message log and the sitemap read the replica', async () => {
    const { owner, slug } = await busyBusiness();
    const paths = async () => ({
      customersCsv: await csvLines(await get('/api/customers/export.csv', owner.cookie)),
      ledgerCsv: await csvLines(await get('/api/payouts/ledger.csv', owner.cookie)),
      timesheetsCsv: await csvLines(await get(`/api/timesheets/export.csv?${WEEK}`, owner.cookie)),
      messageLog: ((await (await get('/api/automations/log', owner.cookie)).json()).items as unknown[])
        .length,
      sitemapHasPage: (await (await get('/sitemap.xml')).text()).includes(`/seo/${slug}<`),
    });

    const primary = await paths();
    expect(primary.customersCsv).toBeGreaterThan(1);
    expect(primary.ledgerCsv).toBeGreaterThan(1);
    expect(primary.timesheetsCsv).toBeGreaterThan(1);
    expect(primary.messageLog).toBeGreaterThan(0);
    expect(primary.sitemapHasPage).toBe(true);

    // The booster check answers from the primary (the replica has no purchase: it would say 402); the rows from the
    // replica, which has none of this business.
    expect(await withReplica(paths)).toEqual({
      customersCsv: 1,
      ledgerCsv: 1,
      timesheetsCsv: 1,
      messageLog: 0,
      sitemapHasPage: false,
    });
  });

  it('the booking just made, the customer list, the ledger list and the session stay on the primary', async () => {
    const { owner, bookingId, email } = await busyBusiness();
    await withReplica(async () => {
      const booking = await get(`/api/bookings/${bookingId}`, owner.cookie);
      expect(booking.status).toBe(200);
      const customers = await (await get('/api/customers', owner.cookie)).json();
      expect(customers.items.map((c: { email: string }) => c.email)).toContain(email);
      const ledger = await (await get('/api/payouts/ledger', owner.cookie)).json();
      expect(ledger.items.length).toBeGreaterThan(0);
      const me = await get('/api/me/role', owner.cookie);
      expect(me.status).toBe(200);
    });
  });
});
