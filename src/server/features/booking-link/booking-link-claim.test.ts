import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantRole } from '../../db/factories';
import { profiles } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();
const saveName = (cookie: string, businessName: string) =>
  t.request('/api/business-profile', { method: 'PUT', cookie, json: { businessName } });
const changeSlug = (cookie: string, slug: unknown) =>
  t.request('/api/booking-link', { method: 'PUT', cookie, json: { slug } });
const slugOf = async (id: string) =>
  (await t.db.select({ slug: profiles.bookingSlug }).from(profiles).where(eq(profiles.id, id)))[0]!.slug;

describe('the booking link is claimed when the business is named, and can be changed', () => {
  it('a new business has no link until its name is saved; saving the name claims it', async () => {
    const owner = await t.signUp();
    const before = await (await t.request('/api/booking-link', { cookie: owner.cookie })).json();
    expect(before).toEqual({ slug: null, url: null, businessName: null });
    expect(await slugOf(owner.userId)).toBeNull();

    expect((await saveName(owner.cookie, 'Sunrise Shine Mobile')).status).toBe(200);
    expect(await slugOf(owner.userId)).toBe('sunrise-shine-mobile');
    const after = await (await t.request('/api/booking-link', { cookie: owner.cookie })).json();
    expect(after).toMatchObject({
      slug: 'sunrise-shine-mobile',
      url: `${t.deps.publicUrl}/book/sunrise-shine-mobile`,
    });

    // A rename keeps the link (printed on vans).
    expect((await saveName(owner.cookie, 'Sunset Shine')).status).toBe(200);
    expect(await slugOf(owner.userId)).toBe('sunrise-shine-mobile');
  });

  it('the owner changes the slug; the old link redirects permanently to the new one, query kept', async () => {
    const owner = await t.signUp();
    await saveName(owner.cookie, 'Redirect Detailing');
    const res = await changeSlug(owner.cookie, '  Redirect-Austin ');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      slug: 'redirect-austin',
      url: `${t.deps.publicUrl}/book/redirect-austin`,
    });

    const old = await t.request('/book/redirect-detailing?zip=78701', { redirect: 'manual' });
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe('/book/redirect-austin?zip=78701');
    expect((await t.request('/book/redirect-austin', { redirect: 'manual' })).status).not.toBe(308);
    expect((await t.request('/api/booking/options?business=redirect-austin')).status).toBe(200);

    // A second change: both former links lead to the current one; taking an old one back ends its redirect.
    expect((await changeSlug(owner.cookie, 'redirect-tx')).status).toBe(200);
    expect(
      (await t.request('/book/redirect-detailing', { redirect: 'manual' })).headers.get('location'),
    ).toBe('/book/redirect-tx');
    expect((await changeSlug(owner.cookie, 'redirect-detailing')).status).toBe(200);
    expect((await t.request('/book/redirect-detailing', { redirect: 'manual' })).status).not.toBe(308);
    expect((await t.request('/book/redirect-tx', { redirect: 'manual' })).headers.get('location')).toBe(
      '/book/redirect-detailing',
    );
  });

  it("refuses a malformed slug (400), another business's current or former slug (409), and a technician (403)", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await saveName(a.cookie, 'Alpha Shine');
    await saveName(b.cookie, 'Beta Shine');
    for (const bad of ['ab', 'No Spaces', '-dash', 'dash-', 'a--b', 'x'.repeat(61), 42]) {
      const res = await changeSlug(a.cookie, bad);
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).error.message).toBe(
        'Your booking link can use 3 to 60 lowercase letters, numbers and dashes',
      );
    }
    const taken = await changeSlug(a.cookie, 'beta-shine');
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe('That booking link is taken. Please choose another.');
    expect((await changeSlug(b.cookie, 'beta-austin')).status).toBe(200);
    expect((await changeSlug(a.cookie, 'beta-shine')).status).toBe(409);
    // A new business named like b's former link gets a suffix, not b's old address.
    const c = await t.signUp();
    await saveName(c.cookie, 'Beta Shine');
    expect(await slugOf(c.userId)).toBe('beta-shine-2');

    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', a.userId);
    expect((await changeSlug(tech.cookie, 'alpha-tech')).status).toBe(403);
    expect(await slugOf(a.userId)).toBe('alpha-shine');
    expect(
      (await t.request('/api/booking-link', { method: 'PUT', json: { slug: 'nobody-here' } })).status,
    ).toBe(401);
  });
});
