import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { pgliteQuerier, pgQuerier } from './backup';
import { compareChecksums, tableChecksums } from './table-checksums';

const BATCH = 1000;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies an embedded installation's data into a fresh PostgreSQL database (npm run db:move, decision 1232): the
 * target gets the same migrations, then every app table's rows in batches as JSON (generated columns left to the
 * target to compute, identity values kept), with triggers and foreign-key checks off for the copy
 * (session_replication_role = replica: the summary tables the triggers keep are copied as they are), then each
 * sequence set to where it was. Verified by row counts and checksums of every table.
 */
export async function moveToPostgres(opts: { source: PGlite; databaseUrl: string }) {
  const target = new pg.Client({ connectionString: opts.databaseUrl });
  await target.connect();
  try {
    const { rows: existing } = await target.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')`,
    );
    if (existing[0]!.n > 0)
      throw new Error('The target database is not empty: db:move needs a fresh database');
    const handle = await openDatabase({ databaseUrl: opts.databaseUrl });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    const source = opts.source;
    const { rows: tables } = await source.query<{ t: string }>(
      `select table_name as t from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    await target.query('begin');
    await target.query(`set local session_replication_role = replica`);
    // Rows the migrations themselves inserted are replaced by the source's.
    if (tables.length)
      await target.query(`truncate ${tables.map(({ t }) => `public.${quote(t)}`).join(', ')}`);
    let copied = 0;
    for (const { t } of tables) {
      const name = `public.${quote(t)}`;
      const { rows: cols } = await target.query<{ name: string; identity: string }>(
        `select attname as name, attidentity as identity from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [name],
      );
      const list = cols.map((c) => quote(c.name)).join(', ');
      const overriding = cols.some((c) => c.identity === 'a') ? 'overriding system value' : '';
      await source.exec(
        `begin; declare move_cursor no scroll cursor for select to_jsonb(r) as j from ${name} r`,
      );
      try {
        for (;;) {
          const { rows } = await source.query<{ j: unknown }>(`fetch ${BATCH} from move_cursor`);
          if (!rows.length) break;
          await target.query(
            `insert into ${name} (${list}) ${overriding}
             select ${list} from jsonb_populate_recordset(null::${name}, $1::jsonb)`,
            [JSON.stringify(rows.map((r) => r.j))],
          );
          copied += rows.length;
        }
      } finally {
        await source.exec('close move_cursor; commit');
      }
    }
    const { rows: sequences } = await source.query<{ s: string }>(
      `select sequence_name as s from information_schema.sequences where sequence_schema = 'public'`,
    );
    for (const { s } of sequences) {
      const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from public.${quote(s)}`,
      );
      await target.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${quote(s)}`,
        rows[0]!.last_value,
        rows[0]!.is_called,
      ]);
    }
    await target.query('commit');
    const { rows: pending } = await source
      .query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
      )
      .catch(() => ({ rows: [{ n: 0 }] }));
    const expected = await tableChecksums(pgliteQuerier(source));
    const actual = await tableChecksums(pgQuerier(target));
    return {
      tables: tables.length,
      rows: copied,
      sequences: sequences.length,
      pendingJobsLeftBehind: pending[0]?.n ?? 0,
      mismatches: compareChecksums(expected, actual),
    };
  } catch (err) {
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await target.end();
  }
}
