import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_TEXT,
  type WebhookDeliveryStatus,
  type WebhookEndpointValues,
  type WebhookEventType,
} from '../../../shared/webhooks';
import type { Database, DbOrTx } from '../../db/client';
import { profiles, user, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf } from '../../http/lists';
import { checkOutboundUrl, OutboundRefused, postOutbound } from '../../http/outbound';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';

// Outgoing webhooks (decision 1202): an event is written once with one delivery row per subscribed endpoint (unique
// per endpoint and event), each delivery sent by a queued job that first claims its row, signed by the Standard
// Webhooks scheme, retried with growing delays over about a day, after which the endpoint is disabled and the owner
// told by email.

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/** Seconds to wait after each failed attempt: 8 attempts over about 23.6 hours. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 28_800, 28_800];
/** How long a worker holds a claimed delivery (longer than a request may take). */
const CLAIM_SECONDS = 60;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an endpoint's answer is read and kept. */
export const WEBHOOK_MAX_ANSWER_BYTES = 2048;

type Deps = Pick<AppDeps, 'jobs' | 'outboundAllowPrivate' | 'webhookRetryDelaysSeconds'> & AutomationDeps;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** How long deliveries carry the old secret's signature beside the new one's after a rotation (decision 1286). */
export const WEBHOOK_ROTATION_WINDOW_MS = 24 * 3600 * 1000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
// The secret is shown whole once, when it is made (create, rotate); lists show its start, to tell which one it is.
const toEndpoint = (e: EndpointRow, now = new Date()) => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEventType[],
  secretHint: `${e.secret.slice(0, 10)}…`,
  rotationEndsAt:
    e.previousSecret && e.previousSecretUntil && e.previousSecretUntil > now
      ? e.previousSecretUntil.toISOString()
      : null,
  disabledAt: e.disabledAt?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
});
const withSecret = (e: EndpointRow, now = new Date()) => ({ ...toEndpoint(e, now), secret: e.secret });

/**
 * The `webhook-signature` header: the current secret's signature, and during a rotation window the previous
 * secret's too, space-separated as Standard Webhooks has it, so a receiver still on the old secret keeps verifying.
 */
export function webhookSignature(
  endpoint: Pick<EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  eventId: string,
  at: Date,
  body: string,
) {
  const signatures = [new Webhook(endpoint.secret).sign(eventId, at, body)];
  if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at)
    signatures.push(new Webhook(endpoint.previousSecret).sign(eventId, at, body));
  return signatures.join(' ');
}

export async function listEndpoints(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((row) => toEndpoint(row));
}

function checkedUrl(url: string, allowPrivate: boolean) {
  try {
    return checkOutboundUrl(url, allowPrivate).toString();
  } catch (err) {
    if (err instanceof OutboundRefused) throw invalid(err.message);
    throw err;
  }
}

export async function createEndpoint(
  deps: Pick<Deps, 'db' | 'outboundAllowPrivate'>,
  businessId: string,
  values: WebhookEndpointValues,
) {
  const url = checkedUrl(values.url, deps.outboundAllowPrivate ?? false);
  const [row] = await deps.db
    .insert(webhookEndpoints)
    .values({ businessId, url, events: values.events, secret: newSecret() })
    .returning();
  return withSecret(row!);
}

/**
 * A new signing secret, shown once. Deliveries carry both signatures until the window ends, then only the new one's;
 * a second rotation within the window drops the oldest secret at once (only the last two sign).
 */
export async function rotateEndpointSecret(db: DbOrTx, businessId: string, id: string, now = new Date()) {
  const current = await findOwnEndpoint(db, businessId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secret: newSecret(),
      previousSecret: current.secret,
      previousSecretUntil: new Date(now.getTime() + WEBHOOK_ROTATION_WINDOW_MS),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)))
    .returning();
  return withSecret(row!, now);
}

async function findOwnEndpoint(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, WEBHOOKS_TEXT.notFound);
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)));
  if (!row) throw notFound(WEBHOOKS_TEXT.notFound);
  return row;
}

export async function deleteEndpoint(db: DbOrTx, businessId: string, id: string) {
  await findOwnEndpoint(db, businessId, id);
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)));
}

/** Switches a disabled endpoint on again (events from now on; missed ones can be resent from the log). */
export async function enableEndpoint(db: DbOrTx, businessId: string, id: string) {
  await findOwnEndpoint(db, businessId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toEndpoint(row!);
}

const DELIVERY_ORDER = [
  { column: webhookDeliveries.createdAt, kind: 'timestamp' as const },
  { column: webhookDeliveries.id, kind: 'uuid' as const },
];

/** An endpoint's delivery log, newest first, a page at a time. */
export async function listDeliveries(db: Database, businessId: string, endpointId: string, query: ListQuery) {
  await findOwnEndpoint(db, businessId, endpointId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
      at: cursorText(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.businessId, businessId),
        afterCursor(query.cursor, DELIVERY_ORDER, 'desc'),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.id]);
  return {
    items: page.items.map(({ at: _, ...r }) => ({
      ...r,
      status: r.status as WebhookDeliveryStatus,
      lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

async function queueDeliveries(jobs: Deps['jobs'], ids: string[], startAfterSeconds = 0) {
  if (!jobs) return;
  for (const deliveryId of ids)
    await jobs.send(
      WEBHOOK_DELIVER_JOB,
      { deliveryId },
      { retryLimit: 0, ...(startAfterSeconds > 0 && { startAfterSeconds }) },
    );
}

/**
 * The one emitter (decision 1202), inside the caller's transaction: writes the event and a delivery for every enabled
 * endpoint of the business that subscribes to it, with the write it reports (both or neither). The sweep (below)
 * sends them within a minute; `emitWebhookEvent` also queues them at once. `data` must be the business's own record,
 * in the public API's shape (features/public-api/v1-schemas.ts).
 */
export async function recordWebhookEvent(
  tx: DbOrTx,
  businessId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.businessId, businessId),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (endpoints.length === 0) return [];
  return writeEvent(
    tx,
    businessId,
    type,
    data,
    endpoints.map((e) => e.id),
  );
}

/** The emitter after a write has committed: records the event, then queues its deliveries at once. */
export async function emitWebhookEvent(
  deps: Pick<Deps, 'db' | 'jobs'>,
  businessId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const ids = await deps.db.transaction((tx) => recordWebhookEvent(tx, businessId, type, data));
  await queueDeliveries(deps.jobs, ids);
  return ids;
}

export const WEBHOOKS_SWEEP_JOB = 'webhooks.sweep';
const SWEEP_SECONDS = 60;

/** One sweep waiting however many instances queue it: it sends what is due and nobody sent (a lost job, a crash). */
export async function scheduleWebhooksSweep(
  jobs: NonNullable<Deps['jobs']>,
  startAfterSeconds = SWEEP_SECONDS,
) {
  await jobs.send(
    WEBHOOKS_SWEEP_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}

/**
 * A delivery is due once either clock says so: the caller's (tests move it forward) or the database's. A new or resent
 * delivery is stamped with the database's `now()`, in microseconds; the worker's `Date` has milliseconds, so within
 * the same millisecond, or with the app's clock a little behind the database's, it would look not due yet.
 */
function dueBy(now: Date) {
  return sql`greatest(${now.toISOString()}::timestamptz, now())`;
}

/** Sends every delivery that is due (or whose worker stopped holding it); each is claimed, so none goes twice. */
export async function deliverDueWebhooks(deps: Deps, now = new Date()) {
  const due = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      sql`(${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= ${dueBy(now)}) or (${webhookDeliveries.status} = 'delivering' and ${webhookDeliveries.lockedUntil} < ${now.toISOString()}::timestamptz)`,
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(100);
  const outcomes = [];
  for (const { id } of due) outcomes.push(await deliverWebhook(deps, id, now));
  return outcomes;
}

async function writeEvent(
  tx: DbOrTx,
  businessId: string,
  type: string,
  data: Record<string, unknown>,
  endpointIds: string[],
) {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ businessId, type, payload: { type, timestamp: new Date().toISOString(), data } })
    .returning({ id: webhookEvents.id });
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ businessId, endpointId, eventId: event!.id })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

/** A test event to one endpoint (whatever it subscribes to), to check the receiver and its signature check. */
export async function sendTestEvent(deps: Pick<Deps, 'db' | 'jobs'>, businessId: string, endpointId: string) {
  const endpoint = await findOwnEndpoint(deps.db, businessId, endpointId);
  const [business] = await deps.db
    .select({ name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const ids = await deps.db.transaction((tx) =>
    writeEvent(
      tx,
      businessId,
      WEBHOOK_TEST_EVENT,
      { message: 'A test event from ShineRoute', business: business?.name ?? null },
      [endpoint.id],
    ),
  );
  await queueDeliveries(deps.jobs, ids);
  return { deliveryId: ids[0]! };
}

/** Sends a delivery again now (the same event id, so a receiver that has it already can tell). */
export async function resendDelivery(
  deps: Pick<Deps, 'db' | 'jobs'>,
  businessId: string,
  deliveryId: string,
) {
  assertUuid(deliveryId, WEBHOOKS_TEXT.deliveryNotFound);
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.businessId, businessId),
        inArray(webhookDeliveries.status, ['succeeded', 'failed', 'pending']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!row) throw notFound(WEBHOOKS_TEXT.deliveryNotFound);
  await queueDeliveries(deps.jobs, [row.id]);
}

/**
 * Claims the delivery (one worker wins: the row is updated only while it is due and nobody holds it), sends it
 * signed, and records the answer. A failure is retried after the next delay; after the last one the delivery fails,
 * the endpoint is disabled and the owner is emailed. Answers what happened (tests read it).
 */
export async function deliverWebhook(deps: Deps, deliveryId: string, now = new Date()) {
  const { db } = deps;
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      status: 'delivering',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000),
      lastAttemptAt: now,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        sql`${webhookDeliveries.nextAttemptAt} <= ${dueBy(now)}`,
        sql`(${webhookDeliveries.status} = 'pending' or (${webhookDeliveries.status} = 'delivering' and ${webhookDeliveries.lockedUntil} < ${now.toISOString()}::timestamptz))`,
      ),
    )
    .returning();
  if (!claimed) return 'not-due' as const;
  const [target] = await db
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
      disabledAt: webhookEndpoints.disabledAt,
      payload: webhookEvents.payload,
    })
    .from(webhookEndpoints)
    .innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId))
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!target || target.disabledAt) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'The endpoint is disabled', lockedUntil: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return 'failed' as const;
  }

  const body = JSON.stringify(target.payload);
  const signature = webhookSignature(target, claimed.eventId, now, body);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await postOutbound(
      target.url,
      body,
      {
        'webhook-id': claimed.eventId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'ShineRoute-Webhooks/1',
      },
      {
        allowPrivate: deps.outboundAllowPrivate ?? false,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: WEBHOOK_MAX_ANSWER_BYTES,
      },
    );
    status = answer.status;
    if (status < 200 || status >= 300) error = `HTTP ${status}: ${answer.body.slice(0, 200)}`;
  } catch (err) {
    error = (err as Error).message.slice(0, 300);
  }

  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({
        status: 'succeeded',
        lastStatusCode: status,
        lastError: null,
        deliveredAt: now,
        lockedUntil: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    return 'succeeded' as const;
  }
  const delays = deps.webhookRetryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS;
  const delay = delays[claimed.attempts - 1];
  if (delay !== undefined) {
    await db
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        lastStatusCode: status,
        lastError: error,
        lockedUntil: null,
        nextAttemptAt: new Date(now.getTime() + delay * 1000),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    await queueDeliveries(deps.jobs, [deliveryId], delay);
    return 'retrying' as const;
  }
  // The failed delivery, the endpoint's disabling and the owner's email commit together (decision 1290).
  const messageIds = await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastStatusCode: status, lastError: error, lockedUntil: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return disableEndpoint(tx, deps, { ...claimed, deliveryId }, error ?? '');
  });
  await deliverQueued(deps, messageIds);
  return 'failed' as const;
}

async function disableEndpoint(
  tx: DbOrTx,
  deps: Pick<Deps, 'publicUrl'>,
  delivery: { endpointId: string; businessId: string; deliveryId: string },
  error: string,
) {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ url: webhookEndpoints.url });
  if (!endpoint) return [];
  const [owner] = await tx
    .select({ email: user.email, businessName: profiles.businessName })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, delivery.businessId));
  if (!owner) return [];
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: delivery.businessId,
    kind: 'webhook_disabled',
    dedupeKey: `webhook-disabled:${delivery.deliveryId}`,
    to: owner.email,
    ...(await renderEmailRow('webhook-endpoint-disabled', {
      businessName: owner.businessName,
      url: endpoint.url,
      lastError: error,
      link: `${deps.publicUrl.replace(/\/$/, '')}/business-profile`,
    })),
  });
}
