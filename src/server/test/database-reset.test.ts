import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createSeoPage } from '../db/factories';
import { bookableBusiness, bookingForm } from '../features/bookings/book/booking.fixtures';
import { createJobQueue } from '../jobs/queue';
import { databasePicture, type Sql } from './database-reset';
import { createTestContext, openTestDatabase, resetWorkerDatabase } from './harness';

// The worker's database is reset to the migrated state between files (docs/decisions/1359). This file dirties it
// through the app's own flows, then resets it and compares the whole database — every schema's tables' rows, every
// sequence, the schema itself, the session's state — with a database fresh from the template (or snapshot).

// The worker's database on PostgreSQL too, where files otherwise get a clone of their own.
const t = await createTestContext({ workerDatabase: true });
const fresh = await openTestDatabase({ own: true });
afterAll(() => fresh.close());

const sqlOf =
  (handle: DatabaseHandle): Sql =>
  async (text, values) =>
    (await handle.query(text, values ?? [])).rows;
const picture = (handle: DatabaseHandle) => databasePicture(sqlOf(handle));
const tablesWithRows = (p: Awaited<ReturnType<typeof picture>>) =>
  Object.entries(p.tables)
    .filter(([, rows]) => rows !== '[]')
    .map(([name]) => name);

/** Rows in many tables: accounts and sessions, a paid booking and its customer, ledger and messages, an SEO page. */
async function busyBusiness() {
  const owner = await t.signUp({ plan: 'pro' });
  const [service] = await bookableBusiness(t.db, owner.userId);
  const created = await (
    await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, email: 'reset@example.com' }),
    })
  ).json();
  await t.request(`${new URL(created.url).pathname}/pay`, { method: 'POST' });
  const done = await t.request('/api/booking/complete-booking', {
    method: 'POST',
    json: { sessionId: created.sessionId },
  });
  expect(done.status).toBe(200);
  await t.createAdmin();
  await createSeoPage(t.db, { businessId: owner.userId, slug: 'reset-check', city: 'Austin', state: 'TX' });
}

describe('the worker database reset', () => {
  it('hands a file the migrated state', async () => {
    expect(await picture(t.handle)).toEqual(await picture(fresh));
  });

  it('brings back every table, sequence, schema and session state, and notices a table it left behind', async () => {
    const migrated = await picture(fresh);
    await busyBusiness();
    // pg-boss makes its schema and writes jobs there.
    const queue = await createJobQueue(t.handle, { pollingIntervalSeconds: 0.5 });
    await queue.send('reset-check', { n: 1 });
    await queue.stop();
    // Every sequence moves on.
    const sequences = await t.handle.query(
      'select quote_ident(schemaname) || $1 || quote_ident(sequencename) as name from pg_sequences',
      ['.'],
    );
    for (const { name } of sequences.rows) await t.handle.query('select nextval($1::regclass)', [name]);
    // Session state: a setting, an advisory lock, a prepared statement, a LISTEN.
    await t.handle.exec(
      "set statement_timeout = '123s'; select pg_advisory_lock(1359); prepare reset_check as select 1; listen reset_check",
    );

    const dirty = await picture(t.handle);
    expect(tablesWithRows(dirty).length).toBeGreaterThan(tablesWithRows(migrated).length + 10);
    expect(dirty.schemas).not.toEqual(migrated.schemas);
    expect(dirty.session.advisory_locks).toBeGreaterThan(0);
    if (sequences.rows.length > 0) expect(dirty.sequences).not.toEqual(migrated.sequences);

    // A reset that skips a table is caught by the comparison: only that table differs.
    const [kept] = await t.handle
      .query(
        `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and c.relname = any($1::text[])
         and not exists (select 1 from pg_constraint f where f.conrelid = c.oid and f.contype = 'f')
         and not exists (select 1 from pg_constraint f where f.confrelid = c.oid and f.contype = 'f')
       order by 1 limit 1`,
        [tablesWithRows(dirty).map((name) => name.split('.')[1]!.replaceAll('"', ''))],
      )
      .then((r) => r.rows);
    expect(kept, 'a table with rows and no foreign keys to leave behind').toBeDefined();
    await resetWorkerDatabase({ leaveBehind: String(kept!.name) });
    const partial = await picture(t.handle);
    expect(partial).not.toEqual(migrated);
    expect({ ...partial, tables: { ...partial.tables, [String(kept!.name)]: '' } }).toEqual({
      ...migrated,
      tables: { ...migrated.tables, [String(kept!.name)]: '' },
    });

    await resetWorkerDatabase();
    expect(await picture(t.handle)).toEqual(migrated);
  });
});
