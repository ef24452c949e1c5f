import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersPageQuery } from '../features/customers/customers.service';
import { createTestContext } from '../test/harness';
import { vacuumWhereNeeded } from './pglite-vacuum';

// PGlite runs no autovacuum (decisions 444, 925): the server vacuums the tables that need it when it starts and every
// 10 minutes. After a bulk load of customers the search must come from the trigram index, and a second pass finds
// nothing to do.

const t = await createTestContext();

describe('the vacuum pass for the embedded database', () => {
  it('vacuums and analyzes a table grown by a bulk insert, once, and the search then uses its trigram index', async () => {
    const owner = await t.signUp();
    await t.db.execute(sql`
      insert into customers (business_id, first_name, last_name, email, phone, address)
      select ${owner.userId}, 'Bench', 'Customer ' || g, 'bench-' || g || '@example.com', '+1512555' || lpad((g % 10000)::text, 4, '0'),
             g || ' Congress Ave, Austin, TX 78701'
      from generate_series(1, 15000) g`);
    const first = await vacuumWhereNeeded(t.handle);
    const second = await vacuumWhereNeeded(t.handle);
    // The pass is for PGlite (the server runs it only there). On PostgreSQL autovacuum may have been first and the
    // activity counters it reads arrive with a delay, so only the outcome is checked there.
    if (t.handle.kind === 'pglite') {
      expect(first).toContain('customers');
      expect(second).not.toContain('customers');
    }
    const stats = (
      await t.handle.query(
        `select relallvisible, relpages, reltuples from pg_class where relname = 'customers'`,
      )
    ).rows[0]!;
    expect(Number(stats.reltuples)).toBeGreaterThanOrEqual(15000);
    expect(Number(stats.relallvisible)).toBeGreaterThanOrEqual(0.8 * Number(stats.relpages));

    const { sql: query, params } = customersPageQuery(t.db, owner.userId, {
      q: 'customer 42',
      limit: 50,
    }).toSQL();
    const plan = (await t.handle.query(`explain ${query}`, params)).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('customers_search_trgm_idx');
    expect(plan).not.toContain('Seq Scan on customers');
  }, 120_000);
});
