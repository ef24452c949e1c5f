import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createWaitlistEntry } from '../../db/factories';
import { bookings, contactMessages, emailWaitlist, messageSends } from '../../db/schema';
import type { Mailer } from '../../providers/mail/mailer';
import { PDF_BYTES } from '../../test/files';
import { createTestContext } from '../../test/harness';
import { bookingForm } from '../bookings/book/booking.fixtures';
import { sendLaunchEmails } from '../service-areas/launch-emails.job';
import { PLATFORM_EMAIL_JOB, queuePlatformEmail } from './platform-email';

// The emails that were still sent outside their write's transaction (decision 1321): the contact form, better-auth's
// verification and reset links, a verification decision, the waitlist's launch emails and the weekly digest. Each is
// now written with its write (a job, or a message row when a business owns it) and sent once.

const t = await createTestContext({ jobs: true, authEmailsAsJobs: true });
const jobs = t.deps.jobs!;

class Killed extends Error {}

const platformJobs = async (keyPrefix: string) =>
  (
    await t.handle.query(
      "select id, state, data->>'to' as to from pgboss.job where name = $1 and data->>'key' like $2",
      [PLATFORM_EMAIL_JOB, `${keyPrefix}%`],
    )
  ).rows as Array<{ id: string; state: string; to: string }>;

/** Waits (up to 10 s) until `check` holds: the queue's worker sends on its own time. */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean) {
  let value = await read();
  for (let i = 0; i < 100 && !check(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('a platform email written as a job', () => {
  it('exists when the write commits and not when it rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queuePlatformEmail(
          { jobs, mailer: t.deps.mailer },
          { to: 'rolled@back.test', subject: 'No', text: 'No' },
          { key: 'test-rollback:1', tx },
        );
        throw new Killed('rolled back');
      }),
    ).rejects.toThrow(Killed);
    expect(await platformJobs('test-rollback:')).toEqual([]);
    await t.db.transaction(async (tx) => {
      await queuePlatformEmail(
        { jobs, mailer: t.deps.mailer },
        { to: 'committed@outbox.test', subject: 'Yes', text: 'Yes' },
        { key: 'test-commit:1', tx },
      );
    });
    expect(await platformJobs('test-commit:')).toHaveLength(1);
    expect(
      await eventually(
        () => t.emailsTo('committed@outbox.test'),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);
  });

  it('a provider failure is retried by the queue, not lost', async () => {
    const mailer = t.deps.mailer;
    let failures = 0;
    t.deps.mailer = {
      transport: mailer.transport,
      send: (m, o) =>
        m.to === 'flaky@outbox.test' && failures++ === 0
          ? Promise.reject(new Killed('down'))
          : mailer.send(m, o),
    } satisfies Mailer;
    try {
      await jobs.send(
        PLATFORM_EMAIL_JOB,
        { to: 'flaky@outbox.test', subject: 'Retry', text: 'Retry', key: 'test-retry:1' },
        { retryLimit: 3, retryDelaySeconds: 1 },
      );
      const mails = await eventually(
        () => t.emailsTo('flaky@outbox.test'),
        (m) => m.length > 0,
      );
      expect(failures).toBeGreaterThanOrEqual(2);
      expect(mails).toHaveLength(1);
    } finally {
      t.deps.mailer = mailer;
    }
  });
});

describe('the contact form', () => {
  it('stores the message and writes its email as a job in one transaction; the queue sends it once', async () => {
    const res = await t.request('/api/public/contact', {
      method: 'POST',
      json: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@contact.test',
        subject: 'Outbox please',
        message: 'Hello there, this is a message.',
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ada@contact.test'));
    expect(row).toBeDefined();
    expect(await platformJobs(`contact:${row!.id}`)).toEqual([
      expect.objectContaining({ to: 'support@test.local' }),
    ]);
    const mails = await eventually(
      async () => (await t.emailsTo('support@test.local')).filter((m) => m.body.includes(row!.id)),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
  });
});

describe("better-auth's emails", () => {
  it('the password reset link is a job the queue sends', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: owner.email, redirectTo: '/auth?mode=reset' },
    });
    expect(res.status).toBe(200);
    expect(await platformJobs(`password-reset:${owner.userId}:`)).toHaveLength(1);
    const mails = await eventually(
      async () =>
        (await t.emailsTo(owner.email)).filter((m) => m.subject === 'Reset your ShineRoute password'),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
  });

  it("the sign-up's verification link is a job the queue sends", async () => {
    const owner = await t.signUp();
    expect(
      await eventually(
        () => platformJobs(`email-verification:${owner.userId}:`),
        (j) => j.length > 0,
      ),
    ).toHaveLength(1);
    const mails = await eventually(
      async () => (await t.emailsTo(owner.email)).filter((m) => /verify/i.test(m.subject ?? '')),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
  });
});

describe('a verification decision', () => {
  it("the owner's email is a message row written with the decision, sent once", async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp();
    const form = new FormData();
    form.set('documentType', 'government_id');
    form.set('file', new File([PDF_BYTES as Uint8Array<ArrayBuffer>], 'id.pdf'));
    expect(
      (await t.request('/api/verification/documents', { method: 'POST', body: form, cookie: owner.cookie }))
        .status,
    ).toBe(201);
    const approve = () =>
      t.request(`/api/admin/verifications/${owner.userId}/approve`, { method: 'POST', cookie: admin.cookie });
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(200);
    const rows = await t.db
      .select({ status: messageSends.status, to: messageSends.to })
      .from(messageSends)
      .where(and(eq(messageSends.businessId, owner.userId), eq(messageSends.kind, 'verification')));
    expect(rows).toEqual([{ status: 'sent', to: owner.email }]);
    const mails = (await t.emailsTo(owner.email)).filter(
      (m) => m.subject === 'Your business is verified on ShineRoute',
    );
    expect(mails).toHaveLength(1);
  });
});

describe("the waitlist's launch emails", () => {
  it('each waiter is claimed with its email job in one transaction: repeated and concurrent runs email each once', async () => {
    const owner = await t.signUp();
    const zip = '49001';
    const people = ['w1', 'w2', 'w3'].map((p) => `${p}@launch-outbox.test`);
    for (const p of people) await createWaitlistEntry(t.db, p, zip);
    const area = await (
      await t.request('/api/service-areas', {
        method: 'POST',
        cookie: owner.cookie,
        json: { zipCode: zip, city: 'Austin', state: 'Texas', stateCode: 'TX' },
      })
    ).json();
    const on = await t.request(`/api/service-areas/${area.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isActive: true },
    });
    expect((await on.json()).launchEmailsQueued).toBe(3);
    await Promise.all([
      sendLaunchEmails(t.deps, { zipCode: zip }),
      sendLaunchEmails(t.deps, { zipCode: zip }),
    ]);
    const launchMails = async () =>
      (await Promise.all(people.map((p) => t.emailsTo(p))))
        .flat()
        .filter((m) => m.subject?.includes(`(${zip})`));
    const mails = await eventually(launchMails, (m) => m.length >= 3);
    // The launch's own job may still be running: give it time to (not) send more.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await launchMails()).map((m) => m.to).sort()).toEqual(people);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(await platformJobs('launch:')).toHaveLength(3);
    const waiters = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.zipCode, zip));
    expect(waiters.every((w) => w.notified && w.notifiedAt)).toBe(true);
  });
});

describe("a platform lead's emails", () => {
  it('are jobs written with the lead: a failing provider loses neither, and each is sent exactly once', async () => {
    const services = (await (await t.request('/api/booking/options?zip=59003')).json()).services;
    const email = 'lead@platform-lead-outbox.test';
    const mailer = t.deps.mailer;
    const failed: string[] = [];
    // The provider is down for the lead's two emails: the customer's confirmation and the notice to support.
    t.deps.mailer = {
      transport: mailer.transport,
      send: (m, o) => {
        const forLead = m.to === email || (m.to === 'support@test.local' && m.subject?.includes('59003'));
        if (forLead && !failed.includes(m.to)) {
          failed.push(m.to);
          return Promise.reject(new Killed('provider down'));
        }
        return mailer.send(m, o);
      },
    } satisfies Mailer;
    try {
      const created = await t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({ serviceId: services[0].id, zip: '59003', email }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const { sessionId, url } = await created.json();
      expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      const complete = () =>
        t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
      const res = await complete();
      expect(res.status, await res.clone().text()).toBe(200);
      const leadId = (await res.json()).booking.id as string;
      const [lead] = await t.db.select().from(bookings).where(eq(bookings.id, leadId));
      expect(lead?.businessId).toBeNull();
      // Both emails are jobs of the lead; the provider's failure left them to retry, not lost.
      const jobsOfLead = () => platformJobs(`platform-lead:${leadId}:`);
      const retrying = await eventually(
        jobsOfLead,
        (j) => j.length === 2 && j.every((x) => x.state === 'retry'),
      );
      expect(retrying.map((j) => j.to).sort()).toEqual([email, 'support@test.local']);
      expect(failed.sort()).toEqual([email, 'support@test.local']);
      expect(await t.emailsTo(email)).toEqual([]);
      // The retry is due (instead of 30 s from now): the queue sends each once.
      await t.handle.query(
        "update pgboss.job set start_after = now() where name = $1 and data->>'key' like $2",
        [PLATFORM_EMAIL_JOB, `platform-lead:${leadId}:%`],
      );
      const done = await eventually(jobsOfLead, (j) => j.every((x) => x.state === 'completed'));
      expect(done.map((j) => j.state)).toEqual(['completed', 'completed']);
      // The customer's retry of the completion writes no more jobs and sends nothing again.
      expect((await complete()).status).toBe(200);
      expect(await jobsOfLead()).toHaveLength(2);
      expect(await t.emailsTo(email)).toHaveLength(1);
      const notices = (await t.emailsTo('support@test.local')).filter((m) =>
        m.subject?.startsWith('New platform lead:'),
      );
      expect(notices.filter((m) => m.subject?.includes('59003'))).toHaveLength(1);
    } finally {
      t.deps.mailer = mailer;
    }
  });
});
