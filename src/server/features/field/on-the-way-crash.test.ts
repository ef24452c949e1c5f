import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplyResult, RoutePlan } from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createService,
  grantRole,
  updateProfile,
} from '../../db/factories';
import { fieldEvents } from '../../db/schema';
import { crashes, deliveredTo, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';
import { DATE, TZ } from '../routes/routes.fixtures';

// The customer's day-of notices survive a process killed right after the write that implies them (decisions 1331,
// 1356): On my way commits with the field event, an arrival-changed notice with the applied route plan; the automations
// tick delivers each once, and the same plan applied again writes nothing more.

const t = await createTestContext();
const { dieAfterCommit } = crashes(t.db);
const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);

describe('On my way', () => {
  it('commits its email and text with the event: after a crash right after it, each sent once', async () => {
    const owner = await t.signUp();
    const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const email = `cora-${owner.userId.slice(0, 8)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Cora',
      lastName: 'Client',
      email,
      phone: '(512) 555-0142',
    });
    const booking = await createBooking(t.db, owner.userId, {
      service: { id: null, name: 'Full Detail', durationMinutes: 120 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 3_600_000),
      locationAddress: '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: 15000,
      status: 'confirmed',
    });
    await assignBooking(t.db, owner.userId, booking.id, tech.userId);
    // The phone replays the same press with the same key until it gets an answer.
    const key = crypto.randomUUID();
    const deviceTime = new Date().toISOString();
    const press = () =>
      t.request(`/api/field/jobs/${booking.id}/on-my-way`, {
        method: 'POST',
        cookie: tech.cookie,
        headers: { 'idempotency-key': key },
        json: { deviceTime, etaMinutes: 15 },
      });

    await dieAfterCommit(press);
    const rows = () => messageRows(t.db, owner.userId, 'on_my_way');
    expect((await rows()).map((r) => [r.channel, r.status]).sort()).toEqual([
      ['email', 'pending'],
      ['sms', 'pending'],
    ]);
    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);
    expect(await deliveredTo(t.db, '+15125550142')).toHaveLength(1);
    await sweep(t.deps);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);

    // The replay that the dead process never answered: the event it committed, nothing written or sent again
    // (decision 1332).
    const replay = await press();
    expect(replay.status).toBe(200);
    const { event } = (await replay.json()) as { event: { id: string; kind: string } };
    const events = await t.db
      .select({ id: fieldEvents.id })
      .from(fieldEvents)
      .where(and(eq(fieldEvents.bookingId, booking.id), eq(fieldEvents.kind, 'on_my_way')));
    expect(events).toEqual([{ id: event.id }]);
    await sweep(t.deps);
    expect(await rows()).toHaveLength(2);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);
    expect(await deliveredTo(t.db, '+15125550142')).toHaveLength(1);
  });
});

describe('an applied route plan', () => {
  it("commits the moved customer's arrival notice with the plan: after a crash, sent once; applied again, none", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { timeZone: TZ, baseLatitude: 30.27, baseLongitude: -97.74 });
    const service = await createService(t.db, owner.userId, {
      name: 'Wash',
      basePriceCents: 5000,
      durationMinutes: 30,
    });
    // Both jobs at 09:00, far apart: the plan moves the second one's arrival.
    for (const zip of ['78731', '78745']) {
      const c = await createCustomer(t.db, owner.userId, {
        firstName: 'Dee',
        lastName: zip,
        email: `dee-${zip}-${owner.userId.slice(0, 6)}@example.com`,
        phone: '+15125550123',
        address: `1 Oak St, Austin, TX ${zip}`,
      });
      await createBooking(t.db, owner.userId, {
        service: { id: service.id, name: 'Wash', durationMinutes: 30 },
        customerId: c.id,
        scheduledAt: at('09:00'),
        locationAddress: `1 Oak St, Austin, TX ${zip}`,
        quotedPriceCents: 5000,
        status: 'confirmed',
      });
    }
    const optimized = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE },
    });
    const plan = (await optimized.json()) as RoutePlan;
    const apply = () =>
      t.request('/api/routes/apply', { method: 'POST', cookie: owner.cookie, json: { planId: plan.planId } });

    await dieAfterCommit(apply);
    const moved = plan.technicians[0]!.stops[1]!.bookingId;
    const rows = () => messageRows(t.db, owner.userId, 'arrival_changed');
    const pending = await rows();
    expect(pending.map((r) => [r.channel, r.status, r.bookingId]).sort()).toEqual([
      ['email', 'pending', moved],
      ['sms', 'pending', moved],
    ]);
    const to = pending.find((r) => r.channel === 'email')!.to;
    await sweep(t.deps);
    expect(await deliveredTo(t.db, to)).toHaveLength(1);
    // The owner presses Apply again: the plan was applied, nothing more is written or sent.
    expect(((await (await apply()).json()) as ApplyResult).applied).toBe(false);
    await sweep(t.deps);
    expect(await rows()).toHaveLength(2);
    expect(await deliveredTo(t.db, to)).toHaveLength(1);
  });
});
