import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client';
import type { AppEnv } from './context';

/**
 * Per-address limits on the anonymous routes that write or cost (docs/decisions/404). Counts live in the database's
 * rate_limit table, like better-auth's sign-in limits, so they hold across instances. Fixed windows.
 * `batch`: an instance adds its count to the database every `batch` requests of an address instead of on each one,
 * so a cheap route (the zip check, answered from memory) pays one round trip per `batch` requests; an address can
 * then exceed the limit by up to `batch - 1` per instance.
 */
export interface Limit {
  method: 'GET' | 'POST';
  path: string;
  max: number;
  windowSeconds: number;
  batch: number;
}

export const PUBLIC_LIMITS: Limit[] = [
  // Generous for people (an office behind one address, the e2e suite from 127.0.0.1), far below a flood (700/min).
  { method: 'GET', path: '/api/public/availability', max: 300, windowSeconds: 60, batch: 10 },
  { method: 'POST', path: '/api/public/waitlist', max: 20, windowSeconds: 3600, batch: 1 },
  { method: 'POST', path: '/api/public/contact', max: 10, windowSeconds: 3600, batch: 1 },
  { method: 'POST', path: '/api/booking/create-payment', max: 100, windowSeconds: 3600, batch: 1 },
  // The promo check answers whether a code exists: limited so codes cannot be guessed in bulk (decision 710).
  { method: 'POST', path: '/api/public/promo-codes/check', max: 60, windowSeconds: 600, batch: 1 },
  // One-time codes for spending points (decision 710): each send is an email; each code also dies after 5 tries.
  { method: 'POST', path: '/api/public/loyalty/send-code', max: 10, windowSeconds: 3600, batch: 1 },
  { method: 'POST', path: '/api/public/loyalty/verify-code', max: 30, windowSeconds: 3600, batch: 1 },
  { method: 'POST', path: '/pay/:token/loyalty/send', max: 10, windowSeconds: 3600, batch: 1 },
  { method: 'POST', path: '/pay/:token/loyalty/verify', max: 30, windowSeconds: 3600, batch: 1 },
];

interface Local {
  windowStart: number;
  pending: number;
  known: number;
}

export function createLimiter(db: Database, limit: Limit) {
  const windowMs = limit.windowSeconds * 1000;
  const locals = new Map<string, Local>();

  async function flush(key: string, windowStart: number, n: number): Promise<number> {
    const result = await db.execute(sql`
      insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, ${n}, ${windowStart})
      on conflict (key) do update set
        count = case when rate_limit.last_request = ${windowStart} then rate_limit.count + ${n} else ${n} end,
        last_request = ${windowStart}
      returning count`);
    return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? n);
  }

  /** Counts one request of the address; answers the seconds to wait when it is over the limit. */
  return async function hit(address: string, now = Date.now()): Promise<number | null> {
    const windowStart = now - (now % windowMs);
    const key = `${limit.method} ${limit.path}:${address}`;
    let local = locals.get(key);
    if (!local || local.windowStart !== windowStart) {
      if (locals.size > 50_000) for (const [k, v] of locals) if (v.windowStart !== windowStart) locals.delete(k);
      local = { windowStart, pending: 0, known: 0 };
      locals.set(key, local);
    }
    local.pending++;
    if (local.pending >= limit.batch) {
      const n = local.pending;
      local.pending = 0;
      local.known = await flush(key, windowStart, n);
    }
    if (local.known + local.pending <= limit.max) return null;
    return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  };
}

/** Puts the limits in front of their routes: 429 with Retry-After once an address is over. */
export function mountRateLimits(app: Hono<AppEnv>, db: Database, limits: Limit[] = PUBLIC_LIMITS) {
  for (const limit of limits) {
    const hit = createLimiter(db, limit);
    app.on(
      limit.method,
      limit.path,
      createMiddleware<AppEnv>(async (c, next) => {
        const wait = await hit(c.var.clientIp ?? 'unknown');
        if (wait === null) return next();
        c.header('Retry-After', String(wait));
        const minutes = Math.ceil(wait / 60);
        return c.json(
          { error: { message: `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` } },
          429,
        );
      }),
    );
  }
}
