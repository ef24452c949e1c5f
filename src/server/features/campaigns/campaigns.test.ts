import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAllowedSendTime } from '../../../shared/quiet-hours';
import { createCustomer, updateProfile } from '../../db/factories';
import { messageSends, outboxMessages } from '../../db/schema';
import { createSmtpMailer, type Mailer } from '../../providers/mail/mailer';
import { createOutboxSmsSender, createTwilioSmsSender } from '../../providers/sms/sms-sender';
import { twilioSignature } from '../../providers/sms/twilio-signature';
import { startFakeTwilio } from '../../test/fake-twilio';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { runCampaignSend } from './campaign-send.service';
import { recordConsent } from './consent.service';

const t = await createTestContext({ jobs: 'memory' });
t.deps.messageRetryDelaysMs = [1, 1];
const outboxMailer = t.deps.mailer;

// A zone where it is day now and one where it is night, so the quiet-hours rule is tested whatever the clock says.
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Chicago',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Bangkok',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];
const awake = (zone: string) => {
  const now = new Date();
  return (
    nextAllowedSendTime(now, zone) === now &&
    nextAllowedSendTime(new Date(now.getTime() + 3_600_000), zone).getTime() === now.getTime() + 3_600_000
  );
};
const DAY_ZONE = ZONES.find(awake)!;
const NIGHT_ZONE = ZONES.find((z) => nextAllowedSendTime(new Date(), z).getTime() > Date.now() + 3_600_000)!;

async function owner(opts: { address?: string | null; timeZone?: string } = {}) {
  const o = await t.signUp();
  await updateProfile(t.db, o.userId, {
    businessName: `Shine ${o.userId.slice(0, 4)}`,
    businessAddress: opts.address === undefined ? '100 Congress Ave, Austin, TX 78701' : opts.address,
    timeZone: opts.timeZone ?? DAY_ZONE,
    subscriptionTier: 'pro',
  });
  return o;
}

let n = 0;
async function customer(
  businessId: string,
  values: { phone?: string; smsOptIn?: boolean; unsubscribed?: boolean } = {},
) {
  const c = await createCustomer(t.db, businessId, {
    firstName: `Cust${++n}`,
    lastName: 'Omer',
    email: `cust${n}-${businessId.slice(0, 6)}@example.com`,
    phone: values.phone ?? null,
  });
  if (values.smsOptIn) await recordConsent(t.db, businessId, c.id, { sms: true, source: 'booking_form' });
  if (values.unsubscribed)
    await recordConsent(t.db, businessId, c.id, { email: false, source: 'unsubscribe_link' });
  return c;
}

async function createCampaign(cookie: string, json: Record<string, unknown>) {
  const res = await t.request('/api/campaigns', { method: 'POST', cookie, json });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; status: string; sentCount: number };
}

async function campaign(cookie: string, id: string) {
  return (await (await t.request(`/api/campaigns/${id}`, { cookie })).json()) as {
    status: string;
    recipientCount: number;
    sentCount: number;
    failedCount: number;
    skippedCount: number;
    failureReason: string | null;
    deliveryRatePercent: number | null;
  };
}

async function sendNow(cookie: string, id: string) {
  const res = await t.request(`/api/campaigns/${id}/send`, { method: 'POST', cookie });
  expect(res.status).toBe(202);
  await t.memoryJobs!.drain();
}

const emailsTo = (to: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to.toLowerCase()), eq(outboxMessages.channel, 'email')));
const smsTo = (to: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, 'sms')));

describe('campaign create and validation', () => {
  it('requires name and message ("Please fill in all required fields") and starts as a draft with 0 sent', async () => {
    const o = await owner();
    for (const json of [
      { name: '', type: 'email', message: 'Hi' },
      { name: 'A', type: 'sms', message: '  ' },
      { type: 'email' },
    ]) {
      const res = await t.request('/api/campaigns', { method: 'POST', cookie: o.cookie, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { message: 'Please fill in all required fields' } });
    }
    await customer(o.userId);
    const created = await createCampaign(o.cookie, {
      name: 'Spring',
      type: 'email',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(created).toMatchObject({ status: 'draft', sentCount: 0, recipientCount: 1 });
    const list = (await (await t.request('/api/campaigns', { cookie: o.cookie })).json()) as {
      items: { id: string }[];
      nextCursor: null;
    };
    expect(list.items.map((c) => c.id)).toEqual([created.id]);
    expect(list.nextCursor).toBeNull();
  });

  it('answers 401 signed out and 404 for another business or a malformed id', async () => {
    const a = await owner();
    const b = await owner();
    await customer(a.userId);
    const mine = await createCampaign(a.cookie, { name: 'Mine', type: 'email', subject: 'S', message: 'M' });
    expect((await t.request('/api/campaigns')).status).toBe(401);
    expect((await t.request('/api/campaigns/stats')).status).toBe(401);
    expect(
      (
        await t.request('/api/customer-consent/00000000-0000-4000-8000-000000000000', {
          method: 'PUT',
          json: { emailMarketing: true, smsMarketing: true },
        })
      ).status,
    ).toBe(401);
    for (const path of [
      `/api/campaigns/${mine.id}`,
      `/api/campaigns/${mine.id}/recipients`,
      '/api/campaigns/not-a-uuid',
    ]) {
      expect((await t.request(path, { cookie: b.cookie })).status).toBe(404);
    }
    expect(
      (await t.request(`/api/campaigns/${mine.id}/send`, { method: 'POST', cookie: b.cookie })).status,
    ).toBe(404);
    expect((await campaign(a.cookie, mine.id)).status).toBe('draft');

    const tpl = await t.request('/api/campaigns/templates', {
      method: 'POST',
      cookie: a.cookie,
      json: { name: 'Mine', type: 'sms', category: 'Promo', content: 'Hi {customer_name}' },
    });
    const { id } = (await tpl.json()) as { id: string };
    const put = { name: 'X', type: 'sms', content: 'y' };
    expect(
      (await t.request(`/api/campaigns/templates/${id}`, { method: 'PUT', cookie: b.cookie, json: put }))
        .status,
    ).toBe(404);
    expect(
      (await t.request(`/api/campaigns/templates/${id}`, { method: 'DELETE', cookie: b.cookie })).status,
    ).toBe(404);
    expect(
      (
        await t.request('/api/campaigns/templates/builtin-booking-reminder', {
          method: 'DELETE',
          cookie: a.cookie,
        })
      ).status,
    ).toBe(404);
    expect(await t.db.select().from(messageSends).where(eq(messageSends.campaignId, mine.id))).toEqual([]);

    // A campaign of B naming A's template is refused like A's id in a path; a built-in or own template is fine.
    const body = (templateId: string) => ({ name: 'Borrowed', type: 'sms', templateId, message: 'Hi' });
    const foreign = await t.request('/api/campaigns', { method: 'POST', cookie: b.cookie, json: body(id) });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe('Template not found');
    expect(
      (
        await t.request('/api/campaigns', {
          method: 'POST',
          cookie: b.cookie,
          json: body('no-such-template'),
        })
      ).status,
    ).toBe(404);
    expect((await t.request('/api/campaigns', { cookie: b.cookie }).then((r) => r.json())).items).toEqual([]);
    expect(
      (
        await t.request('/api/campaigns', {
          method: 'POST',
          cookie: b.cookie,
          json: body('builtin-booking-reminder'),
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('/api/campaigns', { method: 'POST', cookie: a.cookie, json: body(id) })).status,
    ).toBe(201);
  });
});

describe('plans and roles', () => {
  it('answers 402 on Starter (campaigns are a Pro feature) and keeps the draft unsent', async () => {
    const o = await owner();
    await updateProfile(t.db, o.userId, { subscriptionTier: 'starter' });
    const res = await t.request('/api/campaigns', { cookie: o.cookie });
    expect(res.status).toBe(402);
    expect(
      (
        await t.request('/api/campaigns', {
          method: 'POST',
          cookie: o.cookie,
          json: { name: 'A', type: 'email', message: 'B' },
        })
      ).status,
    ).toBe(402);
  });
});

describe('templates', () => {
  it('lists the three built-ins then own ones; create, edit, delete (204)', async () => {
    const o = await owner();
    const created = await t.request('/api/campaigns/templates', {
      method: 'POST',
      cookie: o.cookie,
      json: {
        name: 'Rain check',
        type: 'email',
        category: 'Weather',
        subject: 'Rain?',
        content: 'Hi {customer_name}',
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const bad = await t.request('/api/campaigns/templates', {
      method: 'POST',
      cookie: o.cookie,
      json: { name: '', type: 'sms', content: '' },
    });
    expect(bad.status).toBe(400);
    const edited = await t.request(`/api/campaigns/templates/${id}`, {
      method: 'PUT',
      cookie: o.cookie,
      json: {
        name: 'Rain check 2',
        type: 'email',
        category: 'Weather',
        subject: 'Rain?',
        content: 'Updated',
      },
    });
    expect(await edited.json()).toMatchObject({ name: 'Rain check 2', content: 'Updated', builtIn: false });
    const list = (await (await t.request('/api/campaigns/templates', { cookie: o.cookie })).json()) as {
      items: { name: string; builtIn: boolean }[];
    };
    expect(list.items.map((i) => i.name)).toEqual([
      'Booking Reminder',
      'Service Follow-up',
      'Seasonal Promotion',
      'Rain check 2',
    ]);
    const del = await t.request(`/api/campaigns/templates/${id}`, { method: 'DELETE', cookie: o.cookie });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
  });
});

describe('email campaign', () => {
  it('reaches every customer who has not unsubscribed once, fills variables, carries RFC 8058 headers and the address', async () => {
    const o = await owner();
    const ana = await customer(o.userId);
    const ben = await customer(o.userId);
    const gone = await customer(o.userId, { unsubscribed: true });
    const audience = await (
      await t.request('/api/campaigns/audience?type=email', { cookie: o.cookie })
    ).json();
    expect(audience).toEqual({ recipients: 2, skipped: 1 });

    const c = await createCampaign(o.cookie, {
      name: 'Spring',
      type: 'email',
      subject: 'Spring at {business_name}',
      message: 'Hi {customer_name}, book here: {booking_link} by {expiry_date}',
    });
    const res = await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { status: string }).status).toBe('sending');
    await t.memoryJobs!.drain();

    expect(await campaign(o.cookie, c.id)).toMatchObject({
      status: 'sent',
      recipientCount: 2,
      sentCount: 2,
      failedCount: 0,
      skippedCount: 1,
      deliveryRatePercent: 100,
    });
    const [mail] = await emailsTo(ana.email);
    expect((await emailsTo(ana.email)).length).toBe(1);
    expect((await emailsTo(ben.email)).length).toBe(1);
    expect((await emailsTo(gone.email)).length).toBe(0);
    expect(mail!.subject).toMatch(/^Spring at Shine /);
    expect(mail!.body).toContain(
      `Hi ${ana.firstName}, book here: ${TEST_ORIGIN}/book?business=${o.userId} by `,
    );
    expect(mail!.body).toContain('100 Congress Ave, Austin, TX 78701');
    expect(mail!.html).toContain('>Unsubscribe</a>');
    expect(mail!.html).toContain('100 Congress Ave');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/messaging\/unsubscribe\/[A-Za-z0-9_-]{44}>$/,
    );

    // Send Now is for drafts only.
    expect(
      (await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie })).status,
    ).toBe(409);
    expect((await emailsTo(ana.email)).length).toBe(1);
  });

  it('measures opens (pixel) and clicks (redirect to the message own link only); 68% stands until measured', async () => {
    const o = await owner();
    const ana = await customer(o.userId);
    await customer(o.userId);
    const before = await (await t.request('/api/campaigns/stats', { cookie: o.cookie })).json();
    expect(before).toEqual({ totalCampaigns: 0, messagesSent: 0, activeCustomers: 2, openRatePercent: null });

    const c = await createCampaign(o.cookie, {
      name: 'Opens',
      type: 'email',
      subject: 'S',
      message: 'Look: {booking_link}',
    });
    await sendNow(o.cookie, c.id);
    const [send] = await t.db.select().from(messageSends).where(eq(messageSends.to, ana.email));
    const pixel = await t.request(`/api/messaging/open/${send!.id}`);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const click = await t.request(`/api/messaging/click/${send!.id}/0`);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(`${TEST_ORIGIN}/book?business=${o.userId}`);
    expect((await t.request(`/api/messaging/click/${send!.id}/7`)).status).toBe(404);

    const stats = await (await t.request('/api/campaigns/stats', { cookie: o.cookie })).json();
    expect(stats).toEqual({ totalCampaigns: 1, messagesSent: 2, activeCustomers: 2, openRatePercent: 50 });
    const details = (await (
      await t.request(`/api/campaigns/${c.id}/recipients`, { cookie: o.cookie })
    ).json()) as {
      items: { to: string; status: string; openCount: number; clickCount: number; openedAt: string | null }[];
    };
    expect(details.items).toHaveLength(2);
    expect(details.items.find((i) => i.to === ana.email)).toMatchObject({
      status: 'sent',
      openCount: 1,
      clickCount: 1,
    });
  });

  it('an email sent before unsubscribe links were signed still unsubscribes by its message id', async () => {
    const o = await owner();
    const ana = await customer(o.userId);
    const c = await createCampaign(o.cookie, { name: 'Old', type: 'email', subject: 'S', message: 'M' });
    await sendNow(o.cookie, c.id);
    const [mail] = await emailsTo(ana.email);
    const sendId = /\/open\/([0-9a-f-]{36})/.exec(mail!.html!)![1]!;
    // What migration 0051 marks: every marketing message already sent.
    await t.db.update(messageSends).set({ unsubscribeById: true }).where(eq(messageSends.id, sendId));
    const post = await t.request(`/api/messaging/unsubscribe/${sendId}`, { method: 'POST' });
    expect(post.status).toBe(200);
    const consent = await (await t.request(`/api/customer-consent/${ana.id}`, { cookie: o.cookie })).json();
    expect(consent).toMatchObject({ emailMarketing: false, emailSource: 'unsubscribe_link' });
  });

  it('RFC 8058: the one-click POST unsubscribes; the visible link GET only shows the button', async () => {
    const o = await owner();
    const ana = await customer(o.userId);
    const c = await createCampaign(o.cookie, { name: 'U', type: 'email', subject: 'S', message: 'M' });
    await sendNow(o.cookie, c.id);
    const [mail] = await emailsTo(ana.email);
    const url = mail!.headers!['List-Unsubscribe']!.slice(1, -1).replace(TEST_ORIGIN, '');

    const page = await t.request(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect(
      await (await t.request('/api/campaigns/audience?type=email', { cookie: o.cookie })).json(),
    ).toEqual({ recipients: 1, skipped: 0 });

    // The message's id alone (the open pixel and click links carry it) unsubscribes nobody; nor does a forged token.
    const sendId = /\/open\/([0-9a-f-]{36})/.exec(mail!.html!)![1]!;
    expect(url).not.toContain(sendId);
    const byId = await t.request(`/api/messaging/unsubscribe/${sendId}`, { method: 'POST' });
    expect(byId.status).toBe(404);
    const token = url.split('/').at(-1)!;
    const forged = `${token.slice(0, 22)}${token.slice(22).split('').reverse().join('')}`;
    expect((await t.request(`/api/messaging/unsubscribe/${forged}`, { method: 'POST' })).status).toBe(404);

    const post = await t.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain('You are unsubscribed');
    expect(
      await (await t.request('/api/campaigns/audience?type=email', { cookie: o.cookie })).json(),
    ).toEqual({ recipients: 0, skipped: 1 });
    const consent = await (await t.request(`/api/customer-consent/${ana.id}`, { cookie: o.cookie })).json();
    expect(consent).toMatchObject({ emailMarketing: false, emailSource: 'unsubscribe_link' });

    const next = await createCampaign(o.cookie, { name: 'U2', type: 'email', subject: 'S', message: 'M' });
    const refused = await t.request(`/api/campaigns/${next.id}/send`, { method: 'POST', cookie: o.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { message: 'No customers can receive this campaign yet' },
    });
  });

  it('refuses an email campaign without a postal address', async () => {
    const o = await owner({ address: null });
    await customer(o.userId);
    const c = await createCampaign(o.cookie, { name: 'NoAddr', type: 'email', subject: 'S', message: 'M' });
    const res = await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/business address/);
    expect((await campaign(o.cookie, c.id)).status).toBe('draft');
  });

  it('a crash mid-send followed by the retry sends no duplicate, and the campaign is not "sent" while one is in flight', async () => {
    const o = await owner();
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await customer(o.userId));
    const c = await createCampaign(o.cookie, {
      name: 'Crash',
      type: 'email',
      subject: 'S',
      message: 'Hi {customer_name}',
    });
    expect(
      (await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie })).status,
    ).toBe(202);

    // The first worker delivers two messages, then dies while the provider has the third.
    let calls = 0;
    let providerHasThird!: () => void;
    const stuck = new Promise<void>((resolve) => {
      providerHasThird = resolve;
    });
    const dying: Mailer = {
      transport: 'smtp',
      send: (m) => {
        if (++calls <= 2) return outboxMailer.send(m);
        providerHasThird();
        return new Promise(() => {});
      },
    };
    t.deps.mailer = dying;
    void runCampaignSend(t.deps, { campaignId: c.id });
    const statuses = async () =>
      (
        await t.db
          .select({ status: messageSends.status })
          .from(messageSends)
          .where(eq(messageSends.campaignId, c.id))
      )
        .map((r) => r.status)
        .sort();
    // Waited for at the provider, not from the rows: the third row reads "sending" from its claim on, a few queries
    // before the worker reaches the provider, and a mailer swapped in that gap would deliver it.
    await stuck;
    expect(await statuses()).toEqual(['pending', 'pending', 'sending', 'sent', 'sent']);

    // The restarted worker runs the queued job: the two pending go out; the one in flight is neither resent nor final.
    t.deps.mailer = outboxMailer;
    await t.memoryJobs!.drain();
    expect(await statuses()).toEqual(['sending', 'sent', 'sent', 'sent', 'sent']);
    expect(await campaign(o.cookie, c.id)).toMatchObject({ status: 'sending', sentCount: 4 });
    expect(t.memoryJobs!.delayed()).toBeGreaterThan(0);

    // After the claim lease the lost message is counted failed (never sent twice) and the campaign finishes.
    await t.db
      .update(messageSends)
      .set({ claimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(messageSends.campaignId, c.id), eq(messageSends.status, 'sending')));
    t.memoryJobs!.releaseDelayed();
    await t.memoryJobs!.drain();
    expect(await campaign(o.cookie, c.id)).toMatchObject({
      status: 'sent',
      sentCount: 4,
      failedCount: 1,
      recipientCount: 5,
    });
    for (const p of people) expect((await emailsTo(p.email)).length).toBeLessThanOrEqual(1);
    const total = (await Promise.all(people.map((p) => emailsTo(p.email)))).flat().length;
    expect(total).toBe(4);
  });

  it('two workers (instances) running the same send at once deliver each message once', async () => {
    const o = await owner();
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await customer(o.userId));
    const c = await createCampaign(o.cookie, { name: 'Race', type: 'email', subject: 'S', message: 'M' });
    expect(
      (await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie })).status,
    ).toBe(202);
    await Promise.all([
      runCampaignSend(t.deps, { campaignId: c.id }),
      runCampaignSend(t.deps, { campaignId: c.id }),
      t.memoryJobs!.drain(),
    ]);
    for (const p of people) expect((await emailsTo(p.email)).length).toBe(1);
    expect(await campaign(o.cookie, c.id)).toMatchObject({ status: 'sent', sentCount: 6, recipientCount: 6 });
  });

  it('a failing SMTP server: transient 451 is retried, permanent 550 is counted failed', async () => {
    const o = await owner();
    const flaky = await customer(o.userId);
    const bounce = await customer(o.userId);
    const fine = await customer(o.userId);
    let flakyTries = 0;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === bounce.email)
          return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        if (address.address === flaky.email && ++flakyTries === 1) {
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.server.address() as AddressInfo).port;
    t.deps.mailer = createSmtpMailer(t.db, `smtp://127.0.0.1:${port}`, 'Shine <no-reply@shine.test>');
    try {
      const c = await createCampaign(o.cookie, { name: 'SMTP', type: 'email', subject: 'S', message: 'M' });
      await sendNow(o.cookie, c.id);
      const result = await campaign(o.cookie, c.id);
      expect(result).toMatchObject({
        status: 'sent',
        recipientCount: 3,
        sentCount: 2,
        failedCount: 1,
        deliveryRatePercent: 67,
      });
      expect(result.failureReason).toMatch(/^1 of 3 messages failed: .*550/);
      expect(flakyTries).toBe(2);
      expect((await emailsTo(fine.email)).length).toBe(1);
      expect((await emailsTo(flaky.email)).length).toBe(1);
      expect((await emailsTo(bounce.email)).length).toBe(0);
    } finally {
      t.deps.mailer = outboxMailer;
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('SMS campaign', () => {
  const twilioConfig = {
    accountSid: 'ACtest0000000000000000000000000000',
    authToken: 'twilio-test-auth-token-0123',
    from: '+15125550100',
  };
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  beforeAll(async () => {
    fake = await startFakeTwilio(twilioConfig);
    t.deps.twilioAuthToken = twilioConfig.authToken;
  });
  afterAll(async () => {
    t.deps.sms = undefined;
    await fake.close();
  });

  it('goes only to customers with a recorded opt-in (outbox by default), with the number in E.164', async () => {
    const o = await owner();
    await customer(o.userId, { phone: '(512) 555-0111', smsOptIn: true });
    await customer(o.userId, { phone: '512-555-0112' });
    await customer(o.userId, { phone: 'not a phone', smsOptIn: true });
    expect(await (await t.request('/api/campaigns/audience?type=sms', { cookie: o.cookie })).json()).toEqual({
      recipients: 1,
      skipped: 2,
    });
    const c = await createCampaign(o.cookie, {
      name: 'Text',
      type: 'sms',
      message: 'Hi {customer_name} from {business_name}',
    });
    await sendNow(o.cookie, c.id);
    expect(await campaign(o.cookie, c.id)).toMatchObject({ status: 'sent', sentCount: 1, skippedCount: 2 });
    const [sms] = await smsTo('+15125550111');
    expect(sms!.body).toMatch(/^Hi Cust\d+ from Shine /);
    expect((await smsTo('+15125550112')).length).toBe(0);
  });

  it('waits for 8:00 in the business zone when it is quiet hours there (scheduled)', async () => {
    const o = await owner({ timeZone: NIGHT_ZONE });
    await customer(o.userId, { phone: '(512) 555-0121', smsOptIn: true });
    const c = await createCampaign(o.cookie, { name: 'Night', type: 'sms', message: 'Hi' });
    await sendNow(o.cookie, c.id);
    expect(await campaign(o.cookie, c.id)).toMatchObject({
      status: 'scheduled',
      sentCount: 0,
      recipientCount: 1,
    });
    expect((await smsTo('+15125550121')).length).toBe(0);
    const [row] = await t.db.select().from(messageSends).where(eq(messageSends.campaignId, c.id));
    expect(row!.notBefore.getTime()).toBe(nextAllowedSendTime(row!.createdAt, NIGHT_ZONE).getTime());
    expect(t.memoryJobs!.delayed()).toBeGreaterThan(0);
  });

  it('through Twilio: 429 then 500 is retried and sent; a number that keeps failing is counted failed', async () => {
    t.deps.sms = createTwilioSmsSender(t.db, { ...twilioConfig, apiBase: fake.url });
    try {
      const o = await owner();
      await customer(o.userId, { phone: '5125550131', smsOptIn: true });
      await customer(o.userId, { phone: '5125550132', smsOptIn: true });
      fake.script('+15125550131', [429, 500]);
      fake.script('+15125550132', [500, 500, 500, 500]);
      const c = await createCampaign(o.cookie, { name: 'Twilio', type: 'sms', message: 'Hello' });
      await sendNow(o.cookie, c.id);
      const result = await campaign(o.cookie, c.id);
      expect(result).toMatchObject({
        status: 'sent',
        recipientCount: 2,
        sentCount: 1,
        failedCount: 1,
        deliveryRatePercent: 50,
      });
      expect(result.failureReason).toMatch(/Twilio 500/);
      expect(fake.delivered().filter((r) => r.form.To === '+15125550131')).toHaveLength(1);
      expect(fake.requests.filter((r) => r.form.To === '+15125550131').map((r) => r.status)).toEqual([
        429, 500, 201,
      ]);
      expect(fake.requests.filter((r) => r.form.To === '+15125550132')).toHaveLength(3);
      expect(fake.delivered()[0]!.form.From).toBe('+15125550100');
      const [row] = await t.db.select().from(messageSends).where(eq(messageSends.to, '+15125550131'));
      expect(row!.providerId).toMatch(/^SM/);
    } finally {
      t.deps.sms = createOutboxSmsSender(t.db);
    }
  });

  async function inbound(from: string, body: string, signed: boolean | string = true) {
    const params = {
      From: from,
      To: twilioConfig.from,
      Body: body,
      MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`,
    };
    const url = `${TEST_ORIGIN}/api/messaging/sms/inbound`;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (signed)
      headers['x-twilio-signature'] =
        typeof signed === 'string' ? signed : twilioSignature(twilioConfig.authToken, url, params);
    return t.request('/api/messaging/sms/inbound', {
      method: 'POST',
      headers,
      body: new URLSearchParams(params).toString(),
    });
  }

  it('STOP through the signed webhook opts the number out; unsigned or forged is refused; START opts back in; HELP answers', async () => {
    const o = await owner();
    await customer(o.userId, { phone: '512 555 0141', smsOptIn: true });
    const count = async () =>
      (
        (await (await t.request('/api/campaigns/audience?type=sms', { cookie: o.cookie })).json()) as {
          recipients: number;
        }
      ).recipients;
    expect(await count()).toBe(1);

    expect((await inbound('+15125550141', 'STOP', false)).status).toBe(403);
    expect((await inbound('+15125550141', 'STOP', 'forged')).status).toBe(403);
    expect(await count()).toBe(1);

    const stop = await inbound('+15125550141', ' Stop ');
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain('<Message>You are unsubscribed');
    expect(await count()).toBe(0);
    const c = await createCampaign(o.cookie, { name: 'After stop', type: 'sms', message: 'Hi' });
    expect(
      (await t.request(`/api/campaigns/${c.id}/send`, { method: 'POST', cookie: o.cookie })).status,
    ).toBe(400);

    expect(await (await inbound('+15125550141', 'UNSUBSCRIBE')).text()).toContain('unsubscribed');
    const start = await inbound('+15125550141', 'START');
    expect(await start.text()).toContain('resubscribed');
    expect(await count()).toBe(1);
    expect(await (await inbound('+15125550141', 'HELP')).text()).toContain('Reply STOP to opt out');
    expect(await (await inbound('+15125550141', 'Is 10am ok?')).text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );
  });
});

describe('consent recorded by the owner', () => {
  it('records SMS opt-in with source owner and time; another business gets 404', async () => {
    const o = await owner();
    const other = await owner();
    const c = await customer(o.userId, { phone: '5125550151' });
    const before = await (await t.request(`/api/customer-consent/${c.id}`, { cookie: o.cookie })).json();
    expect(before).toMatchObject({ emailMarketing: true, smsMarketing: false, smsSource: null });
    const res = await t.request(`/api/customer-consent/${c.id}`, {
      method: 'PUT',
      cookie: o.cookie,
      json: { emailMarketing: true, smsMarketing: true },
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as {
      smsMarketing: boolean;
      smsSource: string;
      smsUpdatedAt: string;
      emailSource: string | null;
    };
    expect(after).toMatchObject({ smsMarketing: true, smsSource: 'owner', emailSource: null });
    expect(Date.now() - Date.parse(after.smsUpdatedAt)).toBeLessThan(60_000);
    expect((await t.request(`/api/customer-consent/${c.id}`, { cookie: other.cookie })).status).toBe(404);
    expect(
      (
        await t.request(`/api/customer-consent/${c.id}`, {
          method: 'PUT',
          cookie: other.cookie,
          json: { emailMarketing: false, smsMarketing: false },
        })
      ).status,
    ).toBe(404);
  });
});
