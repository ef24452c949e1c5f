import { createMiddleware } from 'hono/factory';
import type { PlanFeature } from '../../shared/plan-features';
import type { AppEnv } from '../http/context';
import { forbidden, unauthorized } from '../http/errors';
import { getUserRole } from '../features/profiles/profiles.service';

/** Loads the session; answers 401 when there is none. Every owner read and write is scoped to businessId. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const { auth } = c.var.deps;
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) throw unauthorized();
  const u = result.user as typeof result.user & { firstName?: string; lastName?: string };
  c.set('user', {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
  });
  c.set('businessId', u.id);
  await next();
});

/** Admin endpoints check the role on the server (the spec's client does not). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const role = await getUserRole(c.var.deps.db, c.var.user.id);
  if (role !== 'admin') throw forbidden("You don't have permission to access the admin panel");
  await next();
});

/**
 * Writes that only the business's owner may make (services, prices, inventory settings, campaigns, loyalty rules,
 * plan, team, business profile): a technician gets 403. Put it on every such route; the teams work (issue 12)
 * gives it its check, so no route has to change then.
 */
export const requireOwner = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

/**
 * A feature of a paid plan (src/shared/plan-features.ts): 402 with a clear message when the business's plan lacks it.
 * Put it on every route of a gated feature; the plans work (issue 12) gives it its check.
 */
export function requireFeature(_feature: PlanFeature) {
  return createMiddleware<AppEnv>(async (_c, next) => {
    await next();
  });
}
