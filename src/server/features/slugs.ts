import type { DbOrTx, Transaction } from '../db/client';
import { isUniqueViolation } from '../http/ids';

/** base, base-2, base-3, … (§5: a slug that exists gets a numeric suffix rather than an error). */
export const slugCandidate = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

const BATCH = 20;

/**
 * The one slug-uniqueness routine (issue 13): the unique index decides, never a read before the write.
 * `write(tx, slug)` inserts or updates the row under `slug` and returns the result, or `undefined` (an
 * `on conflict do nothing` that wrote nothing) / a unique violation of `constraint` when another row holds the slug;
 * then the next suffix is tried. Each try is a savepoint, so a taken slug does not abort the caller's transaction.
 * `taken(candidates)` may name slugs known to be used, to skip them in one query (a hint: a racing writer can still
 * take a slug after it, and the index then answers).
 */
export async function writeWithUniqueSlug<T>(
  db: DbOrTx,
  base: string,
  opts: {
    constraint: string;
    write: (tx: Transaction, slug: string) => Promise<T | undefined>;
    taken?: (candidates: string[]) => Promise<string[]>;
    maxTries?: number;
  },
): Promise<{ slug: string; result: T }> {
  const maxTries = opts.maxTries ?? 10_000;
  for (let from = 1; from <= maxTries; from += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => slugCandidate(base, from + i));
    const skip = new Set(opts.taken ? await opts.taken(candidates) : []);
    for (const slug of candidates) {
      if (skip.has(slug)) continue;
      try {
        const result = await db.transaction((tx) => opts.write(tx, slug));
        if (result !== undefined) return { slug, result };
      } catch (err) {
        if (!(isUniqueViolation(err) && constraintOf(err) === opts.constraint)) throw err;
      }
    }
  }
  throw new Error(`No free slug for ${base}`);
}

/** The constraint a PostgreSQL error names (node-postgres and PGlite), possibly wrapped by Drizzle (`cause`). */
function constraintOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
