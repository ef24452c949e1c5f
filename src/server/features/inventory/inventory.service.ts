import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  INVENTORY_TEXT,
  type InventoryItemInput,
  inventoryItemInputSchema,
  PURCHASE_ORDER_USAGE_DAYS,
  stockStatus,
} from '../../../shared/inventory';
import type { DbOrTx } from '../../db/client';
import { bookings, inventoryItems, serviceConsumables, services, stockMovements } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { csvOf } from '../../http/csv';

type ItemRow = typeof inventoryItems.$inferSelect;

export function toItemDto(row: ItemRow) {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    currentStock: row.currentStock,
    minStockAlert: row.minStockAlert,
    unitCostCents: row.unitCostCents,
    supplier: row.supplier,
    status: stockStatus(row.currentStock, row.minStockAlert),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** §7: read by business, ordered by name. */
export async function listInventory(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.businessId, businessId))
    .orderBy(asc(sql`lower(${inventoryItems.name})`), asc(inventoryItems.id));
  return rows.map(toItemDto);
}

async function getOwnedItem(db: DbOrTx, businessId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, id), eq(inventoryItems.businessId, businessId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Inventory item not found');
  return row;
}

export async function createInventoryItem(db: DbOrTx, businessId: string, userId: string, input: InventoryItemInput) {
  const values = inventoryItemInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inventoryItems)
      .values({ businessId, ...values })
      .returning();
    if (row!.currentStock > 0) {
      await tx.insert(stockMovements).values({
        businessId,
        inventoryItemId: row!.id,
        change: row!.currentStock,
        stockAfter: row!.currentStock,
        reason: 'correction',
        note: 'Opening stock',
        createdBy: userId,
      });
    }
    return toItemDto(row!);
  });
}

/** Edits an item; a changed stock count is logged as a correction. */
export async function updateInventoryItem(
  db: DbOrTx,
  businessId: string,
  userId: string,
  id: string,
  input: InventoryItemInput,
) {
  const values = inventoryItemInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const before = await getOwnedItem(tx, businessId, id, true);
    const [row] = await tx
      .update(inventoryItems)
      .set(values)
      .where(and(eq(inventoryItems.id, id), eq(inventoryItems.businessId, businessId)))
      .returning();
    const change = row!.currentStock - before.currentStock;
    if (change !== 0) {
      await tx.insert(stockMovements).values({
        businessId,
        inventoryItemId: id,
        change,
        stockAfter: row!.currentStock,
        reason: 'correction',
        note: 'Stock count edited',
        createdBy: userId,
      });
    }
    return toItemDto(row!);
  });
}

export async function deleteInventoryItem(db: DbOrTx, businessId: string, id: string) {
  const deleted = await db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.id, id), eq(inventoryItems.businessId, businessId)))
    .returning({ id: inventoryItems.id });
  if (deleted.length === 0) throw notFound('Inventory item not found');
}

/**
 * The +/- buttons. One guarded UPDATE: the row changes only if the result stays at or above 0, so
 * concurrent minus calls can never take stock below 0 (the second waits for the first and re-checks).
 */
export async function adjustStock(
  db: DbOrTx,
  businessId: string,
  userId: string,
  id: string,
  change: number,
  note: string | null = null,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(inventoryItems)
      .set({ currentStock: sql`${inventoryItems.currentStock} + ${change}` })
      .where(
        and(
          eq(inventoryItems.id, id),
          eq(inventoryItems.businessId, businessId),
          sql`${inventoryItems.currentStock} + ${change} >= 0`,
        ),
      )
      .returning();
    if (!row) {
      await getOwnedItem(tx, businessId, id);
      throw conflict(INVENTORY_TEXT.belowZero);
    }
    await tx.insert(stockMovements).values({
      businessId,
      inventoryItemId: id,
      change,
      stockAfter: row.currentStock,
      reason: 'manual',
      note,
      createdBy: userId,
    });
    return toItemDto(row);
  });
}

/** The movement log, newest first (optionally one item's). */
export async function listStockMovements(db: DbOrTx, businessId: string, opts: { itemId?: string; limit?: number } = {}) {
  if (opts.itemId) await getOwnedItem(db, businessId, opts.itemId);
  const rows = await db
    .select({
      id: stockMovements.id,
      inventoryItemId: stockMovements.inventoryItemId,
      itemName: inventoryItems.name,
      change: stockMovements.change,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      bookingId: stockMovements.bookingId,
      note: stockMovements.note,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.inventoryItemId))
    .where(
      and(
        eq(stockMovements.businessId, businessId),
        opts.itemId ? eq(stockMovements.inventoryItemId, opts.itemId) : undefined,
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(opts.limit ?? 100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

// ---------------------------------------------------------------------------------------------------------
// What each service consumes per job, and the deduction when a booking completes.

export async function listServiceUsage(db: DbOrTx, businessId: string) {
  const serviceRows = await db
    .select({ id: services.id, name: services.name, isActive: services.isActive })
    .from(services)
    .where(and(eq(services.businessId, businessId), sql`${services.archivedAt} is null`))
    .orderBy(asc(sql`lower(${services.name})`));
  const usage = await db
    .select({
      serviceId: serviceConsumables.serviceId,
      inventoryItemId: serviceConsumables.inventoryItemId,
      name: inventoryItems.name,
      quantity: serviceConsumables.quantity,
    })
    .from(serviceConsumables)
    .innerJoin(inventoryItems, eq(inventoryItems.id, serviceConsumables.inventoryItemId))
    .where(eq(serviceConsumables.businessId, businessId))
    .orderBy(asc(sql`lower(${inventoryItems.name})`));
  return serviceRows.map((s) => ({
    ...s,
    items: usage
      .filter((u) => u.serviceId === s.id)
      .map(({ inventoryItemId, name, quantity }) => ({ inventoryItemId, name, quantity })),
  }));
}

/** Replaces the list of items a service consumes per job. */
export async function setServiceUsage(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
  items: Array<{ inventoryItemId: string; quantity: number }>,
) {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, serviceId), eq(services.businessId, businessId)));
    if (!service) throw notFound('Service not found');
    if (items.length > 0) {
      const owned = await tx
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(
          and(
            eq(inventoryItems.businessId, businessId),
            inArray(
              inventoryItems.id,
              items.map((i) => i.inventoryItemId),
            ),
          ),
        );
      if (owned.length !== items.length) throw notFound('Inventory item not found');
    }
    await tx.delete(serviceConsumables).where(eq(serviceConsumables.serviceId, serviceId));
    if (items.length > 0) {
      await tx.insert(serviceConsumables).values(items.map((i) => ({ businessId, serviceId, ...i })));
    }
  });
}

/**
 * Deducts what the booking's service consumes per job. Call it inside the transaction that marks the
 * booking completed (pass that transaction as `tx`), after the status update:
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(bookings).set({ status: 'completed', ... }).where(...);
 *     await deductStockForCompletedBooking(tx, businessId, bookingId);
 *   });
 *
 * It runs at most once per booking: it locks the booking row and returns [] when the booking's job
 * deductions are already logged (a partial unique index on stock_movements backs this up). Stock stops at
 * 0; the movement then records what was actually taken and notes the shortfall. Throws NotFound (404) when
 * the booking is not this business's.
 */
export async function deductStockForCompletedBooking(tx: DbOrTx, businessId: string, bookingId: string) {
  const [booking] = await tx
    .select({ id: bookings.id, serviceId: bookings.serviceId, serviceName: bookings.serviceName })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)))
    .for('update');
  if (!booking) throw notFound('Booking not found');
  if (!booking.serviceId) return [];

  const [already] = await tx
    .select({ id: stockMovements.id })
    .from(stockMovements)
    .where(and(eq(stockMovements.bookingId, bookingId), eq(stockMovements.reason, 'job')))
    .limit(1);
  if (already) return [];

  const usage = await tx
    .select({ inventoryItemId: serviceConsumables.inventoryItemId, quantity: serviceConsumables.quantity })
    .from(serviceConsumables)
    .where(and(eq(serviceConsumables.serviceId, booking.serviceId), eq(serviceConsumables.businessId, businessId)))
    // A fixed lock order, so two completions touching the same items cannot deadlock.
    .orderBy(asc(serviceConsumables.inventoryItemId));

  const deductions: Array<{ inventoryItemId: string; requested: number; deducted: number; stockAfter: number }> = [];
  for (const { inventoryItemId, quantity } of usage) {
    const before = await getOwnedItem(tx, businessId, inventoryItemId, true);
    const stockAfter = Math.max(before.currentStock - quantity, 0);
    await tx.update(inventoryItems).set({ currentStock: stockAfter }).where(eq(inventoryItems.id, inventoryItemId));
    const deducted = before.currentStock - stockAfter;
    await tx.insert(stockMovements).values({
      businessId,
      inventoryItemId,
      change: -deducted,
      stockAfter,
      reason: 'job',
      bookingId,
      note:
        deducted < quantity
          ? `${booking.serviceName}: needed ${quantity}, only ${before.currentStock} in stock`
          : booking.serviceName,
    });
    deductions.push({ inventoryItemId, requested: quantity, deducted, stockAfter });
  }
  return deductions;
}

// ---------------------------------------------------------------------------------------------------------
// Purchase-order suggestions (docs/decisions/202).

/**
 * Items at or below their alert level, with a suggested quantity that brings stock up to the larger of the
 * last 30 days' use (jobs and manual takes) and twice the alert level; at least 1. Grouped by supplier.
 */
export async function purchaseOrderSuggestions(db: DbOrTx, businessId: string, now = new Date()) {
  const since = new Date(now.getTime() - PURCHASE_ORDER_USAGE_DAYS * 24 * 60 * 60 * 1000);
  const used = db
    .select({
      inventoryItemId: stockMovements.inventoryItemId,
      used: sql<number>`-sum(${stockMovements.change})`.as('used'),
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.businessId, businessId),
        lt(stockMovements.change, 0),
        inArray(stockMovements.reason, ['job', 'manual']),
        gte(stockMovements.createdAt, since),
      ),
    )
    .groupBy(stockMovements.inventoryItemId)
    .as('used');
  const usedLast30 = sql<number>`coalesce(${used.used}, 0)`.mapWith(Number);
  const suggested = sql<number>`greatest(greatest(coalesce(${used.used}, 0), 2 * ${inventoryItems.minStockAlert}) - ${inventoryItems.currentStock}, 1)`.mapWith(
    Number,
  );
  const rows = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      supplier: inventoryItems.supplier,
      currentStock: inventoryItems.currentStock,
      minStockAlert: inventoryItems.minStockAlert,
      unitCostCents: inventoryItems.unitCostCents,
      usedLast30Days: usedLast30,
      suggestedQuantity: suggested,
    })
    .from(inventoryItems)
    .leftJoin(used, eq(used.inventoryItemId, inventoryItems.id))
    .where(
      and(
        eq(inventoryItems.businessId, businessId),
        sql`${inventoryItems.currentStock} <= ${inventoryItems.minStockAlert}`,
      ),
    )
    .orderBy(sql`lower(coalesce(${inventoryItems.supplier}, '')) = ''`, asc(sql`lower(${inventoryItems.supplier})`), asc(sql`lower(${inventoryItems.name})`));

  const lines = rows.map((r) => ({
    ...r,
    lineCostCents: r.unitCostCents === null ? null : r.unitCostCents * r.suggestedQuantity,
  }));
  const groups = new Map<string, { supplier: string | null; items: typeof lines; totalCents: number }>();
  for (const line of lines) {
    const key = line.supplier?.trim().toLowerCase() || '';
    const group = groups.get(key) ?? { supplier: line.supplier?.trim() || null, items: [], totalCents: 0 };
    group.items.push(line);
    group.totalCents += line.lineCostCents ?? 0;
    groups.set(key, group);
  }
  const list = [...groups.values()];
  return {
    generatedAt: now.toISOString(),
    usageDays: PURCHASE_ORDER_USAGE_DAYS,
    groups: list,
    totalCents: list.reduce((sum, g) => sum + g.totalCents, 0),
  };
}

const CSV_HEADER = [
  'Supplier',
  'Item',
  'Category',
  'Current stock',
  'Alert level',
  `Used last ${PURCHASE_ORDER_USAGE_DAYS} days`,
  'Suggested quantity',
  'Unit cost',
  'Line cost',
];

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export function purchaseOrderCsv(po: Awaited<ReturnType<typeof purchaseOrderSuggestions>>): string {
  const rows: Array<Array<string | number | null>> = [CSV_HEADER];
  for (const group of po.groups) {
    for (const i of group.items) {
      rows.push([
        group.supplier ?? 'No supplier',
        i.name,
        i.category,
        i.currentStock,
        i.minStockAlert,
        i.usedLast30Days,
        i.suggestedQuantity,
        dollars(i.unitCostCents),
        dollars(i.lineCostCents),
      ]);
    }
  }
  rows.push(['Total', null, null, null, null, null, null, null, dollars(po.totalCents)]);
  return csvOf(rows);
}
