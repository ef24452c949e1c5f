import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROMO_DISCOUNT_TYPES } from '../../../shared/promo-codes';
import { profiles } from '../../db/domain.schema';
import { checkoutSessions } from '../bookings/book/booking.schema';

export const promoDiscountType = pgEnum('promo_discount_type', PROMO_DISCOUNT_TYPES);

/** A business's promo code; the code is stored upper-cased and unique per business whatever the case typed. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    discountType: promoDiscountType().notNull(),
    // Percent (1–100) or cents.
    discountValue: integer().notNull(),
    // Dates in the business's time zone; both ends inclusive.
    startsOn: date(),
    expiresOn: date(),
    usageLimit: integer(),
    perCustomerLimit: integer(),
    minOrderCents: integer(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('promo_codes_business_id_id_uq').on(t.businessId, t.id),
    uniqueIndex('promo_codes_business_code_uq').on(t.businessId, sql`upper(${t.code})`),
    check('promo_codes_value_positive', sql`${t.discountValue} > 0`),
    check('promo_codes_percent_range', sql`${t.discountType} <> 'percent' or ${t.discountValue} <= 100`),
    check(
      'promo_codes_limits_positive',
      sql`coalesce(${t.usageLimit}, 1) > 0 and coalesce(${t.perCustomerLimit}, 1) > 0`,
    ),
  ],
);

/**
 * One use of a code by one checkout (one code per booking: the checkout is unique). A use counts while its checkout
 * is paid or completed, or open within its 10-minute hold; a cancelled, expired or refunded checkout releases it
 * (decisions 702, 0937).
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    promoCodeId: uuid().notNull(),
    checkoutSessionId: uuid().notNull().unique(),
    code: text().notNull(),
    email: text().notNull(),
    discountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'promo_code_uses_checkout_session_tenant_fk',
      columns: [t.businessId, t.checkoutSessionId],
      foreignColumns: [checkoutSessions.businessId, checkoutSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'promo_code_uses_promo_code_tenant_fk',
      columns: [t.businessId, t.promoCodeId],
      foreignColumns: [promoCodes.businessId, promoCodes.id],
    }).onDelete('cascade'),
    index('promo_code_uses_business_id_idx').on(t.businessId),
    check('promo_code_uses_discount_ck', sql`${t.discountCents} between 0 and 100000000`),
    index('promo_code_uses_code_email_idx').on(t.promoCodeId, t.email),
  ],
);
