import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  INVENTORY_TEXT,
  type InventoryItemInput,
  inventoryItemInputSchema,
  stockStatus,
} from '../../../shared/inventory';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { inventoryItems, stockMovements } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, type ListQuery, pageOf, type SortKey } from '../../http/lists';

// Inventory items: the list, add/edit/delete, and the +/- buttons (each change logged as a stock movement).

const NOT_FOUND = 'Inventory item not found';

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

const BY_NAME: SortKey[] = [
  { column: sql`lower(${inventoryItems.name})`, kind: 'text' },
  { column: inventoryItems.id, kind: 'uuid' },
];

/**
 * §7: read by business, ordered by name (case-insensitive, id as the tiebreak), a page at a time; q searches name,
 * category and supplier; `stock: 'low'` keeps the items at or below their alert level (the low-stock panel).
 */
export async function listInventory(db: DbOrTx, businessId: string, query: ListQuery & { stock?: 'low' }) {
  const pattern = containsPattern(query.q);
  const rows = await db
    .select({ item: inventoryItems, sortName: sql<string>`lower(${inventoryItems.name})` })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.businessId, businessId),
        pattern
          ? or(
              ilike(inventoryItems.name, pattern),
              ilike(inventoryItems.category, pattern),
              ilike(inventoryItems.supplier, pattern),
            )
          : undefined,
        query.stock === 'low'
          ? sql`${inventoryItems.currentStock} <= ${inventoryItems.minStockAlert}`
          : undefined,
        afterCursor(query.cursor, BY_NAME, 'asc'),
      ),
    )
    .orderBy(asc(sql`lower(${inventoryItems.name})`), asc(inventoryItems.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.sortName, r.item.id]);
  return { items: page.items.map((r) => toItemDto(r.item)), nextCursor: page.nextCursor };
}

/** The business's item (locked FOR UPDATE when asked), or 404. */
export async function getOwnedItem(db: DbOrTx, businessId: string, id: string, lock = false) {
  assertUuid(id, NOT_FOUND);
  const query = db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, id), eq(inventoryItems.businessId, businessId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function createInventoryItem(
  db: DbOrTx,
  businessId: string,
  userId: string,
  input: InventoryItemInput,
) {
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
  assertUuid(id, NOT_FOUND);
  const deleted = await db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.id, id), eq(inventoryItems.businessId, businessId)))
    .returning({ id: inventoryItems.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
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
  assertUuid(id, NOT_FOUND);
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
