import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageSends, outboxMessages } from '../../db/schema';
import { createJobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mailer';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import { deliverDueMessages, queueMessages } from './automations/message-queue';

// Side effects that survive a crash (decision 1263): the jobs and messages a write implies commit with it, a worker
// that dies mid-job is replaced by another, and each message goes out once.

const t = await createTestContext({ jobs: true });
const jobs = t.deps.jobs!;

const jobsNamed = async (name: string) =>
  (await t.handle.query('select id, state, retry_count from pgboss.job where name = $1', [name])).rows;

class Killed extends Error {}

/**
 * Runs `write` with providers that fail inside the delivery's transaction: nothing delivered commits, as when the
 * process is SIGKILLed right after the write's own commit.
 */
async function dieWhileDelivering(write: () => Promise<unknown>) {
  const { mailer, sms } = t.deps;
  t.deps.mailer = { transport: 'outbox', send: () => Promise.reject(new Killed('SIGKILL')) } satisfies Mailer;
  t.deps.sms = { transport: 'outbox', send: () => Promise.reject(new Killed('SIGKILL')) } satisfies SmsSender;
  try {
    await write();
  } finally {
    t.deps.mailer = mailer;
    t.deps.sms = sms;
  }
}

describe('a job sent in a transaction', () => {
  it('exists when the write commits and not when it rolls back', async () => {
    await jobs.work('outbox-test.tx', async () => {}, { pollingIntervalSeconds: 30 });
    await expect(
      t.db.transaction(async (tx) => {
        await jobs.send('outbox-test.tx', { n: 1 }, { tx, startAfterSeconds: 3600 });
        throw new Killed('rolled back');
      }),
    ).rejects.toThrow(Killed);
    expect(await jobsNamed('outbox-test.tx')).toEqual([]);

    await t.db.transaction(async (tx) => {
      await jobs.send('outbox-test.tx', { n: 2 }, { tx, startAfterSeconds: 3600 });
    });
    expect(await jobsNamed('outbox-test.tx')).toHaveLength(1);
  });
});

describe('a paid booking', () => {
  async function paidSession(email: string) {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, email }),
    });
    expect(res.status).toBe(200);
    const { sessionId, url } = await res.json();
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    return { sessionId: sessionId as string, owner };
  }
  const emailsTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

  it('gets its confirmation with the manage link once, though the process died right after the commit', async () => {
    const email = `crash.${Date.now()}@example.com`;
    const { sessionId, owner } = await paidSession(email);
    // The process "dies" in the first delivery: its transaction never commits, as after a SIGKILL.
    await dieWhileDelivering(async () => {
      const res = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
      expect(res.status).toBe(200);
    });
    expect(await emailsTo(email)).toEqual([]);
    const pending = await t.db
      .select({ kind: messageSends.kind, channel: messageSends.channel, status: messageSends.status })
      .from(messageSends)
      .where(eq(messageSends.businessId, owner.userId));
    expect(pending.map((p) => `${p.kind}/${p.channel}/${p.status}`).sort()).toEqual([
      'confirmation/email/pending',
      'confirmation/sms/pending',
      'owner_notice/email/pending',
    ]);

    // Another instance's tick (or the customer's retry) delivers what was left; twice is still once.
    await deliverDueMessages(t.deps);
    await deliverDueMessages(t.deps);
    expect(
      (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
    ).toBe(200);
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('/manage/');
    const sent = await t.db
      .select({ kind: messageSends.kind, channel: messageSends.channel, status: messageSends.status })
      .from(messageSends)
      .where(eq(messageSends.businessId, owner.userId));
    expect(sent.map((p) => `${p.kind}/${p.channel}/${p.status}`).sort()).toEqual([
      'confirmation/email/sent',
      'confirmation/sms/sent',
      'owner_notice/email/sent',
    ]);
  });

  it('a completion retried after the crash delivers the pending confirmation at once', async () => {
    const email = `retry.${Date.now()}@example.com`;
    const { sessionId } = await paidSession(email);
    const real = t.deps.mailer;
    t.deps.mailer = {
      transport: 'outbox',
      send: () => Promise.reject(new Killed('SIGKILL')),
    } satisfies Mailer;
    try {
      await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    } finally {
      t.deps.mailer = real;
    }
    expect(await emailsTo(email)).toEqual([]);
    expect(
      (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
    ).toBe(200);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('a worker killed mid-job', () => {
  it('has its job retried by another instance within seconds, and the message goes out once', async () => {
    const owner = await t.signUp();
    const to = `worker.${Date.now()}@example.com`;
    let attempts = 0;
    const message = (key: string) => ({
      businessId: owner.userId,
      kind: 'confirmation' as const,
      dedupeKey: `outbox-test:${key}`,
      channel: 'email' as const,
      to,
      subject: 'Once',
      body: 'Exactly once',
    });
    // The job's handler: its message keyed per job, then delivery (both idempotent).
    const handler = async (data: { key: string }) => {
      attempts++;
      await queueMessages(t.db, t.deps.publicUrl, [message(data.key)]);
      await deliverDueMessages(t.deps);
    };
    const id = await jobs.send(
      'outbox-test.worker',
      { key: 'k1' },
      { expireInSeconds: 1, retryDelaySeconds: 0 },
    );
    // An instance took the job, wrote the message row and was SIGKILLed before delivering or finishing the job: the
    // job stays active in the database with no one working on it.
    await t.handle.query(
      "update pgboss.job set state = 'active', started_on = now(), start_after = now() where id = $1",
      [id],
    );
    await queueMessages(t.db, t.deps.publicUrl, [message('k1')]);

    // Another instance: its supervisor sees the job past its expiry and retries it; its worker runs it.
    const other = await createJobQueue(t.handle, {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
    try {
      await other.work('outbox-test.worker', handler, { pollingIntervalSeconds: 0.5 });
      // Until the job is recorded complete, not only until its message is out: the completion is written after the
      // handler returns, and a stop before it (a slow machine) left the job active.
      const completed = async () => (await jobsNamed('outbox-test.worker'))[0]?.state === 'completed';
      for (let i = 0; i < 400 && !(await completed()); i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await other.stop(2000);
    }
    expect(await emailsSent(to)).toBe(1);
    expect(attempts).toBe(1);
    const [job] = await jobsNamed('outbox-test.worker');
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    const rows = await t.db
      .select({ status: messageSends.status })
      .from(messageSends)
      .where(and(eq(messageSends.businessId, owner.userId), like(messageSends.dedupeKey, 'outbox-test:%')));
    expect(rows).toEqual([{ status: 'sent' }]);
  });
});

async function emailsSent(to: string) {
  return (await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).length;
}
