import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema';
import { createStripePaymentProvider } from '../../providers/payments/stripe';
import { Killed } from '../../test/crash';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestContext } from '../../test/harness';
import { ledgerTotals } from '../payouts/ledger.service';
import { onboardOnFakeStripe } from '../payouts/payouts.fixtures';
import { bookableBusiness, bookingForm } from './book/booking.fixtures';
import { REFUND_JOB, REFUND_JOB_DELAY_SECONDS, refundCancelledBooking } from './bookings.service';

// The refund of a cancelled paid booking survives a crash (decision 1320): its job is written in the cancel's
// transaction, the provider is asked with one idempotency key per checkout, and the refund is recorded once however
// often the job runs. Against a local fake Stripe (same key → the first response) and pg-boss on the test database.

const fake = await startFakeStripe();
afterAll(() => fake.close());
const WEBHOOK_SECRET = 'whsec_test_secret_for_fake_stripe';
const t = await createTestContext({
  jobs: true,
  payments: () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_fake_123',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.apiBase,
    }),
});

async function paidBooking() {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  await onboardOnFakeStripe(t, fake, owner, WEBHOOK_SECRET);
  const email = `crash-${owner.userId.slice(0, 8)}@example.com`;
  const created = await (
    await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, email }),
    })
  ).json();
  fake.markPaid(created.sessionId);
  const done = await t.request('/api/booking/complete-booking', {
    method: 'POST',
    json: { sessionId: created.sessionId },
  });
  expect(done.status, await done.clone().text()).toBe(200);
  const sessionId = created.sessionId as string;
  return { owner, bookingId: (await done.json()).booking.id as string, sessionId, email };
}

const checkoutStatus = async (sessionId: string) =>
  (
    await t.db
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId))
  )[0]!.status;

const refundsAtStripe = (sessionId: string) =>
  fake.refunds.filter((r) => r.payment_intent === `pi_fake_${sessionId}`);
const refundAsks = (sessionId: string) =>
  fake.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.idempotencyKey === `refund-${sessionId}`,
  );
const cancellationEmails = async (email: string) =>
  (await t.emailsTo(email)).filter((m) => m.subject?.includes('was cancelled'));

const refundJobs = async (sessionId: string) =>
  (
    await t.handle.query(
      "select id, state, start_after > now() as later from pgboss.job where name = $1 and data->>'sessionId' = $2",
      [REFUND_JOB, sessionId],
    )
  ).rows as Array<{ id: string; state: string; later: boolean }>;

/** Cancels while the process "dies" at the refund: `after` = once Stripe has refunded, else before asking it. */
async function cancelAndDie(owner: { cookie: string }, bookingId: string, when: 'before' | 'after') {
  const real = t.deps.payments.refund;
  t.deps.payments.refund = async (...args) => {
    if (when === 'after') await real.apply(t.deps.payments, args);
    throw new Killed('SIGKILL');
  };
  try {
    const res = await t.request(`/api/bookings/${bookingId}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  } finally {
    t.deps.payments.refund = real;
  }
}

/** The delayed job's time comes (as it would 60 s later on any instance); waits until the checkout is refunded. */
async function jobRuns(sessionId: string) {
  await t.handle.query(
    "update pgboss.job set start_after = now() where name = $1 and data->>'sessionId' = $2 and state = 'created'",
    [REFUND_JOB, sessionId],
  );
  for (let i = 0; i < 100 && (await checkoutStatus(sessionId)) !== 'refunded'; i++)
    await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 50 && (await refundJobs(sessionId)).some((j) => j.state !== 'completed'); i++)
    await new Promise((r) => setTimeout(r, 100));
}

describe('the refund after a cancel', () => {
  it('is a job written with the cancel, delayed as a safety net; a refund that went through leaves it nothing to do', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    const res = await t.request(`/api/bookings/${bookingId}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(res.status).toBe(200);
    expect(REFUND_JOB_DELAY_SECONDS).toBeGreaterThanOrEqual(30);
    expect(await refundJobs(sessionId)).toEqual([expect.objectContaining({ state: 'created', later: true })]);
    expect(await checkoutStatus(sessionId)).toBe('refunded');
    await jobRuns(sessionId);
    expect(refundAsks(sessionId)).toHaveLength(1);
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    expect(await cancellationEmails(email)).toHaveLength(1);
  });

  it('a process killed after Stripe refunded, before recording it: the job records it once, Stripe refunds once', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    await cancelAndDie(owner, bookingId, 'after');
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    expect(await checkoutStatus(sessionId)).toBe('completed');
    expect(await cancellationEmails(email)).toHaveLength(0);
    const before = await ledgerTotals(t.db, owner.userId);
    expect(before.refund ?? 0).toBe(0);

    await jobRuns(sessionId);
    expect(await checkoutStatus(sessionId)).toBe('refunded');
    // Asked twice with one key: the same refund came back.
    expect(refundAsks(sessionId)).toHaveLength(2);
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    const ledger = await ledgerTotals(t.db, owner.userId);
    expect(ledger.refund).toBe(-ledger.charge - ledger.tip);
    expect(ledger.fee + ledger.fee_refund).toBe(0);
    expect(await cancellationEmails(email)).toHaveLength(1);

    // The job delivered twice more (a retry after a lost acknowledgement), at once: nothing more happens.
    const again = await Promise.all(
      [1, 2].map(() => refundCancelledBooking({ ...t.deps, jobs: undefined }, sessionId)),
    );
    expect(again).toEqual([false, false]);
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    expect(await ledgerTotals(t.db, owner.userId)).toEqual(ledger);
    expect(await cancellationEmails(email)).toHaveLength(1);
  });

  it('a process killed before Stripe was asked: the job refunds once', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    await cancelAndDie(owner, bookingId, 'before');
    expect(refundsAtStripe(sessionId)).toHaveLength(0);
    expect(await checkoutStatus(sessionId)).toBe('completed');

    await jobRuns(sessionId);
    expect(await checkoutStatus(sessionId)).toBe('refunded');
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    const ledger = await ledgerTotals(t.db, owner.userId);
    expect(ledger.refund).toBe(-ledger.charge - ledger.tip);
    expect(await cancellationEmails(email)).toHaveLength(1);
  });

  it('two runs at once (the job and a retry) that both reach Stripe: one refund, recorded once', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    await cancelAndDie(owner, bookingId, 'before');
    const runs = await Promise.all(
      [1, 2, 3].map(() => refundCancelledBooking({ ...t.deps, jobs: undefined }, sessionId)),
    );
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(refundsAtStripe(sessionId)).toHaveLength(1);
    const ledger = await ledgerTotals(t.db, owner.userId);
    expect(ledger.refund).toBe(-ledger.charge - ledger.tip);
    expect(await cancellationEmails(email)).toHaveLength(1);
  });
});
