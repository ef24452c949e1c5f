import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';

const t = await createTestContext();

/** A public booking through the test checkout; returns the customer's consent as the owner sees it. */
async function bookAndReadConsent(overrides: Record<string, unknown>) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  const res = await t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({ businessId: owner.userId, serviceId: service!.id, ...overrides }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url } = (await res.json()) as { sessionId: string; url: string };
  expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
  expect(
    (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
  ).toBe(200);
  const { items: list } = (await (await t.request('/api/customers', { cookie: owner.cookie })).json()) as {
    items: Array<{ id: string }>;
  };
  return (await (
    await t.request(`/api/customer-consent/${list[0]!.id}`, { cookie: owner.cookie })
  ).json()) as {
    smsMarketing: boolean;
    smsSource: string | null;
    smsUpdatedAt: string | null;
    emailMarketing: boolean;
  };
}

describe('SMS opt-in on the public booking form', () => {
  it('records the opt-in with source booking_form and its time when ticked', async () => {
    const consent = await bookAndReadConsent({ smsMarketingOptIn: true });
    expect(consent).toMatchObject({ smsMarketing: true, smsSource: 'booking_form', emailMarketing: true });
    expect(Date.now() - Date.parse(consent.smsUpdatedAt!)).toBeLessThan(60_000);
  });

  it('records nothing when left unchecked (the default)', async () => {
    expect(await bookAndReadConsent({})).toMatchObject({ smsMarketing: false, smsSource: null });
  });

  it('records nothing without a phone number', async () => {
    expect(await bookAndReadConsent({ smsMarketingOptIn: true, phone: '' })).toMatchObject({
      smsMarketing: false,
      smsSource: null,
    });
  });
});
