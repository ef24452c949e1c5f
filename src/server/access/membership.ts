import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountStatus, userRoles } from '../db/schema';

export type MemberRole = 'owner' | 'technician';

/**
 * The business a signed-in user works in: a technician's membership (user_roles technician with its business),
 * else their own business (every account has its own profile row). docs/decisions/0801.
 */
export async function resolveMembership(
  db: DbOrTx,
  userId: string,
): Promise<{ businessId: string; memberRole: MemberRole }> {
  const [row] = await db
    .select({ businessId: userRoles.businessId })
    .from(userRoles)
    .where(
      and(eq(userRoles.userId, userId), eq(userRoles.role, 'technician'), isNotNull(userRoles.businessId)),
    );
  if (row?.businessId && row.businessId !== userId)
    return { businessId: row.businessId, memberRole: 'technician' };
  return { businessId: userId, memberRole: 'owner' };
}

/**
 * What requireUser needs besides the session, in one round trip (it runs on every signed-in request): the membership
 * as resolveMembership answers it, and whether the account is suspended.
 */
export async function signedInState(
  db: DbOrTx,
  userId: string,
): Promise<{ businessId: string; memberRole: MemberRole; suspended: boolean }> {
  const result = await db.execute<{ suspended: boolean | null; technician_of: string | null }>(sql`
    select
      (select ${accountStatus.suspendedAt} is not null from ${accountStatus} where ${accountStatus.userId} = ${userId}) as suspended,
      (select ${userRoles.businessId} from ${userRoles}
        where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'technician' and ${userRoles.businessId} is not null
        limit 1) as technician_of`);
  const row = result.rows[0];
  const suspended = Boolean(row?.suspended);
  if (row?.technician_of && row.technician_of !== userId)
    return { businessId: row.technician_of, memberRole: 'technician', suspended };
  return { businessId: userId, memberRole: 'owner', suspended };
}
