import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingSeries, messageSends, seriesCharges, seriesVisits } from '../../db/schema';
import { createStripePaymentProvider } from '../../providers/payments/stripe';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import { onboardOnFakeStripe, postStripeWebhook } from '../payouts/payouts.fixtures';
import { chargeCompletedVisit } from './series-charges.service';

// Repeat visits through Stripe (decision 1258), against the local fake Stripe: the card is saved by a setup-mode
// Checkout (its SetupIntent) on the business's connected account; Stripe's signed checkout.session.completed and
// setup_intent.succeeded activate the series once, a wrong signature changes nothing; each completed visit is charged
// off-session once on the connected account with the platform's fee.

const fake = await startFakeStripe();
afterAll(() => fake.close());
const SECRET = 'whsec_series_fake';
const t = await createTestContext({
  payments: () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_series',
      webhookSecret: SECRET,
      apiBase: fake.apiBase,
    }),
});

const send = async (type: string, object: unknown, secret = SECRET, account?: string) => {
  const e = fake.signedEvent(type, object, { secret, account });
  return postStripeWebhook(t, e.body, e.signature);
};
const seriesOf = async (sessionId: string) =>
  (await t.db.select().from(bookingSeries).where(eq(bookingSeries.providerSessionId, sessionId)))[0]!;

describe('repeat visits on Stripe (fake Stripe)', () => {
  it('saves the card on the connected account, activates once by webhook, charges each completed visit once', async () => {
    const owner = await t.signUp();
    const [wash] = await bookableBusiness(t.db, owner.userId, [
      { name: 'Express Wash', basePriceCents: 5000, durationMinutes: 60 },
    ]);
    const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
    const terms = await t.request(`/api/series/terms/${wash!.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { repeatable: true, weeklyPercent: 15, biweeklyPercent: 10, fourWeeklyPercent: 5 },
    });
    expect(terms.status).toBe(200);
    const res = await t.request('/api/public/series/checkout', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: wash!.id,
        repeatWeeks: 2,
        email: 'sam@example.com',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { sessionId, url, amountCents } = await res.json();
    expect(url).toContain(`/c/pay/${sessionId}`);
    expect(amountCents).toBe(4500);
    const series = await seriesOf(sessionId);
    // The SetupIntent's Checkout is made on the connected account, in setup mode, naming the series.
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form['metadata[series_id]'] === series.id,
    );
    expect(create).toMatchObject({ stripeAccount: accountId });
    expect(create!.form.mode).toBe('setup');
    expect(create!.form['setup_intent_data[metadata][series_id]']).toBe(series.id);
    expect(series.setupStatus).toBe('open');

    // The customer saves the card on Stripe's page; a forged event (wrong signature) changes nothing.
    const session = fake.completeSetup(sessionId);
    const forged = await send('checkout.session.completed', session, 'whsec_not_ours', accountId);
    expect(forged.status).toBe(400);
    expect((await seriesOf(sessionId)).setupStatus).toBe('open');
    expect(await t.db.select().from(seriesVisits).where(eq(seriesVisits.seriesId, series.id))).toHaveLength(
      0,
    );

    // The signed events, each twice and in any order: the series is activated once, its visits booked once.
    const intent = { ...session.setup_intent!, metadata: { series_id: series.id } };
    for (const [type, object] of [
      ['setup_intent.succeeded', intent],
      ['checkout.session.completed', session],
      ['checkout.session.completed', session],
      ['setup_intent.succeeded', intent],
    ] as const)
      expect((await send(type, object, SECRET, accountId)).status).toBe(200);
    const active = await seriesOf(sessionId);
    expect(active).toMatchObject({
      setupStatus: 'saved',
      providerCustomerId: session.customer,
      paymentMethodId: session.setup_intent!.payment_method,
      connectedAccount: accountId,
    });
    const visits = await t.db
      .select()
      .from(seriesVisits)
      .where(eq(seriesVisits.seriesId, series.id))
      .orderBy(seriesVisits.occurrenceDate);
    expect(visits.length).toBeGreaterThan(1);
    expect(new Set(visits.map((v) => v.occurrenceDate)).size).toBe(visits.length);
    const confirmations = await t.db
      .select()
      .from(messageSends)
      .where(eq(messageSends.dedupeKey, `series:confirmed:${series.id}`));
    expect(confirmations).toHaveLength(1);
    // An unknown series in a signed event is acknowledged and changes nothing.
    const stray = await send('setup_intent.succeeded', {
      ...intent,
      metadata: { series_id: crypto.randomUUID() },
    });
    expect(stray.status).toBe(200);

    // The first visit completed: one off-session charge on the connected account with the platform's fee.
    const bookingId = visits[0]!.bookingId!;
    for (const status of ['confirmed', 'in_progress', 'completed']) {
      const done = await t.request(`/api/bookings/${bookingId}/status`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { status },
      });
      expect(done.status, await done.clone().text()).toBe(200);
    }
    await Promise.all([
      chargeCompletedVisit(t.deps, owner.userId, bookingId),
      chargeCompletedVisit(t.deps, owner.userId, bookingId),
    ]);
    const charges = fake.offSessionCharges.filter((c) => c.metadata.series_id === series.id);
    expect(charges).toHaveLength(1);
    const [row] = await t.db.select().from(seriesCharges).where(eq(seriesCharges.bookingId, bookingId));
    expect(row).toMatchObject({ status: 'paid', amountCents: 4500 });
    expect(charges[0]).toMatchObject({
      account: accountId,
      amount: 4500,
      application_fee_amount: row!.applicationFeeCents,
      customer: session.customer,
      payment_method: session.setup_intent!.payment_method,
      off_session: true,
    });
    expect(row!.applicationFeeCents).toBeGreaterThan(0);
    // The visits not completed are not charged.
    expect(
      fake.offSessionCharges.filter((c) => c.metadata.document_id === visits[1]!.bookingId),
    ).toHaveLength(0);
  });
});
