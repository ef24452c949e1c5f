import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { DATA_TEXT, EXPORT_KEEP_DAYS } from '../../../shared/data-transfer';
import type { DbOrTx } from '../../db/client';
import { dataExports, locations, profiles, user } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { csvOf } from '../../http/csv';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { columnsOf, fileColumns, rowsOf } from './tenancy';

// "Export all data" (issue 30, decision 1235): a queued job reads the business's tables into one .zip of CSV files,
// a JSON copy and its uploaded files, stored privately and served only to the business's owner for 7 days.

export const DATA_EXPORT_JOB = 'data-transfer.export';

/** The CSV files of the archive and the table each is read from (the issue's list, as our tables name them). */
export const EXPORT_FILES: ReadonlyArray<{ file: string; table: string }> = [
  { file: 'customers.csv', table: 'customers' },
  { file: 'vehicles.csv', table: 'customer_vehicles' },
  // Each booking's row names its location too (`location_name`, beside `location_id`; decision 1280).
  { file: 'bookings.csv', table: 'bookings' },
  { file: 'locations.csv', table: 'locations' },
  { file: 'services.csv', table: 'services' },
  { file: 'invoices.csv', table: 'invoices' },
  { file: 'quotes.csv', table: 'quotes' },
  { file: 'payments.csv', table: 'invoice_payments' },
  { file: 'loyalty_ledger.csv', table: 'loyalty_transactions' },
  { file: 'campaigns.csv', table: 'campaigns' },
  { file: 'inventory.csv', table: 'inventory_items' },
  { file: 'testimonials.csv', table: 'testimonials' },
];

type Deps = Pick<AppDeps, 'jobs' | 'storage'> & AutomationDeps;
type ExportRow = typeof dataExports.$inferSelect;

const toExport = (e: ExportRow, now = new Date()) => ({
  id: e.id,
  status: e.status,
  progress: e.progress,
  bytes: e.bytes,
  rowCounts: e.rowCounts,
  error: e.error,
  createdAt: e.createdAt.toISOString(),
  completedAt: e.completedAt?.toISOString() ?? null,
  expiresAt: e.expiresAt?.toISOString() ?? null,
  downloadable: e.status === 'ready' && !!e.expiresAt && e.expiresAt > now,
});
export type DataExport = ReturnType<typeof toExport>;

export async function listExports(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.businessId, businessId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(10);
  return rows.map((r) => toExport(r));
}

/** Queues an export; while one is queued or running, that one is answered instead of a second. */
export async function requestExport(deps: Deps, businessId: string, userId: string) {
  const [busy] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.businessId, businessId), inArray(dataExports.status, ['queued', 'running'])))
    .limit(1);
  if (busy) return toExport(busy);
  const [row] = await deps.db.insert(dataExports).values({ businessId, requestedBy: userId }).returning();
  await deps.jobs?.send(DATA_EXPORT_JOB, { exportId: row!.id }, { retryLimit: 2, expireInSeconds: 30 * 60 });
  return toExport(row!);
}

/** A table's rows of the business, with its columns (the CSV header even when there are no rows). */
async function tableRows(db: DbOrTx, table: string, businessId: string) {
  const columns = await columnsOf(db, table);
  // Table names come from EXPORT_FILES and the database's own metadata, never from a request.
  const order = columns.includes('created_at') ? sql`created_at, 1` : sql`1`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from ${sql.identifier(table)} where business_id = ${businessId} order by ${order}`,
  );
  return { columns, rows };
}

const cellOf = (v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** A booking's location by name beside its id (a spreadsheet reader has no join). */
function withLocationName(
  read: { columns: string[]; rows: Record<string, unknown>[] },
  names: Map<string, string>,
): { columns: string[]; rows: Record<string, unknown>[] } {
  const at = read.columns.indexOf('location_id') + 1 || read.columns.length;
  const columns = [...read.columns.slice(0, at), 'location_name', ...read.columns.slice(at)];
  const rows = read.rows.map((r) => ({
    ...r,
    location_name: typeof r.location_id === 'string' ? (names.get(r.location_id) ?? null) : null,
  }));
  return { columns, rows };
}

/** The business's uploaded files, as storage keys, from every tenant table's file columns. */
export async function businessFileKeys(
  db: DbOrTx,
  businessId: string,
  opts: { withExports?: boolean } = {},
): Promise<string[]> {
  const keys = new Set<string>();
  for (const { table, columns } of await fileColumns(db)) {
    // An archive does not hold the earlier archives; the purge deletes them too.
    if (table === 'data_exports' && !opts.withExports) continue;
    const rows = await rowsOf<Record<string, string | null>>(
      db,
      sql`select ${sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      )} from ${sql.identifier(table)} where business_id = ${businessId}`,
    );
    for (const row of rows) for (const c of columns) if (row[c]) keys.add(row[c]!);
  }
  return [...keys].sort();
}

/** Builds the archive of one export (the job's work); marks it ready and emails the owner, or failed. */
export async function buildExport(deps: Deps, exportId: string, now = () => new Date()) {
  const { db } = deps;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status === 'ready') return;
  const businessId = row.businessId;
  const setProgress = (progress: number) =>
    db.update(dataExports).set({ status: 'running', progress }).where(eq(dataExports.id, exportId));
  try {
    await setProgress(1);
    const zip: Zippable = {};
    const json: Record<string, unknown[]> = {};
    const rowCounts: Record<string, number> = {};
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, businessId));
    const locationNames = new Map(
      (
        await db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(eq(locations.businessId, businessId))
      ).map((l) => [l.id, l.name]),
    );
    for (const [i, { file, table }] of EXPORT_FILES.entries()) {
      const read = await tableRows(db, table, businessId);
      const { columns: header, rows } = table === 'bookings' ? withLocationName(read, locationNames) : read;
      zip[file] = strToU8(csvOf([header, ...rows.map((r) => header.map((h) => cellOf(r[h])))]));
      json[table] = rows;
      rowCounts[file] = rows.length;
      await setProgress(Math.round(((i + 1) / (EXPORT_FILES.length + 2)) * 100));
    }
    zip['data.json'] = strToU8(
      JSON.stringify({ exportedAt: now().toISOString(), business: profile ?? null, tables: json }, null, 2),
    );
    const files: Zippable = {};
    if (deps.storage) {
      for (const key of await businessFileKeys(db, businessId)) {
        const file = await deps.storage.get(key);
        if (file) files[key] = file.body;
      }
    }
    if (Object.keys(files).length) zip.files = files;
    await setProgress(95);
    const archive = zipSync(zip, { level: 6 });
    const storageKey = `exports/${businessId}/${exportId}.zip`;
    if (!deps.storage) throw new Error('No file storage to keep the archive in');
    await deps.storage.put(storageKey, archive, 'application/zip');
    const expiresAt = new Date(now().getTime() + EXPORT_KEEP_DAYS * 86_400_000);
    // Ready and its email commit together (decision 1290).
    const messageIds = await db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({
          status: 'ready',
          progress: 100,
          storageKey,
          bytes: archive.byteLength,
          rowCounts,
          completedAt: now(),
          expiresAt,
        })
        .where(eq(dataExports.id, exportId));
      return queueReadyEmail(tx, deps, businessId, exportId, expiresAt);
    });
    await deliverQueued(deps, messageIds);
  } catch (err) {
    await db
      .update(dataExports)
      .set({ status: 'failed', error: DATA_TEXT.exportFailed })
      .where(eq(dataExports.id, exportId));
    console.warn(`data export ${exportId} failed: ${(err as Error).message}`);
  }
}

async function queueReadyEmail(
  tx: DbOrTx,
  deps: Pick<Deps, 'publicUrl'>,
  businessId: string,
  exportId: string,
  expiresAt: Date,
) {
  const [owner] = await tx
    .select({ email: user.email, businessName: profiles.businessName, timeZone: profiles.timeZone })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, businessId));
  if (!owner) return [];
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId,
    kind: 'data_export',
    dedupeKey: `data-export:${exportId}`,
    to: owner.email,
    ...(await renderEmailRow('data-export-ready', {
      businessName: owner.businessName,
      expires: { at: expiresAt, timeZone: owner.timeZone },
      link: `${deps.publicUrl.replace(/\/$/, '')}/business-profile?tab=data`,
    })),
  });
}

/** The archive of a ready, unexpired export of this business; anything else (another business's) is 404. */
export async function exportArchive(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  businessId: string,
  exportId: string,
  now = new Date(),
) {
  assertUuid(exportId);
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.businessId, businessId), eq(dataExports.id, exportId)));
  if (row?.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now) throw notFound();
  const file = await deps.storage?.get(row.storageKey);
  if (!file) throw notFound();
  return { body: file.body, name: `shineroute-export-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}
