import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { twilioSignature } from '../../providers/sms/twilio-signature';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { recordConsent } from './consent.service';

// Twilio signs the URL and the form, with no time: a recorded message can be replayed as it is, forever.
const AUTH_TOKEN = 'twilio-auth-token-for-replay-tests';
const t = await createTestContext();
t.deps.twilioAuthToken = AUTH_TOKEN;

/** A signed inbound message as Twilio posts it: the form and its signature, sent again as they are on replay. */
function signedMessage(from: string, body: string) {
  const params = {
    From: from,
    To: '+15125550100',
    Body: body,
    MessageSid: `SM${crypto.randomUUID().replaceAll('-', '')}`,
  };
  const signature = twilioSignature(AUTH_TOKEN, `${TEST_ORIGIN}/api/messaging/sms/inbound`, params);
  return () =>
    t.request('/api/messaging/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
}

describe('a replayed inbound SMS (the same MessageSid) is acted on once', () => {
  it('an old signed STOP replayed after START does not opt the number out again', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Noah',
      lastName: 'Kim',
      email: 'noah@example.com',
      phone: '(512) 555-0171',
    });
    await recordConsent(t.db, owner.userId, customer.id, { sms: true, source: 'owner' });
    const consent = async () =>
      (await (await t.request(`/api/customer-consent/${customer.id}`, { cookie: owner.cookie })).json()) as {
        smsBlocked: boolean;
        smsMarketing: boolean;
      };

    const stop = signedMessage('+15125550171', 'STOP');
    const start = signedMessage('+15125550171', 'START');
    const stopped = await stop();
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You are unsubscribed');
    expect(await consent()).toMatchObject({ smsBlocked: true, smsMarketing: false });

    expect(await (await start()).text()).toContain('You are resubscribed');
    expect(await consent()).toMatchObject({ smsBlocked: false, smsMarketing: true });

    // The recorded STOP, sent again: a valid signature, but a message already acted on.
    const replayed = await stop();
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).not.toContain('<Message>');
    expect(await consent()).toMatchObject({ smsBlocked: false, smsMarketing: true });

    // A new STOP from the number still opts it out, and a replayed START does not undo it.
    await signedMessage('+15125550171', 'stop')();
    expect((await consent()).smsBlocked).toBe(true);
    await start();
    expect((await consent()).smsBlocked).toBe(true);
  });
});
