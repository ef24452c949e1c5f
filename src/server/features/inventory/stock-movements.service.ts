import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryItems, stockMovements } from '../../db/schema';
import { getOwnedItem } from './inventory-items.service';

/** The movement log, newest first (optionally one item's). */
export async function listStockMovements(
  db: DbOrTx,
  businessId: string,
  opts: { itemId?: string; limit?: number } = {},
) {
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
