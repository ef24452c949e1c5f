import { date, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Insight } from '../../../shared/insights';
import { profiles } from '../../db/domain.schema';

/**
 * One business's insights for one week (docs/decisions/1241): written once per week (the unique key), shown on the
 * dashboard, emailed once (`emailedAt` is claimed before the email goes).
 */
export const insightsDigests = pgTable(
  'insights_digests',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    weekStart: date().notNull(),
    findings: jsonb().$type<Insight[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('insights_digests_business_week_uq').on(t.businessId, t.weekStart),
    unique('insights_digests_business_id_id_uq').on(t.businessId, t.id),
  ],
);
