// Brings a test database back to the migrated state between test files (docs/decisions/1359): a worker opens one
// database and reuses it for its files instead of opening a new one per file. What "migrated" means is read from the
// database itself on its first open (every table's rows, every sequence's value, the schema's fingerprint), so a new
// migration's tables and seed rows are covered without a list kept by hand.

/** A single session on the database: PGlite's one connection, or a direct PostgreSQL client. */
export type Sql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface MigratedState {
  schemas: string[];
  /** Every ordinary table, schema-qualified and quoted. */
  tables: string[];
  /** The tables' rows as the migrations left them (only those with rows), with their insertable columns. */
  seeds: { table: string; columns: string[]; rows: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  fingerprint: string;
}

const USER_SCHEMA = `nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'`;

/** Drizzle's record of applied migrations is part of the migrated state itself: never emptied. */
const KEPT_SCHEMAS = new Set(['"drizzle"']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A digest of everything the migrations define: tables, columns, constraints, indexes, triggers (and whether they
 * fire), functions, types, extensions. A file that changed any of it (DDL) leaves a database the reset cannot trust. */
export async function schemaFingerprint(sql: Sql): Promise<string> {
  const [row] = await sql(`
    with ns as (select oid, nspname from pg_namespace where ${USER_SCHEMA})
    select md5(string_agg(line, E'\\n' order by line collate "C")) as fingerprint from (
      select 'schema ' || nspname as line from ns
      union all select 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text
        from pg_class c join ns on ns.oid = c.relnamespace
      union all select 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' '
          || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || a.attgenerated::text || ' '
          || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid join ns on ns.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped
      union all select 'con ' || co.conrelid::regclass::text || ' ' || co.conname || ' ' || pg_get_constraintdef(co.oid)
        from pg_constraint co join ns on ns.oid = co.connamespace
      union all select 'idx ' || pg_get_indexdef(i.indexrelid)
        from pg_index i join pg_class c on c.oid = i.indexrelid join ns on ns.oid = c.relnamespace
      union all select 'trg ' || tg.tgrelid::regclass::text || ' ' || tg.tgname || ' ' || tg.tgenabled::text || ' '
          || pg_get_triggerdef(tg.oid)
        from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join ns on ns.oid = c.relnamespace
        where not tg.tgisinternal
      union all select 'fn ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, ''))
        from pg_proc p join ns on ns.oid = p.pronamespace
      union all select 'type ' || t.oid::regtype::text || ' ' || t.typtype::text || ' '
          || coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e
                       where e.enumtypid = t.oid), '')
        from pg_type t join ns on ns.oid = t.typnamespace where t.typtype in ('e', 'd', 'c', 'r')
      union all select 'ext ' || extname || ' ' || extversion from pg_extension
    ) lines`);
  return String(row!.fingerprint);
}

async function userSchemas(sql: Sql): Promise<string[]> {
  const rows = await sql(`select nspname from pg_namespace where ${USER_SCHEMA} order by nspname`);
  return rows.map((r) => String(r.nspname));
}

async function userTables(sql: Sql): Promise<string[]> {
  const rows = await sql(`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and ${USER_SCHEMA} order by 1`);
  return rows.map((r) => String(r.name));
}

async function sequenceValues(sql: Sql): Promise<MigratedState['sequences']> {
  const rows = await sql(`
    select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences order by 1`);
  return rows.map((r) => ({ name: String(r.name), value: String(r.value), called: Boolean(r.called) }));
}

/** Every table's rows as sorted JSON text, in one query (tables without rows answer '[]'). */
async function tableRows(sql: Sql, tables: string[]): Promise<Map<string, string>> {
  if (tables.length === 0) return new Map();
  const rows = await sql(
    tables
      .map(
        (t) =>
          `select '${t.replaceAll("'", "''")}' as name, coalesce(json_agg(row_to_json(x)::text order by row_to_json(x)::text collate "C")::text, '[]') as rows from ${t} x`,
      )
      .join('\nunion all '),
  );
  return new Map(rows.map((r) => [String(r.name), String(r.rows)]));
}

/** Reads the migrated state from a database that is in it (a fresh clone of the template, or the snapshot). */
export async function captureMigratedState(sql: Sql): Promise<MigratedState> {
  const tables = await userTables(sql);
  const rows = await tableRows(sql, tables);
  const seeds: MigratedState['seeds'] = [];
  for (const table of tables) {
    const text = rows.get(table)!;
    if (text === '[]' || KEPT_SCHEMAS.has(table.split('.')[0]!)) continue;
    const columns = await sql(
      `select quote_ident(attname) as name from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [table],
    );
    seeds.push({
      table,
      columns: columns.map((c) => String(c.name)),
      rows: `[${(JSON.parse(text) as string[]).join(',')}]`,
    });
  }
  return {
    schemas: await userSchemas(sql),
    tables,
    seeds,
    sequences: await sequenceValues(sql),
    fingerprint: await schemaFingerprint(sql),
  };
}

/**
 * Empties what the last file wrote and restores the migrated rows and sequence values. Session state (settings,
 * prepared statements, LISTEN, advisory locks, temporary tables) is the caller's: DISCARD ALL on PGlite's one session,
 * the previous file's server connections ended on PostgreSQL. Throws when the schema itself was changed, so that the
 * caller opens a new database instead.
 */
export async function resetToMigrated(
  sql: Sql,
  migrated: MigratedState,
  opts: { leaveBehind?: string } = {},
): Promise<void> {
  // Schemas a file made (pg-boss's, when it started the queue) go with everything in them.
  for (const schema of await userSchemas(sql)) {
    if (!migrated.schemas.includes(schema)) await sql(`drop schema ${quote(schema)} cascade`);
  }
  if ((await schemaFingerprint(sql)) !== migrated.fingerprint) {
    throw new Error('the schema differs from the migrated one');
  }
  const emptied = migrated.tables.filter(
    (t) => !KEPT_SCHEMAS.has(t.split('.')[0]!) && t !== opts.leaveBehind,
  );
  // Only the tables that hold rows, and every table with migrated rows (it may hold others now).
  const seeded = new Set(migrated.seeds.map((s) => s.table));
  const nonEmpty = await sql(
    emptied.map((t) => `(select '${t.replaceAll("'", "''")}' as name from ${t} limit 1)`).join(' union all '),
  );
  const truncate = [...new Set([...nonEmpty.map((r) => String(r.name)), ...seeded])];
  await sql('begin');
  try {
    // Restored rows are copies of the migrated ones: no trigger may react to them, and their foreign keys held then.
    await sql('set local session_replication_role = replica');
    // CASCADE: a table left empty that refers to an emptied one would otherwise refuse the TRUNCATE.
    if (truncate.length > 0) await sql(`truncate ${truncate.join(', ')} cascade`);
    for (const seed of migrated.seeds) {
      const cols = seed.columns.join(', ');
      await sql(
        `insert into ${seed.table} (${cols}) overriding system value
         select ${cols} from json_populate_recordset(null::${seed.table}, $1::json)`,
        [seed.rows],
      );
    }
    if (migrated.sequences.length > 0) {
      await sql(
        `select ${migrated.sequences
          .map((s, i) => `setval('${s.name.replaceAll("'", "''")}', $${i + 1}::bigint, ${s.called})`)
          .join(', ')}`,
        migrated.sequences.map((s) => s.value),
      );
    }
    await sql('commit');
  } catch (err) {
    await sql('rollback').catch(() => {});
    throw err;
  }
}

/**
 * The whole database as comparable text: every table's rows (all schemas), every sequence's value, the schema's
 * fingerprint, and what the session answering holds (advisory locks of this database, non-default settings, prepared
 * statements, LISTEN channels).
 */
export async function databasePicture(sql: Sql) {
  const tables = await userTables(sql);
  const session = await sql(`
    select
      (select count(*) from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = current_database())::int as advisory_locks,
      (select coalesce(string_agg(name || '=' || setting, ', ' order by name), '') from pg_settings
        where source = 'session' and name not in ('application_name', 'client_encoding', 'DateStyle', 'TimeZone',
          'extra_float_digits', 'search_path', 'intervalstyle', 'IntervalStyle')) as settings,
      (select count(*) from pg_prepared_statements where not from_sql)::int as protocol_statements,
      (select count(*) from pg_prepared_statements where from_sql)::int as prepared_statements,
      (select count(*) from pg_listening_channels())::int as listening`);
  return {
    schemas: await userSchemas(sql),
    tables: Object.fromEntries(await tableRows(sql, tables)),
    sequences: await sequenceValues(sql),
    fingerprint: await schemaFingerprint(sql),
    session: session[0],
  };
}
