import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInZone } from '../../shared/time';
import { purchaseOrderSuggestions } from '../features/inventory/purchase-order.service';
import { createTestContext } from '../test/harness';
import { citySeoPages, inventoryItems, stockMovements, testimonials, user } from './schema';
import { DEMO_OWNER, DEMO_TECH, seedDemo } from './seed';

const t = await createTestContext();

describe('demo seed', () => {
  it('creates a consistent inventory history, testimonials and a live business page, once', async () => {
    expect(await seedDemo(t.db, t.auth)).toEqual({ created: true });
    expect(await seedDemo(t.db, t.auth)).toEqual({ created: false });
    const [owner] = await t.db.select().from(user).where(eq(user.email, DEMO_OWNER.email));
    const items = await t.db.select().from(inventoryItems).where(eq(inventoryItems.businessId, owner!.id));
    const stock = Object.fromEntries(items.map((i) => [i.name, i.currentStock]));
    expect(stock).toMatchObject({
      'Ceramic Coating Kit': 4,
      'Tire Shine Gel': 0,
      'pH-Neutral Car Shampoo (1 gal)': 2,
    });
    // Every item's log adds up to its stock.
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.businessId, owner!.id));
    for (const item of items) {
      const sum = moves.filter((m) => m.inventoryItemId === item.id).reduce((n, m) => n + m.change, 0);
      expect(sum, item.name).toBe(item.currentStock);
    }
    expect(moves.some((m) => m.reason === 'job')).toBe(true);
    const po = await purchaseOrderSuggestions(t.db, owner!.id);
    expect(po.groups.length).toBeGreaterThan(0);
    expect(await t.db.select().from(testimonials).where(eq(testimonials.businessId, owner!.id))).toHaveLength(
      3,
    );
    const [page] = await t.db
      .select()
      .from(citySeoPages)
      .where(eq(citySeoPages.slug, 'lone-star-mobile-detailing-auto-detailing'));
    expect(page).toMatchObject({ businessId: owner!.id, status: 'complete', city: 'Austin', state: 'TX' });
    expect(page!.content).toContain('Ceramic coatings');

    // The demo technician signs in and sees their jobs of today and tomorrow, and only those.
    const { cookie: tech } = await t.signIn(DEMO_TECH.email, DEMO_TECH.password);
    const jobs = await (await t.request('/api/bookings', { cookie: tech })).json();
    const days = new Set(
      jobs.items.map((b: { scheduledAt: string }) => todayInZone(jobs.timeZone, new Date(b.scheduledAt))),
    );
    expect(days.size).toBe(2);
    expect(days.has(todayInZone(jobs.timeZone))).toBe(true);
  });
});
