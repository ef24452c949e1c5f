import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { customers, loyaltyRewards, loyaltyTransactions } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { appendPoints } from './points-ledger';

// Random interleavings of checkouts that spend points (open, cancel at the checkout, pay and complete — twice at
// once; a free one is booked at once — and cancel the booking) against a model: a checkout is refused exactly when the points not held by other
// open checkouts are short; the balance equals the ledger's sum, never below 0, and equals the opening balance less
// the rewards of the bookings that stand. `REDEEM_PROPERTY_RUNS` runs more (default 12, a few seconds each).
const RUNS = Number(process.env.REDEEM_PROPERTY_RUNS ?? 12);

const t = await createTestContext();

type Op =
  | { kind: 'checkout'; reward: 0 | 1 }
  | { kind: 'cancelCheckout'; pick: number }
  | { kind: 'payAndComplete'; pick: number }
  | { kind: 'cancelBooking'; pick: number };

// Checkouts weigh most, and opening balances sit near the rewards' costs, so that holds decide often.
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      reward: fc.constantFrom(0 as const, 1 as const),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('cancelCheckout' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('payAndComplete' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('cancelBooking' as const), pick: fc.nat(20) }),
);

describe('reward holds and deductions (docs/decisions/0710)', () => {
  it(`over ${RUNS} random sequences the points match the model and the ledger`, {
    timeout: 60_000 + RUNS * 20_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 99, 100, 150, 250, 349, 400),
        fc.array(opArb, { minLength: 5, maxLength: 10 }),
        async (opening, ops) => {
          const owner = await t.signUp();
          const [service] = await bookableBusiness(t.db, owner.userId, [
            { name: 'Wash', basePriceCents: 6_000, durationMinutes: 60 },
          ]);
          const email = `p-${owner.userId.slice(0, 8)}@example.com`.toLowerCase();
          const customer = await createCustomer(t.db, owner.userId, {
            firstName: 'Pat',
            lastName: 'Lee',
            email,
          });
          if (opening)
            await appendPoints(t.db, {
              businessId: owner.userId,
              customerId: customer.id,
              type: 'adjusted',
              source: 'owner',
              points: opening,
              description: 'Opening',
            });
          const rewards = await t.db
            .select()
            .from(loyaltyRewards)
            .where(
              and(eq(loyaltyRewards.businessId, owner.userId), sql`${loyaltyRewards.category} <> 'product'`),
            );
          const costs = [
            rewards.find((r) => r.pointsRequired === 100)!,
            rewards.find((r) => r.pointsRequired === 250)!,
          ];
          await t.request('/api/public/loyalty/send-code', {
            method: 'POST',
            json: { businessId: owner.userId, email },
          });
          const [mail] = await t.emailsTo(email);
          const code = /(\d{6})/.exec(mail!.subject ?? '')![1]!;
          const { token } = await (
            await t.request('/api/public/loyalty/verify-code', {
              method: 'POST',
              json: { businessId: owner.userId, email, code },
            })
          ).json();

          let balance = opening;
          const open: Array<{ url: string; sessionId: string; points: number }> = [];
          const booked: Array<{ id: string; points: number }> = [];
          let day = 2;
          for (const op of ops) {
            if (op.kind === 'checkout') {
              const reward = costs[op.reward]!;
              const held = open.reduce((n, c) => n + c.points, 0);
              const res = await t.request('/api/booking/create-payment', {
                method: 'POST',
                json: bookingForm({
                  businessId: owner.userId,
                  serviceId: service!.id,
                  email,
                  date: daysAhead(day++),
                  loyaltyToken: token,
                  rewardId: reward.id,
                }),
              });
              if (balance - held >= reward.pointsRequired) {
                expect(res.status, await res.clone().text()).toBe(200);
                const body = await res.json();
                if (body.amountCents === 0) {
                  // The $75 service reward covers the $60 wash: booked at once, without the provider.
                  const done = await t.request('/api/booking/complete-booking', {
                    method: 'POST',
                    json: { sessionId: body.sessionId },
                  });
                  booked.push({ id: (await done.json()).booking.id, points: reward.pointsRequired });
                  balance -= reward.pointsRequired;
                } else {
                  open.push({ url: body.url, sessionId: body.sessionId, points: reward.pointsRequired });
                }
              } else {
                expect(res.status).toBe(409);
              }
            } else if (op.kind === 'cancelCheckout' && open.length) {
              const [c] = open.splice(op.pick % open.length, 1);
              expect((await t.request(`${new URL(c!.url).pathname}/cancel`, { method: 'POST' })).status).toBe(
                303,
              );
            } else if (op.kind === 'payAndComplete' && open.length) {
              const [c] = open.splice(op.pick % open.length, 1);
              expect((await t.request(`${new URL(c!.url).pathname}/pay`, { method: 'POST' })).status).toBe(
                303,
              );
              const done = await Promise.all(
                [0, 1].map(() =>
                  t.request('/api/booking/complete-booking', {
                    method: 'POST',
                    json: { sessionId: c!.sessionId },
                  }),
                ),
              );
              expect(done.map((r) => r.status)).toEqual([200, 200]);
              booked.push({ id: (await done[0]!.json()).booking.id, points: c!.points });
              balance -= c!.points;
            } else if (op.kind === 'cancelBooking' && booked.length) {
              const [b] = booked.splice(op.pick % booked.length, 1);
              const res = await t.request(`/api/bookings/${b!.id}/status`, {
                method: 'PATCH',
                cookie: owner.cookie,
                json: { status: 'cancelled' },
              });
              expect(res.status).toBe(200);
              balance += b!.points;
            }
            const [c] = await t.db
              .select({ points: customers.loyaltyPoints })
              .from(customers)
              .where(eq(customers.id, customer.id));
            const [sum] = await t.db
              .select({ n: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)`.mapWith(Number) })
              .from(loyaltyTransactions)
              .where(eq(loyaltyTransactions.customerId, customer.id));
            expect(c!.points).toBe(balance);
            expect(sum!.n).toBe(balance);
            expect(balance).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
