import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, checkoutSessions } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { ledgerTotals } from '../payouts/ledger.service';
import { bookableBusiness, bookingForm } from './book/booking.fixtures';
import { REFUND_JOB } from './bookings.service';

// Hardening defect 5 (decision 405): the status changes first, under the lock; the refund and the email follow once.

const t = await createTestContext({ jobs: 'memory' });

const setStatus = (cookie: string, id: string, status: string) =>
  t.request(`/api/bookings/${id}/status`, { method: 'PATCH', cookie, json: { status } });

/** A booking paid on the test checkout; returns its id, its session and the customer's email. */
async function paidBooking() {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  const email = `cancel-${owner.userId.slice(0, 8)}@example.com`;
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
  return { owner, bookingId: done.booking.id as string, sessionId: created.sessionId as string, email };
}

async function checkoutOf(sessionId: string) {
  const [row] = await t.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, sessionId));
  return row!;
}

/** Counts the provider's refund calls while `fn` runs. */
async function countingRefunds<T>(fn: (calls: string[]) => Promise<T>, fail = false) {
  const real = t.payments.refund;
  const calls: string[] = [];
  t.payments.refund = async (sessionId, ref, req) => {
    calls.push(sessionId);
    if (fail) throw new Error('Stripe is unavailable');
    return real(sessionId, ref, req);
  };
  try {
    return await fn(calls);
  } finally {
    t.payments.refund = real;
  }
}

const cancellationEmails = async (email: string) =>
  (await t.emailsTo(email)).filter((m) => m.subject?.includes('was cancelled'));

describe('cancelling a paid booking', () => {
  it('30 concurrent cancels: one succeeds, one refund, one email, one ledger refund', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    const { statuses, calls } = await countingRefunds(async (calls) => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => setStatus(owner.cookie, bookingId, 'cancelled')),
      );
      return { statuses: answers.map((a) => a.status), calls };
    });
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(calls).toEqual([sessionId]);
    expect(await cancellationEmails(email)).toHaveLength(1);
    expect((await checkoutOf(sessionId)).status).toBe('refunded');
    const ledger = await ledgerTotals(t.db, owner.userId);
    expect(ledger.refund).toBe(-ledger.charge - ledger.tip);
    expect(ledger.fee + ledger.fee_refund).toBe(0);
  });

  it('a cancel racing a confirm never leaves a refunded booking standing, nor a cancelled one charged', async () => {
    for (let i = 0; i < 3; i++) {
      const { owner, bookingId, sessionId } = await paidBooking();
      await Promise.all([
        setStatus(owner.cookie, bookingId, 'confirmed'),
        setStatus(owner.cookie, bookingId, 'cancelled'),
      ]);
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      const refunded = (await checkoutOf(sessionId)).status === 'refunded';
      expect(refunded).toBe(booking!.status === 'cancelled');
    }
  });

  it('when the provider fails, the booking is cancelled and the job written with the cancel refunds it, once', async () => {
    const { owner, bookingId, sessionId, email } = await paidBooking();
    const res = await countingRefunds(() => setStatus(owner.cookie, bookingId, 'cancelled'), true);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('cancelled');
    expect((await checkoutOf(sessionId)).status).toBe('completed');
    expect(await cancellationEmails(email)).toHaveLength(0);
    const mine = (j: { name: string; data: object }) =>
      j.name === REFUND_JOB && (j.data as { sessionId: string }).sessionId === sessionId;
    expect(t.memoryJobs!.sent.filter(mine)).toEqual([
      { name: REFUND_JOB, data: { sessionId, by: 'business' } },
    ]);

    // The job was written with the cancel, delayed as a safety net (decision 1320).
    expect(t.memoryJobs!.delayed()).toBeGreaterThanOrEqual(1);
    const calls = await countingRefunds(async (calls) => {
      t.memoryJobs!.releaseDelayed();
      await t.memoryJobs!.drain();
      await t.memoryJobs!.drain();
      return calls;
    });
    expect(calls).toEqual([sessionId]);
    expect((await checkoutOf(sessionId)).status).toBe('refunded');
    expect(await cancellationEmails(email)).toHaveLength(1);
  });
});
