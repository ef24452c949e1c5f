import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createVehicle, grantRole, updateProfile } from '../../db/factories';
import { fleetInvoices, invoices, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { runMonthlyFleetInvoices } from './fleet.service';

const t = await createTestContext();
const ZONE = 'America/Los_Angeles';
const company = {
  companyName: 'Acme Rentals LLC',
  billingEmail: 'ap@acme-rentals.test',
  poNumber: 'PO-7731',
  paymentTermsDays: 30,
};

/** A business in Los Angeles with a company customer of two vans. */
async function setup() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { businessName: 'Fleet Shine', timeZone: ZONE });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Dana',
    lastName: 'Fleet',
    email: `dana-${crypto.randomUUID().slice(0, 6)}@acme-rentals.test`,
  });
  const vans = [
    await createVehicle(t.db, owner.userId, customer.id, {
      make: 'Ford',
      model: 'Transit',
      vehicleType: 'van',
    }),
    await createVehicle(t.db, owner.userId, customer.id, {
      make: 'Ram',
      model: 'ProMaster',
      vehicleType: 'van',
    }),
  ];
  const put = await t.request(`/api/customers/${customer.id}/company`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: company,
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return { owner, customer, vans };
}

const visit = (
  s: Awaited<ReturnType<typeof setup>>,
  at: Date,
  priceCents: number,
  status: 'completed' | 'cancelled' = 'completed',
  van = 0,
) =>
  createBooking(t.db, s.owner.userId, {
    service: { id: null, name: 'Fleet Wash', durationMinutes: 60 },
    customerId: s.customer.id,
    customerVehicleId: s.vans[van]!.id,
    scheduledAt: at,
    locationAddress: '1 Depot Rd',
    quotedPriceCents: priceCents,
    finalPriceCents: status === 'completed' ? priceCents : null,
    status,
  });

describe('fleet accounts', () => {
  it('the owner makes a customer a company; the account answers with its terms; bad input is 400', async () => {
    const s = await setup();
    const res = await t.request(`/api/customers/${s.customer.id}/company`, { cookie: s.owner.cookie });
    expect(await res.json()).toEqual({ account: company, items: [], nextCursor: null });
    const bad = await t.request(`/api/customers/${s.customer.id}/company`, {
      method: 'PUT',
      cookie: s.owner.cookie,
      json: { ...company, paymentTermsDays: 45, billingEmail: 'nope' },
    });
    expect(bad.status).toBe(400);
    const month = await t.request(`/api/customers/${s.customer.id}/company/monthly-invoice`, {
      method: 'POST',
      cookie: s.owner.cookie,
      json: { month: '2026-13' },
    });
    expect(month.status).toBe(400);
  });

  it('another business gets 404 and a technician 403', async () => {
    const s = await setup();
    const other = await t.signUp();
    const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', s.owner.userId);
    const paths = [
      ['GET', `/api/customers/${s.customer.id}/company`, undefined],
      ['PUT', `/api/customers/${s.customer.id}/company`, company],
      ['DELETE', `/api/customers/${s.customer.id}/company`, undefined],
      ['POST', `/api/customers/${s.customer.id}/company/monthly-invoice`, { month: '2026-10' }],
    ] as const;
    for (const [method, path, json] of paths) {
      expect((await t.request(path, { method, cookie: other.cookie, json })).status, path).toBe(404);
      expect((await t.request(path, { method, cookie: tech.cookie, json })).status, path).toBe(403);
    }
    expect((await t.request(`/api/customers/not-an-id/company`, { cookie: s.owner.cookie })).status).toBe(
      404,
    );
  });

  it('one invoice per month in the business’s zone, the visits as lines, total = their sum, made and sent once', async () => {
    const s = await setup();
    // October 2026 in Los Angeles: from Oct 1 00:00 PDT to Nov 1 00:00 PDT (07:00 UTC each).
    const inOct = [
      await visit(s, zonedTimeToUtc('2026-10-01', '00:00', ZONE), 8500),
      await visit(s, zonedTimeToUtc('2026-10-15', '10:00', ZONE), 9250, 'completed', 1),
      await visit(s, zonedTimeToUtc('2026-10-31', '23:30', ZONE), 7000), // Nov 1 06:30 UTC: still October here
    ];
    await visit(s, zonedTimeToUtc('2026-10-20', '10:00', ZONE), 5000, 'cancelled');
    await visit(s, zonedTimeToUtc('2026-09-30', '23:59', ZONE), 4000); // September
    await visit(s, zonedTimeToUtc('2026-11-01', '00:00', ZONE), 3000); // November
    expect(inOct).toHaveLength(3);

    // Oct 31 23:00 in Los Angeles (Nov 1 06:00 UTC): still October there, nothing is billed.
    expect(await runMonthlyFleetInvoices(t.deps, zonedTimeToUtc('2026-10-31', '23:00', ZONE))).toMatchObject(
      {},
    );
    const none = await t.db.select().from(fleetInvoices).where(eq(fleetInvoices.customerId, s.customer.id));
    expect(none.filter((r) => r.month === '2026-10')).toHaveLength(0);

    // The first of November there: October's invoice, once, however often the job runs.
    const first = zonedTimeToUtc('2026-11-01', '00:30', ZONE);
    await Promise.all([runMonthlyFleetInvoices(t.deps, first), runMonthlyFleetInvoices(t.deps, first)]);
    await runMonthlyFleetInvoices(t.deps, new Date(first.getTime() + 3_600_000));
    const rows = await t.db.select().from(fleetInvoices).where(eq(fleetInvoices.customerId, s.customer.id));
    const oct = rows.filter((r) => r.month === '2026-10');
    expect(oct).toHaveLength(1);
    expect(oct[0]!.visits).toBe(3);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, oct[0]!.invoiceId));
    expect(inv!.items).toHaveLength(3);
    expect(inv!.totalCents).toBe(8500 + 9250 + 7000);
    expect(inv!.totalCents).toBe(inv!.items.reduce((sum, l) => sum + l.totalCents, 0));
    expect(inv!.customerEmail).toBe(company.billingEmail);
    expect(inv!.customerName).toBe(company.companyName);
    expect(inv!.notes).toContain('PO-7731');
    expect(Math.round((inv!.dueAt.getTime() - inv!.issuedAt.getTime()) / 86_400_000)).toBe(30);
    expect(inv!.items.map((l) => l.serviceName)).toEqual([
      expect.stringContaining('Fleet Wash · Ford Transit'),
      expect.stringContaining('Fleet Wash · Ram ProMaster'),
      expect.stringContaining('Fleet Wash · Ford Transit'),
    ]);
    expect(inv!.sentAt).not.toBeNull();
    const mails = await t.db.select().from(messageSends).where(eq(messageSends.to, company.billingEmail));
    expect(mails.filter((m) => m.dedupeKey === `invoice:${inv!.id}:sent:email`)).toHaveLength(1);

    // The owner's Send for the same month gives the same invoice, not a second one.
    const again = await t.request(`/api/customers/${s.customer.id}/company/monthly-invoice`, {
      method: 'POST',
      cookie: s.owner.cookie,
      json: { month: '2026-10' },
    });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(inv!.id);
  });

  it('the owner sends a month by hand; a month without visits is 409; the account lists its invoices', async () => {
    const s = await setup();
    await visit(s, zonedTimeToUtc('2026-08-10', '09:00', ZONE), 12000);
    const send = (month: string) =>
      t.request(`/api/customers/${s.customer.id}/company/monthly-invoice`, {
        method: 'POST',
        cookie: s.owner.cookie,
        json: { month },
      });
    const res = await send('2026-08');
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.totalCents).toBe(12000);
    expect(body.sentAt).not.toBeNull();
    expect((await send('2026-07')).status).toBe(409);
    const account = await (
      await t.request(`/api/customers/${s.customer.id}/company`, { cookie: s.owner.cookie })
    ).json();
    expect(account.items).toMatchObject([{ month: '2026-08', visits: 1, totalCents: 12000 }]);
  });
});
