import { and, asc, eq, isNull } from 'drizzle-orm';
import type { RepeatDiscounts } from '../../../shared/series';
import type { RepeatTermsInput } from '../../../shared/series.schemas';
import { repeatTermsInputSchema } from '../../../shared/series.schemas';
import type { DbOrTx } from '../../db/client';
import { repeatableServices, services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';

// Which services the owner made repeatable, and the discount of each frequency (decision 1257).

const SERVICE_NOT_FOUND = 'Service not found';

/** Every active service of the business with its repeat terms (null when not repeatable). */
export async function listRepeatTerms(db: DbOrTx, businessId: string) {
  const rows = await db
    .select({
      serviceId: services.id,
      name: services.name,
      basePriceCents: services.basePriceCents,
      terms: repeatableServices,
    })
    .from(services)
    .leftJoin(
      repeatableServices,
      and(
        eq(repeatableServices.serviceId, services.id),
        eq(repeatableServices.businessId, services.businessId),
      ),
    )
    .where(and(eq(services.businessId, businessId), eq(services.isActive, true), isNull(services.archivedAt)))
    .orderBy(asc(services.basePriceCents), asc(services.name));
  return rows.map((r) => ({
    serviceId: r.serviceId,
    name: r.name,
    basePriceCents: r.basePriceCents,
    repeatable: r.terms !== null,
    weeklyPercent: r.terms?.weeklyPercent ?? 0,
    biweeklyPercent: r.terms?.biweeklyPercent ?? 0,
    fourWeeklyPercent: r.terms?.fourWeeklyPercent ?? 0,
  }));
}

/** Marks a service repeatable with its discounts, or not repeatable (existing series keep their terms). */
export async function saveRepeatTerms(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
  body: RepeatTermsInput,
) {
  assertUuid(serviceId, SERVICE_NOT_FOUND);
  const input = repeatTermsInputSchema.parse(body);
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.businessId, businessId), isNull(services.archivedAt)));
  if (!service) throw notFound(SERVICE_NOT_FOUND);
  if (!input.repeatable) {
    await db
      .delete(repeatableServices)
      .where(and(eq(repeatableServices.serviceId, serviceId), eq(repeatableServices.businessId, businessId)));
  } else {
    const values = {
      weeklyPercent: input.weeklyPercent,
      biweeklyPercent: input.biweeklyPercent,
      fourWeeklyPercent: input.fourWeeklyPercent,
      updatedAt: new Date(),
    };
    await db
      .insert(repeatableServices)
      .values({ serviceId, businessId, ...values })
      .onConflictDoUpdate({ target: repeatableServices.serviceId, set: values });
  }
  const all = await listRepeatTerms(db, businessId);
  return all.find((t) => t.serviceId === serviceId)!;
}

/** A service's repeat discounts, or null when the owner has not made it repeatable. */
export async function repeatTermsOf(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
): Promise<RepeatDiscounts | null> {
  const [row] = await db
    .select()
    .from(repeatableServices)
    .where(and(eq(repeatableServices.serviceId, serviceId), eq(repeatableServices.businessId, businessId)));
  return row
    ? {
        weeklyPercent: row.weeklyPercent,
        biweeklyPercent: row.biweeklyPercent,
        fourWeeklyPercent: row.fourWeeklyPercent,
      }
    : null;
}

/** /book's view: the repeatable services of a business and their discounts. */
export async function publicRepeatTerms(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(repeatableServices)
    .innerJoin(
      services,
      and(
        eq(services.id, repeatableServices.serviceId),
        eq(services.businessId, repeatableServices.businessId),
      ),
    )
    .where(
      and(
        eq(repeatableServices.businessId, businessId),
        eq(services.isActive, true),
        isNull(services.archivedAt),
      ),
    );
  return rows.map(({ repeatable_services: r }) => ({
    serviceId: r.serviceId,
    weeklyPercent: r.weeklyPercent,
    biweeklyPercent: r.biweeklyPercent,
    fourWeeklyPercent: r.fourWeeklyPercent,
  }));
}
