import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, customers, profiles } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookingFigures } from '../analytics/booking-figures';
import { businessTotals, foldTotals } from './business-totals';
import { businessTotalChanges } from './business-totals.schema';

const t = await createTestContext();

/** What the dashboard showed before decision 922: a scan of the business's bookings and customers. */
async function recount(businessId: string) {
  const figures = await bookingFigures(t.db, eq(bookings.businessId, businessId));
  const [c] = (
    await t.db.execute(sql`select count(*)::int as n from customers where business_id = ${businessId}`)
  ).rows as { n: number }[];
  return {
    bookings: figures.bookings,
    pendingBookings: figures.pendingBookings,
    completedRevenueCents: figures.completedRevenueCents,
    customers: Number(c?.n ?? 0),
  };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;

describe('dashboard totals kept by triggers (decision 922)', () => {
  it('match a recount after a random sequence of bookings, cancels, refunds, moves, deletes and customers', async () => {
    const a = (await t.signUp()).userId;
    const b = (await t.signUp()).userId;
    const rnd = random(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const business = () => (rnd() < 0.7 ? a : b);
    const anyBooking = async () => {
      const rows = (
        await t.db.execute(
          sql`select id from bookings where business_id in (${a}, ${b}) order by random() limit 1`,
        )
      ).rows as { id: string }[];
      return rows[0]?.id;
    };
    const newBooking = (businessId: string, customerId: string | null) => {
      const status = pick(STATUSES);
      return {
        businessId,
        customerId,
        serviceName: 'Full Detail',
        durationMinutes: 60,
        scheduledAt: new Date(Date.now() + Math.floor(rnd() * 60) * 86_400_000),
        locationAddress: '1 Main St',
        quotedPriceCents: 10_000,
        finalPriceCents: status === 'completed' || rnd() < 0.3 ? Math.floor(rnd() * 50_000) : null,
        status,
      };
    };
    for (let step = 0; step < 250; step++) {
      const op = rnd();
      const id = await anyBooking();
      if (op < 0.25 || !id) {
        // New bookings, one to three in one statement, some with a new customer made in the same transaction.
        await t.db.transaction(async (tx) => {
          const owner = business();
          let customerId: string | null = null;
          if (rnd() < 0.5) {
            const [c] = await tx
              .insert(customers)
              .values({
                businessId: owner,
                firstName: 'Ann',
                lastName: 'Lee',
                email: `${randomUUID()}@example.com`,
              })
              .returning({ id: customers.id });
            customerId = c!.id;
          }
          const n = 1 + Math.floor(rnd() * 3);
          await tx.insert(bookings).values(Array.from({ length: n }, () => newBooking(owner, customerId)));
        });
      } else if (op < 0.4) {
        // Confirm, start, complete with a final price.
        const status = pick(STATUSES);
        await t.db
          .update(bookings)
          .set({ status, finalPriceCents: status === 'completed' ? Math.floor(rnd() * 50_000) : undefined })
          .where(eq(bookings.id, id));
      } else if (op < 0.5) {
        // Cancel (and the refund that follows it: the price is no longer revenue).
        await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
      } else if (op < 0.57) {
        // A refund of part of a completed booking's price.
        await t.db.execute(
          sql`update bookings set final_price_cents = final_price_cents / 2 where id = ${id} and status = 'completed'`,
        );
      } else if (op < 0.67) {
        // Moved to another time, and now and then to the other business (an admin's reassignment).
        await t.db
          .update(bookings)
          .set({
            scheduledAt: new Date(Date.now() + 86_400_000),
            ...(rnd() < 0.3 ? { businessId: business(), customerId: null } : {}),
          })
          .where(eq(bookings.id, id));
      } else if (op < 0.75) {
        await t.db.delete(bookings).where(eq(bookings.id, id));
      } else if (op < 0.82) {
        // A customer deleted: their bookings stay (customer_id set null).
        await t.db.execute(
          sql`delete from customers where id = (select id from customers where business_id in (${a}, ${b}) order by random() limit 1)`,
        );
      } else if (op < 0.87) {
        // Many rows in one statement.
        await t.db.execute(
          sql`update bookings set status = 'confirmed' where business_id = ${business()} and status = 'pending'`,
        );
      } else if (op < 0.92) {
        // A transaction that fails leaves the totals as they were.
        await t.db
          .transaction(async (tx) => {
            await tx.insert(bookings).values(newBooking(a, null));
            await tx
              .update(bookings)
              .set({ status: 'completed', finalPriceCents: 99_999 })
              .where(eq(bookings.businessId, a));
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      } else if (op < 0.96) {
        await t.db.insert(customers).values({
          businessId: business(),
          firstName: 'Bo',
          lastName: 'Ng',
          email: `${randomUUID()}@example.com`,
        });
      } else {
        await foldTotals(t.db, business());
      }
      if (step % 50 === 49) {
        expect(await businessTotals(t.db, a)).toEqual(await recount(a));
        expect(await businessTotals(t.db, b)).toEqual(await recount(b));
      }
    }
    expect(await businessTotals(t.db, a)).toEqual(await recount(a));
    expect(await businessTotals(t.db, b)).toEqual(await recount(b));
    expect((await recount(a)).bookings).toBeGreaterThan(10);
  });

  it('a read folds a long list of changes into one row, and the totals stay the same', async () => {
    const owner = (await t.signUp()).userId;
    for (let i = 0; i < 40; i++) {
      await t.db
        .insert(customers)
        .values({ businessId: owner, firstName: 'Cy', lastName: 'Ro', email: `${randomUUID()}@example.com` });
    }
    const before = await recount(owner);
    expect(await businessTotals(t.db, owner)).toEqual(before);
    const rows = await t.db
      .select()
      .from(businessTotalChanges)
      .where(eq(businessTotalChanges.businessId, owner));
    expect(rows).toHaveLength(1);
    expect(await businessTotals(t.db, owner)).toEqual(before);
  });

  it('a business with bookings and customers can be deleted', async () => {
    const owner = (await t.signUp()).userId;
    const [c] = await t.db
      .insert(customers)
      .values({ businessId: owner, firstName: 'Di', lastName: 'Vo', email: `${randomUUID()}@example.com` })
      .returning({ id: customers.id });
    await t.db.insert(bookings).values({
      businessId: owner,
      customerId: c!.id,
      serviceName: 'Wash',
      durationMinutes: 30,
      scheduledAt: new Date(),
      locationAddress: '2 Main St',
      quotedPriceCents: 5_000,
    });
    await t.db.delete(profiles).where(eq(profiles.id, owner));
    expect(
      await t.db.select().from(businessTotalChanges).where(eq(businessTotalChanges.businessId, owner)),
    ).toEqual([]);
  });
});
