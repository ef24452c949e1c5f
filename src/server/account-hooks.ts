import type { AccountHooks } from './auth/auth';
import type { Database } from './db/client';
import { isSuspended, noteSignIn } from './features/admin-users/admin-users.service';
import { seedDefaultRewards } from './features/loyalty/rewards.service';
import { createOwnerProfile } from './features/profiles/profiles.service';

/**
 * What the product does around accounts, wired into auth here so auth knows no feature (decision 1115): a
 * suspended account gets no session, every sign-in is noted for /admin/users, and a new account gets its owner
 * profile with the chosen plan and the default loyalty rewards.
 */
export function accountHooks(db: Database): AccountHooks {
  return {
    isSuspended: (userId) => isSuspended(db, userId),
    signedIn: (userId) => noteSignIn(db, userId),
    signedUp: async (user, plan) => {
      await createOwnerProfile(db, user, plan);
      await seedDefaultRewards(db, user.id);
    },
  };
}
