import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, SEND_STATUSES } from '../../../shared/campaigns';
import { bookings, customers, profiles } from '../../db/domain.schema';
import { oneOf } from '../../db/enum-check';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A customer's marketing consent, one row per customer (absent = never asked): email by opt-out (CAN-SPAM),
 * SMS by recorded opt-in (TCPA). Each with where it came from and when.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    customerId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    emailUnsubscribedAt: timestamp({ withTimezone: true }),
    emailSource: text(),
    emailUpdatedAt: timestamp({ withTimezone: true }),
    smsOptInAt: timestamp({ withTimezone: true }),
    // The number the SMS opt-in was given for (decision 0936): it counts only while it is the customer's number.
    smsPhone: text(),
    smsSource: text(),
    smsUpdatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'marketing_consents_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('cascade'),
    index('marketing_consents_business_id_idx').on(t.businessId),
  ],
);

/** Numbers that texted STOP to the platform's number: no SMS of any kind goes to them until START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text().primaryKey(),
  keyword: text().notNull(),
  optedOutAt: createdAt(),
});

/**
 * Inbound SMS keywords already acted on, by Twilio's MessageSid. A Twilio signature carries no time, so a recorded
 * STOP could be replayed after START; the same message is acted on once (decision 0943).
 */
export const smsInboundMessages = pgTable('sms_inbound_messages', {
  messageSid: text().primaryKey(),
  receivedAt: createdAt(),
});

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text({ enum: CAMPAIGN_TYPES }).notNull(),
    category: text().notNull().default('Custom'),
    subject: text(),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_templates_business_id_idx').on(t.businessId, t.createdAt),
    check('message_templates_type_ck', oneOf(t.type, CAMPAIGN_TYPES)),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text({ enum: CAMPAIGN_TYPES }).notNull(),
    subject: text(),
    message: text().notNull(),
    // A built-in template's id or an own template's id; a later edit of the template does not change the campaign.
    templateId: text(),
    targetAudience: text().notNull().default('all'),
    // §4: draft, sending, scheduled, sent, failed.
    status: text({ enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    recipientCount: integer().notNull().default(0),
    sentCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    skippedCount: integer().notNull().default(0),
    failureReason: text(),
    // Set in the transaction that creates the send rows, so a retried job never creates them twice.
    preparedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('campaigns_business_id_id_uq').on(t.businessId, t.id),
    index('campaigns_business_id_idx').on(t.businessId, t.createdAt),
    check('campaigns_type_ck', oneOf(t.type, CAMPAIGN_TYPES)),
    check('campaigns_status_ck', oneOf(t.status, CAMPAIGN_STATUSES)),
  ],
);

/**
 * One message to one recipient, written before the provider is called (exactly once: a row is claimed by moving
 * pending → sending, so a retry or a second instance never sends it again). Campaign sends and automated messages.
 */
export const messageSends = pgTable(
  'message_sends',
  {
    id: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    campaignId: uuid(),
    bookingId: uuid(),
    customerId: uuid(),
    // campaign, reminder, review_request, winback, self_service…
    kind: text().notNull(),
    marketing: boolean().notNull().default(false),
    // A marketing email sent before unsubscribe links were signed (decision 1164) unsubscribes by the message's id.
    unsubscribeById: boolean().notNull().default(false),
    // What makes this message unique (campaign + customer + channel, booking + reminder + time…).
    dedupeKey: text().notNull(),
    channel: text({ enum: CAMPAIGN_TYPES }).notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    status: text({ enum: SEND_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    // Not before this instant (quiet hours, retry back-off).
    notBefore: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp({ withTimezone: true }),
    providerId: text(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    openedAt: timestamp({ withTimezone: true }),
    openCount: integer().notNull().default(0),
    clickCount: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'message_sends_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'message_sends_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'message_sends_campaign_tenant_fk',
      columns: [t.businessId, t.campaignId],
      foreignColumns: [campaigns.businessId, campaigns.id],
    }).onDelete('cascade'),
    uniqueIndex('message_sends_dedupe_key_uq').on(t.dedupeKey),
    index('message_sends_business_id_idx').on(t.businessId),
    index('message_sends_campaign_status_idx').on(t.campaignId, t.status),
    index('message_sends_booking_id_idx').on(t.bookingId),
    index('message_sends_customer_id_idx').on(t.customerId),
    check('message_sends_channel_ck', oneOf(t.channel, CAMPAIGN_TYPES)),
    check('message_sends_status_ck', oneOf(t.status, SEND_STATUSES)),
    index('message_sends_due_idx').on(t.status, t.notBefore).where(sql`${t.status} = 'pending'`),
  ],
);
