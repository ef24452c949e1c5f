import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { createBooking, createCustomer, createService } from '../../db/factories';
import { messageSends, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { isPrivateAddress, PRIVATE_ADDRESS_MESSAGE, postOutbound } from '../../http/outbound';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import {
  deliverDueWebhooks,
  deliverWebhook,
  emitWebhookEvent,
  WEBHOOK_RETRY_DELAYS_SECONDS,
} from './webhooks.service';

const t = await createTestContext({ jobs: 'memory' });
t.deps.outboundAllowPrivate = true;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: answers each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [200], answer = 'ok') {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    accepted: () => received.filter((_, i) => (statuses[Math.min(i, statuses.length - 1)] ?? 500) < 300),
  };
}

async function ownerWithEndpoint(url: string, events = ['customer.created']) {
  const owner = await t.signUp({ plan: 'elite' });
  const res = await t.request('/api/webhooks', {
    method: 'POST',
    cookie: owner.cookie,
    json: { url, events },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { owner, endpoint: (await res.json()) as { id: string; secret: string; url: string } };
}

const deliveriesOf = (endpointId: string) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook endpoints', () => {
  it('refuse private and loopback addresses unless OUTBOUND_ALLOW_PRIVATE', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    t.deps.outboundAllowPrivate = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://10.1.2.3/x',
        'http://[::1]/x',
        'http://localhost/x',
        'http://169.254.169.254/latest',
      ]) {
        const res = await t.request('/api/webhooks', {
          method: 'POST',
          cookie: owner.cookie,
          json: { url, events: ['booking.created'] },
        });
        expect(res.status, url).toBe(400);
        expect((await res.json()).error.message).toBe(PRIVATE_ADDRESS_MESSAGE);
      }
      // A name is checked where it resolves, when connecting (so DNS rebinding cannot slip through): this machine's
      // own name resolves to one of its private or loopback addresses.
      await expect(
        postOutbound(`http://${hostname()}:9/x`, '{}', {}, { allowPrivate: false }),
      ).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    } finally {
      t.deps.outboundAllowPrivate = true;
    }
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('192.168.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('need Elite (402) and the owner', async () => {
    const pro = await t.signUp({ plan: 'pro' });
    const res = await t.request('/api/webhooks', { cookie: pro.cookie });
    expect(res.status).toBe(402);
  });
});

describe('delivery', () => {
  it('is signed by the Standard Webhooks scheme and verifies with its verifier; the payload is the business’s own', async () => {
    const rx = await receiver();
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const other = await ownerWithEndpoint(rx.url);
    await createCustomer(t.db, other.owner.userId, {
      firstName: 'Foreignmarker',
      lastName: 'X',
      email: 'fm@example.com',
    });

    const res = await t.request('/api/customers', {
      method: 'POST',
      cookie: owner.cookie,
      json: { firstName: 'Wanda', lastName: 'Hook', email: 'wanda@example.com' },
    });
    expect(res.status).toBe(201);
    await t.memoryJobs!.drain();

    expect(rx.received).toHaveLength(1);
    const [hit] = rx.received;
    const headers = {
      'webhook-id': String(hit!.headers['webhook-id']),
      'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
      'webhook-signature': String(hit!.headers['webhook-signature']),
    };
    const verified = new Webhook(endpoint.secret).verify(hit!.body, headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe('customer.created');
    expect(verified.data).toMatchObject({ firstName: 'Wanda', email: 'wanda@example.com' });
    // Another secret does not verify it.
    expect(() => new Webhook(other.endpoint.secret).verify(hit!.body, headers)).toThrow();
    expect(hit!.body).not.toContain('Foreignmarker');
    expect(hit!.body).not.toContain(other.owner.userId);

    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'succeeded', lastStatusCode: 200, attempts: 1 });
    // The other business's endpoint received nothing of it.
    expect(await deliveriesOf(other.endpoint.id)).toHaveLength(0);
  });

  it('a receiver failing 3 times then succeeding gets the event once, retried with growing delays', async () => {
    const rx = await receiver([500, 503, 502, 200]);
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const [id] = await emitWebhookEvent({ db: t.db }, owner.userId, 'customer.created', { id: 'c1' });
    let now = new Date();
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(await deliverWebhook(t.deps, id!, now));
      const [row] = await deliveriesOf(endpoint.id);
      now = new Date(Math.max(now.getTime(), row!.nextAttemptAt.getTime()) + 1);
    }
    expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'succeeded', 'not-due', 'not-due']);
    expect(rx.received).toHaveLength(4);
    expect(rx.accepted()).toHaveLength(1);
    // Every attempt carried the same event id, so a receiver can tell a repeat.
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 4, lastStatusCode: 200 });
  });

  it('after the last retry (about a day) the endpoint is disabled and the owner emailed', async () => {
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3600).toBeGreaterThan(20);
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3600).toBeLessThan(28);
    const rx = await receiver([500], 'x'.repeat(100_000));
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const [id] = await emitWebhookEvent({ db: t.db }, owner.userId, 'customer.created', { id: 'c2' });
    let now = new Date();
    for (let i = 0; i <= WEBHOOK_RETRY_DELAYS_SECONDS.length; i++) {
      await deliverWebhook(t.deps, id!, now);
      now = new Date(now.getTime() + 30 * 3600_000);
    }
    expect(rx.received).toHaveLength(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row!.status).toBe('failed');
    // The answer is read only so far.
    expect(row!.lastError!.length).toBeLessThan(400);
    const [ep] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep!.disabledAt).not.toBeNull();
    const [mail] = await t.emailsTo(owner.email);
    expect(mail!.subject).toBe('A webhook endpoint was disabled after failing for a day');
    // Written with the disabling, in its transaction (decision 1290).
    const notices = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.businessId, owner.userId), eq(messageSends.kind, 'webhook_disabled')));
    expect(notices.map((n) => n.status)).toEqual(['sent']);
    // A disabled endpoint gets no new events.
    expect(await emitWebhookEvent({ db: t.db }, owner.userId, 'customer.created', { id: 'c3' })).toHaveLength(
      0,
    );
  });

  it('a new delivery is due at once even when the worker’s clock is behind the database’s', async () => {
    // The delivery is stamped with the database's now() (microseconds); a worker's Date has milliseconds and its
    // host's clock may lag the database's a little. Either way it must not wait for the sweep.
    const rx = await receiver();
    const { owner } = await ownerWithEndpoint(rx.url);
    const [id] = await emitWebhookEvent({ db: t.db }, owner.userId, 'customer.created', { id: 'c5' });
    expect(await deliverWebhook(t.deps, id!, new Date(Date.now() - 1000))).toBe('succeeded');
    expect(rx.received).toHaveLength(1);
  });

  it('two workers never deliver the same event twice', async () => {
    const rx = await receiver();
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const [id] = await emitWebhookEvent({ db: t.db }, owner.userId, 'customer.created', { id: 'c4' });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => deliverWebhook(t.deps, id!)));
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    expect(rx.received).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'succeeded')));
    expect(rows).toHaveLength(1);
  });

  it('a test event, the log and Resend through the API', async () => {
    const rx = await receiver();
    const { owner, endpoint } = await ownerWithEndpoint(rx.url, ['booking.created']);
    const test = await t.request(`/api/webhooks/${endpoint.id}/test`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(test.status).toBe(202);
    await t.memoryJobs!.drain();
    expect(JSON.parse(rx.received[0]!.body).type).toBe('webhook.test');
    const log = await (
      await t.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: owner.cookie })
    ).json();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ type: 'webhook.test', status: 'succeeded', lastStatusCode: 200 });
    const resent = await t.request(`/api/webhooks/deliveries/${log.items[0].id}/resend`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(resent.status).toBe(202);
    await t.memoryJobs!.drain();
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.headers['webhook-id']).toBe(rx.received[0]!.headers['webhook-id']);
    // Another business can neither read the log nor resend.
    const other = await t.signUp({ plan: 'elite' });
    expect(
      (await t.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/webhooks/deliveries/${log.items[0].id}/resend`, {
          method: 'POST',
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe('events from the features’ own writes', () => {
  it('a booking cancelled and completed, an invoice paid: each sent once, with the business’s record', async () => {
    const rx = await receiver();
    const { owner } = await ownerWithEndpoint(rx.url, [
      'booking.cancelled',
      'booking.completed',
      'invoice.paid',
    ]);
    const service = await createService(t.db, owner.userId, { name: 'Hook Detail', basePriceCents: 10000 });
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Ivy',
      lastName: 'Hook',
      email: 'ivy@example.com',
    });
    const booking = (status: 'pending' | 'in_progress', daysAhead: number) =>
      createBooking(t.db, owner.userId, {
        service: { id: service.id, name: service.name, durationMinutes: 60 },
        customerId: customer.id,
        scheduledAt: new Date(Date.now() + daysAhead * 86_400_000),
        locationAddress: '1 Hook St',
        quotedPriceCents: 10000,
        status,
      });
    const toCancel = await booking('pending', 3);
    const toComplete = await booking('in_progress', -0.05);
    const status = (id: string, to: string) =>
      t.request(`/api/bookings/${id}/status`, {
        method: 'PATCH',
        cookie: owner.cookie,
        json: { status: to },
      });
    expect((await status(toCancel.id, 'cancelled')).status).toBe(200);
    expect((await status(toComplete.id, 'completed')).status).toBe(200);
    const invoice = await (
      await t.request(`/api/invoices/from-booking/${toComplete.id}`, { method: 'POST', cookie: owner.cookie })
    ).json();
    const paid = await t.request(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { method: 'cash', amountCents: invoice.totalCents },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    // Written in the writes' transactions: the sweep sends them.
    await deliverDueWebhooks(t.deps);
    await deliverDueWebhooks(t.deps);
    const events = rx.received.map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
    expect(events.map((e) => e.type).sort()).toEqual([
      'booking.cancelled',
      'booking.completed',
      'invoice.paid',
    ]);
    expect(events.find((e) => e.type === 'booking.cancelled')!.data).toMatchObject({
      id: toCancel.id,
      status: 'cancelled',
    });
    expect(events.find((e) => e.type === 'invoice.paid')!.data).toMatchObject({
      id: invoice.id,
      status: 'paid',
    });
  });

  it('a booking made online is sent as booking.created, once however often the checkout completes', async () => {
    const rx = await receiver();
    const { owner } = await ownerWithEndpoint(rx.url, ['booking.created']);
    const [service] = await bookableBusiness(t.db, owner.userId);
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { sessionId, url } = await res.json();
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    for (let i = 0; i < 2; i++)
      await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    await deliverDueWebhooks(t.deps);
    expect(rx.received).toHaveLength(1);
    const event = JSON.parse(rx.received[0]!.body);
    expect(event).toMatchObject({
      type: 'booking.created',
      data: { status: 'pending', service: { id: service!.id } },
    });
  });
});

describe('bounded outbound requests', () => {
  it('give up after the deadline', async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const started = Date.now();
    await expect(postOutbound(url, '{}', {}, { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('secret rotation (decision 1286)', () => {
  const headersOf = (hit: Received) => ({
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });
  const sendTest = async (cookie: string, id: string) => {
    const res = await t.request(`/api/webhooks/${id}/test`, { method: 'POST', cookie });
    expect(res.status).toBe(202);
    await t.memoryJobs!.drain();
  };

  it('shows the new secret once; during the window both secrets verify, after it only the new one', async () => {
    const rx = await receiver();
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const oldSecret = endpoint.secret;
    expect(oldSecret).toMatch(/^whsec_/);

    const res = await t.request(`/api/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as { secret: string; rotationEndsAt: string };
    const newSecret = rotated.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const windowMs = new Date(rotated.rotationEndsAt).getTime() - Date.now();
    expect(windowMs).toBeGreaterThan(23 * 3600 * 1000);
    expect(windowMs).toBeLessThanOrEqual(24 * 3600 * 1000);
    // Shown once: the list never carries a secret, only its start.
    const listed = await (await t.request('/api/webhooks', { cookie: owner.cookie })).text();
    expect(listed).not.toContain(newSecret);
    expect(listed).not.toContain(oldSecret);
    expect(JSON.parse(listed).items[0].secretHint).toBe(`${newSecret.slice(0, 10)}…`);

    await sendTest(owner.cookie, endpoint.id);
    const during = rx.received.at(-1)!;
    const signatures = String(during.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    for (const secret of [newSecret, oldSecret])
      expect(new Webhook(secret).verify(during.body, headersOf(during))).toMatchObject({
        type: 'webhook.test',
      });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('someone else entirely').toString('base64')}`).verify(
        during.body,
        headersOf(during),
      ),
    ).toThrow();

    // The window ends (its end moved to the past, as 24 hours later).
    await t.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const after = await (await t.request('/api/webhooks', { cookie: owner.cookie })).json();
    expect(after.items[0].rotationEndsAt).toBeNull();
    await sendTest(owner.cookie, endpoint.id);
    const later = rx.received.at(-1)!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(later.body, headersOf(later))).toMatchObject({
      type: 'webhook.test',
    });
    expect(() => new Webhook(oldSecret).verify(later.body, headersOf(later))).toThrow();
  });

  it('a second rotation keeps only the last two secrets signing', async () => {
    const rx = await receiver();
    const { owner, endpoint } = await ownerWithEndpoint(rx.url);
    const rotate = async () =>
      (
        await (
          await t.request(`/api/webhooks/${endpoint.id}/rotate-secret`, {
            method: 'POST',
            cookie: owner.cookie,
          })
        ).json()
      ).secret as string;
    const second = await rotate();
    const third = await rotate();
    await sendTest(owner.cookie, endpoint.id);
    const hit = rx.received.at(-1)!;
    expect(new Webhook(third).verify(hit.body, headersOf(hit))).toBeTruthy();
    expect(new Webhook(second).verify(hit.body, headersOf(hit))).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(hit.body, headersOf(hit))).toThrow();
  });

  it('another business’s endpoint is 404; a Pro owner is 402', async () => {
    const { endpoint } = await ownerWithEndpoint('http://127.0.0.1:9/hooks');
    const stranger = await t.signUp({ plan: 'elite' });
    const res = await t.request(`/api/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      cookie: stranger.cookie,
    });
    expect(res.status).toBe(404);
    const pro = await t.signUp({ plan: 'pro' });
    expect(
      (await t.request(`/api/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', cookie: pro.cookie }))
        .status,
    ).toBe(402);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret).toBe(endpoint.secret);
    expect(row!.previousSecret).toBeNull();
  });
});
