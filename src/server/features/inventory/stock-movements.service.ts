import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryItems, stockMovements } from '../../db/schema';
import { afterCursor, cursorText, pageOf, type SortKey } from '../../http/lists';
import { getOwnedItem } from './inventory-items.service';

const NEWEST_FIRST: SortKey[] = [
  { column: stockMovements.createdAt, kind: 'timestamp' },
  { column: stockMovements.id, kind: 'uuid' },
];

/** The movement log, newest first (optionally one item's), a page at a time. */
export async function listStockMovements(
  db: DbOrTx,
  businessId: string,
  query: { itemId?: string; cursor?: string; limit: number },
) {
  if (query.itemId) await getOwnedItem(db, businessId, query.itemId);
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
      at: cursorText(stockMovements.createdAt),
    })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.inventoryItemId))
    .where(
      and(
        eq(stockMovements.businessId, businessId),
        query.itemId ? eq(stockMovements.inventoryItemId, query.itemId) : undefined,
        afterCursor(query.cursor, NEWEST_FIRST, 'desc'),
      ),
    )
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.id]);
  return {
    items: page.items.map(({ at: _, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}
