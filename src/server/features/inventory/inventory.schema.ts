import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STOCK_MOVEMENT_REASONS } from '../../../shared/inventory';
import { user } from '../../auth/auth.schema';
import { bookings, inventoryItems, profiles, services } from '../../db/domain.schema';

/** What a service consumes per job; completing a booking of that service deducts it (docs/decisions/0201). */
export const serviceConsumables = pgTable(
  'service_consumables',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid().notNull(),
    inventoryItemId: uuid().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'service_consumables_inventory_item_tenant_fk',
      columns: [t.businessId, t.inventoryItemId],
      foreignColumns: [inventoryItems.businessId, inventoryItems.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'service_consumables_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('cascade'),
    uniqueIndex('service_consumables_service_item_uq').on(t.serviceId, t.inventoryItemId),
    index('service_consumables_business_id_idx').on(t.businessId),
    index('service_consumables_inventory_item_id_idx').on(t.inventoryItemId),
    check('service_consumables_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const stockMovementReason = pgEnum('stock_movement_reason', STOCK_MOVEMENT_REASONS);

/** Every change of an item's stock: the +/- buttons (manual), a completed job, or an edit of the count. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    inventoryItemId: uuid().notNull(),
    change: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: stockMovementReason().notNull(),
    bookingId: uuid(),
    note: text(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'stock_movements_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'stock_movements_inventory_item_tenant_fk',
      columns: [t.businessId, t.inventoryItemId],
      foreignColumns: [inventoryItems.businessId, inventoryItems.id],
    }).onDelete('cascade'),
    index('stock_movements_business_created_idx').on(t.businessId, t.createdAt),
    index('stock_movements_item_created_idx').on(t.inventoryItemId, t.createdAt),
    index('stock_movements_booking_id_idx').on(t.bookingId),
    index('stock_movements_created_by_idx').on(t.createdBy),
    // A booking deducts each item at most once, however often completion is retried.
    uniqueIndex('stock_movements_job_once_uq')
      .on(t.bookingId, t.inventoryItemId)
      .where(sql`${t.reason} = 'job'`),
  ],
);
