import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOMATION_SETTINGS } from '../../../shared/messaging';
import { createBooking, createCustomer, updateProfile } from '../../db/factories';
import { messageSends, outboxMessages } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { runAutomations } from './automations/workers';

const t = await createTestContext({ jobs: 'memory' });
t.deps.messageRetryDelaysMs = [1, 1];

describe('a new business asks every customer for a review from the start; win-back waits to be turned on', () => {
  it('review requests are on and win-back off by default, as the dashboard checklist shows', async () => {
    const o = await t.signUp();
    await updateProfile(t.db, o.userId, {
      businessName: 'Fresh Start Detailing',
      timeZone: 'America/Chicago',
    });
    const settings = await (await t.request('/api/automations', { cookie: o.cookie })).json();
    expect(settings).toMatchObject({ reviewRequests: true, winback: false });
    const dashboard = await (await t.request('/api/dashboard', { cookie: o.cookie })).json();
    expect(dashboard.automations).toEqual({ reviewRequests: true, winback: false });

    // A completed job, with nothing saved in the settings: the customer is asked, whatever they might rate.
    const c = await createCustomer(t.db, o.userId, {
      firstName: 'Riley',
      lastName: 'Rater',
      email: 'riley.default@example.com',
    });
    const b = await createBooking(t.db, o.userId, {
      service: { id: null, name: 'Full Detail', durationMinutes: 60 },
      customerId: c.id,
      scheduledAt: new Date(Date.now() + 48 * 3_600_000),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 15000,
      status: 'confirmed',
    });
    for (const status of ['in_progress', 'completed'])
      expect(
        (
          await t.request(`/api/bookings/${b.id}/status`, {
            method: 'PATCH',
            cookie: o.cookie,
            json: { status },
          })
        ).status,
      ).toBe(200);
    await runAutomations(t.deps);
    const rows = await t.db.select().from(messageSends).where(eq(messageSends.bookingId, b.id));
    expect(rows.filter((r) => r.kind === 'review_request').map((r) => `${r.channel}/${r.status}`)).toEqual([
      'email/sent',
    ]);
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'riley.default@example.com'));
    expect(mails.filter((m) => m.subject?.startsWith('How did we do'))).toHaveLength(1);

    // Turning win-back on shows on the checklist.
    await updateProfile(t.db, o.userId, { businessAddress: '100 Congress Ave, Austin, TX 78701' });
    const saved = await t.request('/api/automations', {
      method: 'PUT',
      cookie: o.cookie,
      json: { ...DEFAULT_AUTOMATION_SETTINGS, winback: true },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await (await t.request('/api/dashboard', { cookie: o.cookie })).json()).automations).toEqual({
      reviewRequests: true,
      winback: true,
    });
  });
});
