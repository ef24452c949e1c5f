import { eq } from 'drizzle-orm';
import { type SignupPlan, TRIAL_DAYS } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { profiles, userRoles } from '../../db/schema';

/**
 * A new sign-up becomes a business owner with a 14-day trial of the plan chosen on the landing page (Starter when
 * none was chosen; docs/decisions/1110).
 */
export async function createOwnerProfile(
  db: DbOrTx,
  user: { id: string; firstName: string; lastName: string },
  plan: SignupPlan = 'starter',
) {
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  await db
    .insert(profiles)
    .values({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      subscriptionTier: plan,
      subscriptionActive: true,
      trialEndsAt,
    })
    .onConflictDoNothing();
}

export async function getProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

export async function getUserRole(db: DbOrTx, userId: string): Promise<'admin' | 'technician' | null> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  if (rows.some((r) => r.role === 'admin')) return 'admin';
  return rows[0]?.role ?? null;
}
