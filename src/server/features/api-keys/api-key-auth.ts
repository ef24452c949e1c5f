import { createMiddleware } from 'hono/factory';
import { API_KEYS_TEXT } from '../../../shared/api-keys';
import { LAPSED_MESSAGE, planIncludes, upgradeMessage } from '../../../shared/plan-features';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/errors';
import { countInSharedWindow } from '../../http/rate-limits';
import { subscriptionState } from '../billing/plan-state';
import { findKeyHolder, touchApiKey } from './api-keys.service';

/** Jobber's figure for its public API: 2,500 requests per 5 minutes per app and account (issue 30). */
export const DEFAULT_API_RATE_LIMIT = { max: 2500, windowSeconds: 300 };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The public API's authentication (decision 1201): `Authorization: Bearer <key>`. A missing, malformed, unknown or
 * revoked key is 401; a business whose plan no longer includes the API is 402; every request of a key counts towards
 * its limit in PostgreSQL (so the limit holds across instances) and answers the RateLimit headers; a read-only key
 * writing is 403. The request then works in the key's business, as its owner would.
 */
export const requireApiKey = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.var.deps;
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) {
    c.header('WWW-Authenticate', 'Bearer realm="ShineRoute API"');
    throw new AppError(401, API_KEYS_TEXT.missing, 'missing_api_key');
  }
  const holder = await findKeyHolder(db, match[1]!);
  if (!holder) {
    c.header('WWW-Authenticate', 'Bearer realm="ShineRoute API", error="invalid_token"');
    throw new AppError(401, API_KEYS_TEXT.invalid, 'invalid_api_key');
  }

  const limit = c.var.deps.apiRateLimit ?? DEFAULT_API_RATE_LIMIT;
  const { count, resetSeconds } = await countInSharedWindow(
    db,
    `api-key:${holder.keyId}`,
    limit.windowSeconds,
  );
  // draft-ietf-httpapi-ratelimit-headers: the policy (quota q per window w seconds) and what is left of it now.
  c.header('RateLimit-Policy', `"per-key";q=${limit.max};w=${limit.windowSeconds}`);
  c.header('RateLimit', `"per-key";r=${Math.max(0, limit.max - count)};t=${resetSeconds}`);
  if (count > limit.max) {
    c.header('Retry-After', String(resetSeconds));
    throw new AppError(
      429,
      `This API key made more than ${limit.max} requests in ${limit.windowSeconds / 60} minutes. Try again in ${resetSeconds} seconds.`,
      'rate_limited',
    );
  }

  if (!planIncludes(holder.plan, 'api_access'))
    throw new AppError(402, upgradeMessage('api_access'), 'plan_required');
  const write = !READS.has(c.req.method);
  if (write && subscriptionState(holder) === 'lapsed')
    throw new AppError(402, LAPSED_MESSAGE, 'plan_required');
  if (write && !holder.scopes.includes('write'))
    throw new AppError(403, API_KEYS_TEXT.readOnly, 'insufficient_scope');

  await touchApiKey(db, holder.keyId);
  c.set('businessId', holder.businessId);
  c.set('memberRole', 'owner');
  c.header('Cache-Control', 'no-store');
  await next();
});
