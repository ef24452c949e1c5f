import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOMATION_SETTINGS } from '../../../shared/messaging';
import { addDays, todayInZone } from '../../../shared/time';
import { createBooking, createCustomer, createService, grantRole, updateProfile } from '../../db/factories';
import { bookingLinkTokens, bookings, messageSends, outboxMessages, smsOptOuts } from '../../db/schema';
import { hashToken } from '../../http/tokens';
import { createJobQueue } from '../../jobs/queue';
import { createTestContext, openTestDatabase } from '../../test/harness';
import { newReviewToken } from './automations/customer-links';
import { deliverDueMessages } from './automations/message-queue';
import { planReminders } from './automations/reminders';
import { planWinback } from './automations/win-back';
import { AUTOMATIONS_TICK_JOB, runAutomations, scheduleAutomationsTick } from './automations/workers';
import { recordConsent } from './consent.service';

const t = await createTestContext({ jobs: 'memory' });
t.deps.messageRetryDelaysMs = [1, 1];
const ZONE = 'America/Chicago';
const HOUR = 3_600_000;

async function owner(values: Partial<Parameters<typeof updateProfile>[2]> = {}) {
  const o = await t.signUp();
  await updateProfile(t.db, o.userId, {
    businessName: `Shine ${o.userId.slice(0, 4)}`,
    businessAddress: '100 Congress Ave, Austin, TX 78701',
    phone: '(512) 555-0100',
    timeZone: ZONE,
    ...values,
  });
  return o;
}

let n = 0;
async function customer(businessId: string, values: { phone?: string | null; smsOptIn?: boolean } = {}) {
  const c = await createCustomer(t.db, businessId, {
    firstName: `Cust${++n}`,
    lastName: 'Omer',
    email: `auto${n}-${businessId.slice(0, 6)}@example.com`,
    phone: values.phone === undefined ? '(512) 555-0142' : values.phone,
  });
  if (values.smsOptIn) await recordConsent(t.db, businessId, c.id, { sms: true, source: 'booking_form' });
  return c;
}

/** A booking made `madeHoursAgo` hours ago that starts `startsInHours` from now. */
async function booking(
  businessId: string,
  customerId: string,
  startsInHours: number,
  opts: { status?: 'pending' | 'confirmed' | 'completed'; madeHoursAgo?: number } = {},
) {
  const b = await createBooking(t.db, businessId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 60 },
    customerId,
    scheduledAt: new Date(Date.now() + startsInHours * HOUR),
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 15000,
    status: opts.status ?? 'confirmed',
  });
  await t.db
    .update(bookings)
    .set({ createdAt: new Date(Date.now() - (opts.madeHoursAgo ?? 72) * HOUR) })
    .where(eq(bookings.id, b.id));
  return b;
}

const rowsOf = (bookingId: string) =>
  t.db.select().from(messageSends).where(eq(messageSends.bookingId, bookingId));
const outboxTo = (to: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

async function saveSettings(cookie: string, values: Partial<typeof DEFAULT_AUTOMATION_SETTINGS>) {
  return t.request('/api/automations', {
    method: 'PUT',
    cookie,
    json: { ...DEFAULT_AUTOMATION_SETTINGS, ...values },
  });
}

describe('appointment reminders', () => {
  it('sends the 24-hour reminder by email and SMS exactly once, however often the tick runs', async () => {
    const o = await owner();
    const c = await customer(o.userId);
    const b = await booking(o.userId, c.id, 20);
    // Two instances' ticks at once, then a re-run (a retried job after a restart).
    await Promise.all([runAutomations(t.deps), runAutomations(t.deps)]);
    await runAutomations(t.deps);
    const rows = await rowsOf(b.id);
    expect(rows.map((r) => `${r.kind}/${r.channel}/${r.status}`).sort()).toEqual([
      'reminder_24h/email/sent',
      'reminder_24h/sms/sent',
    ]);
    expect(rows.every((r) => r.marketing === false)).toBe(true);
    const emails = await outboxTo(c.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Reminder: your Full Detail on /);
    expect(emails[0]!.body).toMatch(/\/manage\/[A-Za-z0-9_-]{43}/);
    expect(await outboxTo('+15125550142')).toHaveLength(1);
  });

  it('sends only the 2-hour reminder inside two hours, and none for a booking made inside the window', async () => {
    const o = await owner();
    const c = await customer(o.userId, { phone: null });
    const soon = await booking(o.userId, c.id, 1.5);
    const fresh = await booking(o.userId, c.id, 10, { madeHoursAgo: 1 });
    await runAutomations(t.deps);
    expect((await rowsOf(soon.id)).map((r) => r.kind)).toEqual(['reminder_2h']);
    expect(await rowsOf(fresh.id)).toHaveLength(0);
  });

  it('runs from the job queue: the tick job delivers and queues the next tick', async () => {
    const o = await owner();
    const c = await customer(o.userId, { phone: null });
    const b = await booking(o.userId, c.id, 1);
    await t.jobs!.send(AUTOMATIONS_TICK_JOB, {});
    await t.memoryJobs!.drain();
    expect((await rowsOf(b.id)).map((r) => r.status)).toEqual(['sent']);
    expect(t.memoryJobs!.delayed()).toBeGreaterThan(0);
  });

  it('a cancelled booking gets no reminder, and a reminder not yet delivered is dropped on cancel', async () => {
    const o = await owner();
    const c = await customer(o.userId, { phone: null });
    const cancelled = await booking(o.userId, c.id, 20, { status: 'pending' });
    const res = await t.request(`/api/bookings/${cancelled.id}/status`, {
      method: 'PATCH',
      cookie: o.cookie,
      json: { status: 'cancelled' },
    });
    expect(res.status).toBe(200);
    await runAutomations(t.deps);
    expect(await rowsOf(cancelled.id)).toHaveLength(0);

    // Planned (pending), then cancelled before delivery: nothing goes out.
    const other = await booking(o.userId, c.id, 21, { status: 'pending' });
    await planReminders(t.deps);
    expect((await rowsOf(other.id)).map((r) => r.status)).toEqual(['pending']);
    await t.request(`/api/bookings/${other.id}/status`, {
      method: 'PATCH',
      cookie: o.cookie,
      json: { status: 'cancelled' },
    });
    await deliverDueMessages(t.deps);
    expect(await rowsOf(other.id)).toHaveLength(0);
    expect(await outboxTo(c.email)).toHaveLength(0);
  });

  it('a moved booking is reminded of its new time', async () => {
    const o = await owner();
    const c = await customer(o.userId, { phone: null });
    const b = await booking(o.userId, c.id, 20);
    await runAutomations(t.deps);
    const later = new Date(Date.now() + 23 * HOUR);
    await t.db.update(bookings).set({ scheduledAt: later }).where(eq(bookings.id, b.id));
    await runAutomations(t.deps);
    const rows = await rowsOf(b.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(2);
  });

  it('honours STOP: no SMS to a number that opted out, email still goes', async () => {
    const o = await owner();
    const c = await customer(o.userId, { phone: '512-555-0199' });
    await t.db.insert(smsOptOuts).values({ phone: '+15125550199', keyword: 'STOP' }).onConflictDoNothing();
    const b = await booking(o.userId, c.id, 20);
    await runAutomations(t.deps);
    expect((await rowsOf(b.id)).map((r) => r.channel)).toEqual(['email']);
    expect(await outboxTo('+15125550199')).toHaveLength(0);
  });

  it('the owner switches a reminder off', async () => {
    const o = await owner();
    expect((await saveSettings(o.cookie, { reminder24h: false })).status).toBe(200);
    const c = await customer(o.userId, { phone: null });
    const b = await booking(o.userId, c.id, 20);
    await runAutomations(t.deps);
    expect(await rowsOf(b.id)).toHaveLength(0);
    const got = await (await t.request('/api/automations', { cookie: o.cookie })).json();
    expect(got).toMatchObject({ reminder24h: false, reminder2h: true });
  });
});

describe('automation settings', () => {
  it('a technician may neither read nor change them (403, decision 1160); another business never sees them', async () => {
    const o = await owner();
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', o.userId);
    expect((await t.request('/api/automations', { cookie: tech.cookie })).status).toBe(403);
    expect((await saveSettings(tech.cookie, { reminder2h: false })).status).toBe(403);
    await saveSettings(o.cookie, { reminder2h: false });
    const other = await owner();
    const theirs = await (await t.request('/api/automations', { cookie: other.cookie })).json();
    expect(theirs.reminder2h).toBe(true);
  });

  it('refuses a review link that is not a link, and win-back email without an address', async () => {
    const o = await owner({ businessAddress: null });
    // Review requests need no link of the owner's: they point to our review page (decision 614).
    expect((await saveSettings(o.cookie, { reviewRequests: true, reviewLink: null })).status).toBe(200);
    const badLink = await saveSettings(o.cookie, { reviewRequests: true, reviewLink: 'my google page' });
    expect(badLink.status).toBe(400);
    expect((await badLink.json()).error.message).toBe('Please enter a full link starting with https://');
    const noAddress = await saveSettings(o.cookie, { winback: true });
    expect(noAddress.status).toBe(400);
    expect((await saveSettings(o.cookie, { winbackDays: 3 })).status).toBe(400);
  });

  it('the message log lists only the business’s own messages, marked transactional or marketing', async () => {
    const o = await owner();
    const other = await owner();
    const c = await customer(o.userId, { phone: null });
    await booking(o.userId, c.id, 20);
    await runAutomations(t.deps);
    const mine = await (await t.request('/api/automations/log', { cookie: o.cookie })).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items[0]).toMatchObject({ kind: 'reminder_24h', marketing: false, status: 'sent' });
    const theirs = await (await t.request('/api/automations/log', { cookie: other.cookie })).json();
    expect(theirs.items).toHaveLength(0);
  });
});

describe('review requests', () => {
  it('one per completed booking, to every customer: email always, SMS only with consent', async () => {
    const o = await owner();
    expect(
      (await saveSettings(o.cookie, { reviewRequests: true, reviewLink: 'https://g.page/r/shine-review' }))
        .status,
    ).toBe(200);
    const withSms = await customer(o.userId, { phone: '512-555-0111', smsOptIn: true });
    const noSms = await customer(o.userId, { phone: '512-555-0112' });
    for (const c of [withSms, noSms]) {
      const b = await booking(o.userId, c.id, 48);
      for (const status of ['in_progress', 'completed'])
        expect(
          (
            await t.request(`/api/bookings/${b.id}/status`, {
              method: 'PATCH',
              cookie: o.cookie,
              json: { status },
            })
          ).status,
        ).toBe(200);
      await runAutomations(t.deps);
      await runAutomations(t.deps);
      const rows = (await rowsOf(b.id)).filter((r) => r.kind === 'review_request');
      expect(rows.map((r) => r.channel).sort()).toEqual(c === withSms ? ['email', 'sms'] : ['email']);
      expect(rows.every((r) => /http:\/\/localhost:3000\/review\/[A-Za-z0-9_-]{43}/.test(r.body))).toBe(true);
    }
    expect((await outboxTo(noSms.email)).filter((m) => m.subject?.startsWith('How did we do'))).toHaveLength(
      1,
    );
  });

  it('none while switched off', async () => {
    const o = await owner();
    // On by default (decision 0957): the owner switches them off.
    expect((await saveSettings(o.cookie, { reviewRequests: false })).status).toBe(200);
    const c = await customer(o.userId);
    const b = await booking(o.userId, c.id, 48);
    for (const status of ['in_progress', 'completed'])
      await t.request(`/api/bookings/${b.id}/status`, {
        method: 'PATCH',
        cookie: o.cookie,
        json: { status },
      });
    expect((await rowsOf(b.id)).filter((r) => r.kind === 'review_request')).toHaveLength(0);
  });
});

describe('the review page', () => {
  async function completedWithReviewLink() {
    const o = await owner({ businessName: 'Review Ready Detailing' });
    expect(
      (await saveSettings(o.cookie, { reviewRequests: true, reviewLink: 'https://g.page/r/review-ready' }))
        .status,
    ).toBe(200);
    const c = await customer(o.userId, { phone: null });
    const b = await booking(o.userId, c.id, 48);
    for (const status of ['in_progress', 'completed'])
      expect(
        (
          await t.request(`/api/bookings/${b.id}/status`, {
            method: 'PATCH',
            cookie: o.cookie,
            json: { status },
          })
        ).status,
      ).toBe(200);
    await runAutomations(t.deps);
    const [mail] = (await outboxTo(c.email)).filter((m) => m.subject?.startsWith('How did we do'));
    const token = /\/review\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    return { o, c, token };
  }
  const submit = (token: string, json: unknown) =>
    t.request(`/api/reviews/${token}`, { method: 'POST', json });

  it('takes one review (rating and text) as an unfeatured testimonial that counts in the real rating', async () => {
    const { o, token } = await completedWithReviewLink();
    const view = await (await t.request(`/api/reviews/${token}`)).json();
    expect(view).toMatchObject({ businessName: 'Review Ready Detailing', canReview: true, submitted: false });
    const [a, b] = await Promise.all([
      submit(token, { rating: 4, text: '  Spotless, and on time.  ' }),
      submit(token, { rating: 5, text: 'Twice?' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await (await t.request(`/api/reviews/${token}`)).json();
    expect(after).toMatchObject({
      submitted: true,
      canReview: false,
      externalReviewLink: 'https://g.page/r/review-ready',
    });
    const list = await (await t.request('/api/business-profile/testimonials', { cookie: o.cookie })).json();
    const items = list.items ?? list.testimonials ?? list;
    expect(items).toHaveLength(1);
    // The one that won is the testimonial, trimmed, unfeatured until the owner features it.
    const won =
      a.status === 200
        ? { rating: 4, testimonialText: 'Spotless, and on time.' }
        : { rating: 5, testimonialText: 'Twice?' };
    expect(items[0]).toMatchObject({ ...won, isFeatured: false, serviceType: 'Full Detail' });
  });

  it('refuses a missing rating or text with a clear 400, an unknown token with 404, and a booking not yet completed', async () => {
    const { token } = await completedWithReviewLink();
    const noRating = await submit(token, { text: 'Great' });
    expect(noRating.status).toBe(400);
    expect((await noRating.json()).error.message).toBe('Please choose a rating from 1 to 5 stars');
    expect((await submit(token, { rating: 6, text: 'Great' })).status).toBe(400);
    const noText = await submit(token, { rating: 5, text: '   ' });
    expect((await noText.json()).error.message).toBe('Please tell us a little about your experience');
    expect((await t.request(`/api/reviews/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await t.request('/api/reviews/short')).status).toBe(404);

    // A token for a booking that is not completed (as a forwarded link of a cancelled job would be) takes nothing.
    const o = await owner();
    const c = await customer(o.userId, { phone: null });
    const b = await booking(o.userId, c.id, 48);
    const pending = await newReviewToken(t.db, o.userId, b.id);
    expect((await (await t.request(`/api/reviews/${pending}`)).json()).canReview).toBe(false);
    expect((await submit(pending, { rating: 5, text: 'Early' })).status).toBe(409);
  });
});

describe('win-back', () => {
  it('messages customers lapsed N days once per lapse, with marketing consent', async () => {
    const o = await owner();
    const lapsed = await customer(o.userId, { phone: null });
    const recent = await customer(o.userId, { phone: null });
    const unsubscribed = await customer(o.userId, { phone: null });
    const rebooked = await customer(o.userId, { phone: null });
    await recordConsent(t.db, o.userId, unsubscribed.id, { email: false, source: 'unsubscribe_link' });
    for (const c of [lapsed, unsubscribed, rebooked])
      await booking(o.userId, c.id, -100 * 24, { status: 'completed' });
    await booking(o.userId, recent.id, -10 * 24, { status: 'completed' });
    await booking(o.userId, rebooked.id, 100, { status: 'confirmed' });
    expect((await saveSettings(o.cookie, { winback: true, winbackDays: 90 })).status).toBe(200);

    await planWinback(t.deps);
    await planWinback(t.deps);
    await deliverDueMessages(t.deps);
    const rows = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.businessId, o.userId), eq(messageSends.kind, 'winback')));
    expect(rows.map((r) => r.customerId)).toEqual([lapsed.id]);
    expect(rows[0]).toMatchObject({
      marketing: true,
      status: 'sent',
      subject: `We miss you, ${lapsed.firstName}`,
    });
    expect(rows[0]!.body).toContain('Unsubscribe:');

    // Win-back by SMS reaches only customers with a recorded opt-in.
    await saveSettings(o.cookie, { winback: true, winbackDays: 90, winbackChannel: 'sms' });
    await planWinback(t.deps);
    expect(
      await t.db
        .select()
        .from(messageSends)
        .where(and(eq(messageSends.businessId, o.userId), eq(messageSends.channel, 'sms'))),
    ).toHaveLength(0);
  });
});

describe('transactional messages', () => {
  it('a booking the owner enters is confirmed through the message log with the self-service link', async () => {
    const o = await owner();
    const svc = await createService(t.db, o.userId, {
      name: 'Wash',
      basePriceCents: 5000,
      durationMinutes: 60,
    });
    const c = await customer(o.userId, { phone: null });
    const date = addDays(todayInZone(ZONE), 3);
    const res = await t.request('/api/bookings', {
      method: 'POST',
      cookie: o.cookie,
      json: {
        customerId: c.id,
        serviceId: svc.id,
        vehicleType: 'sedan',
        vehicle: { make: 'Honda', model: 'Civic', color: null },
        date,
        time: '10:00',
        locationAddress: '1 Main St, Austin, TX 78701',
        notes: null,
      },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ kind: 'confirmation', marketing: false, status: 'sent', channel: 'email' });
    // The link's token works, and only its hash is stored (decision 1130).
    const token = /\/manage\/([A-Za-z0-9_-]+)/.exec(row!.body)![1]!;
    expect((await t.request(`/api/manage/${token}`)).status).toBe(200);
    const stored = await t.db.select().from(bookingLinkTokens).where(eq(bookingLinkTokens.bookingId, id));
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});

describe('the tick on the Postgres job queue', () => {
  it('holds one waiting tick however many instances start and queue it', async () => {
    const handle = await openTestDatabase();
    const first = await createJobQueue(handle, { pollingIntervalSeconds: 30 });
    const second = await createJobQueue(handle, { pollingIntervalSeconds: 30 });
    try {
      // Two instances start (each queues a tick), and one re-queues after a run.
      await scheduleAutomationsTick(first, 60);
      await scheduleAutomationsTick(second, 60);
      await scheduleAutomationsTick(first, 60);
      const result = await handle.query(
        `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry')`,
        [AUTOMATIONS_TICK_JOB],
      );
      expect(result.rows[0]!.n).toBe(1);
    } finally {
      await first.stop();
      await second.stop();
      await handle.close();
    }
  });
});
