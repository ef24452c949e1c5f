import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  SERVICE_AREA_TEXT,
  type ServiceAreaInput,
  serviceAreaInputSchema,
} from '../../../shared/service-areas';
import { US_STATE_NAMES } from '../../../shared/us-states';
import type { DbOrTx } from '../../db/client';
import { emailWaitlist, serviceAreas } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import type { JobQueue } from '../../jobs/queue';
import { queueLaunchEmails } from './launch-emails.job';

type AreaRow = typeof serviceAreas.$inferSelect;

/** Unnotified waiters per zip, as a subquery to join on. */
function waitingByZip(db: DbOrTx) {
  return db
    .select({ zipCode: emailWaitlist.zipCode, waiting: count().as('waiting') })
    .from(emailWaitlist)
    .where(eq(emailWaitlist.notified, false))
    .groupBy(emailWaitlist.zipCode)
    .as('waiting_by_zip');
}

const toAreaDto = (a: AreaRow, waiting: number) => ({
  id: a.id,
  zipCode: a.zipCode,
  city: a.city,
  state: a.state,
  stateCode: a.stateCode,
  isActive: a.isActive,
  launchDate: a.launchDate,
  createdAt: a.createdAt.toISOString(),
  waitingCount: waiting,
});

/** The business's areas, newest first, each with its waiting badge (unnotified waiters of its zip). */
export async function listServiceAreas(db: DbOrTx, businessId: string) {
  const waiting = waitingByZip(db);
  const rows = await db
    .select({ area: serviceAreas, waiting: sql<number>`coalesce(${waiting.waiting}, 0)`.mapWith(Number) })
    .from(serviceAreas)
    .leftJoin(waiting, eq(waiting.zipCode, serviceAreas.zipCode))
    .where(eq(serviceAreas.businessId, businessId))
    .orderBy(desc(serviceAreas.createdAt), desc(serviceAreas.id));
  return rows.map((r) => toAreaDto(r.area, r.waiting));
}

async function waitingFor(db: DbOrTx, zipCode: string) {
  const [row] = await db
    .select({ n: count() })
    .from(emailWaitlist)
    .where(and(eq(emailWaitlist.zipCode, zipCode), eq(emailWaitlist.notified, false)));
  return row?.n ?? 0;
}

/** §7: created inactive. One area per zip per business (docs/decisions/0003). */
export async function createServiceArea(db: DbOrTx, businessId: string, input: ServiceAreaInput) {
  const values = serviceAreaInputSchema.parse(input);
  const [row] = await db
    .insert(serviceAreas)
    .values({ businessId, ...values, isActive: false })
    .onConflictDoNothing({ target: [serviceAreas.businessId, serviceAreas.zipCode] })
    .returning();
  if (!row) throw conflict(SERVICE_AREA_TEXT.duplicate);
  return toAreaDto(row, await waitingFor(db, row.zipCode));
}

/** Flips an area on or off; reports whether it was switched on just now (launch emails are then due). */
export async function setServiceAreaActive(
  db: DbOrTx,
  businessId: string,
  id: string,
  isActive: boolean,
  jobs?: JobQueue,
) {
  assertUuid(id, 'Service area not found');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: serviceAreas.isActive })
      .from(serviceAreas)
      .where(and(eq(serviceAreas.id, id), eq(serviceAreas.businessId, businessId)))
      .for('update');
    if (!before) throw notFound('Service area not found');
    const [row] = await tx.update(serviceAreas).set({ isActive }).where(eq(serviceAreas.id, id)).returning();
    const waiting = await waitingFor(tx, row!.zipCode);
    const launched = isActive && !before.isActive;
    // The waiters' emails are a job written with the launch (decision 1321).
    if (launched && waiting > 0 && jobs) await queueLaunchEmails(jobs, row!.zipCode, tx);
    return { area: toAreaDto(row!, waiting), launched };
  });
}

export async function deleteServiceArea(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, 'Service area not found');
  const deleted = await db
    .delete(serviceAreas)
    .where(and(eq(serviceAreas.id, id), eq(serviceAreas.businessId, businessId)))
    .returning({ id: serviceAreas.id });
  if (deleted.length === 0) throw notFound('Service area not found');
}

/**
 * Waitlist Insights: zips with unnotified waiters that no business serves yet (no active area anywhere),
 * by waiter count descending; `hasArea` tells whether this business already has an inactive area there.
 */
export async function waitlistInsights(db: DbOrTx, businessId: string, limit = 50) {
  const waiting = sql<number>`count(*)`.mapWith(Number);
  const rows = await db
    .select({ zipCode: emailWaitlist.zipCode, waitingCount: waiting })
    .from(emailWaitlist)
    .where(
      and(
        eq(emailWaitlist.notified, false),
        sql`not exists (select 1 from ${serviceAreas} where ${serviceAreas.zipCode} = ${emailWaitlist.zipCode} and ${serviceAreas.isActive})`,
      ),
    )
    .groupBy(emailWaitlist.zipCode)
    .orderBy(desc(waiting), asc(emailWaitlist.zipCode))
    .limit(limit);
  const own = new Set(
    (
      await db
        .select({ zipCode: serviceAreas.zipCode })
        .from(serviceAreas)
        .where(eq(serviceAreas.businessId, businessId))
    ).map((r) => r.zipCode),
  );
  const places = await Promise.all(rows.map((r) => lookupZip(r.zipCode)));
  return rows.map((r, i) => ({
    zipCode: r.zipCode,
    waitingCount: r.waitingCount,
    city: places[i]?.city ?? null,
    state: places[i]?.state ?? null,
    stateCode: places[i]?.stateCode ?? null,
    hasArea: own.has(r.zipCode),
  }));
}

/** Zip → city and state from the offline `zipcodes` dataset (loaded on first use); null when unknown. */
export async function lookupZip(zipCode: string) {
  const zipcodes = (await import('zipcodes')).default;
  const info = zipcodes.lookup(zipCode);
  if (info?.country !== 'US') return null;
  return {
    zipCode: info.zip,
    city: info.city,
    state: US_STATE_NAMES[info.state] ?? info.state,
    stateCode: info.state,
  };
}
