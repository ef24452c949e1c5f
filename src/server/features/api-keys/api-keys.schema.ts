import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { profiles } from '../../db/domain.schema';

/**
 * A business's keys to the public API (decision 1200). Only the key's SHA-256 is stored (http/tokens.ts); `prefix`
 * (`sr_live_` and 8 random characters, also part of the key) names it in lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text().array().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    index('api_keys_business_id_idx').on(t.businessId, t.createdAt),
  ],
);
