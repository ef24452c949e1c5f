import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../../../shared/data-transfer';
import { user } from '../../auth/auth.schema';
import { profiles } from '../../db/domain.schema';
import { oneOf } from '../../db/enum-check';

/** One "Export all data" request: built by a queued job into a private .zip, downloadable until expires_at. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text().notNull().default('queued').$type<DataExportStatus>(),
    /** 0–100, written as each table is read. */
    progress: integer().notNull().default(0),
    /** The archive in the files provider (private; served only through the authorised download route). */
    storageKey: text(),
    bytes: integer(),
    /** Rows written per CSV file, e.g. { "customers.csv": 12 }. */
    rowCounts: jsonb().$type<Record<string, number>>(),
    error: text(),
    requestedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('data_exports_business_id_id_uq').on(t.businessId, t.id),
    index('data_exports_business_created_idx').on(t.businessId, t.createdAt),
    index('data_exports_requested_by_idx').on(t.requestedBy),
    check('data_exports_status_ck', oneOf(t.status, DATA_EXPORT_STATUSES)),
  ],
);

/** A closed account: public pages and booking stop at once; the data is deleted after delete_after. */
export const accountClosures = pgTable(
  'account_closures',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deleteAfter: timestamp({ withTimezone: true }).notNull(),
    closedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('account_closures_delete_after_idx').on(t.deleteAfter),
    index('account_closures_closed_by_idx').on(t.closedBy),
  ],
);

/**
 * The log of deleted businesses (what, when). Deliberately without a business_id column: it is not the business's
 * data (the purge deletes every table that has one) and keeps only counts, never a name or a row.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: uuid().primaryKey().defaultRandom(),
  formerBusinessId: text().notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull(),
  deletedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Rows deleted per table. */
  rows: jsonb().$type<Record<string, number>>().notNull(),
  files: integer().notNull(),
});
