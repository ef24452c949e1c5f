import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REDEEM_MAX_ATTEMPTS, REDEEM_TEXT } from '../../../shared/loyalty-redeem';
import { formatCents } from '../../../shared/money';
import { createCustomer, updateProfile } from '../../db/factories';
import {
  bookings,
  checkoutSessions,
  customers,
  invoices,
  loyaltyRewards,
  loyaltyTransactions,
  loyaltyVerifications,
} from '../../db/schema';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { invoicePageUrl } from '../invoices/documents';
import { appendPoints } from './points-ledger';

const t = await createTestContext();

/** A bookable business ($120 service) with a customer holding `points`; its seeded rewards by name. */
async function setup(points = 300) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Premium Detail', basePriceCents: 12_000 },
  ]);
  const email = `jordan-${owner.userId.slice(0, 8)}@example.com`.toLowerCase();
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Jordan',
    lastName: 'Reyes',
    email,
  });
  if (points) {
    await appendPoints(t.db, {
      businessId: owner.userId,
      customerId: customer.id,
      type: 'adjusted',
      source: 'owner',
      points,
      description: 'Opening balance',
    });
  }
  const rewards = await t.db.select().from(loyaltyRewards).where(eq(loyaltyRewards.businessId, owner.userId));
  const reward = (name: string) => rewards.find((r) => r.name === name)!;
  return { owner, service: service!, customer, email, reward };
}

const post = (path: string, json: unknown, ip?: string) => t.request(path, { method: 'POST', json, ip });
const sendCode = (businessId: string, email: string) =>
  post('/api/public/loyalty/send-code', { businessId, email });
const verify = (businessId: string, email: string, code: string) =>
  post('/api/public/loyalty/verify-code', { businessId, email, code });

async function lastCode(email: string) {
  const [mail] = await t.emailsTo(email);
  return /\b(\d{6})\b/.exec(mail!.subject ?? '')![1]!;
}

/** Send, read the code from the outbox, verify: the wallet with its token. */
async function verified(businessId: string, email: string) {
  expect((await sendCode(businessId, email)).status).toBe(200);
  const res = await verify(businessId, email, await lastCode(email));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{
    token: string;
    availablePoints: number;
    rewards: Array<{ id: string; name: string; affordable: boolean }>;
  }>;
}

async function balance(customerId: string) {
  const [c] = await t.db
    .select({ points: customers.loyaltyPoints })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [sum] = await t.db
    .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)`.mapWith(Number) })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.customerId, customerId));
  expect(sum!.n).toBe(c!.points);
  return c!.points;
}

const pay = async (url: string) => {
  const res = await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' });
  expect(res.status).toBe(303);
};
const complete = (sessionId: string) => post('/api/booking/complete-booking', { sessionId });

describe('one-time code', () => {
  it('answers the same to a stranger and a customer, and emails only the customer', async () => {
    const { owner, email } = await setup();
    const stranger = await sendCode(owner.userId, 'nobody@example.com');
    const known = await sendCode(owner.userId, email.toUpperCase());
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual(await known.json());
    expect(await t.emailsTo('nobody@example.com')).toHaveLength(0);
    const [mail] = await t.emailsTo(email);
    expect(mail!.subject).toMatch(/^Your Test Detailing Co rewards code: \d{6}$/);
    // Stored hashed: the code is nowhere in the row.
    const [row] = await t.db.select().from(loyaltyVerifications).where(eq(loyaltyVerifications.email, email));
    expect(JSON.stringify(row)).not.toContain(await lastCode(email));
  });

  it('refuses a wrong code, then every try after the limit — even the right code', async () => {
    const { owner, email } = await setup();
    await sendCode(owner.userId, email);
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < REDEEM_MAX_ATTEMPTS; i++) {
      const res = await verify(owner.userId, email, wrong);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(REDEEM_TEXT.wrongCode);
    }
    const last = await verify(owner.userId, email, wrong);
    expect(last.status).toBe(429);
    expect((await last.json()).error.message).toBe(REDEEM_TEXT.tooManyAttempts);
    const right = await verify(owner.userId, email, code);
    expect(right.status).toBe(429);
    // Racing guesses cannot pass the limit either: a new code, 10 wrong tries at once, 5 counted.
    await sendCode(owner.userId, email);
    const fresh = await lastCode(email);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => verify(owner.userId, email, fresh === '222222' ? '333333' : '222222')),
    );
    expect(racing.filter((r) => r.status === 400)).toHaveLength(REDEEM_MAX_ATTEMPTS - 1);
    const [row] = await t.db
      .select()
      .from(loyaltyVerifications)
      .where(eq(loyaltyVerifications.email, email))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(row!.attempts).toBe(REDEEM_MAX_ATTEMPTS);
  });

  it('refuses an expired code and a code used once already; limits codes per email', async () => {
    const { owner, email } = await setup();
    await sendCode(owner.userId, email);
    const code = await lastCode(email);
    await t.db
      .update(loyaltyVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loyaltyVerifications.email, email));
    const expired = await verify(owner.userId, email, code);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error.message).toBe(REDEEM_TEXT.expired);

    await sendCode(owner.userId, email);
    const second = await lastCode(email);
    expect((await verify(owner.userId, email, second)).status).toBe(200);
    expect((await verify(owner.userId, email, second)).status).toBe(400);

    // Three codes per email in the window; the fourth is refused.
    expect((await sendCode(owner.userId, email)).status).toBe(200);
    const fourth = await sendCode(owner.userId, email);
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error.message).toBe(REDEEM_TEXT.tooManyCodes);
  });

  it('is not offered by a business whose plan has no loyalty program', async () => {
    const { owner, service, email, reward } = await setup(300);
    const { token } = await verified(owner.userId, email);
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'starter' });
    const send = await sendCode(owner.userId, email);
    expect(send.status).toBe(400);
    expect((await send.json()).error.message).toBe(REDEEM_TEXT.notOffered);
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options.business.offersLoyalty).toBe(false);
    const res = await post(
      '/api/booking/create-payment',
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email,
        loyaltyToken: token,
        rewardId: reward('10% Off Next Service').id,
      }),
    );
    expect(res.status).toBe(400);
  });

  it('gives the points available and which rewards they reach', async () => {
    const { owner, email } = await setup(120);
    const wallet = await verified(owner.userId, email);
    expect(wallet.availablePoints).toBe(120);
    expect(wallet.rewards.map((r) => [r.name, r.affordable])).toEqual([
      ['Free Car Air Freshener', true],
      ['10% Off Next Service', true],
      ['Free Interior Cleaning', false],
      ['25% Off Premium Package', false],
    ]);
  });
});

describe('redeeming a reward at booking', () => {
  it('discounts the checkout, deducts once under a double completion, and returns the points on cancellation', async () => {
    const { owner, service, customer, email, reward } = await setup(300);
    const { token } = await verified(owner.userId, email);
    const tenOff = reward('10% Off Next Service');
    const res = await post(
      '/api/booking/create-payment',
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email,
        loyaltyToken: token,
        rewardId: tenOff.id,
        totalPrice: 1,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { url, sessionId, amountCents } = await res.json();
    expect(amountCents).toBe(11_000);
    // Held, not yet spent: the ledger is untouched, the wallet shows the hold.
    expect(await balance(customer.id)).toBe(300);
    await pay(url);
    const done = await Promise.all([complete(sessionId), complete(sessionId), complete(sessionId)]);
    expect(done.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await balance(customer.id)).toBe(200);
    const { booking } = await done[0]!.json();
    const redeemed = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(and(eq(loyaltyTransactions.bookingId, booking.id), eq(loyaltyTransactions.type, 'redeemed')));
    expect(redeemed).toMatchObject([
      {
        points: -100,
        source: 'reward',
        rewardId: tenOff.id,
        description: 'Redeemed 10% Off Next Service at booking',
      },
    ]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ quotedPriceCents: 11_000 });
    const list = await (await t.request('/api/bookings', { cookie: owner.cookie })).json();
    expect(list.items.find((b: { id: string }) => b.id === booking.id)).toMatchObject({
      rewardName: '10% Off Next Service',
    });

    const cancel = await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await balance(customer.id)).toBe(300);
  });

  it('combines with a promo code: the code first, then the reward (decision 710)', async () => {
    const { owner, service, email, reward } = await setup(300);
    await t.request('/api/promo-codes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { code: 'HALF', discountType: 'percent', discountValue: 50 },
    });
    const { token } = await verified(owner.userId, email);
    const res = await post(
      '/api/booking/create-payment',
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email,
        promoCode: 'half',
        loyaltyToken: token,
        rewardId: reward('10% Off Next Service').id,
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).amountCents).toBe(5_000); // $120 − 50 % = $60, − $10
  });

  it('holds the points while the checkout is open: a second checkout cannot spend them; a cancelled one frees them', async () => {
    const { owner, service, email, reward } = await setup(150);
    const { token } = await verified(owner.userId, email);
    const form = (time: string) =>
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email,
        time,
        loyaltyToken: token,
        rewardId: reward('10% Off Next Service').id,
      });
    const first = await post('/api/booking/create-payment', form('10:00'));
    expect(first.status).toBe(200);
    const second = await post('/api/booking/create-payment', form('14:00'));
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(
      'Jordan Reyes has only 50 points; 100 cannot be redeemed',
    );
    const { url } = await first.json();
    expect((await t.request(`${new URL(url).pathname}/cancel`, { method: 'POST' })).status).toBe(303);
    expect((await post('/api/booking/create-payment', form('14:00'))).status).toBe(200);
  });

  it("refuses another business's reward (404), a token of another email, and no token", async () => {
    const { owner, service, email } = await setup(300);
    const other = await setup(300);
    const { token } = await verified(owner.userId, email);
    const base = { businessId: owner.userId, serviceId: service.id, email };
    const foreign = await post(
      '/api/booking/create-payment',
      bookingForm({ ...base, loyaltyToken: token, rewardId: other.reward('10% Off Next Service').id }),
    );
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe('Reward not found');
    const mine = (
      await t.db.select().from(loyaltyRewards).where(eq(loyaltyRewards.businessId, owner.userId))
    )[0]!;
    const otherEmail = await post(
      '/api/booking/create-payment',
      bookingForm({ ...base, email: 'someone@example.com', loyaltyToken: token, rewardId: mine.id }),
    );
    expect(otherEmail.status).toBe(400);
    expect((await otherEmail.json()).error.message).toBe(REDEEM_TEXT.verifyAgain);
    const noToken = await post('/api/booking/create-payment', bookingForm({ ...base, rewardId: mine.id }));
    expect(noToken.status).toBe(400);
    // Another business's token does not work here either.
    const theirs = await verified(other.owner.userId, other.email);
    const crossToken = await post(
      '/api/booking/create-payment',
      bookingForm({ ...base, loyaltyToken: theirs.token, rewardId: mine.id }),
    );
    expect(crossToken.status).toBe(400);
  });
});

describe('a $0 booking', () => {
  it('is booked at once without a provider session, exactly once', async () => {
    const { owner, service, customer, email } = await setup(300);
    const [free] = await t.db
      .insert(loyaltyRewards)
      .values({
        businessId: owner.userId,
        name: 'Free Premium Detail',
        pointsRequired: 200,
        valueCents: 20_000,
        category: 'service',
      })
      .returning();
    const { token } = await verified(owner.userId, email);
    const res = await post(
      '/api/booking/create-payment',
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        email,
        date: daysAhead(9),
        loyaltyToken: token,
        rewardId: free!.id,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { url, sessionId, amountCents } = await res.json();
    expect(amountCents).toBe(0);
    expect(url).toBe(`${TEST_ORIGIN}/booking-success?session_id=${sessionId}`);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(checkout).toMatchObject({ provider: 'free', status: 'completed', amountCents: 0 });
    const again = await Promise.all([complete(sessionId), complete(sessionId)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const made = await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ quotedPriceCents: 0 });
    expect(await balance(customer.id)).toBe(100);
    // One confirmation email to the customer.
    expect((await t.emailsTo(email)).filter((m) => /confirm/i.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('a 100% promo code books without the provider too', async () => {
    const { owner, service } = await setup(0);
    await t.request('/api/promo-codes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { code: 'FREE', discountType: 'percent', discountValue: 100 },
    });
    const res = await post(
      '/api/booking/create-payment',
      bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        promoCode: 'FREE',
        email: 'free@example.com',
      }),
    );
    expect(res.status).toBe(200);
    const { sessionId, amountCents } = await res.json();
    expect(amountCents).toBe(0);
    expect(sessionId).toMatch(/^free_/);
    expect(await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, sessionId))).toHaveLength(
      1,
    );
  });
});

describe('redeeming on the invoice pay page', () => {
  async function invoiceFor(ownerCookie: string, customerId: string) {
    const q = await (
      await t.request('/api/quotes', {
        method: 'POST',
        cookie: ownerCookie,
        json: { customerId, items: [{ serviceName: 'Wax', quantity: 1, unitPriceCents: 4_550 }] },
      })
    ).json();
    await t.db.execute(sql`update quotes set status = 'accepted', accepted_at = now() where id = ${q.id}`);
    const res = await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: ownerCookie });
    expect(res.status, await res.clone().text()).toBe(201);
    const inv = await res.json();
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    return row!;
  }
  const form = (path: string, fields: Record<string, string>) =>
    t.request(path, { method: 'POST', body: new URLSearchParams(fields) });

  it('a verified customer applies a reward: the balance drops by its value to the cent, points leave once', async () => {
    const { owner, customer, email, reward } = await setup(300);
    const inv = await invoiceFor(owner.cookie, customer.id);
    const payPath = invoicePageUrl({ publicUrl: '', linkSecret: t.deps.linkSecret }, inv.id);
    const page = await (await t.request(payPath)).text();
    expect(page).toContain('Use my loyalty points');

    const sent = await form(`${payPath}/loyalty/send`, {});
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('6-digit code');
    const code = await lastCode(email);
    const wrong = await form(`${payPath}/loyalty/verify`, { code: code === '999999' ? '888888' : '999999' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(REDEEM_TEXT.wrongCode);
    const ok = await form(`${payPath}/loyalty/verify`, { code });
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('You have 300 points available.');
    const token = /name="loyaltyToken" value="([^"]+)"/.exec(html)![1]!;

    // Another business's reward id: 404, nothing spent.
    const other = await setup(0);
    const foreign = await form(`${payPath}/loyalty/redeem`, {
      loyaltyToken: token,
      rewardId: other.reward('10% Off Next Service').id,
    });
    expect(foreign.status).toBe(404);

    const redeem = () =>
      form(`${payPath}/loyalty/redeem`, { loyaltyToken: token, rewardId: reward('10% Off Next Service').id });
    const results = await Promise.all([redeem(), redeem()]);
    expect(results.map((r) => r.status).sort()).toEqual([303, 400]);
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(after).toMatchObject({ totalCents: inv.totalCents, paidCents: 1_000, status: 'partially_paid' });
    expect(await balance(customer.id)).toBe(200);
    const shown = await (await t.request(`${payPath}?reward=applied`)).text();
    expect(shown).toContain('Your reward was applied to this invoice.');
    expect(shown).toContain(`Pay ${formatCents(inv.totalCents - 1_000)}`);
  });
});
