import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServiceArea, updateProfile } from '../../db/factories';
import { ledgerEntries, paymentAccounts } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import {
  ledgerTotals,
  platformFeeRevenue,
  recordCompletedCharge,
  recordLeadCharge,
  recordRefund,
} from './ledger.service';
import { chargeTermsFor } from './payment-accounts.service';
import { DAILY_TEST_PAYOUTS_JOB } from './payouts-jobs';
import { applicationFeeCents } from './platform-fee';

// Test mode (no Stripe): the built-in connected account, charges, fees, tips, refunds, simulated payouts.
const t = await createTestContext({ jobs: 'memory' });

async function ownerWithProfile() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { businessName: 'Shine Co', businessEmail: 'hi@shine.test' });
  return owner;
}

async function bookAndPay(owner: { userId: string }, serviceId: string, time = '10:00') {
  const res = await t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({ businessId: owner.userId, serviceId, time }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  expect((await t.request(`/checkout/test/${sessionId}/pay`, { method: 'POST' })).status).toBe(303);
  const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
  expect(done.status).toBe(200);
  return { sessionId, bookingId: (await done.json()).booking.id as string };
}

describe('the platform fee', () => {
  it('is 5% plus 30¢ by default, rounded to the cent, never more than the charge', () => {
    const fee = { percentBasisPoints: 500, fixedCents: 30 };
    expect(applicationFeeCents(14400, fee)).toBe(750);
    expect(applicationFeeCents(1010, fee)).toBe(81); // 50.5 → 51 + 30
    expect(applicationFeeCents(20, fee)).toBe(20);
    expect(applicationFeeCents(0, fee)).toBe(0);
  });

  it('chargeTermsFor: the fee is on the amount only, the tip passes in full', async () => {
    const owner = await ownerWithProfile();
    await expect(chargeTermsFor(t.deps, owner.userId, { amountCents: 10000 })).rejects.toThrow(
      'This business is not taking online bookings yet',
    );
    await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    expect(await chargeTermsFor(t.deps, owner.userId, { amountCents: 10000, tipCents: 2000 })).toEqual({
      transfer: { destination: `acct_test_${owner.userId}`, applicationFeeCents: 530 },
      amountCents: 10000,
      tipCents: 2000,
      totalCents: 12000,
    });
    await expect(chargeTermsFor(t.deps, owner.userId, { amountCents: -1 })).rejects.toThrow(
      '0 or more cents',
    );
    await expect(chargeTermsFor(t.deps, owner.userId, { amountCents: 100, tipCents: -1 })).rejects.toThrow(
      '0 or more',
    );
  });
});

describe('POST /api/payouts/account (test mode)', () => {
  it('answers 401 signed out', async () => {
    expect((await t.request('/api/payouts/account', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/api/payouts')).status).toBe(401);
    expect((await t.request('/api/payouts/ledger.csv')).status).toBe(401);
  });

  it('needs the business name and email first', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(
      'Add your business name and business email to your profile before enabling payments',
    );
  });

  it('creates the test-mode account in one click and makes the business bookable', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    // bookableBusiness gives it a test account; start from none to see the whole path.
    await t.db.delete(paymentAccounts).where(eq(paymentAccounts.businessId, owner.userId));
    await updateProfile(t.db, owner.userId, { paymentsEnabledAt: null });
    await createServiceArea(t.db, owner.userId, {
      zipCode: '73301',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    const form = bookingForm({ businessId: owner.userId, serviceId: service!.id, zip: '73301' });

    expect((await t.request('/api/booking/create-payment', { method: 'POST', json: form })).status).toBe(409);
    const zipBefore = await (await t.request('/api/booking/options?zip=73301')).json();
    expect(zipBefore.businesses.map((b: { id: string }) => b.id)).not.toContain(owner.userId);
    expect(await (await t.request('/api/payouts/account', { cookie: owner.cookie })).json()).toMatchObject({
      provider: 'test',
      mode: null,
      canTakeCharges: false,
      reason: 'Online payments are not set up yet.',
    });

    const res = await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    expect(await res.json()).toMatchObject({
      mode: 'test',
      onboardingUrl: null,
      account: {
        mode: 'test',
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        canTakeCharges: true,
        reason: null,
      },
    });
    const zipAfter = await (await t.request('/api/booking/options?zip=73301')).json();
    expect(zipAfter.businesses.map((b: { id: string }) => b.id)).toContain(owner.userId);
    expect((await t.request('/api/booking/create-payment', { method: 'POST', json: form })).status).toBe(200);
    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.checklist.paymentsConfigured).toBe(true);
  });
});

describe('booking checkouts in the ledger', () => {
  it('pays the business the charge minus the fee; cancelling refunds exactly, fee included', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const { bookingId } = await bookAndPay(owner, service!.id);
    // $120 sedan; fee 5% + 30¢ = $6.30.
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      charge: 12000,
      fee: -630,
      balance: 11370,
    });
    const ledger = await (await t.request('/api/payouts/ledger', { cookie: owner.cookie })).json();
    expect(ledger.items.map((e: { kind: string; documentId: string }) => [e.kind, e.documentId])).toEqual(
      expect.arrayContaining([
        ['charge', bookingId],
        ['fee', bookingId],
      ]),
    );

    await t.request(`/api/bookings/${bookingId}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      refund: -12000,
      fee_refund: 630,
      balance: 0,
    });
    // Cancelling twice (or a retried refund) writes nothing more.
    await recordRefund(t.db, {
      paymentReference: (await ledgerRef(owner.userId))!,
      refundKey: 'extra',
      amountCents: 0,
    });
    expect((await ledgerTotals(t.db, owner.userId)).balance).toBe(0);
  });

  it('refuses to refund more than is left of a payment', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    await bookAndPay(owner, service!.id);
    const ref = (await ledgerRef(owner.userId))!;
    await expect(
      recordRefund(t.db, { paymentReference: ref, refundKey: 'too-much', amountCents: 12001 }),
    ).rejects.toThrow('The refund is more than what is left of this payment');
  });

  it('passes a tip through in full, with no fee on it', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    const terms = await chargeTermsFor(t.deps, owner.userId, { amountCents: 8000, tipCents: 1500 });
    await recordCompletedCharge(t.db, {
      businessId: owner.userId,
      documentType: 'invoice',
      documentId: 'inv-1',
      paymentReference: 'test_payment_tip',
      amountCents: terms.amountCents,
      tipCents: terms.tipCents,
      applicationFeeCents: terms.transfer.applicationFeeCents,
      description: 'Invoice INV-1',
    });
    // Recording the same payment again (a replayed webhook) adds nothing.
    await recordCompletedCharge(t.db, {
      businessId: owner.userId,
      documentType: 'invoice',
      documentId: 'inv-1',
      paymentReference: 'test_payment_tip',
      amountCents: 8000,
      tipCents: 1500,
      applicationFeeCents: 430,
      description: 'Invoice INV-1',
    });
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      charge: 8000,
      tip: 1500,
      fee: -430,
      balance: 9070,
    });
  });
});

const ledgerRef = async (businessId: string) =>
  (
    await t.db
      .select({ ref: ledgerEntries.paymentReference })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.businessId, businessId))
      .limit(1)
  )[0]?.ref;

describe('payouts (test mode)', () => {
  it('pays the balance out on demand and in the daily job, then shows it on the overview', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    await bookAndPay(owner, service!.id);
    const res = await t.request('/api/payouts/test-payout', { method: 'POST', cookie: owner.cookie });
    expect((await res.json()).payout).toMatchObject({ amountCents: 11370, status: 'paid' });
    // Nothing left: a second run pays nothing.
    expect(
      (await (await t.request('/api/payouts/test-payout', { method: 'POST', cookie: owner.cookie })).json())
        .payout,
    ).toBeNull();

    await bookAndPay(owner, service!.id, '14:00');
    await recordLeadCharge(t.db, {
      businessId: owner.userId,
      leadId: 'lead-1',
      amountCents: 2500,
      description: 'Lead: Basic Wash in 78701',
    });
    await t.memoryJobs!.send(DAILY_TEST_PAYOUTS_JOB, { day: '2099-01-01' });
    await t.memoryJobs!.drain();
    const overview = await (await t.request('/api/payouts', { cookie: owner.cookie })).json();
    expect(overview).toMatchObject({
      account: { mode: 'test', canTakeCharges: true },
      balanceCents: 0,
      totals: {
        chargesCents: 24000,
        tipsCents: 0,
        feesCents: 1260,
        refundsCents: 0,
        leadChargesCents: 2500,
        paidOutCents: 11370 + 8870,
      },
      upcoming: [],
    });
    expect(overview.past.map((p: { amountCents: number }) => p.amountCents)).toEqual([8870, 11370]);

    const detail = await (
      await t.request(`/api/payouts/history/${overview.past[0].id}`, { cookie: owner.cookie })
    ).json();
    expect(detail).toMatchObject({
      amountCents: 8870,
      entries: [expect.objectContaining({ kind: 'payout', amountCents: -8870 })],
    });

    // Another business's payout and a malformed id: 404.
    const other = await t.signUp();
    expect(
      (await t.request(`/api/payouts/history/${overview.past[0].id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect((await t.request('/api/payouts/history/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);
    const othersLedger = await (await t.request('/api/payouts/ledger', { cookie: other.cookie })).json();
    expect(othersLedger.items).toEqual([]);
    expect((await (await t.request('/api/payouts', { cookie: other.cookie })).json()).past).toEqual([]);
  });

  it('exports the ledger as CSV, oldest first, amounts in dollars', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    await bookAndPay(owner, service!.id);
    const res = await t.request('/api/payouts/ledger.csv', { cookie: owner.cookie });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="shineroute-ledger-/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Amount,Document,Document ID');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Charge', 'Platform fee']);
    expect(lines[1]).toContain('Booking: Premium Detail — Casey Nguyen,120.00,booking,');
    expect(lines[2]).toContain(',-6.30,booking,');
  });

  it('pages the ledger with a cursor', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    for (let i = 0; i < 3; i++)
      await recordLeadCharge(t.db, {
        businessId: owner.userId,
        leadId: `page-${i}`,
        amountCents: 100 + i,
        description: `Lead ${i}`,
      });
    const first = await (await t.request('/api/payouts/ledger?limit=2', { cookie: owner.cookie })).json();
    expect(first.items).toHaveLength(2);
    const second = await (
      await t.request(`/api/payouts/ledger?limit=2&cursor=${first.nextCursor}`, { cookie: owner.cookie })
    ).json();
    expect(second).toMatchObject({ items: [expect.anything()], nextCursor: null });
    const all = [...first.items, ...second.items].map((e: { amountCents: number }) => e.amountCents).sort();
    expect(all).toEqual([-100, -101, -102].sort());
    expect((await t.request('/api/payouts/ledger?cursor=garbage', { cookie: owner.cookie })).status).toBe(
      400,
    );
  });
});

describe('the ledger is append-only', () => {
  it('refuses updates and deletes', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    await recordLeadCharge(t.db, {
      businessId: owner.userId,
      leadId: 'ro-1',
      amountCents: 100,
      description: 'Lead',
    });
    await expect(
      t.db.update(ledgerEntries).set({ amountCents: -1 }).where(eq(ledgerEntries.businessId, owner.userId)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(ledgerEntries).where(eq(ledgerEntries.businessId, owner.userId)),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`insert into ledger_entries (business_id, kind, amount_cents, document_type, document_id, description, key)
        values (${owner.userId}, 'fee', 100, 'x', 'y', 'wrong sign', 'wrong-sign')`),
    ).rejects.toThrow();
    expect((await ledgerTotals(t.db, owner.userId)).lead_charge).toBe(-100);
  });
});

describe('GET /api/admin/payouts', () => {
  it('shows the platform fee revenue to admins only', async () => {
    const owner = await t.signUp();
    expect((await t.request('/api/admin/payouts', { cookie: owner.cookie })).status).toBe(403);
    const admin = await t.createAdmin();
    const res = await t.request('/api/admin/payouts', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await platformFeeRevenue(t.db));
  });
});
