import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userRoles } from '../../db/schema';

export type MemberRole = 'owner' | 'technician';

/**
 * The business a signed-in user works in: a technician's membership (user_roles technician with its business),
 * else their own business (every account has its own profile row). docs/decisions/801.
 */
export async function resolveMembership(db: DbOrTx, userId: string): Promise<{ businessId: string; memberRole: MemberRole }> {
  const [row] = await db
    .select({ businessId: userRoles.businessId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'technician'), isNotNull(userRoles.businessId)));
  if (row?.businessId && row.businessId !== userId) return { businessId: row.businessId, memberRole: 'technician' };
  return { businessId: userId, memberRole: 'owner' };
}
