import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '../../../shared/platform-settings';
import { updateProfile } from '../../db/factories';
import { billingCharges } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { createStripeTestContext } from '../../test/stripe-context';
import { postStripeWebhook } from '../payouts/payouts.fixtures';
import { PROMOTION_COUPON_ID } from './stripe-billing.service';

// The advertised "50% off the first 3 months" is honoured while the promotion is on (issue 25, item 5; decision 0951).

const DAY = 24 * 60 * 60 * 1000;
const monthsAgo = (months: number, extraDays = 1) => {
  const d = new Date(Date.now() - extraDays * DAY);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

const t = await createTestContext();
const admin = await t.createAdmin();

describe('test-mode billing', () => {
  const setPromotion = async (on: boolean) => {
    const res = await t.request('/api/admin/settings', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { ...DEFAULT_PLATFORM_SETTINGS, bannerEnabled: on },
    });
    expect(res.status).toBe(200);
  };
  const billing = async (cookie: string) => {
    const res = await t.request('/api/billing', { cookie });
    expect(res.status).toBe(200);
    return res.json();
  };
  const charges = (businessId: string) =>
    t.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.businessId, businessId))
      .orderBy(billingCharges.periodNumber);

  it('offers the promotion to a trialing business, then charges half price for the first 3 monthly periods only', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    const before = await billing(owner.cookie);
    expect(before.promotion).toEqual({ percentOff: 50, months: 3, state: 'offered', endsAt: null });
    expect(before.prices).toEqual({ starter: 2900, pro: 7900, elite: 19900 });
    expect(before.charges).toEqual([]);

    // The trial ended a little over 3 months ago: periods 1–4 have begun.
    const trialEnd = monthsAgo(3);
    await updateProfile(t.db, owner.userId, { trialEndsAt: trialEnd });
    const after = await billing(owner.cookie);
    const rows = await charges(owner.userId);
    expect(rows.map((r) => [r.periodNumber, r.listPriceCents, r.discountCents, r.amountCents])).toEqual([
      [1, 7900, 3950, 3950],
      [2, 7900, 3950, 3950],
      [3, 7900, 3950, 3950],
      [4, 7900, 0, 7900],
    ]);
    expect(rows[0]!.periodStart!.toISOString()).toBe(trialEnd.toISOString());
    expect(rows[0]!.description).toBe('Pro plan, month 1 (50% off)');
    expect(after.charges).toHaveLength(4);
    // Month 4 has begun: the promotion is over.
    expect(after.promotion).toBeNull();

    // Looking again charges nothing twice.
    await billing(owner.cookie);
    expect(await charges(owner.userId)).toHaveLength(4);
  });

  it('shows an applied promotion until it ends', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const trialEnd = monthsAgo(1);
    await updateProfile(t.db, owner.userId, { trialEndsAt: trialEnd });
    const body = await billing(owner.cookie);
    expect(body.promotion).toMatchObject({ percentOff: 50, months: 3, state: 'applied' });
    const ends = new Date(trialEnd);
    ends.setUTCMonth(ends.getUTCMonth() + 3);
    expect(body.promotion.endsAt).toBe(ends.toISOString());
    expect(body.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([1450, 1450]);
  });

  it('switched off: no promotion offered and full prices; a subscription that already has it keeps it', async () => {
    const keeps = await t.signUp({ plan: 'pro' });
    await updateProfile(t.db, keeps.userId, { trialEndsAt: monthsAgo(0) });
    expect((await billing(keeps.cookie)).promotion?.state).toBe('applied');

    await setPromotion(false);
    try {
      const owner = await t.signUp({ plan: 'elite' });
      expect((await billing(owner.cookie)).promotion).toBeNull();
      await updateProfile(t.db, owner.userId, { trialEndsAt: monthsAgo(1) });
      await billing(owner.cookie);
      expect((await charges(owner.userId)).map((r) => r.amountCents)).toEqual([19900, 19900]);
      const pub = await (await t.request('/api/public/settings')).json();
      expect(pub.bannerEnabled).toBe(false);

      await updateProfile(t.db, keeps.userId, { trialEndsAt: monthsAgo(1) });
      await billing(keeps.cookie);
      expect((await charges(keeps.userId)).map((r) => r.amountCents)).toEqual([3950, 3950]);
    } finally {
      await setPromotion(true);
    }
  });
});

const SECRET = 'whsec_promotion';
const { t: st, fake } = await createStripeTestContext({ webhookSecret: SECRET });
const stAdmin = await st.createAdmin();

describe('Stripe Billing', () => {
  const checkout = async (cookie: string, plan: string) => {
    const res = await st.request('/api/billing/checkout', { method: 'POST', cookie, json: { plan } });
    expect(res.status, await res.clone().text()).toBe(200);
    const sessionId = (await res.json()).url.split('/').at(-1)!;
    return { sessionId, form: fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form };
  };

  it('applies a repeating 3-month 50 % coupon to a new subscription, and /billing shows it once Stripe confirms', async () => {
    const owner = await st.signUp({ plan: 'starter' });
    const { sessionId, form } = await checkout(owner.cookie, 'pro');
    expect(form['discounts[0][coupon]']).toBe(PROMOTION_COUPON_ID);
    expect(form['metadata[promotion]']).toBe('first_months');
    expect(form['line_items[0][price_data][unit_amount]']).toBe('7900');
    expect(fake.coupons.get(PROMOTION_COUPON_ID)).toMatchObject({
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 3,
    });

    const { session } = fake.completeSubscription(sessionId);
    const e = fake.signedEvent('checkout.session.completed', session, { secret: SECRET });
    expect((await postStripeWebhook(st, e.body, e.signature)).status).toBe(200);
    const body = await (await st.request('/api/billing', { cookie: owner.cookie })).json();
    expect(body).toMatchObject({
      mode: 'stripe',
      plan: 'pro',
      promotion: { state: 'applied', percentOff: 50, months: 3 },
    });

    // A second checkout (a plan change) is not a new subscription: no coupon; the coupon is made once.
    const again = await checkout(owner.cookie, 'elite');
    expect(again.form['discounts[0][coupon]']).toBeUndefined();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/coupons')).toHaveLength(1);
  });

  it('takes no coupon while the promotion is off', async () => {
    const off = await st.request('/api/admin/settings', {
      method: 'PUT',
      cookie: stAdmin.cookie,
      json: { ...DEFAULT_PLATFORM_SETTINGS, bannerEnabled: false },
    });
    expect(off.status).toBe(200);
    const owner = await st.signUp({ plan: 'starter' });
    const { form } = await checkout(owner.cookie, 'elite');
    expect(form['discounts[0][coupon]']).toBeUndefined();
    expect(form['line_items[0][price_data][unit_amount]']).toBe('19900');
    expect((await (await st.request('/api/billing', { cookie: owner.cookie })).json()).promotion).toBeNull();
  });
});
