import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { SendStatus } from '../../../shared/campaigns';
import type { DbOrTx } from '../../db/client';
import { messageSends } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { createOutboxSmsSender, ProviderError, type SmsSender } from '../../providers/sms/sms-sender';
import { withCustomerOrigins } from '../branding/custom-domain.service';
import { blockedPhones } from './consent.service';
import { marketingHeaders } from './marketing-email';

type DeliveryDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'
>;

/** A claimed message whose worker has been silent this long is given up (decision 601: never sent twice). */
export const CLAIM_LEASE_MS = 10 * 60_000;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000];

const outboxSms = new WeakMap<object, SmsSender>();
export function smsOf(deps: Pick<AppDeps, 'db' | 'sms'>): SmsSender {
  if (deps.sms) return deps.sms;
  let sender = outboxSms.get(deps.db);
  if (!sender) {
    sender = createOutboxSmsSender(deps.db);
    outboxSms.set(deps.db, sender);
  }
  return sender;
}

/** Whether trying again later may succeed: 429/5xx from an API, 4xx (transient) from SMTP, a dropped connection. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof ProviderError) return err.retryable;
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return (
    typeof e?.code === 'string' &&
    ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS'].includes(e.code)
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function channelOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ channel: messageSends.channel })
    .from(messageSends)
    .where(eq(messageSends.id, id));
  return row?.channel ?? null;
}

/** The stored transport (no provider: the message is written to the outbox table) for this channel. */
function storedTransport(deps: DeliveryDeps, channel: 'email' | 'sms' | null) {
  if (channel === 'email') return deps.mailer.transport === 'outbox';
  if (channel === 'sms') return smsOf(deps).transport === 'outbox';
  return false;
}

type SendRow = typeof messageSends.$inferSelect;

/** Claims a due pending row (pending → sending): one winner across workers and instances. */
async function claim(db: DbOrTx, id: string): Promise<SendRow | null> {
  const [row] = await db
    .update(messageSends)
    .set({ status: 'sending', claimedAt: new Date(), attempts: sql`${messageSends.attempts} + 1` })
    .where(
      and(
        eq(messageSends.id, id),
        eq(messageSends.status, 'pending'),
        lte(messageSends.notBefore, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** A text to a number that replied STOP is recorded failed, never sent (for every kind of SMS). */
async function refusedByStop(db: DbOrTx, row: SendRow) {
  if (row.channel !== 'sms' || !(await blockedPhones(db, [row.to])).has(row.to)) return false;
  await db
    .update(messageSends)
    .set({ status: 'failed', error: 'The number replied STOP' })
    .where(eq(messageSends.id, row.id));
  return true;
}

/**
 * Hands the row to its channel's provider; `db` makes the stored transport write within that transaction. The row
 * was written with its customer links on the business's custom domain (decision 1346); they are checked again at
 * sending (decision 1341): a domain switched off since then gets the platform's address, a row written before the
 * domain was served gets the domain.
 */
async function send(deps: DeliveryDeps, written: SendRow, opts?: { db: DbOrTx }) {
  const [row] = await withCustomerOrigins(opts?.db ?? deps.db, deps.publicUrl, [written]);
  if (!row) throw new Error('No message to send');
  return row.channel === 'email'
    ? deps.mailer.send(
        {
          to: row.to,
          subject: row.subject ?? '',
          text: row.body,
          html: row.html ?? undefined,
          headers: row.marketing ? marketingHeaders(deps, row.id) : undefined,
        },
        opts,
      )
    : smsOf(deps).send({ to: row.to, body: row.body }, opts);
}

/**
 * Delivery through the stored transport: claim, record and mark sent in one transaction, so a process killed
 * anywhere in it leaves the row pending for the next worker, and a commit is exactly one stored message (decision
 * 1263).
 */
async function deliverStored(deps: DeliveryDeps, id: string): Promise<SendStatus | null> {
  return deps.db.transaction(async (tx) => {
    const row = await claim(tx, id);
    if (!row) return null;
    if (await refusedByStop(tx, row)) return 'failed';
    const result = await send(deps, row, { db: tx });
    await tx
      .update(messageSends)
      .set({ status: 'sent', sentAt: new Date(), providerId: result?.providerId ?? null, error: null })
      .where(eq(messageSends.id, id));
    return 'sent';
  });
}

/**
 * Delivers one send row: claims it (pending → sending, one winner across workers and instances), calls the provider,
 * retries provider errors that may pass, and records sent or failed. Null when the row was not due or not ours.
 */
export async function deliverSend(deps: DeliveryDeps, id: string): Promise<SendStatus | null> {
  const { db } = deps;
  if (storedTransport(deps, await channelOf(db, id))) return deliverStored(deps, id);
  const row = await claim(db, id);
  if (!row) return null;
  if (await refusedByStop(db, row)) return 'failed';
  const delays = deps.messageRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let extraAttempts = 0;
  for (;;) {
    try {
      const result = await send(deps, row);
      await db
        .update(messageSends)
        .set({
          status: 'sent',
          sentAt: new Date(),
          providerId: result?.providerId ?? null,
          error: null,
          attempts: row.attempts + extraAttempts,
        })
        .where(eq(messageSends.id, id));
      return 'sent';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!isRetryable(err) || extraAttempts >= delays.length) {
        await db
          .update(messageSends)
          .set({ status: 'failed', error: message.slice(0, 500), attempts: row.attempts + extraAttempts })
          .where(eq(messageSends.id, id));
        return 'failed';
      }
      await sleep(delays[extraAttempts]!);
      extraAttempts++;
      // Still alive: keep the claim fresh so no one gives this message up while we retry.
      await db
        .update(messageSends)
        .set({ claimedAt: new Date(), error: message.slice(0, 500) })
        .where(eq(messageSends.id, id));
    }
  }
}

/**
 * Messages claimed by a worker that died (crash, restart) before recording the outcome: the provider may or may not
 * have them, so they are counted failed rather than sent again (decision 601).
 */
export async function giveUpStaleClaims(
  db: DbOrTx,
  scope: ReturnType<typeof eq> | undefined,
  now = new Date(),
) {
  await db
    .update(messageSends)
    .set({ status: 'failed', error: 'Delivery was interrupted; not retried so that no one gets it twice' })
    .where(
      and(
        scope,
        eq(messageSends.status, 'sending'),
        lt(messageSends.claimedAt, new Date(now.getTime() - CLAIM_LEASE_MS)),
      ),
    );
}
