import { sql } from 'drizzle-orm';
import { parseCalendarDate } from '../../../shared/time';
import type { Database } from '../../db/client';
import { zipCheckCounts } from './analytics.schema';

/**
 * Add the counts to the database after this many checks, or when the oldest uncounted check is this old. Under load
 * (thousands of checks a second) a write per 25 checks cost the zip check a fifth of its speed on PGlite, whose
 * queries share the server's thread (decision 920); the analytics read flushes first, so nothing shows late here.
 */
const FLUSH_EVERY = 1_000;
const FLUSH_AFTER_MS = 5_000;

/**
 * Counts zip checks in memory and adds them to zip_check_counts in one upsert per batch (docs/decisions/0830), so the
 * in-memory zip check (docs/decisions/0901) pays a write once per FLUSH_EVERY checks, not on each. No timers: a
 * batch is written by the check that fills it or finds it old, and by `flush()` before the analytics read it.
 */
export class ZipCheckCounter {
  private pending = new Map<string, number>();
  private size = 0;
  private oldestAt = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  private day = '';
  private dayEndsAt = 0;

  /** `now` in milliseconds since the epoch (no Date per check). */
  record(zip: string, available: boolean, now = Date.now()) {
    if (now >= this.dayEndsAt || now < this.dayEndsAt - 86_400_000) {
      this.day = new Date(now).toISOString().slice(0, 10);
      this.dayEndsAt = parseCalendarDate(this.day).getTime() + 86_400_000;
    }
    const key = `${this.day}|${zip}|${available ? 1 : 0}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (this.size++ === 0) this.oldestAt = now;
    if (this.size >= FLUSH_EVERY || now - this.oldestAt >= FLUSH_AFTER_MS) {
      // The check's answer does not wait for the count; a failed write keeps the counts for the next batch.
      void this.flush().catch((err) => console.warn('Could not record zip checks', err));
    }
  }

  /** Writes what is counted so far (one at a time, so two batches never race on the same rows). */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      this.size = 0;
      const rows = [...batch].map(([key, count]) => {
        const [day, zipCode, available] = key.split('|') as [string, string, string];
        return { day, zipCode, available: available === '1', count };
      });
      try {
        await this.db
          .insert(zipCheckCounts)
          .values(rows)
          .onConflictDoUpdate({
            target: [zipCheckCounts.day, zipCheckCounts.zipCode, zipCheckCounts.available],
            set: { count: sql`${zipCheckCounts.count} + excluded.count` },
          });
      } catch (err) {
        for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
        this.size += rows.reduce((s, r) => s + r.count, 0);
        throw err;
      }
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }
}

const counters = new WeakMap<Database, ZipCheckCounter>();

/** This database's zip check counter, created on first use. */
export function zipCheckCounterOf(db: Database) {
  let counter = counters.get(db);
  if (!counter) {
    counter = new ZipCheckCounter(db);
    counters.set(db, counter);
  }
  return counter;
}
