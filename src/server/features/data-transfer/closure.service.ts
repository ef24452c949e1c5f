import { eq, lte, sql } from 'drizzle-orm';
import { CLOSED_KEEP_DAYS, type CloseAccountValues, DATA_TEXT } from '../../../shared/data-transfer';
import type { Database } from '../../db/client';
import { accountClosures, accountDeletions, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { invalid } from '../../http/errors';
import { pgErrorCode } from '../../http/ids';
import { businessFileKeys } from './export.service';
import { rowsOf, tenantTableNames } from './tenancy';

// Closing an account (issue 30, decision 1236): public pages and booking stop at once, the data stays exportable for
// 30 days (the Terms), then a job deletes every row of every table with a business_id, the owner's account and every
// file, and logs what it deleted and when.

export const ACCOUNT_PURGE_JOB = 'data-transfer.purge';
const SWEEP_SECONDS = 3600;

const toClosure = (c: typeof accountClosures.$inferSelect) => ({
  closedAt: c.closedAt.toISOString(),
  deleteAfter: c.deleteAfter.toISOString(),
});

export async function closureOf(db: Database, businessId: string) {
  const [row] = await db.select().from(accountClosures).where(eq(accountClosures.businessId, businessId));
  return row ? toClosure(row) : null;
}

/** The owner closes the business: the typed name must match the business's name (or, without one, the email). */
export async function closeAccount(
  db: Database,
  businessId: string,
  userId: string,
  values: CloseAccountValues,
  now = new Date(),
) {
  const [owner] = await db
    .select({ name: profiles.businessName, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, businessId));
  const expected = (owner?.name?.trim() || owner?.email || '').toLowerCase();
  if (!expected || values.businessName.trim().toLowerCase() !== expected)
    throw invalid(DATA_TEXT.closeNameMismatch);
  await db
    .insert(accountClosures)
    .values({
      businessId,
      closedAt: now,
      deleteAfter: new Date(now.getTime() + CLOSED_KEEP_DAYS * 86_400_000),
      closedBy: userId,
    })
    .onConflictDoNothing();
  return (await closureOf(db, businessId))!;
}

/** Deletes every business whose 30 days have passed; `now` is the test clock. */
export async function purgeClosedAccounts(deps: Pick<AppDeps, 'db' | 'storage'>, now = new Date()) {
  const due = await deps.db.select().from(accountClosures).where(lte(accountClosures.deleteAfter, now));
  for (const closure of due) await purgeBusiness(deps, closure.businessId, closure.closedAt);
  return due.length;
}

/**
 * Every row of the business in every table with a business_id (read from the database's own metadata, so a table
 * added later is covered), the business profile and the owner's login, in one transaction; then its files.
 */
export async function purgeBusiness(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  businessId: string,
  closedAt: Date,
) {
  const files = await businessFileKeys(deps.db, businessId, { withExports: true });
  const counts: Record<string, number> = {};
  await deps.db.transaction(async (tx) => {
    // The append-only ledgers let this business's entries go inside this transaction only (migration 0057).
    await tx.execute(sql`select set_config('shineroute.purge_business', ${businessId}, true)`);
    let left = await tenantTableNames(tx);
    // Tables referencing each other are deleted in passes: a table still referenced waits for the next pass.
    while (left.length) {
      const blocked: string[] = [];
      for (const table of left) {
        try {
          const deleted = await tx.transaction((sp) =>
            rowsOf<{ n: number }>(
              sp,
              sql`with d as (delete from ${sql.identifier(table)} where business_id = ${businessId} returning 1)
                  select count(*)::int as n from d`,
            ),
          );
          const n = deleted[0]?.n ?? 0;
          if (n) counts[table] = (counts[table] ?? 0) + n;
        } catch (err) {
          // Still referenced (23503), or a referencing row's ON DELETE SET NULL would null its NOT NULL business_id
          // (23502, e.g. plan_members): that table goes first, this one in the next pass.
          const code = pgErrorCode(err);
          if (code !== '23503' && code !== '23502') throw err;
          blocked.push(table);
        }
      }
      if (blocked.length === left.length)
        throw new Error(`purge of ${businessId} blocked by ${blocked.join(', ')}`);
      left = blocked;
    }
    const gone = await tx.delete(profiles).where(eq(profiles.id, businessId)).returning({ id: profiles.id });
    if (gone.length) counts.profiles = gone.length;
    const login = await tx.delete(user).where(eq(user.id, businessId)).returning({ id: user.id });
    if (login.length) counts.user = login.length;
    await tx
      .insert(accountDeletions)
      .values({ formerBusinessId: businessId, closedAt, rows: counts, files: files.length });
  });
  // After the commit: a file whose row is gone is unreachable, and deleting it twice is harmless.
  for (const key of files) await deps.storage?.delete(key);
  return { rows: counts, files: files.length };
}

export async function scheduleAccountPurge(
  jobs: NonNullable<AppDeps['jobs']>,
  startAfterSeconds = SWEEP_SECONDS,
) {
  await jobs.send(
    ACCOUNT_PURGE_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 30 * 60 },
  );
}
