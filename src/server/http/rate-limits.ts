import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client';
import type { AppEnv } from './context';

/**
 * Per-address limits on the anonymous routes that write or cost (docs/decisions/0404). Counts live in the database's
 * rate_limit table, like better-auth's sign-in limits, so they hold across instances. Fixed windows.
 * `batch` 1: every request adds itself to the database and waits for the shared count (strict; for the rare writes).
 * `batch` > 1 (the zip check, answered from memory): the instance counts in memory and answers at once. Once an
 * address has made `batch` requests here in a window, its counts are shared: written with every other such address's
 * in one statement (at most one in flight, started by a request a second after the last, never awaited by it), which
 * answers the shared counts. One instance alone holds the limit exactly; N instances let an address through at most
 * `batch` - 1 per other instance plus what the others admitted since their last write (docs/decisions/0921).
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
  // The same waitlist from an SEO page's form (decision 0950).
  { method: 'POST', path: '/seo/:slug/waitlist', max: 20, windowSeconds: 3600, batch: 1 },
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
  /** Requests counted here and not yet written. */
  pending: number;
  /** Requests being written now. */
  writing: number;
  /** The shared count as of this instance's last write (its own written requests included). */
  known: number;
}

/** How often, at most, a batched limiter writes its counts, and how many addresses one statement takes at most. */
export const LIMIT_WRITE_EVERY_MS = 1_000;
const WRITE_AT_MOST = 500;

export interface Limiter {
  /** Counts one request of the address; answers the seconds to wait when it is over the limit. */
  hit(address: string, now?: number): Promise<number | null>;
  /**
   * A batched limiter's `hit` without a promise (it answers from memory); absent on `batch: 1` limits, which wait
   * for the database. The zip check's fast path calls it (decision 923).
   */
  hitNow?(address: string, now?: number): number | null;
  /** Writes what is counted and not yet written (a batched limiter does it by itself; tests call it). */
  flush(): Promise<void>;
}

export interface LimiterOptions {
  /**
   * This process alone uses the database (embedded PGlite): a batched limit has no other instance to share its counts
   * with, so it counts in memory only and never writes them (docs/decisions/0926).
   */
  exclusiveDatabase?: boolean;
}

export function createLimiter(
  db: Database,
  limit: Limit,
  { exclusiveDatabase = false }: LimiterOptions = {},
): Limiter {
  const windowMs = limit.windowSeconds * 1000;
  // By address: this limiter's own, so the shared row's key (keyOf) is only built when it is written.
  const locals = new Map<string, Local>();
  const prefix = `${limit.method} ${limit.path}:`;
  const keyOf = (address: string) => prefix + address;

  /** Adds the counts to the shared rows (one statement for every key) and answers the shared counts. */
  async function write(rows: { key: string; n: number; windowStart: number }[]) {
    const result = await db.execute(sql`
      insert into rate_limit (id, key, count, last_request)
      select gen_random_uuid()::text, r.key, r.n, r.window_start
      from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ key: r.key, n: r.n, window_start: r.windowStart })))}::jsonb)
        as r(key text, n int, window_start bigint)
      on conflict (key) do update set
        count = case when rate_limit.last_request = excluded.last_request then rate_limit.count + excluded.count else excluded.count end,
        last_request = excluded.last_request
      returning key, count, last_request`);
    return (result as unknown as { rows: { key: string; count: number; last_request: number | string }[] })
      .rows;
  }

  function forget(windowStart: number) {
    if (locals.size > 50_000)
      for (const [k, v] of locals) if (v.windowStart !== windowStart) locals.delete(k);
  }

  function localOf(address: string, windowStart: number) {
    let local = locals.get(address);
    if (!local || local.windowStart !== windowStart) {
      forget(windowStart);
      local = { windowStart, pending: 0, writing: 0, known: 0 };
      locals.set(address, local);
    }
    return local;
  }

  const answer = (local: Local, windowStart: number, now: number) =>
    local.known + local.writing + local.pending <= limit.max
      ? null
      : Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

  if (limit.batch <= 1) {
    return {
      async hit(address, now = Date.now()) {
        const windowStart = now - (now % windowMs);
        const local = localOf(address, windowStart);
        const [row] = await write([{ key: keyOf(address), n: 1, windowStart }]);
        local.known = Number(row?.count ?? 1);
        return answer(local, windowStart, now);
      },
      flush: async () => {},
    };
  }

  let writing: Promise<void> | null = null;
  let lastWrite = 0;
  const dirty = new Set<string>();

  function flush(): Promise<void> {
    if (writing) return writing.then(() => (dirty.size ? flush() : undefined));
    const rows: { key: string; address: string; n: number; windowStart: number; local: Local }[] = [];
    for (const address of dirty) {
      if (rows.length >= WRITE_AT_MOST) break;
      dirty.delete(address);
      const local = locals.get(address);
      // An address that made fewer than `batch` requests here in this window is counted here only.
      if (local && local.pending > 0 && local.known + local.writing + local.pending >= limit.batch) {
        rows.push({ key: keyOf(address), address, n: local.pending, windowStart: local.windowStart, local });
      }
    }
    // Nothing to share yet: the next look is a second away (or when an address reaches `batch`), not on the next
    // request.
    lastWrite = Date.now();
    if (rows.length === 0) return Promise.resolve();
    for (const r of rows) {
      r.local.pending -= r.n;
      r.local.writing += r.n;
    }
    writing = write(rows)
      .then((shared) => {
        const counts = new Map(shared.map((s) => [s.key, Number(s.count)]));
        for (const r of rows) {
          r.local.writing -= r.n;
          r.local.known = counts.get(r.key) ?? r.local.known + r.n;
        }
      })
      .catch((err) => {
        // Not written: counted again with the next write.
        for (const r of rows) {
          r.local.writing -= r.n;
          r.local.pending += r.n;
          dirty.add(r.address);
        }
        console.warn('Could not write rate limit counts', err);
      })
      .finally(() => {
        writing = null;
      });
    return writing;
  }

  function hitNow(address: string, now = Date.now()) {
    const windowStart = now - (now % windowMs);
    const local = localOf(address, windowStart);
    local.pending++;
    if (exclusiveDatabase) return answer(local, windowStart, now);
    dirty.add(address);
    if (!writing && (local.pending >= limit.batch || now - lastWrite >= LIMIT_WRITE_EVERY_MS)) void flush();
    return answer(local, windowStart, now);
  }

  return {
    hit: async (address, now) => hitNow(address, now),
    hitNow,
    flush,
  };
}

const limiters = new WeakMap<Database, Map<Limit, Limiter>>();

/** The database's limiter for this limit, created on first use: the app's middleware and a fast path share it. */
export function limiterOf(db: Database, limit: Limit, options?: LimiterOptions): Limiter {
  let byLimit = limiters.get(db);
  if (!byLimit) {
    byLimit = new Map();
    limiters.set(db, byLimit);
  }
  let limiter = byLimit.get(limit);
  if (!limiter) {
    limiter = createLimiter(db, limit, options);
    byLimit.set(limit, limiter);
  }
  return limiter;
}

/** The zip check's limit (the one batched limit). */
export const ZIP_CHECK_LIMIT = PUBLIC_LIMITS.find((l) => l.path === '/api/public/availability')!;

/** The 429's message for an address that must wait `wait` seconds. */
export function tooManyRequestsMessage(wait: number) {
  const minutes = Math.ceil(wait / 60);
  return `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Puts the limits in front of their routes: 429 with Retry-After once an address is over. */
export function mountRateLimits(
  app: Hono<AppEnv>,
  db: Database,
  options?: LimiterOptions,
  limits: Limit[] = PUBLIC_LIMITS,
) {
  for (const limit of limits) {
    const limiter = limiterOf(db, limit, options);
    app.on(
      limit.method,
      limit.path,
      createMiddleware<AppEnv>(async (c, next) => {
        // c.get, not c.var: c.var builds an object of every variable on each read (this runs on every zip check).
        const wait = await limiter.hit(c.get('clientIp') ?? 'unknown');
        if (wait === null) return next();
        c.header('Retry-After', String(wait));
        return c.json({ error: { message: tooManyRequestsMessage(wait) } }, 429);
      }),
    );
  }
}

/**
 * Counts one request under `key` in the shared rate_limit table (a fixed window, like a `batch: 1` limit) and answers
 * the window's count with the seconds left in it: the public API's per-key limits (decision 1201) show both in their
 * RateLimit headers.
 */
export async function countInSharedWindow(
  db: Database,
  key: string,
  windowSeconds: number,
  now = Date.now(),
) {
  const windowMs = windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request)
    values (gen_random_uuid()::text, ${key}, 1, ${windowStart})
    on conflict (key) do update set
      count = case when rate_limit.last_request = excluded.last_request then rate_limit.count + 1 else 1 end,
      last_request = excluded.last_request
    returning count`);
  const [row] = (result as unknown as { rows: { count: number | string }[] }).rows;
  return {
    count: Number(row?.count ?? 1),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/**
 * Guessing limits for secret addresses that must stay open to every honest caller (calendar feeds, polled by Google
 * and Apple from a few shared addresses): only misses count, per client address, in the shared rate_limit table.
 * Once an address has missed `max` times in the window, `blocked` holds until the window ends, for right tokens too,
 * so a guesser cannot learn from the answers (decision 1220).
 */
export function guessLimit(db: Database, name: string, max: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const keyOf = (address: string) => `miss ${name}:${address}`;
  return {
    /** Seconds to wait when the address is over, else null. */
    async blocked(address: string, now = Date.now()): Promise<number | null> {
      const windowStart = now - (now % windowMs);
      const result = await db.execute(
        sql`select count from rate_limit where key = ${keyOf(address)} and last_request = ${windowStart}`,
      );
      const [row] = (result as unknown as { rows: { count: number | string }[] }).rows;
      return Number(row?.count ?? 0) >= max
        ? Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
        : null;
    },
    async miss(address: string, now = Date.now()) {
      await countInSharedWindow(db, keyOf(address), windowSeconds, now);
    },
  };
}
