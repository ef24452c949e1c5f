import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROMO_TEXT } from '../../../shared/promo-codes';
import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '../../../shared/time';
import { updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import { promoCodeUses } from './promo-codes.schema';
import { PROMO_HOLD_MINUTES } from './promo-codes.service';

const t = await createTestContext();
const today = () => todayInZone(DEFAULT_TIME_ZONE);

async function business() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
  const [service] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Premium Detail', basePriceCents: 12_000 },
  ]);
  return { owner, service: service! };
}

const promo = (overrides: Record<string, unknown> = {}) => ({
  code: 'spring20',
  discountType: 'percent',
  discountValue: 20,
  ...overrides,
});

async function createCode(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request('/api/promo-codes', { method: 'POST', cookie, json: promo(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const pay = (businessId: string, serviceId: string, overrides: Record<string, unknown> = {}) =>
  t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({ businessId, serviceId, ...overrides }),
  });

async function timesUsed(cookie: string, code: string) {
  const list = await (await t.request('/api/promo-codes', { cookie })).json();
  return list.items.find((p: { code: string }) => p.code === code)?.timesUsed;
}

describe('/api/promo-codes (owner)', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/promo-codes')).status).toBe(401);
    expect((await t.request('/api/promo-codes', { method: 'POST', json: promo() })).status).toBe(401);
  });

  it('creates a code stored upper-case, unique per business whatever the case; edits and switches it off', async () => {
    const { owner } = await business();
    const created = await createCode(owner.cookie, {
      usageLimit: 10,
      perCustomerLimit: 1,
      minOrderCents: 5000,
      startsOn: today(),
    });
    expect(created).toMatchObject({
      code: 'SPRING20',
      discountType: 'percent',
      discountValue: 20,
      usageLimit: 10,
      timesUsed: 0,
      isActive: true,
    });
    const dup = await t.request('/api/promo-codes', {
      method: 'POST',
      cookie: owner.cookie,
      json: promo({ code: 'Spring20' }),
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe(PROMO_TEXT.duplicate);
    // Another business may use the same code.
    const other = await business();
    await createCode(other.owner.cookie);

    const off = await t.request(`/api/promo-codes/${created.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: promo({ isActive: false, discountType: 'fixed', discountValue: 1500 }),
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ isActive: false, discountType: 'fixed', discountValue: 1500 });

    for (const id of [created.id, 'bad-id']) {
      const res = await t.request(`/api/promo-codes/${id}`, {
        method: 'PUT',
        cookie: other.owner.cookie,
        json: promo(),
      });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(PROMO_TEXT.notFound);
    }
    const otherList = await (await t.request('/api/promo-codes', { cookie: other.owner.cookie })).json();
    expect(otherList.items.map((p: { id: string }) => p.id)).not.toContain(created.id);
  });

  it.each([
    [{ code: '' }, PROMO_TEXT.required],
    [{ code: 'a b' }, PROMO_TEXT.codeFormat],
    [{ discountValue: 101 }, PROMO_TEXT.percent],
    [{ discountValue: 0 }, PROMO_TEXT.amount],
    [{ usageLimit: 0 }, PROMO_TEXT.wholeNumber],
    [{ startsOn: '2030-02-01', expiresOn: '2030-01-01' }, PROMO_TEXT.dates],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const { owner } = await business();
    const res = await t.request('/api/promo-codes', {
      method: 'POST',
      cookie: owner.cookie,
      json: promo(overrides),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});

describe('a promo code at checkout', () => {
  it('lowers the charged amount, on the public check and in the checkout', async () => {
    const { owner, service } = await business();
    await createCode(owner.cookie);
    const check = await t.request('/api/public/promo-codes/check', {
      method: 'POST',
      json: { businessId: owner.userId, serviceId: service.id, vehicleType: 'suv', code: ' spring20 ' },
    });
    expect(check.status).toBe(200);
    // SUV: $120 × 1.2 = $144; 20% = $28.80.
    expect(await check.json()).toEqual({
      code: 'SPRING20',
      discountType: 'percent',
      discountValue: 20,
      subtotalCents: 14_400,
      promoDiscountCents: 2880,
      totalCents: 11_520,
    });
    const res = await pay(owner.userId, service.id, { vehicleType: 'suv', promoCode: 'Spring20' });
    expect(res.status).toBe(200);
    const { amountCents, url, sessionId } = await res.json();
    expect(amountCents).toBe(11_520);
    expect(await timesUsed(owner.cookie, 'SPRING20')).toBe(1);
    // Paid and completed: the owner's booking shows the code and the discounted price.
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    expect(
      (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
    ).toBe(200);
    const list = await (await t.request('/api/bookings', { cookie: owner.cookie })).json();
    expect(list.items[0]).toMatchObject({ promoCode: 'SPRING20', quotedPriceCents: 11_520 });
    expect(await timesUsed(owner.cookie, 'SPRING20')).toBe(1);
  });

  it.each([
    ['unknown', {}, 'NOPE', PROMO_TEXT.unknown],
    ['inactive', { isActive: false }, 'SPRING20', PROMO_TEXT.inactive],
    [
      'not yet valid',
      { startsOn: addDays(today(), 3) },
      'SPRING20',
      `This promo code is valid from ${addDays(today(), 3)}`,
    ],
    ['expired', { expiresOn: addDays(today(), -1) }, 'SPRING20', PROMO_TEXT.expired],
    [
      'minimum not met',
      { minOrderCents: 20_000 },
      'SPRING20',
      'This promo code needs an order of at least $200.00',
    ],
  ])(
    'refuses a code that is %s with its own message, creating no checkout',
    async (_name, overrides, code, message) => {
      const { owner, service } = await business();
      await createCode(owner.cookie, overrides);
      for (const path of ['check', 'pay'] as const) {
        const res =
          path === 'check'
            ? await t.request('/api/public/promo-codes/check', {
                method: 'POST',
                json: { businessId: owner.userId, serviceId: service.id, vehicleType: 'sedan', code },
              })
            : await pay(owner.userId, service.id, { promoCode: code });
        expect(res.status).toBe(400);
        expect((await res.json()).error.message).toBe(message);
      }
    },
  );

  it('refuses a code used up, and one already used by this customer', async () => {
    const { owner, service } = await business();
    await createCode(owner.cookie, { code: 'ONCE', usageLimit: 1 });
    await createCode(owner.cookie, { code: 'MINE', perCustomerLimit: 1 });
    expect((await pay(owner.userId, service.id, { promoCode: 'once', email: 'a@x.com' })).status).toBe(200);
    const usedUp = await pay(owner.userId, service.id, { promoCode: 'once', email: 'b@x.com' });
    expect((await usedUp.json()).error.message).toBe(PROMO_TEXT.usedUp);

    expect((await pay(owner.userId, service.id, { promoCode: 'mine', email: 'a@x.com' })).status).toBe(200);
    const again = await pay(owner.userId, service.id, { promoCode: 'mine', email: 'A@X.com' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe(PROMO_TEXT.alreadyUsed);
    expect((await pay(owner.userId, service.id, { promoCode: 'mine', email: 'b@x.com' })).status).toBe(200);
  });

  it('a code with limit 5 under 20 concurrent checkouts is used exactly 5 times', async () => {
    const { owner, service } = await business();
    await createCode(owner.cookie, { code: 'FIVE', usageLimit: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(owner.userId, service.id, { promoCode: 'FIVE', email: `c${i}@x.com` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const r of results.filter((r) => r.status === 400))
      expect((await r.json()).error.message).toBe(PROMO_TEXT.usedUp);
    expect(await timesUsed(owner.cookie, 'FIVE')).toBe(5);
  });

  it('abandoned checkouts hold a limited code only for the short hold; a late payment keeps its discount (decision 0937)', async () => {
    const { owner, service } = await business();
    await createCode(owner.cookie, { code: 'THREE', usageLimit: 3 });
    const abandoned = [];
    for (const i of [1, 2, 3]) {
      const res = await pay(owner.userId, service.id, { promoCode: 'THREE', email: `abandoned${i}@x.com` });
      expect(res.status).toBe(200);
      abandoned.push(await res.json());
    }
    // Within the hold the code is taken…
    const refused = await pay(owner.userId, service.id, { promoCode: 'THREE', email: 'fourth@x.com' });
    expect((await refused.json()).error.message).toBe(PROMO_TEXT.usedUp);
    expect(await timesUsed(owner.cookie, 'THREE')).toBe(3);
    // …and once the holds have run out (their checkouts still open for the provider's hour), it is free again.
    const lapsed = new Date(Date.now() - (PROMO_HOLD_MINUTES + 1) * 60_000);
    await t.db
      .update(promoCodeUses)
      .set({ createdAt: lapsed })
      .where(eq(promoCodeUses.businessId, owner.userId));
    expect(await timesUsed(owner.cookie, 'THREE')).toBe(0);
    const fourth = await pay(owner.userId, service.id, { promoCode: 'THREE', email: 'fourth@x.com' });
    expect(fourth.status).toBe(200);
    expect((await fourth.json()).amountCents).toBe(9_600);
    // One of the abandoned customers comes back and pays: the price they were shown is honoured, never refunded.
    const late = abandoned[0]!;
    expect((await t.request(`${new URL(late.url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    const done = await t.request('/api/booking/complete-booking', {
      method: 'POST',
      json: { sessionId: late.sessionId },
    });
    expect(done.status).toBe(200);
    expect((await done.json()).booking.priceCents).toBe(9_600);
    expect(await timesUsed(owner.cookie, 'THREE')).toBe(2);
  });

  it('a cancelled checkout releases its use', async () => {
    const { owner, service } = await business();
    await createCode(owner.cookie, { code: 'SOLO', usageLimit: 1 });
    const first = await pay(owner.userId, service.id, { promoCode: 'SOLO', email: 'a@x.com' });
    const { url } = await first.json();
    expect((await pay(owner.userId, service.id, { promoCode: 'SOLO', email: 'b@x.com' })).status).toBe(400);
    expect((await t.request(`${new URL(url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    expect(await timesUsed(owner.cookie, 'SOLO')).toBe(0);
    expect((await pay(owner.userId, service.id, { promoCode: 'SOLO', email: 'b@x.com' })).status).toBe(200);
  });
});
