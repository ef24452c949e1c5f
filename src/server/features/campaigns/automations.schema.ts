import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_TYPES } from '../../../shared/campaigns';
import { bookings, profiles, testimonials } from '../../db/domain.schema';
import { oneOf } from '../../db/enum-check';

/** The owner's automated messages (decision 610); no row = the defaults in src/shared/messaging.ts. */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reminder24h: boolean().notNull().default(true),
    reminder2h: boolean().notNull().default(true),
    reviewRequests: boolean().notNull().default(true),
    reviewLink: text(),
    winback: boolean().notNull().default(false),
    winbackDays: integer().notNull().default(90),
    winbackChannel: text({ enum: CAMPAIGN_TYPES }).notNull().default('email'),
    winbackSubject: text(),
    winbackMessage: text().notNull().default(''),
    // Reminders of overdue invoices (decision 0956): off until the owner turns them on.
    invoiceReminders: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('messaging_settings_winback_channel_ck', oneOf(t.winbackChannel, CAMPAIGN_TYPES))],
);

/**
 * The customer's self-service link to one booking (decision 612): an unguessable token that reaches that booking
 * only. `cancelling_at` is claimed by one conditional update, so concurrent Cancel clicks refund once.
 */
export const bookingManageLinks = pgTable(
  'booking_manage_links',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    cancellingAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_manage_links_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    uniqueIndex('booking_manage_links_token_uq').on(t.token),
    index('booking_manage_links_business_id_idx').on(t.businessId),
  ],
);

/**
 * The review link of one completed booking (decision 614): an unguessable token that opens /review/:token, where the
 * customer rates the job once; the review becomes an unfeatured testimonial of the business.
 */
export const bookingReviews = pgTable(
  'booking_reviews',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    testimonialId: uuid(),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_reviews_testimonial_tenant_fk',
      columns: [t.businessId, t.testimonialId],
      foreignColumns: [testimonials.businessId, testimonials.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'booking_reviews_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    uniqueIndex('booking_reviews_token_uq').on(t.token),
    index('booking_reviews_business_id_idx').on(t.businessId),
    index('booking_reviews_testimonial_id_idx').on(t.testimonialId),
  ],
);
