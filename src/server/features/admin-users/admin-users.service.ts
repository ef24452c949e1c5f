import { and, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import {
  type GrantRoleInput,
  type PlatformRole,
  ADMIN_USERS_TEXT as T,
  type UserFilter,
} from '../../../shared/admin-users';
import { PLAN_SEATS } from '../../../shared/plan-features';
import type { Database, DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { bookingAssignments, profiles, session, user, userRoles } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf, type SortKey } from '../../http/lists';
import { seatsMessage, seatsUsed } from '../billing/billing.service';
import { subscriptionState, trialDaysLeft } from '../billing/plan-state';
import { accountStatus } from './admin-users.schema';
import { recordAudit } from './audit.service';

export interface Actor {
  id: string;
  email: string;
}

// A technician's employer, by name (null for everyone else).
const employer = sql<string | null>`(
  select coalesce(nullif(p2.business_name, ''), concat_ws(' ', p2.first_name, p2.last_name))
  from user_roles r2 join profiles p2 on p2.id = r2.business_id
  where r2.user_id = ${user.id} and r2.role = 'technician' limit 1)`;
const employerId = sql<string | null>`(
  select r3.business_id from user_roles r3 where r3.user_id = ${user.id} and r3.role = 'technician' limit 1)`;
const roles = sql<PlatformRole[]>`coalesce((
  select array_agg(r.role::text order by r.role) from user_roles r where r.user_id = ${user.id}), '{}'::text[])`;

const accountColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  businessName: profiles.businessName,
  plan: profiles.subscriptionTier,
  subscriptionActive: profiles.subscriptionActive,
  trialEndsAt: profiles.trialEndsAt,
  verificationStatus: profiles.verificationStatus,
  roles,
  technicianOfId: employerId,
  technicianOf: employer,
  lastSignInAt: accountStatus.lastSignInAt,
  suspendedAt: accountStatus.suspendedAt,
  suspensionReason: accountStatus.suspensionReason,
};

function accountQuery(db: DbOrTx) {
  return db
    .select(accountColumns)
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(accountStatus, eq(accountStatus.userId, user.id))
    .$dynamic();
}
type AccountRow = Awaited<ReturnType<typeof accountQuery>>[number];

/** One account as the list and the overview show it. */
function toAccount(r: AccountRow) {
  const hasBusiness = r.plan !== null;
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    emailVerified: r.emailVerified,
    businessName: r.businessName ?? null,
    plan: r.plan ?? null,
    subscriptionState: hasBusiness
      ? subscriptionState({
          subscriptionActive: r.subscriptionActive ?? false,
          trialEndsAt: r.trialEndsAt ?? null,
        })
      : null,
    trialDaysLeft: hasBusiness ? trialDaysLeft(r.trialEndsAt ?? null) : 0,
    verificationStatus: r.verificationStatus ?? null,
    roles: [...(r.roles ?? [])].filter((x): x is PlatformRole => x === 'admin' || x === 'technician'),
    technicianOf: r.technicianOfId
      ? { businessId: r.technicianOfId, businessName: r.technicianOf ?? '' }
      : null,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    suspended: Boolean(r.suspendedAt),
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
    suspensionReason: r.suspensionReason ?? null,
  };
}
export type AdminAccount = ReturnType<typeof toAccount>;

// The account id is better-auth's text id.
const NEWEST_FIRST: SortKey[] = [
  { column: user.createdAt, kind: 'timestamp' },
  { column: user.id, kind: 'text' },
];

/** Accounts, newest first, `{ items, nextCursor }`; `q` searches name, email and business name. */
export async function listAccounts(db: DbOrTx, query: ListQuery & { filter: UserFilter }) {
  const where: (SQL | undefined)[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q.trim())}%`;
    where.push(or(ilike(user.name, like), ilike(user.email, like), ilike(profiles.businessName, like)));
  }
  if (query.filter === 'admins' || query.filter === 'technicians') {
    const role = query.filter === 'admins' ? 'admin' : 'technician';
    where.push(sql`exists (select 1 from user_roles r where r.user_id = ${user.id} and r.role = ${role})`);
  }
  if (query.filter === 'suspended') where.push(isNotNull(accountStatus.suspendedAt));
  where.push(afterCursor(query.cursor, NEWEST_FIRST, 'desc'));
  const rows = await db
    .select({ ...accountColumns, at: cursorText(user.createdAt) })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(accountStatus, eq(accountStatus.userId, user.id))
    .where(and(...where))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.id]);
  return { items: page.items.map(toAccount), nextCursor: page.nextCursor };
}

export async function getAccount(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(T.notFound);
  const [row] = await accountQuery(db).where(eq(user.id, id));
  if (!row) throw notFound(T.notFound);
  return toAccount(row);
}

/** A read-only picture of the account's own business: profile, plan, counts and team. */
export async function getAccountOverview(db: DbOrTx, id: string) {
  const account = await getAccount(db, id);
  const [p] = await db.select().from(profiles).where(eq(profiles.id, id));
  if (!p) return { account, business: null };
  const countOf = async (q: SQL) => {
    const res = await db.execute<{ n: string | number }>(q);
    return Number((res as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
  };
  const [servicesCount, customersCount, bookingsCount, completedCents, activeAreas] = await Promise.all([
    countOf(sql`select count(*) as n from services where business_id = ${id} and archived_at is null`),
    countOf(sql`select count(*) as n from customers where business_id = ${id}`),
    countOf(sql`select count(*) as n from bookings where business_id = ${id}`),
    countOf(
      sql`select coalesce(sum(coalesce(final_price_cents, quoted_price_cents)), 0) as n from bookings where business_id = ${id} and status = 'completed'`,
    ),
    countOf(sql`select count(*) as n from service_areas where business_id = ${id} and is_active`),
  ]);
  const team = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.businessId, id), eq(userRoles.role, 'technician')))
    .orderBy(user.name);
  return {
    account,
    business: {
      id: p.id,
      businessName: p.businessName,
      phone: p.phone,
      businessEmail: p.businessEmail,
      businessAddress: p.businessAddress,
      websiteUrl: p.websiteUrl,
      plan: p.subscriptionTier,
      subscriptionState: subscriptionState(p),
      trialEndsAt: p.trialEndsAt?.toISOString() ?? null,
      verificationStatus: p.verificationStatus,
      paymentsEnabled: Boolean(p.paymentsEnabledAt),
      counts: {
        services: servicesCount,
        customers: customersCount,
        bookings: bookingsCount,
        activeServiceAreas: activeAreas,
      },
      completedRevenueCents: completedCents,
      team,
    },
  };
}

/** The account row, locked for the change, or 404. */
async function lockAccount(tx: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound(T.notFound);
  const [row] = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, id))
    .for('update');
  if (!row) throw notFound(T.notFound);
  return row;
}

/**
 * Refuses a change that would leave no admin who can sign in. The admin role rows are locked first, so two admins
 * demoting each other at once cannot both succeed.
 */
async function assertAnotherAdmin(tx: DbOrTx, leavingId: string) {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(userRoles.id)
    .for('update');
  const suspended = await tx
    .select({ userId: accountStatus.userId })
    .from(accountStatus)
    .where(isNotNull(accountStatus.suspendedAt));
  const out = new Set(suspended.map((s) => s.userId));
  if (!admins.some((a) => a.userId !== leavingId && !out.has(a.userId))) throw conflict(T.lastAdmin);
}

export async function grantRole(db: Database, actor: Actor, targetId: string, input: GrantRoleInput) {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, targetId);
    const before = await getAccount(tx, targetId);
    if (before.roles.includes(input.role)) throw conflict(T.hasRole(input.role));
    let businessId: string | null = null;
    if (input.role === 'technician') {
      if (!input.businessOwnerEmail) throw invalid(T.businessRequired);
      const [biz] = await tx
        .select({ id: profiles.id, plan: profiles.subscriptionTier })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(eq(user.email, input.businessOwnerEmail))
        .for('update', { of: profiles });
      if (!biz) throw notFound(T.businessNotFound);
      if (biz.id === target.id) throw conflict(T.ownBusiness);
      // The same seats an owner's invitation counts (docs/decisions/0804).
      const limit = PLAN_SEATS[biz.plan];
      if (limit !== null && (await seatsUsed(tx, biz.id)) + 1 > limit)
        throw conflict(seatsMessage(biz.plan, limit));
      businessId = biz.id;
    }
    await tx.insert(userRoles).values({ userId: target.id, role: input.role, businessId });
    const after = await getAccount(tx, targetId);
    await recordAudit(tx, {
      actor,
      action: 'role.grant',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: { roles: before.roles, technicianOf: before.technicianOf },
      after: { roles: after.roles, technicianOf: after.technicianOf },
    });
    return after;
  });
}

/**
 * Revokes a role. Losing the technician role ends the account's sessions and its assignments in that business (as
 * an owner removing a member does); the last admin cannot lose the admin role.
 */
export async function revokeRole(db: Database, actor: Actor, targetId: string, role: PlatformRole) {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, targetId);
    const before = await getAccount(tx, targetId);
    if (!before.roles.includes(role)) throw conflict(T.lacksRole(role));
    if (role === 'admin') await assertAnotherAdmin(tx, target.id);
    const [removed] = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, target.id), eq(userRoles.role, role)))
      .returning({ businessId: userRoles.businessId });
    if (role === 'technician') {
      if (removed?.businessId) {
        await tx
          .delete(bookingAssignments)
          .where(
            and(
              eq(bookingAssignments.businessId, removed.businessId),
              eq(bookingAssignments.technicianId, target.id),
            ),
          );
      }
      await tx.delete(session).where(eq(session.userId, target.id));
    }
    const after = await getAccount(tx, targetId);
    await recordAudit(tx, {
      actor,
      action: 'role.revoke',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: { roles: before.roles, technicianOf: before.technicianOf },
      after: { roles: after.roles, technicianOf: after.technicianOf },
    });
    return after;
  });
}

/** Suspends an account: it cannot sign in, and every session it has ends in the same transaction. */
export async function suspendAccount(db: Database, actor: Actor, targetId: string, reason?: string) {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, targetId);
    if (target.id === actor.id) throw conflict(T.selfSuspend);
    const before = await getAccount(tx, targetId);
    if (before.suspended) throw conflict(T.alreadySuspended);
    if (before.roles.includes('admin')) await assertAnotherAdmin(tx, target.id);
    const now = new Date();
    const values = { suspendedAt: now, suspendedBy: actor.id, suspensionReason: reason || null };
    await tx
      .insert(accountStatus)
      .values({ userId: target.id, ...values })
      .onConflictDoUpdate({ target: accountStatus.userId, set: values });
    const ended = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    const after = await getAccount(tx, targetId);
    await recordAudit(tx, {
      actor,
      action: 'account.suspend',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: { suspended: false },
      after: { suspended: true, reason: reason || null, sessionsEnded: ended.length },
    });
    return after;
  });
}

export async function restoreAccount(db: Database, actor: Actor, targetId: string) {
  return db.transaction(async (tx) => {
    const target = await lockAccount(tx, targetId);
    const before = await getAccount(tx, targetId);
    if (!before.suspended) throw conflict(T.notSuspended);
    await tx
      .update(accountStatus)
      .set({ suspendedAt: null, suspendedBy: null, suspensionReason: null })
      .where(eq(accountStatus.userId, target.id));
    const after = await getAccount(tx, targetId);
    await recordAudit(tx, {
      actor,
      action: 'account.restore',
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      before: { suspended: true, reason: before.suspensionReason },
      after: { suspended: false },
    });
    return after;
  });
}

/** True when the account is suspended (the session lookup and the sign-in hook ask). */
export async function isSuspended(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ at: accountStatus.suspendedAt })
    .from(accountStatus)
    .where(eq(accountStatus.userId, userId));
  return Boolean(row?.at);
}

/** A suspended account's sessions are deleted; true when it was suspended. */
export async function endSuspendedSessions(db: DbOrTx, userId: string) {
  if (!(await isSuspended(db, userId))) return false;
  await db.delete(session).where(eq(session.userId, userId));
  return true;
}

/** The session create hook: remember when the account last signed in. */
export async function noteSignIn(db: DbOrTx, userId: string) {
  const now = new Date();
  await db
    .insert(accountStatus)
    .values({ userId, lastSignInAt: now })
    .onConflictDoUpdate({ target: accountStatus.userId, set: { lastSignInAt: now } });
}
