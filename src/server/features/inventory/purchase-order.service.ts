import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { PURCHASE_ORDER_USAGE_DAYS } from '../../../shared/inventory';
import { formatMoney } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import { inventoryItems, stockMovements } from '../../db/schema';
import { csvOf } from '../../http/csv';

// Purchase-order suggestions (docs/decisions/0202).

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
  const suggested =
    sql<number>`greatest(greatest(coalesce(${used.used}, 0), 2 * ${inventoryItems.minStockAlert}) - ${inventoryItems.currentStock}, 1)`.mapWith(
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
    .orderBy(
      sql`lower(coalesce(${inventoryItems.supplier}, '')) = ''`,
      asc(sql`lower(${inventoryItems.supplier})`),
      asc(sql`lower(${inventoryItems.name})`),
    );

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
        i.unitCostCents === null ? null : formatMoney(i.unitCostCents),
        i.lineCostCents === null ? null : formatMoney(i.lineCostCents),
      ]);
    }
  }
  rows.push(['Total', null, null, null, null, null, null, null, formatMoney(po.totalCents)]);
  return csvOf(rows);
}
