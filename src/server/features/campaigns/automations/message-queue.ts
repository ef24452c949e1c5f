import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FieldMessageKind } from '../../../../shared/field';
import type { MessageKind } from '../../../../shared/messaging';
import { toE164 } from '../../../../shared/sms';
import type { DbOrTx } from '../../../db/client';
import { messageSends } from '../../../db/schema';
import { withOptOut } from '../../../emails/sms';
import type { AppDeps } from '../../../http/context';
import { withCustomerOrigins } from '../../branding/custom-domain.service';
import { blockedPhones } from '../consent.service';
import { deliverSend, giveUpStaleClaims } from '../message-delivery';

// Automated messages (decisions 610–613): reminders, review requests, win-back and transactional messages, each a
// message_sends row with a unique dedupe key, delivered by the same claim-then-send path as campaigns.

export type AutomationDeps = Pick<
  AppDeps,
  'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'
>;

export interface MessageRow {
  businessId: string;
  bookingId?: string | null;
  customerId?: string | null;
  kind: MessageKind | FieldMessageKind;
  marketing?: boolean;
  dedupeKey: string;
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  notBefore?: Date;
  id?: string;
}

/**
 * Writes message rows; a row whose dedupe key exists already is not written again (exactly once). Links to the
 * business's customer pages are written on its custom domain while that domain is served (decision 1346): the row
 * holds what the customer receives, and the owner's Outbox shows it.
 */
export async function queueMessages(db: DbOrTx, publicUrl: string, rows: MessageRow[]) {
  if (rows.length === 0) return [];
  const onOrigin = await withCustomerOrigins(db, publicUrl, rows);
  const written = await db
    .insert(messageSends)
    .values(
      onOrigin.map((r) => ({
        id: r.id ?? randomUUID(),
        businessId: r.businessId,
        bookingId: r.bookingId ?? null,
        customerId: r.customerId ?? null,
        kind: r.kind,
        marketing: r.marketing ?? false,
        dedupeKey: r.dedupeKey,
        channel: r.channel,
        to: r.to,
        subject: r.subject ?? null,
        body: r.body,
        html: r.html ?? null,
        notBefore: r.notBefore ?? new Date(),
      })),
    )
    .onConflictDoNothing({ target: messageSends.dedupeKey })
    .returning({ id: messageSends.id });
  return written.map((w) => w.id);
}

/**
 * A transactional email written in the caller's transaction (the transactional outbox, decisions 1263, 1290): it
 * exists exactly when the write that implies it commits. Deliver the returned ids after the commit with
 * `deliverQueued`; a process killed in between leaves the row pending for the next automations tick.
 */
export function queueTransactionalEmail(
  tx: DbOrTx,
  publicUrl: string,
  row: Omit<MessageRow, 'marketing' | 'channel'> & { subject: string },
) {
  return queueMessages(tx, publicUrl, [{ ...row, channel: 'email', marketing: false }]);
}

/**
 * Delivers rows written in a transaction, after its commit: a failure is logged on the row and never undoes the
 * write; a row still pending (a crash, an outage) goes with the next automations tick.
 */
export async function deliverQueued(deps: AutomationDeps, ids: string[]) {
  for (const id of ids)
    await deliverSend(deps, id).catch((err) => console.warn('Could not deliver a queued message', err));
}

/**
 * A transactional text in the caller's transaction, as queueTransactionalEmail: written only to a valid mobile number
 * that has not texted STOP (read in the transaction; deliverSend checks STOP again), with the opt-out line. Returns
 * the ids to deliver after the commit (none when the number is skipped).
 */
export async function queueTransactionalSms(
  tx: DbOrTx,
  publicUrl: string,
  row: Omit<MessageRow, 'marketing' | 'channel' | 'to' | 'subject' | 'html'> & {
    phone: string | null | undefined;
  },
) {
  const to = toE164(row.phone);
  if (!to || (await blockedPhones(tx, [to])).has(to)) return [];
  const { phone: _phone, ...rest } = row;
  return queueMessages(tx, publicUrl, [
    { ...rest, channel: 'sms', to, body: withOptOut(row.body), marketing: false },
  ]);
}

/** Due automated rows (not campaigns: their job delivers them), oldest first; stale claims are given up first. */
export async function deliverDueMessages(
  deps: AutomationDeps,
  now = new Date(),
  limit = 500,
  sliceMs = Number.POSITIVE_INFINITY,
) {
  const sliceEnds = Date.now() + sliceMs;
  await giveUpStaleClaims(deps.db, isNull(messageSends.campaignId), now);
  const due = await deps.db
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(
      and(
        isNull(messageSends.campaignId),
        eq(messageSends.status, 'pending'),
        lte(messageSends.notBefore, new Date()),
      ),
    )
    .orderBy(asc(messageSends.notBefore), asc(messageSends.id))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) {
    // The rest waits for the next tick (the tick stays inside its expiry).
    if (Date.now() > sliceEnds) break;
    if ((await deliverSend(deps, id)) === 'sent') sent++;
  }
  return sent;
}
