import { eq } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { profiles, userRoles } from '../../db/schema';

/** A new sign-up becomes a business owner on the Starter tier with a 14-day trial. */
export async function createOwnerProfile(db: DbOrTx, user: { id: string; firstName: string; lastName: string }) {
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  await db
    .insert(profiles)
    .values({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      subscriptionTier: 'starter',
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
