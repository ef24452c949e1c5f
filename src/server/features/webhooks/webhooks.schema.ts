import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/**
 * Where a business wants its events (decision 1202). The signing secret (`whsec_…`) is kept whole: signing needs it,
 * and the owner may read it again to set up a receiver.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    /**
     * The secret before the last rotation and until when deliveries still carry its signature beside the new one's
     * (Standard Webhooks' several signatures, decision 1286); null outside a rotation window.
     */
    previousSecret: text(),
    previousSecretUntil: timestamp({ withTimezone: true }),
    /** Null while it receives; set when a delivery failed for a day (the endpoint then receives nothing). */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_business_id_idx').on(t.businessId, t.createdAt),
    unique('webhook_endpoints_business_id_id_uq').on(t.businessId, t.id),
  ],
);

/** One event of a business: its id is the `webhook-id` every endpoint receives it with. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_business_id_idx').on(t.businessId, t.createdAt),
    unique('webhook_events_business_id_id_uq').on(t.businessId, t.id),
  ],
);

/** One event for one endpoint: unique, so an event reaches an endpoint once; the log the owner reads. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpointId: uuid().notNull(),
    eventId: uuid().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it: no other worker claims it before then. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A delivery's endpoint and event are of its own business (composite keys, as every tenant table).
    foreignKey({
      name: 'webhook_deliveries_endpoint_tenant_fk',
      columns: [t.businessId, t.endpointId],
      foreignColumns: [webhookEndpoints.businessId, webhookEndpoints.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webhook_deliveries_event_tenant_fk',
      columns: [t.businessId, t.eventId],
      foreignColumns: [webhookEvents.businessId, webhookEvents.id],
    }).onDelete('cascade'),
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_business_id_idx').on(t.businessId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_id_idx').on(t.eventId),
  ],
);
