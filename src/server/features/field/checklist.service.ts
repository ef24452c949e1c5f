import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { ChecklistDefinition, ChecklistDefinitionsInput } from '../../../shared/field';
import type { Database, DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { assertUuid, isUuid } from '../../http/ids';
import { wholeList } from '../../http/lists';
import { serviceChecklistItems } from './field.schema';

const SERVICE_NOT_FOUND = 'Service not found';

async function assertService(db: DbOrTx, businessId: string, serviceId: string) {
  assertUuid(serviceId, SERVICE_NOT_FOUND);
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.businessId, businessId)));
  if (!row) throw notFound(SERVICE_NOT_FOUND);
}

/** A service's checklist, in order (the field app shows it on each job of the service). */
export async function serviceChecklist(db: DbOrTx, businessId: string, serviceId: string) {
  const rows = await db
    .select({
      id: serviceChecklistItems.id,
      label: serviceChecklistItems.label,
      position: serviceChecklistItems.position,
    })
    .from(serviceChecklistItems)
    .where(
      and(eq(serviceChecklistItems.businessId, businessId), eq(serviceChecklistItems.serviceId, serviceId)),
    )
    .orderBy(asc(serviceChecklistItems.position));
  return rows satisfies ChecklistDefinition[];
}

export async function getServiceChecklist(db: Database, businessId: string, serviceId: string) {
  await assertService(db, businessId, serviceId);
  return wholeList(await serviceChecklist(db, businessId, serviceId));
}

/**
 * Replaces a service's checklist with `items`, in their order: an item with the id of one of the service's items keeps
 * that id (jobs' ticks stay with it), one without an id is new, and the service's items not named are removed.
 */
export async function putServiceChecklist(
  db: Database,
  businessId: string,
  serviceId: string,
  input: ChecklistDefinitionsInput,
) {
  await assertService(db, businessId, serviceId);
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: serviceChecklistItems.id })
      .from(serviceChecklistItems)
      .where(
        and(eq(serviceChecklistItems.businessId, businessId), eq(serviceChecklistItems.serviceId, serviceId)),
      )
      .for('update');
    const own = new Set(existing.map((r) => r.id));
    const kept = input.items.flatMap((i) => (i.id ? [i.id] : []));
    // An id that is not one of this service's items (another service's, another business's) is not found, as any
    // foreign id in a body is.
    for (const id of kept) if (!isUuid(id) || !own.has(id)) throw notFound('Unknown checklist item');
    if (new Set(kept).size !== kept.length) throw invalid('A checklist item is listed twice');
    const scope = and(
      eq(serviceChecklistItems.businessId, businessId),
      eq(serviceChecklistItems.serviceId, serviceId),
    );
    await tx
      .delete(serviceChecklistItems)
      .where(kept.length ? and(scope, notInArray(serviceChecklistItems.id, kept)) : scope);
    for (const [position, item] of input.items.entries()) {
      if (item.id) {
        await tx
          .update(serviceChecklistItems)
          .set({ label: item.label, position })
          .where(and(scope, inArray(serviceChecklistItems.id, [item.id])));
      } else {
        await tx.insert(serviceChecklistItems).values({ businessId, serviceId, label: item.label, position });
      }
    }
  });
  return wholeList(await serviceChecklist(db, businessId, serviceId));
}
