import { createMiddleware } from 'hono/factory';
import { ADMIN_USERS_TEXT } from '../../shared/admin-users';
import { LAPSED_MESSAGE, type PlanFeature, planIncludes, upgradeMessage } from '../../shared/plan-features';
import { endSuspendedSessions } from '../features/admin-users/admin-users.service';
import { loadPlan, subscriptionState } from '../features/billing/plan-state';
import { getUserRole } from '../features/profiles/profiles.service';
import type { AppEnv } from '../http/context';
import { forbidden, paymentRequired, unauthorized } from '../http/errors';
import { readSignedIn } from './signed-in';
import { TECHNICIAN_FORBIDDEN_MESSAGE, technicianMayCall } from './technician-access';

/**
 * Loads the session; answers 401 when there is none. Sets the business the user works in (their own, or for a
 * technician the business they belong to) and their role in it; every owner read and write is scoped to businessId.
 * The session, its user, the suspension and the membership are one query (readSignedIn, decision 925).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, db } = c.var.deps;
  const signedIn = await readSignedIn(auth, db, c.req.raw.headers);
  if (!signedIn) throw unauthorized();
  // Suspending deletes the sessions; this catches one created in the instant before the suspension committed
  // (decision 810).
  if (signedIn.suspended && (await endSuspendedSessions(db, signedIn.user.id)))
    throw unauthorized(ADMIN_USERS_TEXT.suspendedSignIn);
  c.set('user', signedIn.user);
  c.set('businessId', signedIn.businessId);
  c.set('memberRole', signedIn.memberRole);
  // A technician may call only the routes of their own jobs (decision 1160); every other route is the owner's.
  if (signedIn.memberRole === 'technician' && !technicianMayCall(c.req.method, c.req.path))
    throw forbidden(TECHNICIAN_FORBIDDEN_MESSAGE);
  // A signed-in answer is never kept by a browser or a shared cache (the back button on a shared computer, a proxy);
  // set before the route answers, so its answer is built with it (a route may set a stricter one of its own).
  c.header('Cache-Control', 'no-store');
  await next();
});

/** Admin endpoints check the role on the server (the spec's client does not). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const role = await getUserRole(c.var.deps.db, c.var.user.id);
  if (role !== 'admin') throw forbidden("You don't have permission to access the admin panel");
  await next();
});

export const OWNER_ONLY_MESSAGE =
  'Only the business owner can do this. Technicians can view bookings and customers and update booking status.';

/**
 * Writes that only the business's owner may make (services, prices, inventory settings, campaigns, loyalty rules,
 * plan, team, business profile): a technician gets 403.
 */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.memberRole !== 'owner') throw forbidden(OWNER_ONLY_MESSAGE);
  await next();
});

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `requireOwner` for every write of a router whose reads technicians may see (mount after requireUser). */
export const requireOwnerForWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!READ_METHODS.has(c.req.method) && c.var.memberRole !== 'owner') throw forbidden(OWNER_ONLY_MESSAGE);
  await next();
});

/**
 * A feature of a paid plan (src/shared/plan-features.ts): 402 with a clear message when the business's plan lacks it;
 * when the trial or subscription has lapsed, reads still work and writes answer 402 (docs/decisions/0802).
 */
export function requireFeature(feature: PlanFeature) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const plan = await loadPlan(c.var.deps.db, c.var.businessId);
    if (!planIncludes(plan.plan, feature)) throw paymentRequired(upgradeMessage(feature));
    if (!READ_METHODS.has(c.req.method) && subscriptionState(plan) === 'lapsed')
      throw paymentRequired(LAPSED_MESSAGE);
    await next();
  });
}
