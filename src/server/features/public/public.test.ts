import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceArea } from '../../db/factories';
import { emailWaitlist } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

describe('zip availability', () => {
  beforeAll(async () => {
    const owner = await t.signUp();
    await createServiceArea(t.db, owner.userId, {
      zipCode: '78701',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    await createServiceArea(t.db, owner.userId, {
      zipCode: '10001',
      city: 'New York',
      state: 'New York',
      stateCode: 'NY',
      isActive: false,
    });
  });

  it('finds an active service area', async () => {
    const res = await t.request('/api/public/availability?zip=78701');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.available).toBe(true);
    expect(body.area).toEqual({ city: 'Austin', state: 'Texas', stateCode: 'TX' });
    expect(body.businesses).toHaveLength(1);
  });

  it('treats an inactive area as not served', async () => {
    const body = await (await t.request('/api/public/availability?zip=10001')).json();
    expect(body).toMatchObject({ available: false, area: null, businesses: [] });
  });

  it('treats an unknown zip as not served', async () => {
    const body = await (await t.request('/api/public/availability?zip=99999')).json();
    expect(body.available).toBe(false);
  });

  it.each(['7870', 'abcde', '787011', '78 01', ''])('rejects the zip %j with 400', async (zip) => {
    const res = await t.request(`/api/public/availability?zip=${encodeURIComponent(zip)}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please enter a valid 5-digit zip code');
  });
});

describe('waitlist', () => {
  it('stores an entry with the user agent and a lower-cased email', async () => {
    const res = await t.request('/api/public/waitlist', {
      method: 'POST',
      headers: { 'user-agent': 'Mozilla/5.0 TestBrowser' },
      json: { email: 'New.Person@Example.com', zip_code: '30301' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, alreadyJoined: false });
    const rows = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.zipCode, '30301'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'new.person@example.com',
      userAgent: 'Mozilla/5.0 TestBrowser',
      notified: false,
    });
  });

  it('does not store the same email and zip twice but still succeeds', async () => {
    const join = () =>
      t.request('/api/public/waitlist', {
        method: 'POST',
        json: { email: 'twice@example.com', zip_code: '60601' },
      });
    expect((await join()).status).toBe(201);
    const second = await join();
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({ success: true, alreadyJoined: true });
    const rows = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('stores the same email for a different zip', async () => {
    await t.request('/api/public/waitlist', {
      method: 'POST',
      json: { email: 'multi@example.com', zip_code: '60601' },
    });
    await t.request('/api/public/waitlist', {
      method: 'POST',
      json: { email: 'multi@example.com', zip_code: '60602' },
    });
    const rows = await t.db.select().from(emailWaitlist).where(eq(emailWaitlist.email, 'multi@example.com'));
    expect(rows).toHaveLength(2);
  });

  it.each([
    [{ email: '', zip_code: '30301' }, 'Please enter both email and zip code'],
    [{ email: 'a@example.com', zip_code: '' }, 'Please enter both email and zip code'],
    [{ zip_code: '30301' }, 'Please enter both email and zip code'],
    [{ email: 'not-an-email', zip_code: '30301' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', zip_code: '303' }, 'Please enter a valid 5-digit zip code'],
  ])('rejects %j', async (body, message) => {
    const res = await t.request('/api/public/waitlist', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.request('/api/public/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
  });
});
