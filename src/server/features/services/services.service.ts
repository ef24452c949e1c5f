import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { DEFAULT_VEHICLE_MULTIPLIERS, type VehicleType } from '../../../shared/constants';
import { completeMultipliers } from '../../../shared/pricing';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { bookings, services } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';

const NOT_FOUND = 'Service not found';

export interface ServiceValues {
  name: string;
  description: string | null;
  basePriceCents: number;
  durationMinutes: number;
  isActive?: boolean;
  vehicleTypeMultipliers?: Record<VehicleType, number>;
}

type ServiceRow = typeof services.$inferSelect;

function toService(s: ServiceRow, bookingCount = 0) {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    basePriceCents: s.basePriceCents,
    durationMinutes: s.durationMinutes,
    isActive: s.isActive,
    vehicleTypeMultipliers: completeMultipliers(s.vehicleTypeMultipliers),
    archivedAt: s.archivedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    bookingCount,
  };
}

const NEWEST_FIRST: SortKey[] = [
  { column: services.createdAt, kind: 'timestamp' },
  { column: services.id, kind: 'uuid' },
];

/** §7: the owner's services, newest first, a page at a time; archived ones only on request; q searches names. */
export async function listServices(
  db: Database,
  businessId: string,
  query: ListQuery & { includeArchived?: boolean },
) {
  const bookingCount = db.select({ n: count() }).from(bookings).where(eq(bookings.serviceId, services.id));
  const pattern = containsPattern(query.q);
  const rows = await db
    .select({
      service: services,
      at: cursorText(services.createdAt),
      bookingCount: sql<number>`(${bookingCount})`.mapWith(Number),
    })
    .from(services)
    .where(
      and(
        eq(services.businessId, businessId),
        query.includeArchived ? undefined : isNull(services.archivedAt),
        pattern ? ilike(services.name, pattern) : undefined,
        afterCursor(query.cursor, NEWEST_FIRST, 'desc'),
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.service.id]);
  return { items: page.items.map((r) => toService(r.service, r.bookingCount)), nextCursor: page.nextCursor };
}

const BY_NAME: SortKey[] = [
  { column: sql`lower(${services.name})`, kind: 'text' },
  { column: services.id, kind: 'uuid' },
];

/**
 * What the pickers need (§7 "active services are read for quotes"; the owner's booking form): active services
 * by name, in pages of up to 500, so one request holds a whole catalogue.
 */
export async function listServiceOptions(db: Database, businessId: string, query: ListQuery) {
  const pattern = containsPattern(query.q);
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      sortName: sql<string>`lower(${services.name})`,
      basePriceCents: services.basePriceCents,
      durationMinutes: services.durationMinutes,
      vehicleTypeMultipliers: services.vehicleTypeMultipliers,
    })
    .from(services)
    .where(
      and(
        eq(services.businessId, businessId),
        eq(services.isActive, true),
        isNull(services.archivedAt),
        pattern ? ilike(services.name, pattern) : undefined,
        afterCursor(query.cursor, BY_NAME, 'asc'),
      ),
    )
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.sortName, r.id]);
  return {
    items: page.items.map(({ sortName: _, ...r }) => ({
      ...r,
      vehicleTypeMultipliers: completeMultipliers(r.vehicleTypeMultipliers),
    })),
    nextCursor: page.nextCursor,
  };
}

async function findOwn(db: Database, businessId: string, id: string) {
  assertUuid(id, NOT_FOUND);
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.businessId, businessId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function createService(db: Database, businessId: string, values: ServiceValues) {
  const [row] = await db
    .insert(services)
    .values({
      businessId,
      name: values.name,
      description: values.description,
      basePriceCents: values.basePriceCents,
      durationMinutes: values.durationMinutes,
      isActive: values.isActive ?? true,
      vehicleTypeMultipliers: values.vehicleTypeMultipliers ?? { ...DEFAULT_VEHICLE_MULTIPLIERS },
    })
    .returning();
  return toService(row!);
}

/** Edits or toggles a service; an archived one is read-only (its bookings refer to it). */
export async function updateService(
  db: Database,
  businessId: string,
  id: string,
  values: Partial<ServiceValues>,
) {
  const current = await findOwn(db, businessId, id);
  if (current.archivedAt) throw conflict('This service is archived and can no longer be changed');
  const [row] = await db
    .update(services)
    .set({
      ...(values.name !== undefined && { name: values.name }),
      ...(values.description !== undefined && { description: values.description }),
      ...(values.basePriceCents !== undefined && { basePriceCents: values.basePriceCents }),
      ...(values.durationMinutes !== undefined && { durationMinutes: values.durationMinutes }),
      ...(values.isActive !== undefined && { isActive: values.isActive }),
      ...(values.vehicleTypeMultipliers !== undefined && {
        vehicleTypeMultipliers: values.vehicleTypeMultipliers,
      }),
    })
    .where(and(eq(services.id, id), eq(services.businessId, businessId)))
    .returning();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(bookings).where(eq(bookings.serviceId, id));
  return toService(row!, n);
}

/** A service with bookings is archived (inactive, hidden, history intact); one without is deleted. */
export async function deleteService(
  db: Database,
  businessId: string,
  id: string,
): Promise<'deleted' | 'archived'> {
  await findOwn(db, businessId, id);
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.serviceId, id));
    if (n > 0) {
      await tx
        .update(services)
        .set({ archivedAt: new Date(), isActive: false })
        .where(and(eq(services.id, id), eq(services.businessId, businessId)));
      return 'archived' as const;
    }
    await tx.delete(services).where(and(eq(services.id, id), eq(services.businessId, businessId)));
    return 'deleted' as const;
  });
}

/** One service of the business (archived ones included), as the list shows it. */
export async function getService(db: Database, businessId: string, id: string) {
  return toService(await findOwn(db, businessId, id));
}
