import { z } from 'zod';
import { optionalText } from './text';

// Inventory rules and texts (spec §2, §4, §5, §8, §9), shared by the server and the /inventory screen.

export const INVENTORY_DEFAULTS = { currentStock: 0, minStockAlert: 5 } as const;

export type StockStatus = 'out' | 'low' | 'good';

/** §4: out at 0; low at or below the alert level; good otherwise. */
export function stockStatus(currentStock: number, minStockAlert: number): StockStatus {
  if (currentStock <= 0) return 'out';
  if (currentStock <= minStockAlert) return 'low';
  return 'good';
}

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  out: 'Out of Stock',
  low: 'Low Stock',
  good: 'In Stock',
};

export const STOCK_MOVEMENT_REASONS = ['manual', 'job', 'correction'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];
export const STOCK_MOVEMENT_LABELS: Record<StockMovementReason, string> = {
  manual: 'Manual',
  job: 'Job',
  correction: 'Correction',
};

/** Purchase orders cover this many days of recent use. */
export const PURCHASE_ORDER_USAGE_DAYS = 30;

export const INVENTORY_TEXT = {
  fetchFailed: 'Failed to fetch inventory',
  added: 'Item added successfully',
  updated: 'Item updated successfully',
  deleted: 'Item deleted successfully',
  stockUpdated: 'Stock updated',
  deleteConfirm: 'Are you sure you want to delete this item?',
  belowZero: 'Stock cannot go below 0',
  nameRequired: 'Name is required',
  stockRequired: 'Current stock is required',
  alertRequired: 'Minimum stock alert is required',
  wholeNumber: 'Enter a whole number of 0 or more',
  cost: 'Enter a cost like 12.99',
  usageSaved: 'Usage per job saved',
} as const;

const stockCount = (required: string) =>
  z
    .number({ error: required })
    .int(INVENTORY_TEXT.wholeNumber)
    .min(0, INVENTORY_TEXT.wholeNumber)
    .max(1_000_000, INVENTORY_TEXT.wholeNumber);

/** The add/edit dialog's fields as the API takes them (money in cents). */
export const inventoryItemInputSchema = z.object({
  name: z.string({ error: INVENTORY_TEXT.nameRequired }).trim().min(1, INVENTORY_TEXT.nameRequired).max(200),
  category: optionalText(100),
  currentStock: stockCount(INVENTORY_TEXT.stockRequired),
  minStockAlert: stockCount(INVENTORY_TEXT.alertRequired),
  unitCostCents: z
    .number()
    .int(INVENTORY_TEXT.cost)
    .min(0, INVENTORY_TEXT.cost)
    .max(100_000_000)
    .nullish()
    .transform((v) => v ?? null),
  supplier: optionalText(200),
});
export type InventoryItemInput = z.input<typeof inventoryItemInputSchema>;

export const stockAdjustmentSchema = z.object({
  change: z
    .number({ error: 'Enter how much to add or take away' })
    .int('Enter a whole number')
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, 'Enter how much to add or take away'),
  note: optionalText(300),
});

export const serviceUsageInputSchema = z.object({
  items: z
    .array(
      z.object({
        inventoryItemId: z.uuid('Choose an inventory item'),
        quantity: z
          .number()
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(10_000),
      }),
    )
    .max(100)
    .refine(
      (items) => new Set(items.map((i) => i.inventoryItemId)).size === items.length,
      'Each item can be listed once',
    ),
});
