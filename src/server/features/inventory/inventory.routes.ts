import { createRoute, z } from '@hono/zod-openapi';
import {
  inventoryItemInputSchema,
  STOCK_MOVEMENT_REASONS,
  serviceUsageInputSchema,
  stockAdjustmentSchema,
} from '../../../shared/inventory';
import { utcToZoned } from '../../../shared/time';
import { requireFeature, requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema, optionsQuerySchema, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { businessTimeZone } from '../bookings/bookings.service';
import {
  adjustStock,
  createInventoryItem,
  deleteInventoryItem,
  listInventory,
  updateInventoryItem,
} from './inventory-items.service';
import { purchaseOrderCsv, purchaseOrderSuggestions } from './purchase-order.service';
import { listServiceUsage, setServiceUsage } from './service-usage.service';
import { listStockMovements } from './stock-movements.service';

const itemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string().nullable(),
    currentStock: z.number().int(),
    minStockAlert: z.number().int(),
    unitCostCents: z.number().int().nullable(),
    supplier: z.string().nullable(),
    status: z.enum(['out', 'low', 'good']),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('InventoryItem');

const movementSchema = z
  .object({
    id: z.string(),
    inventoryItemId: z.string(),
    itemName: z.string(),
    change: z.number().int(),
    stockAfter: z.number().int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    bookingId: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('StockMovement');

const serviceUsageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    items: z.array(z.object({ inventoryItemId: z.string(), name: z.string(), quantity: z.number().int() })),
  })
  .openapi('ServiceUsage');

const poLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  supplier: z.string().nullable(),
  currentStock: z.number().int(),
  minStockAlert: z.number().int(),
  unitCostCents: z.number().int().nullable(),
  usedLast30Days: z.number().int(),
  suggestedQuantity: z.number().int(),
  lineCostCents: z.number().int().nullable(),
});
const purchaseOrderSchema = z
  .object({
    generatedAt: z.string(),
    usageDays: z.number().int(),
    groups: z.array(
      z.object({
        supplier: z.string().nullable(),
        items: z.array(poLineSchema),
        totalCents: z.number().int(),
      }),
    ),
    totalCents: z.number().int(),
  })
  .openapi('PurchaseOrder');

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const tags = ['Inventory'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary:
    'Inventory items by name, a page at a time; q searches name, category and supplier; stock=low the low ones',
  request: { query: listQuerySchema.extend({ stock: z.enum(['low']).optional() }) },
  responses: { 200: json(listOf(itemSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const optionsRoute = createRoute({
  method: 'get',
  path: '/options',
  tags,
  summary: 'Inventory items by name for pickers (what a service uses per job): pages of up to 500',
  request: { query: optionsQuerySchema },
  responses: { 200: json(listOf(itemSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const createItemRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Add an item (opening stock is logged as a correction)',
  request: body(inventoryItemInputSchema),
  responses: { 201: json(itemSchema, 'Created'), 400: errorResponses[400], 401: errorResponses[401] },
});
const updateItemRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Edit an item (a changed stock count is logged as a correction)',
  request: { params: idParamSchema, ...body(inventoryItemInputSchema) },
  responses: {
    200: json(itemSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const deleteItemRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete an item',
  request: { params: idParamSchema },
  responses: { ...noContent, 401: errorResponses[401], 404: errorResponses[404] },
});
const adjustRoute = createRoute({
  method: 'post',
  path: '/{id}/adjust',
  tags,
  summary: 'Add to or take from stock; never below 0 (409)',
  request: { params: idParamSchema, ...body(stockAdjustmentSchema) },
  responses: {
    200: json(itemSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
const movementsRoute = createRoute({
  method: 'get',
  path: '/movements',
  tags,
  summary: 'The stock movement log, newest first, a page at a time (optionally one item’s)',
  request: {
    // The item's id is checked by the service like a path id (decision 0420): a malformed one is a 404.
    query: listQuerySchema.omit({ q: true }).extend({
      itemId: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: json(listOf(movementSchema)),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const usageRoute = createRoute({
  method: 'get',
  path: '/service-usage',
  tags,
  summary: 'What each service consumes per job, every service by name (the whole list: nextCursor is null)',
  responses: { 200: json(listOf(serviceUsageSchema)), 401: errorResponses[401] },
});
const setUsageRoute = createRoute({
  method: 'put',
  path: '/service-usage/{id}',
  tags,
  summary: 'Replace what a service consumes per job; answers the whole list again',
  request: { params: idParamSchema, ...body(serviceUsageInputSchema) },
  responses: {
    200: json(listOf(serviceUsageSchema)),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const purchaseOrderRoute = createRoute({
  method: 'get',
  path: '/purchase-order',
  tags,
  summary: 'Purchase-order suggestions for items at or below their alert, grouped by supplier',
  responses: { 200: json(purchaseOrderSchema), 401: errorResponses[401] },
});
const purchaseOrderCsvRoute = createRoute({
  method: 'get',
  path: '/purchase-order.csv',
  tags,
  summary: 'The purchase-order suggestions as a CSV download',
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    401: errorResponses[401],
  },
});

export const inventoryRoutes = createRouter();
inventoryRoutes.use('*', requireUser, requireFeature('inventory'), requireOwnerForWrites);

export const inventoryApi = inventoryRoutes
  .openapi(listRoute, async (c) =>
    c.json(await listInventory(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(optionsRoute, async (c) =>
    c.json(await listInventory(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(createItemRoute, async (c) =>
    c.json(
      await createInventoryItem(c.var.deps.db, c.var.businessId, c.var.user.id, c.req.valid('json')),
      201,
    ),
  )
  .openapi(movementsRoute, async (c) => {
    return c.json(await listStockMovements(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200);
  })
  .openapi(usageRoute, async (c) =>
    c.json(wholeList(await listServiceUsage(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(setUsageRoute, async (c) => {
    const { db } = c.var.deps;
    await setServiceUsage(db, c.var.businessId, c.req.valid('param').id, c.req.valid('json').items);
    return c.json(wholeList(await listServiceUsage(db, c.var.businessId)), 200);
  })
  .openapi(purchaseOrderRoute, async (c) =>
    c.json(await purchaseOrderSuggestions(c.var.deps.db, c.var.businessId), 200),
  )
  .openapi(purchaseOrderCsvRoute, async (c) => {
    const { db } = c.var.deps;
    const po = await purchaseOrderSuggestions(db, c.var.businessId);
    // Named by the day it was generated in the business's zone, not UTC's.
    const day = utcToZoned(new Date(po.generatedAt), await businessTimeZone(db, c.var.businessId)).date;
    c.header('Content-Disposition', `attachment; filename="purchase-order-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(purchaseOrderCsv(po), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  })
  .openapi(updateItemRoute, async (c) =>
    c.json(
      await updateInventoryItem(
        c.var.deps.db,
        c.var.businessId,
        c.var.user.id,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(deleteItemRoute, async (c) => {
    await deleteInventoryItem(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(adjustRoute, async (c) => {
    const { change, note } = c.req.valid('json');
    return c.json(
      await adjustStock(
        c.var.deps.db,
        c.var.businessId,
        c.var.user.id,
        c.req.valid('param').id,
        change,
        note,
      ),
      200,
    );
  });
