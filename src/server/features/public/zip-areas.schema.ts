import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Version counters of data held in memory by every instance (the zip check's active areas): triggers move a
 * counter on any change, instances compare it now and then and reload when it moved (docs/decisions/0901).
 */
export const publicCacheVersions = pgTable('public_cache_versions', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
