import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServiceArea } from '../../db/factories';
import { profiles, serviceAreas } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { ZipAreas } from './zip-areas';

// Switching an area on queues launch emails.
const t = await createTestContext({ jobs: 'memory' });
const owner = await t.signUp();
await t.db.update(profiles).set({ businessName: 'Zip Cache Detailing' }).where(eq(profiles.id, owner.userId));

describe('zip areas in memory', () => {
  it('answers from memory between looks at the counter, and reloads when it moved', async () => {
    const areas = new ZipAreas(t.db, 60_000);
    expect((await areas.check('73301')).available).toBe(false);
    // Written straight to the database (as another instance would): not seen until the next look at the counter.
    const area = await createServiceArea(t.db, owner.userId, {
      zipCode: '73301',
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      isActive: true,
    });
    expect((await areas.check('73301')).available).toBe(false);
    areas.invalidate();
    expect(await areas.check('73301')).toEqual({
      zip: '73301',
      available: true,
      area: { city: 'Austin', state: 'Texas', stateCode: 'TX' },
      businesses: [{ id: owner.userId, name: 'Zip Cache Detailing' }],
    });

    // Switching off, renaming the business and deleting each move the counter.
    await t.db
      .update(profiles)
      .set({ businessName: 'Renamed Detailing' })
      .where(eq(profiles.id, owner.userId));
    areas.invalidate();
    expect((await areas.check('73301')).businesses[0]!.name).toBe('Renamed Detailing');
    await t.db.update(serviceAreas).set({ isActive: false }).where(eq(serviceAreas.id, area.id));
    areas.invalidate();
    expect((await areas.check('73301')).available).toBe(false);
    await t.db.update(serviceAreas).set({ isActive: true }).where(eq(serviceAreas.id, area.id));
    areas.invalidate();
    expect((await areas.check('73301')).available).toBe(true);
    await t.db.delete(serviceAreas).where(eq(serviceAreas.id, area.id));
    areas.invalidate();
    expect((await areas.check('73301')).available).toBe(false);
  });

  it('looks at the counter again once checkEveryMs has passed, without being told', async () => {
    const areas = new ZipAreas(t.db, 0);
    expect((await areas.check('73344')).available).toBe(false);
    await createServiceArea(t.db, owner.userId, {
      zipCode: '73344',
      city: 'Austin',
      state: 'Texas',
      isActive: true,
    });
    expect((await areas.check('73344')).available).toBe(true);
  });

  it('does not reload while the counter stands still', async () => {
    const areas = new ZipAreas(t.db, 0);
    await areas.check('73301');
    // A row changed behind the triggers' back (only possible with triggers off) stays unseen: the answer is memory.
    await t.db.execute(sql`alter table service_areas disable trigger service_areas_zip_areas_version`);
    try {
      await createServiceArea(t.db, owner.userId, {
        zipCode: '73399',
        city: 'Austin',
        state: 'Texas',
        isActive: true,
      });
      expect((await areas.check('73399')).available).toBe(false);
    } finally {
      await t.db.execute(sql`alter table service_areas enable trigger service_areas_zip_areas_version`);
    }
  });

  it('a switch through the API shows on the next zip check of this instance', async () => {
    const created = await t.request('/api/service-areas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { zipCode: '78758', city: 'Austin', state: 'Texas' },
    });
    expect(created.status).toBe(201);
    const area = await created.json();
    expect((await (await t.request('/api/public/availability?zip=78758')).json()).available).toBe(false);
    const on = await t.request(`/api/service-areas/${area.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isActive: true },
    });
    expect(on.status).toBe(200);
    expect((await (await t.request('/api/public/availability?zip=78758')).json()).available).toBe(true);
  });
});
