import { describe, expect, it } from 'vitest';
import { updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { slugify } from './booking-link.service';

const t = await createTestContext();

describe('/book/{slug}', () => {
  it('makes a readable slug from the name once, keeps it after a rename, and /book resolves it', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    await updateProfile(t.db, owner.userId, { businessName: 'Café Shine & Co.' });
    const res = await t.request('/api/booking-link', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const link = await res.json();
    expect(link.slug).toMatch(/^cafe-shine-co(-\d+)?$/);
    expect(link.url).toBe(`${t.deps.publicUrl}/book/${link.slug}`);

    await updateProfile(t.db, owner.userId, { businessName: 'Renamed Detailing' });
    expect((await (await t.request('/api/booking-link', { cookie: owner.cookie })).json()).slug).toBe(
      link.slug,
    );

    const bySlug = await t.request(`/api/booking/options?business=${link.slug}`);
    expect(bySlug.status).toBe(200);
    expect(await bySlug.json()).toMatchObject({
      mode: 'business',
      business: { id: owner.userId, name: 'Renamed Detailing' },
    });
    // The old ?business=<id> link still works.
    expect((await t.request(`/api/booking/options?business=${owner.userId}`)).status).toBe(200);
  });

  it('gives two businesses with the same name different slugs', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await updateProfile(t.db, a.userId, { businessName: 'Twin Shine Mobile' });
    await updateProfile(t.db, b.userId, { businessName: 'Twin Shine Mobile' });
    const slugA = (await (await t.request('/api/booking-link', { cookie: a.cookie })).json()).slug;
    const slugB = (await (await t.request('/api/booking-link', { cookie: b.cookie })).json()).slug;
    expect(slugA).not.toBe(slugB);
    expect([slugA, slugB].sort()).toEqual(['twin-shine-mobile', 'twin-shine-mobile-2']);
  });

  it('answers 404 for an unknown slug and 401 signed out', async () => {
    const res = await t.request('/api/booking/options?business=no-such-detailer');
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('This business could not be found');
    expect((await t.request('/api/booking-link')).status).toBe(401);
  });

  it('slugifies names', () => {
    expect(slugify('  ShineRoute — Austin!! ')).toBe('shineroute-austin');
    expect(slugify('Ünïcode Détail')).toBe('unicode-detail');
    expect(slugify('***')).toBe('');
  });
});
