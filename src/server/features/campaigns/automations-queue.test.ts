import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, updateProfile } from '../../db/factories';
import { bookings, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { AUTOMATIONS_TICK_JOB, scheduleAutomationsTick } from './automations/workers';

// The tick on the real pg-boss queue (as main.ts runs it): the registered worker delivers a due reminder and queues
// the next tick (decision 611).
const t = await createTestContext({ jobs: true });

describe('the automations tick on pg-boss', () => {
  it('delivers a due reminder and keeps one tick waiting', async () => {
    const o = await t.signUp();
    await updateProfile(t.db, o.userId, { businessName: 'Queue Shine', timeZone: 'America/Chicago' });
    const c = await createCustomer(t.db, o.userId, {
      firstName: 'Quinn',
      lastName: 'Q',
      email: 'quinn@example.com',
    });
    const b = await createBooking(t.db, o.userId, {
      service: { id: null, name: 'Full Detail', durationMinutes: 60 },
      customerId: c.id,
      scheduledAt: new Date(Date.now() + 90 * 60_000),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 15000,
      status: 'confirmed',
    });
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(bookings.id, b.id));

    await scheduleAutomationsTick(t.jobs!, 0);
    const deadline = Date.now() + 20_000;
    let rows: Array<{ status: string }> = [];
    while (Date.now() < deadline) {
      rows = await t.db
        .select({ status: messageSends.status })
        .from(messageSends)
        .where(eq(messageSends.bookingId, b.id));
      if (rows.some((r) => r.status === 'sent')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows).toEqual([{ status: 'sent' }]);
    // The run queued its successor: one tick waits for the next minute.
    const waiting = async () =>
      (
        await t.handle.query(
          `select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`,
          [AUTOMATIONS_TICK_JOB],
        )
      ).rows[0]!.n;
    const until = Date.now() + 10_000;
    while ((await waiting()) !== 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await waiting()).toBe(1);
  });
});
