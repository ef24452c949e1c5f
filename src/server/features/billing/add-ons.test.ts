import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADD_ON_TEXT } from '../../../shared/add-ons';
import { createCustomer, grantRole, updateProfile } from '../../db/factories';
import { addOnPurchases, adminAuditLog, billingCharges } from '../../db/schema';
import { createTestContext } from '../../test/harness';

// Franchise and the §9 add-ons (issue 25, item 17; docs/decisions/0952, 0953).
const t = await createTestContext({ jobs: 'memory' });
const admin = await t.createAdmin();

const buy = (cookie: string, json: unknown) =>
  t.request('/api/billing/add-ons', { method: 'POST', cookie, json });
const chargesOf = (businessId: string) =>
  t.db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.businessId, businessId), eq(billingCharges.kind, 'add_on')));

describe('Franchise', () => {
  it('cannot be chosen by the owner; an admin assigns it, with Elite features and an audit row', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const self = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'franchise' },
    });
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe(
      'The Franchise plan is arranged with our team; please contact us',
    );

    const path = `/api/admin/billing/businesses/${owner.userId}/plan`;
    expect(
      (await t.request(path, { method: 'PUT', cookie: owner.cookie, json: { plan: 'franchise' } })).status,
    ).toBe(403);
    expect((await t.request(path, { method: 'PUT', json: { plan: 'franchise' } })).status).toBe(401);
    expect(
      (await t.request(path, { method: 'PUT', cookie: admin.cookie, json: { plan: 'gold' } })).status,
    ).toBe(400);
    expect(
      (
        await t.request('/api/admin/billing/businesses/00000000-0000-4000-8000-000000000000/plan', {
          method: 'PUT',
          cookie: admin.cookie,
          json: { plan: 'franchise' },
        })
      ).status,
    ).toBe(404);

    const res = await t.request(path, { method: 'PUT', cookie: admin.cookie, json: { plan: 'franchise' } });
    expect(res.status).toBe(200);
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing).toMatchObject({ plan: 'franchise', seats: { limit: null } });
    // Elite's features: the Pro-gated inventory opens, and the Elite-only white-label setup can be bought.
    expect((await t.request('/api/inventory', { cookie: owner.cookie })).status).toBe(200);
    expect((await buy(owner.cookie, { addOn: 'white_label_setup' })).status).toBe(201);
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'plan.assign'), eq(adminAuditLog.targetId, owner.userId)));
    expect(audit).toMatchObject({ before: { plan: 'Starter' }, after: { plan: 'Franchise' } });
  });
});

describe('add-ons', () => {
  it('white-label setup: $499 once, Elite only, recorded with its charge', async () => {
    const starter = await t.signUp({ plan: 'starter' });
    expect((await buy(starter.cookie, { addOn: 'white_label_setup' })).status).toBe(402);

    const elite = await t.signUp({ plan: 'elite' });
    const res = await buy(elite.cookie, { addOn: 'white_label_setup' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      addOn: 'white_label_setup',
      status: 'ordered',
      amountCents: 49900,
    });
    expect((await buy(elite.cookie, { addOn: 'white_label_setup' })).status).toBe(409);
    expect((await chargesOf(elite.userId)).map((c) => [c.description, c.amountCents])).toEqual([
      ['White-label setup', 49900],
    ]);
    const list = await (await t.request('/api/billing/add-ons', { cookie: elite.cookie })).json();
    expect(list.items).toHaveLength(1);
    const billing = await (await t.request('/api/billing', { cookie: elite.cookie })).json();
    expect(billing.charges).toEqual([
      expect.objectContaining({ kind: 'add_on', description: 'White-label setup', amountCents: 49900 }),
    ]);
  });

  it('white-label setup (decision 1357): Elite includes white-label; the setup bought is in progress until an admin marks it done, shown on the Branding tab', async () => {
    const setupOf = async (cookie: string) => {
      const res = await t.request('/api/branding/setup', { cookie });
      expect(res.status).toBe(200);
      return res.json();
    };
    // Below Elite: white-label is not included, and the setup cannot be bought (the message says Elite).
    const pro = await t.signUp({ plan: 'pro' });
    expect(await setupOf(pro.cookie)).toEqual({
      included: false,
      status: 'not_purchased',
      purchasedAt: null,
      doneAt: null,
    });
    const refused = await buy(pro.cookie, { addOn: 'white_label_setup' });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toBe(ADD_ON_TEXT.eliteOnly);

    const owner = await t.signUp({ plan: 'elite' });
    const other = await t.signUp({ plan: 'elite' });
    expect(await setupOf(owner.cookie)).toMatchObject({ included: true, status: 'not_purchased' });
    const bought = await (await buy(owner.cookie, { addOn: 'white_label_setup' })).json();
    const inProgress = await setupOf(owner.cookie);
    expect(inProgress).toMatchObject({ included: true, status: 'in_progress', doneAt: null });
    expect(inProgress.purchasedAt).toBe(bought.createdAt);
    // Another business's state is its own; a technician and a visitor read nothing.
    expect(await setupOf(other.cookie)).toMatchObject({ status: 'not_purchased' });
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect((await t.request('/api/branding/setup', { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request('/api/branding/setup')).status).toBe(401);

    // The admin's list shows it waiting; marked done, it is done for the owner, with the audit row.
    const orders = await (
      await t.request('/api/admin/billing/add-ons?status=ordered', { cookie: admin.cookie })
    ).json();
    expect(orders.items.map((o: { id: string }) => o.id)).toContain(bought.id);
    const fulfil = (id: string, cookie?: string) =>
      t.request(`/api/admin/billing/add-ons/${id}/fulfil`, { method: 'POST', cookie });
    expect((await fulfil(bought.id, owner.cookie)).status).toBe(403);
    const done = await fulfil(bought.id, admin.cookie);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'fulfilled' });
    expect((await fulfil(bought.id, admin.cookie)).status).toBe(409);
    const finished = await setupOf(owner.cookie);
    expect(finished).toMatchObject({ status: 'done' });
    expect(finished.doneAt).not.toBeNull();
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'add_on.fulfil'), eq(adminAuditLog.targetId, bought.id)));
    expect(audit).toMatchObject({ targetLabel: 'White-label setup' });
    // A CRM booster pack is no order to fulfil.
    const booster = await (await buy(owner.cookie, { addOn: 'crm_booster' })).json();
    expect((await fulfil(booster.id, admin.cookie)).status).toBe(409);
  });

  it('CRM booster pack: $9.99/month; its customer export answers 402 without it and CSV of this business only with it', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    await createCustomer(t.db, owner.userId, {
      firstName: 'Ava',
      lastName: 'Stone',
      email: 'ava@example.com',
      phone: '=cmd()',
    });
    const other = await t.signUp({ plan: 'starter' });
    await createCustomer(t.db, other.userId, {
      firstName: 'Zed',
      lastName: 'Other',
      email: 'zed@example.com',
    });

    const before = await t.request('/api/customers/export.csv', { cookie: owner.cookie });
    expect(before.status).toBe(402);
    expect((await before.json()).error.message).toBe(
      'Customer export is part of the CRM booster pack. Add it on the Billing page to use it.',
    );

    const res = await buy(owner.cookie, { addOn: 'crm_booster' });
    expect(res.status).toBe(201);
    expect((await buy(owner.cookie, { addOn: 'crm_booster' })).status).toBe(409);
    expect((await chargesOf(owner.userId)).map((c) => c.amountCents)).toEqual([999]);

    const csv = await t.request('/api/customers/export.csv', { cookie: owner.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'First name,Last name,Email,Phone,Address,Vehicles,Bookings,Last completed booking,Customer since',
    );
    expect(text).toContain("Ava,Stone,ava@example.com,'=cmd(),,,0,,");
    expect(text).not.toContain('zed@example.com');
    // The other business has no pack.
    expect((await t.request('/api/customers/export.csv', { cookie: other.cookie })).status).toBe(402);
    // Owners only.
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect((await t.request('/api/customers/export.csv', { cookie: tech.cookie })).status).toBe(403);
    expect((await buy(tech.cookie, { addOn: 'crm_booster' })).status).toBe(403);
  });

  it('NFC tap tags: $4–6 each by quantity, each tag a URL to the booking page; the admin sees and fulfils the order', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    await updateProfile(t.db, owner.userId, { businessName: 'Tap Shine Detailing' });
    expect((await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 0, target: 'booking' })).status).toBe(400);
    expect((await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 501, target: 'booking' })).status).toBe(
      400,
    );
    expect((await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 5, target: 'elsewhere' })).status).toBe(
      400,
    );
    // Review tags open the business page, which this business has not generated yet.
    const review = await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 5, target: 'review' });
    expect(review.status).toBe(409);

    const few = await (await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 3, target: 'booking' })).json();
    expect(few).toMatchObject({ status: 'ordered', quantity: 3, unitPriceCents: 600, amountCents: 1800 });
    expect(few.tagUrl).toBe('http://localhost:3000/book/tap-shine-detailing');
    const many = await (
      await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 30, target: 'booking' })
    ).json();
    expect(many).toMatchObject({ unitPriceCents: 400, amountCents: 12000 });
    const ten = await (
      await buy(owner.cookie, { addOn: 'nfc_tags', quantity: 10, target: 'booking' })
    ).json();
    expect(ten).toMatchObject({ unitPriceCents: 500, amountCents: 5000 });

    expect((await t.request('/api/admin/billing/add-ons', { cookie: owner.cookie })).status).toBe(403);
    const waiting = await (
      await t.request('/api/admin/billing/add-ons?status=ordered', { cookie: admin.cookie })
    ).json();
    expect(waiting.items.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([few.id, many.id, ten.id]),
    );
    expect(waiting.items.find((o: { id: string }) => o.id === few.id)).toMatchObject({
      businessId: owner.userId,
      tagUrl: few.tagUrl,
    });

    const path = `/api/admin/billing/add-ons/${few.id}/fulfil`;
    expect((await t.request(path, { method: 'POST', cookie: owner.cookie })).status).toBe(403);
    const done = await t.request(path, { method: 'POST', cookie: admin.cookie });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'fulfilled' });
    expect((await t.request(path, { method: 'POST', cookie: admin.cookie })).status).toBe(409);
    expect(
      (
        await t.request('/api/admin/billing/add-ons/not-an-id/fulfil', {
          method: 'POST',
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    const list = await (await t.request('/api/billing/add-ons', { cookie: owner.cookie })).json();
    expect(list.items.find((o: { id: string }) => o.id === few.id).status).toBe('fulfilled');
  });
});

describe('CRM booster pack in test mode: monthly renewal and Cancel', () => {
  const jobs = t.memoryJobs!;
  const boosterCharges = async (businessId: string) =>
    (await chargesOf(businessId))
      .filter((c) => c.addOnPurchaseId !== null)
      .sort((a, b) => (a.periodNumber ?? 0) - (b.periodNumber ?? 0))
      .map((c) => [c.description, c.amountCents]);
  /** The month in progress ends: its renewal job comes due and runs. */
  const monthEnds = async () => {
    jobs.releaseDelayed();
    await jobs.drain();
  };

  it('charges $9.99 each month when the month ends, then stops after Cancel at the end of the month', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const res = await buy(owner.cookie, { addOn: 'crm_booster' });
    const booster = await res.json();
    expect(booster.currentPeriodEnd).not.toBeNull();
    // The renewal waits for the end of the month, about a month from now.
    const job = jobs.sent.findLast((j) => j.name === 'billing.crm-booster-renew');
    expect(job?.data).toEqual({ purchaseId: booster.id, period: 2 });
    expect(await boosterCharges(owner.userId)).toEqual([['CRM booster pack, month 1', 999]]);

    await monthEnds();
    await monthEnds();
    expect(await boosterCharges(owner.userId)).toEqual([
      ['CRM booster pack, month 1', 999],
      ['CRM booster pack, month 2', 999],
      ['CRM booster pack, month 3', 999],
    ]);
    // A renewal run twice (a retried job) charges nothing more.
    await jobs.send('billing.crm-booster-renew', { purchaseId: booster.id, period: 3 });
    await jobs.drain();
    expect(await boosterCharges(owner.userId)).toHaveLength(3);

    const cancel = await t.request(`/api/billing/add-ons/${booster.id}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(200);
    const { purchase, viaStripe } = await cancel.json();
    expect(viaStripe).toBe(false);
    const [row] = await t.db.select().from(addOnPurchases).where(eq(addOnPurchases.id, booster.id));
    // Month 3 ends at the purchase + 3 months: it runs until then.
    expect(purchase).toMatchObject({ status: 'active', endsAt: row!.currentPeriodEnd!.toISOString() });
    expect(new Date(purchase.endsAt).getTime()).toBe(
      new Date(
        new Date(booster.createdAt).setUTCMonth(new Date(booster.createdAt).getUTCMonth() + 3),
      ).getTime(),
    );
    expect((await t.request('/api/customers/export.csv', { cookie: owner.cookie })).status).toBe(200);
    const twice = await t.request(`/api/billing/add-ons/${booster.id}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(twice.status).toBe(409);

    // The month ends: no charge, the pack is cancelled, the export closes, and nothing is queued any more.
    await monthEnds();
    expect(await boosterCharges(owner.userId)).toHaveLength(3);
    const [ended] = await t.db.select().from(addOnPurchases).where(eq(addOnPurchases.id, booster.id));
    expect(ended!.status).toBe('cancelled');
    expect(
      jobs.sent
        .filter((j) => (j.data as { purchaseId?: string }).purchaseId === booster.id)
        .map((j) => j.data),
    ).toEqual([2, 3, 4, 3].map((period) => ({ purchaseId: booster.id, period })));
    expect((await t.request('/api/customers/export.csv', { cookie: owner.cookie })).status).toBe(402);
    // A new pack can be bought again.
    expect((await buy(owner.cookie, { addOn: 'crm_booster' })).status).toBe(201);
  });

  it('Cancel: owners only, their own booster only (404 for another business), the booster only (409)', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const booster = await (await buy(owner.cookie, { addOn: 'crm_booster' })).json();
    const whiteLabel = await (await buy(owner.cookie, { addOn: 'white_label_setup' })).json();
    const other = await t.signUp({ plan: 'starter' });
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const cancel = (id: string, cookie?: string) =>
      t.request(`/api/billing/add-ons/${id}/cancel`, { method: 'POST', cookie });
    expect((await cancel(booster.id, other.cookie)).status).toBe(404);
    expect((await cancel(booster.id, tech.cookie)).status).toBe(403);
    expect((await cancel(booster.id)).status).toBe(401);
    expect((await cancel(whiteLabel.id, owner.cookie)).status).toBe(409);
    const [row] = await t.db.select().from(addOnPurchases).where(eq(addOnPurchases.id, booster.id));
    expect(row!.endsAt).toBeNull();
  });
});
