import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '../../../shared/platform-settings';
import { createServiceArea } from '../../db/factories';
import { adminAuditLog, bookings, ledgerEntries } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { createLeadBooking } from '../analytics/analytics.seed';

const DEFAULT_LEAD_PRICE_CENTS = DEFAULT_PLATFORM_SETTINGS.leadPriceCents;

const t = await createTestContext();
const admin = await t.createAdmin();
const DAY = 24 * 60 * 60 * 1000;
let n = 0;

async function lead(zipCode: string | null = '78701') {
  const id = await createLeadBooking(t.db, {
    serviceIndex: 1,
    scheduledAt: new Date(Date.now() + 5 * DAY),
    createdAt: new Date(Date.now() - ++n * 1000),
    zipCode: zipCode ?? '',
    locationAddress: '300 W 6th St, Austin, TX',
    firstName: 'Riley',
    lastName: `Chen${n}`,
    email: `riley${n}@example.com`,
  });
  if (!zipCode) await t.db.update(bookings).set({ zipCode: null }).where(eq(bookings.id, id));
  return id;
}

async function businessServing(zip: string, isActive = true) {
  const owner = await t.signUp();
  await createServiceArea(t.db, owner.userId, {
    zipCode: zip,
    city: 'Austin',
    state: 'Texas',
    stateCode: 'TX',
    isActive,
  });
  return owner;
}

const assign = (id: string, businessId: string, cookie = admin.cookie) =>
  t.request(`/api/admin/leads/${id}/assign`, { method: 'POST', cookie, json: { businessId } });

const leadCharges = (businessId: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId))
    .then((rows) => rows.filter((r) => r.kind === 'lead_charge'));

describe('admin leads', () => {
  it('lists open leads with the customer, and the businesses that serve the zip', async () => {
    const id = await lead('78701');
    const serving = await businessServing('78701');
    await businessServing('78701', false);
    const res = await t.request('/api/admin/leads', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    const item = body.items.find((l: { id: string }) => l.id === id);
    expect(item).toMatchObject({
      zipCode: '78701',
      serviceName: 'Premium Detail',
      assignment: null,
      customer: { firstName: 'Riley' },
    });
    expect(body.nextCursor).toBeNull();
    const businesses = await (
      await t.request(`/api/admin/leads/${id}/businesses`, { cookie: admin.cookie })
    ).json();
    expect(businesses.items.map((b: { id: string }) => b.id)).toEqual([serving.userId]);
  });

  it('assigns a lead: the business sees it in its bookings with the customer, and is charged the lead price once', async () => {
    const id = await lead('78702');
    const owner = await businessServing('78702');
    const first = await assign(id, owner.userId);
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await first.json()).created).toBe(true);
    const again = await assign(id, owner.userId);
    expect(again.status).toBe(200);
    expect((await again.json()).created).toBe(false);

    const charges = await leadCharges(owner.userId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amountCents: -DEFAULT_LEAD_PRICE_CENTS,
      documentType: 'lead',
      documentId: id,
    });

    const list = await (await t.request('/api/bookings', { cookie: owner.cookie })).json();
    const booking = list.items.find((b: { id: string }) => b.id === id);
    expect(booking).toBeTruthy();
    expect(JSON.stringify(booking)).toContain('Riley');

    const assigned = await (
      await t.request('/api/admin/leads?state=assigned', { cookie: admin.cookie })
    ).json();
    expect(assigned.items.find((l: { id: string }) => l.id === id).assignment).toMatchObject({
      businessId: owner.userId,
      chargedCents: DEFAULT_LEAD_PRICE_CENTS,
    });
    const open = await (await t.request('/api/admin/leads', { cookie: admin.cookie })).json();
    expect(open.items.map((l: { id: string }) => l.id)).not.toContain(id);
  });

  it('writes an audit row and charges the lead price set in the platform settings', async () => {
    const changed = await t.request('/api/admin/settings', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { ...DEFAULT_PLATFORM_SETTINGS, leadPriceCents: 1800 },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const id = await lead('78706');
    const owner = await businessServing('78706');
    expect((await assign(id, owner.userId)).status).toBe(200);
    expect((await leadCharges(owner.userId))[0]!.amountCents).toBe(-1800);
    const rows = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'lead.assign', actorId: admin.userId, targetType: 'booking' });
    expect(rows[0]!.after).toMatchObject({ businessId: owner.userId, chargedCents: 1800 });
    await t.request('/api/admin/settings', {
      method: 'PUT',
      cookie: admin.cookie,
      json: DEFAULT_PLATFORM_SETTINGS,
    });
  });

  it('charges once under concurrent assignment, and refuses another business afterwards', async () => {
    const id = await lead('78703');
    const owner = await businessServing('78703');
    const other = await businessServing('78703');
    const results = await Promise.all(Array.from({ length: 5 }, () => assign(id, owner.userId)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const created = await Promise.all(results.map(async (r) => (await r.json()).created));
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await leadCharges(owner.userId)).toHaveLength(1);

    const res = await assign(id, other.userId);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('This lead is already assigned to another business');
    expect(await leadCharges(other.userId)).toHaveLength(0);
  });

  it('charges exactly once when two businesses race for the same lead', async () => {
    const id = await lead('78705');
    const a = await businessServing('78705');
    const b = await businessServing('78705');
    const [ra, rb] = await Promise.all([assign(id, a.userId), assign(id, b.userId)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const total = (await leadCharges(a.userId)).length + (await leadCharges(b.userId)).length;
    expect(total).toBe(1);
  });

  it("refuses a business whose active areas do not cover the lead's zip, with a clear message", async () => {
    const id = await lead('78710');
    const elsewhere = await businessServing('78711');
    const inactive = await businessServing('78710', false);
    for (const owner of [elsewhere, inactive]) {
      const res = await assign(id, owner.userId);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(
        'This business has no active service area covering 78710. Choose a business that serves this zip.',
      );
      expect(await leadCharges(owner.userId)).toHaveLength(0);
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.businessId).toBeNull();
  });

  it('answers 400 without a business, 404 for an unknown lead or business, and 404 for a business booking', async () => {
    const id = await lead('78720');
    expect(
      (await t.request(`/api/admin/leads/${id}/assign`, { method: 'POST', cookie: admin.cookie, json: {} }))
        .status,
    ).toBe(400);
    expect((await assign(id, 'no-such-business')).status).toBe(404);
    expect((await assign(crypto.randomUUID(), admin.userId)).status).toBe(404);
    expect((await assign('not-a-uuid', admin.userId)).status).toBe(404);
    const owner = await businessServing('78720');
    const [own] = await t.db
      .insert(bookings)
      .values({
        businessId: owner.userId,
        serviceName: 'X',
        durationMinutes: 60,
        scheduledAt: new Date(),
        locationAddress: 'x',
        quotedPriceCents: 100,
        zipCode: '78720',
      })
      .returning();
    expect((await assign(own!.id, owner.userId)).status).toBe(404);
  });

  it('refuses a lead without a zip code', async () => {
    const id = await lead(null);
    const owner = await businessServing('78730');
    const res = await assign(id, owner.userId);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      'This lead has no zip code, so no service area can cover it',
    );
  });

  it('is for admins only', async () => {
    const owner = await t.signUp();
    const id = await lead('78740');
    expect((await t.request('/api/admin/leads')).status).toBe(401);
    expect((await t.request('/api/admin/leads', { cookie: owner.cookie })).status).toBe(403);
    expect((await assign(id, owner.userId, owner.cookie)).status).toBe(403);
  });
});
