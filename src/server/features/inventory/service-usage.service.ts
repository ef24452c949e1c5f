import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, inventoryItems, serviceConsumables, services, stockMovements } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { getOwnedItem } from './inventory-items.service';

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
  assertUuid(serviceId, 'Service not found');
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
    .where(
      and(eq(serviceConsumables.serviceId, booking.serviceId), eq(serviceConsumables.businessId, businessId)),
    )
    // A fixed lock order, so two completions touching the same items cannot deadlock.
    .orderBy(asc(serviceConsumables.inventoryItemId));

  const deductions: Array<{
    inventoryItemId: string;
    requested: number;
    deducted: number;
    stockAfter: number;
  }> = [];
  for (const { inventoryItemId, quantity } of usage) {
    const before = await getOwnedItem(tx, businessId, inventoryItemId, true);
    const stockAfter = Math.max(before.currentStock - quantity, 0);
    await tx
      .update(inventoryItems)
      .set({ currentStock: stockAfter })
      .where(eq(inventoryItems.id, inventoryItemId));
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

/**
 * Materials a technician used on a job beyond the service's standard supplies (the field app's "materials used";
 * decision 1171): they leave stock at once, as a movement of the job, stopping at 0 like the completion's deduction
 * (the shortfall is noted). The service's standard usage is still deducted once on completion: the two never overlap,
 * since a material entry is what was used on top of it.
 */
export async function recordJobMaterialUse(
  tx: DbOrTx,
  businessId: string,
  userId: string,
  use: { bookingId: string; itemId: string; quantity: number },
) {
  const before = await getOwnedItem(tx, businessId, use.itemId, true);
  const taken = Math.min(before.currentStock, use.quantity);
  const stockAfter = before.currentStock - taken;
  await tx
    .update(inventoryItems)
    .set({ currentStock: stockAfter })
    .where(and(eq(inventoryItems.id, use.itemId), eq(inventoryItems.businessId, businessId)));
  const short = use.quantity - taken;
  await tx.insert(stockMovements).values({
    businessId,
    inventoryItemId: use.itemId,
    change: -taken,
    stockAfter,
    reason: 'manual',
    bookingId: use.bookingId,
    note: `Used on the job (field)${short ? `; ${short} more than in stock` : ''}`,
    createdBy: userId,
  });
}
