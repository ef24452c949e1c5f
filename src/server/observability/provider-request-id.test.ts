import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { postOutbound } from '../http/outbound';
import { createSmtpMailer } from '../providers/mail/mailer';
import { createStripePaymentProvider } from '../providers/payments/stripe';
import { createTwilioSmsSender } from '../providers/sms/sms-sender';
import { startFakeStripe } from '../test/fake-stripe';
import { startFakeTwilio } from '../test/fake-twilio';
import { createLogger } from './logger';
import { logProviderCallsTo } from './provider-calls';
import { runWithRequestId } from './request-context';

// The request id travels with every outgoing provider call, as X-Request-Id, and each call is logged with it
// (decision 1291), so a provider's log and ours meet on one id. Each provider is a local fake speaking its protocol.

const lines: Record<string, unknown>[] = [];
logProviderCallsTo(
  createLogger({
    destination: new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  }),
);
afterAll(() => logProviderCallsTo(undefined));

const loggedCall = (provider: string, reqId: string) =>
  lines.find((l) => l.msg === 'provider call' && l.provider === provider && l.reqId === reqId);

describe('the request id on outgoing provider calls', () => {
  it('is a header of an email sent over SMTP, and the send is logged with it', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => {
          raw += c.toString('utf8');
        });
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.server.address() as AddressInfo;
    // The send is recorded in the outbox after delivery; a stand-in database keeps this test off one.
    const db = { insert: () => ({ values: async () => {} }) } as unknown as Database;
    const mailer = createSmtpMailer(db, `smtp://127.0.0.1:${port}`, 'ShineRoute <no-reply@example.com>');
    try {
      await runWithRequestId('req-smtp-1', () =>
        mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' }),
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    // Header names are case-insensitive; nodemailer writes it X-Request-ID.
    expect(received[0]).toMatch(/^X-Request-Id: req-smtp-1\r?$/im);
    expect(loggedCall('smtp', 'req-smtp-1')).toBeTruthy();
  });

  it("is sent to Stripe with each API call and logged with Stripe's own request id", async () => {
    const fake = await startFakeStripe();
    const stripe = createStripePaymentProvider({ secretKey: 'sk_test_fake_123', apiBase: fake.apiBase });
    try {
      await runWithRequestId('req-stripe-1', () => stripe.getPaymentStatus('cs_missing').catch(() => null));
    } finally {
      await fake.close();
    }
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.requestId === 'req-stripe-1')).toBe(true);
    expect(loggedCall('stripe', 'req-stripe-1')).toMatchObject({
      stripeRequestId: expect.stringMatching(/^req_/),
    });
  });

  it('is sent to Twilio and logged', async () => {
    const fake = await startFakeTwilio({ accountSid: 'AC1', authToken: 'secret' });
    const sms = createTwilioSmsSender({} as Database, {
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+15005550006',
      apiBase: fake.url,
    });
    // Refused by the fake, so nothing is recorded: the call itself is what is checked.
    fake.script('+15551234567', [400]);
    try {
      await runWithRequestId('req-sms-1', () =>
        sms.send({ to: '+15551234567', body: 'Hi' }).catch(() => null),
      );
    } finally {
      await fake.close();
    }
    expect(fake.requests.map((r) => r.requestId)).toEqual(['req-sms-1']);
    expect(loggedCall('twilio', 'req-sms-1')).toMatchObject({ status: 400 });
  });

  it('is sent on outgoing HTTP (webhooks, geocoder, OSRM) and logged', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      await runWithRequestId('req-http-1', () =>
        postOutbound(`http://127.0.0.1:${port}/hook`, '{}', {}, { allowPrivate: true }),
      );
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(seen[0]!['x-request-id']).toBe('req-http-1');
    expect(loggedCall(`127.0.0.1:${port}`, 'req-http-1')).toMatchObject({ method: 'POST', path: '/hook' });
  });
});
