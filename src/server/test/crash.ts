import { and, eq, like } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '../db/client';
import { messageSends, outboxMessages } from '../db/schema';
import type { AppDeps } from '../http/context';

// A process killed at a write's commit, for the tests that prove a message is written with its write (decisions 1331,
// 1356): the database's transaction function is wrapped so that a chosen transaction's commit is followed by a throw
// (nothing after the commit runs, as after a SIGKILL), or so that a transaction fails at its end after everything in
// it ran. The tick that delivers what a crash left, and the rows and deliveries to look at, are here too.

export class Killed extends Error {}

type Transaction = Database['transaction'];

/** Runs `write`, expecting it to fail with Killed; the 500 it answers with is logged, and only that. */
export async function expectKilled(write: () => Promise<unknown>) {
  const logged: unknown[][] = [];
  const spy = vi.spyOn(console, 'error');
  const previous = spy.getMockImplementation();
  spy.mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
  try {
    await write().catch((err) => {
      if (!(err instanceof Killed)) throw err;
    });
  } finally {
    if (previous) spy.mockImplementation(previous);
  }
  expect(logged.every((args) => args.some((a) => a instanceof Killed))).toBe(true);
}

export function crashes(db: Database) {
  /**
   * Runs `write` with the commit of its `nth` transaction (1 = the first it opens, the default) followed by a SIGKILL:
   * nothing after that commit runs.
   */
  async function dieAfterCommit(write: () => Promise<unknown>, nth = 1) {
    const original: Transaction = db.transaction.bind(db);
    let left = nth;
    db.transaction = (async (...args: Parameters<Transaction>) => {
      const result = await original(...args);
      if (left <= 0) return result;
      left--;
      if (left > 0) return result;
      throw new Killed('SIGKILL after the commit');
    }) as Transaction;
    try {
      await expectKilled(write);
    } finally {
      db.transaction = original;
    }
    expect(left).toBe(0);
  }

  /**
   * Runs `write` with its `nth` transaction (1 = the first it opens, the default) failing at its end, after everything
   * in it (the queue call too) ran: what it wrote is rolled back and nothing after it runs.
   */
  async function failAtTheEnd(write: () => Promise<unknown>, nth = 1) {
    const original: Transaction = db.transaction.bind(db);
    let left = nth;
    db.transaction = (async (fn: Parameters<Transaction>[0], config?: Parameters<Transaction>[1]) =>
      original(async (tx) => {
        const result = await fn(tx);
        if (left > 0 && --left === 0) throw new Killed('the write failed');
        return result;
      }, config)) as Transaction;
    try {
      await expectKilled(write);
    } finally {
      db.transaction = original;
    }
    expect(left).toBe(0);
  }

  return { dieAfterCommit, failAtTheEnd };
}

/** A business's message rows of one kind (optionally those whose dedupe key holds `key`). */
export const messageRows = (db: Database, businessId: string, kind: string, key?: string) =>
  db
    .select()
    .from(messageSends)
    .where(
      and(
        eq(messageSends.businessId, businessId),
        eq(messageSends.kind, kind),
        key ? like(messageSends.dedupeKey, `%${key}%`) : undefined,
      ),
    );

/** What reached an address (the test mailer's and SMS provider's outbox). */
export const deliveredTo = (db: Database, to: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

/** The automations tick, twice (as on any instance after a crash): the second finds nothing left (exactly once). */
export async function sweep(deps: AppDeps) {
  // Imported here: a test file imports this helper before the harness, which must load the app first.
  const { deliverDueMessages } = await import('../features/campaigns/automations/message-queue');
  await deliverDueMessages(deps);
  await deliverDueMessages(deps);
}
