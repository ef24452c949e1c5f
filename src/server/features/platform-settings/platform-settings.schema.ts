import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';

/**
 * The platform's settings: one row (id 1), read by every instance from the database with a short cache
 * (docs/decisions/0812). Money in integer cents, the tax rate in basis points (850 = 8.5 %).
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer().primaryKey().default(1),
    bannerEnabled: boolean().notNull().default(true),
    bannerText: text().notNull(),
    starterPriceCents: integer().notNull(),
    proPriceCents: integer().notNull(),
    elitePriceCents: integer().notNull(),
    supportEmail: text().notNull(),
    supportPhone: text().notNull(),
    defaultTaxRateBps: integer().notNull(),
    leadPriceCents: integer().notNull(),
    platformFeePercentBps: integer().notNull().default(500),
    platformFeeFixedCents: integer().notNull().default(30),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id} = 1`),
    check('platform_settings_lead_price', sql`${t.leadPriceCents} between 1000 and 2000`),
    check(
      'platform_settings_fee',
      sql`${t.platformFeePercentBps} between 0 and 5000 and ${t.platformFeeFixedCents} between 0 and 500`,
    ),
    check('platform_settings_tax_rate', sql`${t.defaultTaxRateBps} between 0 and 10000`),
    check(
      'platform_settings_prices',
      sql`${t.starterPriceCents} >= 0 and ${t.proPriceCents} >= 0 and ${t.elitePriceCents} >= 0`,
    ),
  ],
);
