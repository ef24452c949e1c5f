import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer } from '../../db/factories';
import { maintenancePlans, planCreditEntries, planMembers } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { creditBalance, returnCredit, spendCredit } from './members.service';
import { applyPaidPeriod } from './membership-billing.service';

// Plan credits never go below zero and are never spent twice (issue 32): random grants, spends and returns, run in
// concurrent batches and replayed, against the real database.

const t = await createTestContext();
const owner = await t.signUp();
const customer = await createCustomer(t.db, owner.userId, {
  firstName: 'P',
  lastName: 'T',
  email: 'pt@example.com',
});
const bookingIds: string[] = [];
for (let i = 0; i < 5; i++) {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: null, name: 'Wash', durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + (i + 2) * 86_400_000),
    locationAddress: '1 Main St',
    quotedPriceCents: 5000,
    status: 'confirmed',
  });
  bookingIds.push(b.id);
}
const [plan] = await t.db
  .insert(maintenancePlans)
  .values({
    businessId: owner.userId,
    name: 'Property Plan',
    monthlyPriceCents: 5000,
    includedCredits: 1,
    creditPeriod: 'month',
    vehicleTypes: ['sedan'],
  })
  .returning();

const op = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), month: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('spend' as const), booking: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('return' as const), booking: fc.integer({ min: 0, max: 4 }) }),
);

describe('plan credits', () => {
  it('never go below zero, are spent at most once per booking and add up to the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        async (batches) => {
          const [member] = await t.db
            .insert(planMembers)
            .values({
              businessId: owner.userId,
              planId: plan!.id,
              name: 'Prop',
              email: 'prop@example.com',
              provider: 'test',
              status: 'active',
            })
            .returning();
          const id = member!.id;
          for (const batch of batches) {
            // Each batch runs at once: concurrent spends of one booking, a grant replayed beside them…
            await Promise.allSettled(
              batch.map((o) =>
                o.kind === 'grant'
                  ? applyPaidPeriod(t.db, id, new Date(Date.UTC(2030, o.month, 1)))
                  : o.kind === 'spend'
                    ? spendCredit(t.db, owner.userId, id, bookingIds[o.booking]!)
                    : returnCredit(t.db, owner.userId, id, bookingIds[o.booking]!),
              ),
            );
            expect(await creditBalance(t.db, id)).toBeGreaterThanOrEqual(0);
          }
          const entries = await t.db
            .select()
            .from(planCreditEntries)
            .where(eq(planCreditEntries.memberId, id));
          const spends = entries.filter((e) => e.kind === 'spend');
          const returns = entries.filter((e) => e.kind === 'return');
          const grants = entries.filter((e) => e.kind === 'grant');
          expect(new Set(spends.map((e) => e.bookingId)).size).toBe(spends.length);
          expect(new Set(returns.map((e) => e.bookingId)).size).toBe(returns.length);
          expect(new Set(grants.map((e) => e.periodStart)).size).toBe(grants.length);
          for (const r of returns) expect(spends.some((s) => s.bookingId === r.bookingId)).toBe(true);
          expect(await creditBalance(t.db, id)).toBe(grants.length - spends.length + returns.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
