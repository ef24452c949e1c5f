import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import { analyzeEveryRow } from '../../test/statistics';
import { customersPageQuery } from './customers.service';

// Issue 13: /customers rendered in 43 s at 20,000 customers (the whole list in one answer). The first page now
// comes from the (business_id, created_at, id) index: no scan of the business's rows, no sort, a small answer.

const t = await createTestContext();
const COUNT = 20_000;

describe('customers at 20,000', () => {
  it('answers the first page and a followed page from the index, small and fast', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    for (const businessId of [owner.userId, other.userId]) {
      await t.db.execute(sql`
        insert into customers (business_id, first_name, last_name, email, phone, address, created_at)
        select ${businessId}, 'First' || n, 'Last' || n, 'c' || n || '@example.com', '512-555-' || lpad(n::text, 4, '0'),
               n || ' Main St, Austin, TX', now() - n * interval '1 second'
        from generate_series(1, ${COUNT}) as n`);
    }
    await analyzeEveryRow(t.db, ['customers']);

    // The figure for docs/quality.md: the median of 7 requests after one warm-up (printed, not asserted: the
    // machine is shared; the plan below is what the test holds to).
    await t.request('/api/customers', { cookie: owner.cookie });
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      await (await t.request('/api/customers', { cookie: owner.cookie })).arrayBuffer();
      times.push(performance.now() - started);
    }
    const ms = times.sort((a, b) => a - b)[3]!;
    const res = await t.request('/api/customers', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const page = JSON.parse(text);
    expect(page.items).toHaveLength(50);
    expect(page.items[0].firstName).toBe('First1');
    expect(text.length).toBeLessThan(50_000);
    const next = await (
      await t.request(`/api/customers?cursor=${page.nextCursor}`, { cookie: owner.cookie })
    ).json();
    expect(next.items[0].firstName).toBe('First51');
    const searchStarted = performance.now();
    await (await t.request('/api/customers?q=First19999', { cookie: owner.cookie })).arrayBuffer();
    const searchMs = performance.now() - searchStarted;
    console.info(
      `first page of ${COUNT} customers: median ${ms.toFixed(1)} ms (app.request, PGlite), ${text.length} bytes; search ${searchMs.toFixed(1)} ms`,
    );

    // The plan: an index scan in the keyset order, stopped after the page; no sequential scan, no sort.
    for (const after of [
      undefined,
      sql`(created_at, id) < (now() - interval '5000 seconds', '00000000-0000-4000-8000-000000000000'::uuid)`,
    ]) {
      const plan = await t.db.execute(sql`
        explain select * from customers where business_id = ${owner.userId} ${after ? sql`and ${after}` : sql``}
        order by created_at desc, id desc limit 51`);
      const text = plan.rows.map((r) => Object.values(r as Record<string, string>)[0]).join('\n');
      expect(text).toContain('customers_business_created_idx');
      expect(text).not.toMatch(/Seq Scan|Sort/);
    }

    // Search (decision 444): the page's own query, as the service builds it, answered from the trigram index on the
    // one search expression — not a scan of 40,000 rows with four ILIKEs each.
    for (const q of ['First19999', 'c1234@example', '512-555-0042', '19998 Main']) {
      const { sql: query, params } = customersPageQuery(t.db, owner.userId, { q, limit: 50 }).toSQL();
      const plan = await t.handle.query(`explain ${query}`, params);
      const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
      expect(text, q).toContain('customers_search_trgm_idx');
      expect(text, q).not.toContain('Seq Scan on customers');
    }
    const found = await (
      await t.request('/api/customers?q=c1234%40example', { cookie: owner.cookie })
    ).json();
    expect(found.items.map((c: { email: string }) => c.email)).toEqual(['c1234@example.com']);
  }, 120_000);
});
