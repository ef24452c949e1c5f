import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, createService } from '../db/factories';
import { bookings, services } from '../db/schema';
import { createTestContext } from '../test/harness';
import { pgErrorCode } from './ids';

// Hardening defect 10: running totals are bigint, and the database refuses impossible money and durations.

const t = await createTestContext();

/** The PostgreSQL error code of a refused write. */
async function refusal(write: Promise<unknown>) {
  try {
    await write;
  } catch (err) {
    return pgErrorCode(err);
  }
  return 'accepted';
}

describe('money and durations in the database', () => {
  it("completes a booking for a customer who has already spent $22M (past int4's limit)", async () => {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, { name: 'Fleet Detail', basePriceCents: 15_000 });
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Big',
      lastName: 'Fleet',
      email: 'fleet@example.com',
    });
    const job = { id: service.id, name: service.name, durationMinutes: 60 };
    // 22 completed jobs at the largest price a booking may carry ($1M): $22M, past int4's $21.47M.
    for (let i = 0; i < 22; i++)
      await createBooking(t.db, owner.userId, {
        service: job,
        customerId: customer.id,
        scheduledAt: new Date(Date.now() - (i + 2) * 86_400_000),
        locationAddress: `${i} Depot Rd`,
        quotedPriceCents: 100_000_000,
        status: 'completed',
      });
    const booking = await createBooking(t.db, owner.userId, {
      service: job,
      customerId: customer.id,
      scheduledAt: new Date(Date.now() - 3_600_000),
      locationAddress: '1 Main St',
      quotedPriceCents: 15_000,
      status: 'in_progress',
    });
    const res = await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'completed' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const detail = await (await t.request(`/api/customers/${customer.id}`, { cookie: owner.cookie })).json();
    expect(detail.lifetimeValueCents).toBe(2_200_015_000);
    expect(detail.customer.totalSpentCents).toBe(2_200_015_000);
  });

  it('refuses negative or absurd prices, tips and durations, whoever writes them', async () => {
    const owner = await t.signUp();
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 4_500 });
    const booking = (values: Partial<typeof bookings.$inferInsert>) =>
      t.db.insert(bookings).values({
        businessId: owner.userId,
        serviceId: service.id,
        serviceName: 'Wash',
        durationMinutes: 60,
        scheduledAt: new Date(),
        locationAddress: '1 Main St',
        quotedPriceCents: 4_500,
        ...values,
      });
    expect(await refusal(booking({ quotedPriceCents: -1 }))).toBe('23514');
    expect(await refusal(booking({ tipCents: -500 }))).toBe('23514');
    expect(await refusal(booking({ finalPriceCents: 100_000_001 }))).toBe('23514');
    expect(await refusal(booking({ durationMinutes: 0 }))).toBe('23514');
    expect(
      await refusal(t.db.update(services).set({ basePriceCents: -100 }).where(eq(services.id, service.id))),
    ).toBe('23514');
    expect(
      await refusal(
        t.db.update(services).set({ durationMinutes: 100_000 }).where(eq(services.id, service.id)),
      ),
    ).toBe('23514');
    expect(await refusal(booking({}))).toBe('accepted');
  });
});
