import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { createTestContext } from '../../test/harness';
import { analyzeEveryRow } from '../../test/statistics';
import { bookingsPageQuery } from './bookings-list.service';

// Issue 13: booking search was an ILIKE of six expressions over three joined tables for every booking of the business
// (0.5–0.7 s at 100,000 bookings). Each part is now the expression of a trigram index (decision 444): the customers
// and vehicles that match become id arrays, and bookings are found by a BitmapOr of three index scans.

const t = await createTestContext();
// Last names carry a few random letters, as real names vary (not 20,000 names that share all but their digits).
const CUSTOMERS = 20_000;
const BOOKINGS = 40_000;

describe(`booking search at ${BOOKINGS.toLocaleString('en-US')} bookings`, () => {
  it('finds by customer, vehicle, service and address from the trigram indexes, with the same answers', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    // The rows are the search's input, not its subject: they go in with the row triggers off (foreign-key checks and the
    // booking's default location, 0.4 ms of PGlite's CPU a row, 18 of the file's 26 s), as `npm run db:move` copies
    // rows. Every id is taken from rows just written, and the location is the one the trigger would pick (the main one).
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const [businessId, scale] of [
        [owner.userId, 1],
        [other.userId, 0.05],
      ] as const) {
        await seedBusiness(tx, businessId, CUSTOMERS * scale, BOOKINGS * scale);
      }
    });
    // VACUUM, as PostgreSQL's autovacuum does after bulk inserts: it moves a GIN index's pending entries into the index
    // and records the index's size, which the planner's cost of a trigram search reads (without it the index looks
    // dearer than reading 20,000 rows). PGlite runs no autovacuum (see docs/decisions/0444).
    // The statistics are read from every row (42,000 bookings are more than ANALYZE's random sample), so the plan is
    // the same on every run.
    await t.db.execute(sql`vacuum customers`);
    await t.db.execute(sql`vacuum customer_vehicles`);
    await t.db.execute(sql`vacuum bookings`);
    await analyzeEveryRow(t.db, ['customers', 'customer_vehicles', 'bookings']);

    const lastName = async (n: number) =>
      (
        await t.db.execute<{ name: string }>(sql`
        select last_name as name from customers where business_id = ${owner.userId} and email = ${`c${n}@example.com`}`)
      ).rows[0]!.name;
    const name1234 = await lastName(1234);
    const startOfToday = new Date(new Date().toISOString().slice(0, 10));
    for (const [q, when] of [
      [name1234, 'past'],
      [name1234, 'upcoming'],
      ['c777@example', 'past'],
      ['32345 Elm', 'upcoming'],
      ['Make321', 'past'],
      ['nothing like this', 'past'],
    ] as const) {
      const { sql: query, params } = bookingsPageQuery(
        t.db,
        owner.userId,
        { q, when, limit: 50 },
        startOfToday,
      ).toSQL();
      const plan = (await t.handle.query(`explain ${query}`, params)).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan, q).toContain('customers_search_trgm_idx');
      expect(plan, q).toContain('bookings_search_trgm_idx');
      expect(plan, q).not.toContain('Seq Scan on bookings');
      expect(plan, q).not.toContain('Seq Scan on customers');
    }

    const search = async (q: string, when = 'past') => {
      const res = await t.request(`/api/bookings?when=${when}&limit=100&q=${encodeURIComponent(q)}`, {
        cookie: owner.cookie,
      });
      expect(res.status).toBe(200);
      return (await res.json()).items as {
        locationAddress: string;
        service: { name: string };
        customer: { lastName: string; email: string } | null;
      }[];
    };
    // Every booking of customer 1234 (2 each), past and upcoming; not another business's (it has a customer 1234 too).
    const byName = [
      ...(await search(`first1234 ${name1234.toLowerCase()}`)),
      ...(await search(`First1234 ${name1234}`, 'upcoming')),
    ];
    expect(byName).toHaveLength(2);
    expect(byName.every((b) => b.customer?.lastName === name1234)).toBe(true);
    expect(
      (await search('c777@example.com', 'past')).length +
        (await search('c777@example.com', 'upcoming')).length,
    ).toBe(2);
    const byAddress = [...(await search('32345 elm st')), ...(await search('32345 elm st', 'upcoming'))];
    expect(byAddress.map((b) => b.locationAddress)).toEqual(['32345 Elm St']);
    const byVehicle = [...(await search('make321 model')), ...(await search('Make321 Model', 'upcoming'))];
    expect(byVehicle).toHaveLength(2);
    expect(await search('Service 7', 'upcoming')).not.toHaveLength(0);
    expect(await search('nothing like this')).toEqual([]);
  }, 180_000);
});

/** A business's customers (one vehicle each) and bookings, each insert one statement over generate_series. */
async function seedBusiness(db: DbOrTx, businessId: string, customerCount: number, bookingCount: number) {
  await db.execute(sql`
    insert into customers (business_id, first_name, last_name, email, phone, address)
    select ${businessId}, 'First' || n, 'Last' || n || substr(md5(n::text), 1, 6), 'c' || n || '@example.com',
           '512-555-' || lpad(n::text, 4, '0'), n || ' Main St, Austin, TX'
    from generate_series(1, ${customerCount}) as n`);
  await db.execute(sql`
    insert into customer_vehicles (business_id, customer_id, make, model, year, color, vehicle_type)
    select ${businessId}, id, 'Make' || (row_number() over (order by id)), 'Model', 2020, 'Blue', 'sedan'
    from customers where business_id = ${businessId}`);
  await db.execute(sql`
    with c as (
      select c.id, v.id as vehicle_id, row_number() over (order by c.email) as rn
      from customers c join customer_vehicles v on v.customer_id = c.id
      where c.business_id = ${businessId})
    insert into bookings (business_id, customer_id, customer_vehicle_id, location_id, service_name, duration_minutes,
                          scheduled_at, location_address, quoted_price_cents)
    select ${businessId}, c.id, c.vehicle_id, (select id from locations where business_id = ${businessId} and is_primary),
           'Service ' || (g % 50), 60, date_trunc('day', now()) + make_interval(days => (g % 400) - 200, hours => 8 + g % 10),
           g || ' Elm St', 10000
    from generate_series(1, ${bookingCount}) g join c on c.rn = 1 + g % ${customerCount}`);
}
