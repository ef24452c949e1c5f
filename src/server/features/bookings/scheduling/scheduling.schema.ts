import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DayHours } from '../../../../shared/scheduling';
import { profiles } from '../../../db/domain.schema';

/**
 * A business's booking rules (docs/decisions/1101). No row means §9's defaults and a time zone that follows the
 * business address's zip; the first save makes the zone the owner's choice.
 */
export const bookingRules = pgTable(
  'booking_rules',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // Seven entries, Sunday first; null is a day off.
    weeklyHours: jsonb().$type<Array<DayHours | null>>().notNull(),
    closedDates: text().array().notNull().default(sql`'{}'::text[]`),
    slotMinutes: integer().notNull().default(60),
    capacity: integer().notNull().default(1),
    minNoticeMinutes: integer().notNull().default(120),
    horizonDays: integer().notNull().default(60),
    // Kept free after a job before the technician's next one, besides the drive (decision 1248).
    bufferMinutes: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_rules_slot_minutes_check', sql`${t.slotMinutes} between 15 and 480`),
    check('booking_rules_capacity_check', sql`${t.capacity} between 1 and 50`),
    check('booking_rules_notice_check', sql`${t.minNoticeMinutes} >= 0`),
    check('booking_rules_horizon_check', sql`${t.horizonDays} between 1 and 365`),
    check('booking_rules_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
  ],
);
