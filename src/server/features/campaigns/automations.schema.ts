import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
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
 * The customer's self-service access to one booking (decision 612): reached through any of its tokens in
 * booking_link_tokens. `cancelling_at` is claimed by one conditional update, so concurrent Cancel clicks refund once.
 */
export const bookingManageLinks = pgTable(
  'booking_manage_links',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    cancellingAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_manage_links_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    index('booking_manage_links_business_id_idx').on(t.businessId),
  ],
);

/**
 * The review of one completed booking (decision 614): any of its review tokens in booking_link_tokens opens
 * /review/:token, where the customer rates the job once; the review becomes an unfeatured testimonial of the business.
 */
export const bookingReviews = pgTable(
  'booking_reviews',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
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
    index('booking_reviews_business_id_idx').on(t.businessId),
    index('booking_reviews_testimonial_id_idx').on(t.testimonialId),
  ],
);

export const BOOKING_LINK_PURPOSES = ['manage', 'review'] as const;

/**
 * The tokens of a booking's customer links (decision 1130): only the SHA-256 of each token is stored. Every message
 * that carries a link mints a token of its own, so a link sent earlier keeps working; all of a booking's tokens go
 * with the booking.
 */
export const bookingLinkTokens = pgTable(
  'booking_link_tokens',
  {
    tokenHash: text().primaryKey(),
    bookingId: uuid().notNull(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    purpose: text({ enum: BOOKING_LINK_PURPOSES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_link_tokens_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    check('booking_link_tokens_purpose_ck', oneOf(t.purpose, BOOKING_LINK_PURPOSES)),
    index('booking_link_tokens_booking_id_idx').on(t.bookingId),
    index('booking_link_tokens_business_id_idx').on(t.businessId),
  ],
);
