import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { fillVariables, type MessageVariable } from '../../../shared/campaigns';
import {
  type AutomationSettings,
  type AutomationSettingsInput,
  automationSettingsSchema,
  DEFAULT_AUTOMATION_SETTINGS,
  dueReminders,
  type MessageKind,
} from '../../../shared/messaging';
import { nextAllowedSendTime } from '../../../shared/quiet-hours';
import { toE164 } from '../../../shared/sms';
import { addDays, formatDateTimeInZone, formatSlot, utcToZoned } from '../../../shared/time';
import type { Database, DbOrTx } from '../../db/client';
import {
  bookingManageLinks,
  bookingReviews,
  bookings,
  customers,
  marketingConsents,
  messageSends,
  messagingSettings,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { invalid } from '../../http/errors';
import { afterCursor, cursorText, type ListQuery, pageOf } from '../../http/lists';
import type { JobQueue } from '../../jobs/queue';
import { planInvoiceReminders } from '../invoices/invoice-sending.service';
import { ADDRESS_REQUIRED, EXPIRY_DAYS, senderOf } from './campaign-send.service';
import { blockedPhones, consentedSmsNumber } from './consent.service';
import { renderMarketingEmail } from './marketing-email';
import { deliverSend, giveUpStaleClaims } from './message-delivery';

// Automated messages (decisions 610–613): reminders, review requests, win-back and transactional messages, each a
// message_sends row with a unique dedupe key, delivered by the same claim-then-send path as campaigns.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'publicUrl' | 'messageRetryDelaysMs'>;

export const AUTOMATIONS_TICK_JOB = 'messaging.automations-tick';
/** How often the tick runs: reminders go out at most this late. */
export const TICK_SECONDS = 60;
const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// Settings

export async function getAutomationSettings(db: DbOrTx, businessId: string): Promise<AutomationSettings> {
  const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.businessId, businessId));
  if (!row) return DEFAULT_AUTOMATION_SETTINGS;
  return {
    reminder24h: row.reminder24h,
    reminder2h: row.reminder2h,
    reviewRequests: row.reviewRequests,
    reviewLink: row.reviewLink,
    winback: row.winback,
    winbackDays: row.winbackDays,
    winbackChannel: row.winbackChannel,
    winbackSubject: row.winbackSubject,
    winbackMessage: row.winbackMessage,
  };
}

export async function saveAutomationSettings(
  db: Database,
  businessId: string,
  input: AutomationSettingsInput,
) {
  const values = automationSettingsSchema.parse(input);
  // Win-back email is marketing: it must show the business's postal address (CAN-SPAM), as campaigns do.
  if (values.winback && values.winbackChannel === 'email' && !(await senderOf(db, businessId)).address)
    throw invalid(ADDRESS_REQUIRED);
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(messagingSettings)
    .values({ businessId, ...row })
    .onConflictDoUpdate({ target: messagingSettings.businessId, set: row });
  return getAutomationSettings(db, businessId);
}

// ---------------------------------------------------------------------------------------------------------------
// The self-service link (decision 612)

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/manage/${token}`;
export const reviewUrl = (publicUrl: string, token: string) => `${publicUrl}/review/${token}`;

/** The booking's review token, created on first use (256 random bits). */
export async function reviewTokenFor(db: DbOrTx, businessId: string, bookingId: string) {
  await db
    .insert(bookingReviews)
    .values({ bookingId, businessId, token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: bookingReviews.token })
    .from(bookingReviews)
    .where(eq(bookingReviews.bookingId, bookingId));
  return row!.token;
}

/** The booking's self-service token, created on first use (256 random bits). */
export async function manageTokenFor(db: DbOrTx, businessId: string, bookingId: string) {
  await db
    .insert(bookingManageLinks)
    .values({ bookingId, businessId, token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: bookingManageLinks.token })
    .from(bookingManageLinks)
    .where(eq(bookingManageLinks.bookingId, bookingId));
  return row!.token;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing and delivering rows

export interface MessageRow {
  businessId: string;
  bookingId?: string | null;
  customerId?: string | null;
  kind: MessageKind;
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

/** Writes message rows; a row whose dedupe key exists already is not written again (exactly once). */
export async function queueMessages(db: DbOrTx, rows: MessageRow[]) {
  if (rows.length === 0) return [];
  const written = await db
    .insert(messageSends)
    .values(
      rows.map((r) => ({
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
 * A transactional message (confirmation, receipt, self-service notice): written as a row, then delivered at once.
 * A failure is logged on the row, never thrown: it must not undo the booking or payment that caused it.
 */
export async function sendTransactional(deps: Deps, row: Omit<MessageRow, 'marketing'>) {
  try {
    const [id] = await queueMessages(deps.db, [{ ...row, marketing: false }]);
    if (id) await deliverSend(deps, id);
  } catch (err) {
    console.warn(`Could not send the ${row.kind} message`, err);
  }
}

/**
 * A transactional text to a customer's number: skipped when the number is not a valid mobile number or texted STOP
 * (STOP is honoured for every kind of SMS; deliverSend checks it again).
 */
export async function sendTransactionalSms(
  deps: Deps,
  row: Omit<MessageRow, 'marketing' | 'channel' | 'to' | 'subject' | 'html'> & {
    phone: string | null | undefined;
  },
) {
  const to = toE164(row.phone);
  if (!to || (await blockedPhones(deps.db, [to])).has(to)) return;
  const { phone: _phone, ...rest } = row;
  await sendTransactional(deps, { ...rest, channel: 'sms', to, body: `${row.body} Reply STOP to opt out.` });
}

/** Due automated rows (not campaigns: their job delivers them), oldest first; stale claims are given up first. */
export async function deliverDueMessages(deps: Deps, now = new Date(), limit = 500) {
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
  for (const { id } of due) if ((await deliverSend(deps, id)) === 'sent') sent++;
  return sent;
}

/** A cancelled or moved booking's reminders that have not gone out yet are dropped (a moved one is re-planned). */
export async function dropPendingReminders(db: DbOrTx, bookingId: string) {
  await db
    .delete(messageSends)
    .where(
      and(
        eq(messageSends.bookingId, bookingId),
        eq(messageSends.status, 'pending'),
        inArray(messageSends.kind, ['reminder_24h', 'reminder_2h']),
      ),
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Reminders (decision 611)

/**
 * Writes the reminders that are due now: for each pending or confirmed booking starting within 24 hours, each
 * switched-on offset whose moment has come. The dedupe key holds the booking's start, so a moved booking gets
 * fresh reminders and a repeated run (a retry, a second instance) writes nothing twice. A booking made inside an
 * offset's window gets no reminder for it (its confirmation is fresh); the 24-hour reminder is not sent once the
 * 2-hour one is due.
 */
export async function planReminders(deps: Deps, now = new Date()) {
  const horizon = new Date(now.getTime() + 24 * HOUR_MS);
  const upcoming = await deps.db
    .select({
      id: bookings.id,
      businessId: bookings.businessId,
      scheduledAt: bookings.scheduledAt,
      createdAt: bookings.createdAt,
      serviceName: bookings.serviceName,
      locationAddress: bookings.locationAddress,
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      reminder24h: messagingSettings.reminder24h,
      reminder2h: messagingSettings.reminder2h,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(messagingSettings, eq(messagingSettings.businessId, bookings.businessId))
    .where(
      and(
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.scheduledAt, now),
        lte(bookings.scheduledAt, horizon),
      ),
    );
  const rows: MessageRow[] = [];
  const phones = upcoming.map((b) => toE164(b.phone)).filter((p): p is string => p !== null);
  const blocked = await blockedPhones(deps.db, phones);
  const senders = new Map<string, Awaited<ReturnType<typeof senderOf>>>();
  for (const b of upcoming) {
    if (!b.businessId) continue;
    const enabled = {
      reminder_24h: b.reminder24h ?? DEFAULT_AUTOMATION_SETTINGS.reminder24h,
      reminder_2h: b.reminder2h ?? DEFAULT_AUTOMATION_SETTINGS.reminder2h,
    };
    for (const kind of dueReminders({ startsAt: b.scheduledAt, createdAt: b.createdAt }, enabled, now)) {
      let sender = senders.get(b.businessId);
      if (!sender) {
        sender = await senderOf(deps.db, b.businessId);
        senders.set(b.businessId, sender);
      }
      const token = await manageTokenFor(deps.db, b.businessId, b.id);
      const link = manageUrl(deps.publicUrl, token);
      const when = formatDateTimeInZone(b.scheduledAt, sender.timeZone);
      const key = `${kind}:${b.id}:${b.scheduledAt.toISOString()}`;
      const base = { businessId: b.businessId, bookingId: b.id, customerId: b.customerId, kind };
      rows.push({
        ...base,
        dedupeKey: `${key}:email`,
        channel: 'email',
        to: b.email.toLowerCase(),
        subject: `Reminder: your ${b.serviceName} on ${when}`,
        body: [
          `Hi ${b.firstName},`,
          '',
          `This is a reminder of your ${b.serviceName} with ${sender.name} on ${when}.`,
          `Where: ${b.locationAddress}`,
          '',
          `Need to reschedule or cancel? You can do it here until 24 hours before your appointment: ${link}`,
          ...(sender.phone ? [`After that, please call ${sender.name} at ${sender.phone}.`] : []),
          '',
          `See you soon,`,
          sender.name,
        ].join('\n'),
      });
      const phone = toE164(b.phone);
      if (phone && !blocked.has(phone))
        rows.push({
          ...base,
          dedupeKey: `${key}:sms`,
          channel: 'sms',
          to: phone,
          body: `${sender.name}: reminder of your ${b.serviceName} on ${when}. Reschedule or cancel: ${link} Reply STOP to opt out.`,
        });
    }
  }
  return queueMessages(deps.db, rows);
}

// ---------------------------------------------------------------------------------------------------------------
// Review requests (decision 613)

/**
 * One review request per completed booking, to every customer (no review gating): email always, SMS only with the
 * customer's SMS opt-in. Written in the transaction that completes the booking, delivered by the next tick.
 */
export async function queueReviewRequest(
  tx: DbOrTx,
  publicUrl: string,
  businessId: string,
  bookingId: string,
  now = new Date(),
) {
  const settings = await getAutomationSettings(tx, businessId);
  if (!settings.reviewRequests) return [];
  const [b] = await tx
    .select({
      serviceName: bookings.serviceName,
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!b) return [];
  const sender = await senderOf(tx, businessId);
  // Our own review page (decision 614); the owner's review link (e.g. Google) is offered there after the review.
  const link = reviewUrl(publicUrl, await reviewTokenFor(tx, businessId, bookingId));
  const base = { businessId, bookingId, customerId: b.customerId, kind: 'review_request' as const };
  const rows: MessageRow[] = [
    {
      ...base,
      dedupeKey: `review_request:${bookingId}:email`,
      channel: 'email',
      to: b.email.toLowerCase(),
      subject: `How did we do, ${b.firstName}?`,
      body: [
        `Hi ${b.firstName},`,
        '',
        `Thank you for choosing ${sender.name} for your ${b.serviceName}.`,
        `Would you tell others how it went? It takes a minute: ${link}`,
        '',
        sender.name,
      ].join('\n'),
      notBefore: now,
    },
  ];
  const phone = consentedSmsNumber(b, b.phone);
  if (phone && !(await blockedPhones(tx, [phone])).has(phone))
    rows.push({
      ...base,
      dedupeKey: `review_request:${bookingId}:sms`,
      channel: 'sms',
      to: phone,
      body: `${sender.name}: thank you for your ${b.serviceName}! How did we do? ${link} Reply STOP to opt out.`,
      notBefore: nextAllowedSendTime(now, sender.timeZone),
    });
  return queueMessages(tx, rows);
}

// ---------------------------------------------------------------------------------------------------------------
// Win-back (decision 613)

/**
 * For each business with win-back on: customers whose last completed booking is at least N days old and who have
 * nothing booked get the owner's message once per lapse (the dedupe key names that last booking). Marketing:
 * email to those who have not unsubscribed, SMS only with a recorded opt-in, inside quiet hours.
 */
export async function planWinback(deps: Deps, now = new Date()) {
  const businesses = await deps.db
    .select({ businessId: messagingSettings.businessId })
    .from(messagingSettings)
    .where(eq(messagingSettings.winback, true));
  const written: string[] = [];
  for (const { businessId } of businesses) written.push(...(await planWinbackFor(deps, businessId, now)));
  return written;
}

async function planWinbackFor(deps: Deps, businessId: string, now: Date) {
  const settings = await getAutomationSettings(deps.db, businessId);
  if (!settings.winback || !settings.winbackMessage) return [];
  const sender = await senderOf(deps.db, businessId);
  if (settings.winbackChannel === 'email' && !sender.address) return [];
  const cutoff = new Date(now.getTime() - settings.winbackDays * 24 * HOUR_MS);
  const last = deps.db
    .select({
      customerId: bookings.customerId,
      lastAt: sql<Date>`max(${bookings.scheduledAt})`.as('last_at'),
      lastId: sql<string>`(array_agg(${bookings.id} order by ${bookings.scheduledAt} desc))[1]`.as('last_id'),
    })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.status, 'completed')))
    .groupBy(bookings.customerId)
    .as('last');
  const lapsed = await deps.db
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      lastId: last.lastId,
      emailUnsubscribedAt: marketingConsents.emailUnsubscribedAt,
      smsOptInAt: marketingConsents.smsOptInAt,
      smsPhone: marketingConsents.smsPhone,
    })
    .from(last)
    .innerJoin(customers, eq(customers.id, last.customerId))
    .leftJoin(marketingConsents, eq(marketingConsents.customerId, customers.id))
    .where(
      and(
        lte(last.lastAt, cutoff),
        sql`not exists (select 1 from ${bookings} b2 where b2.customer_id = ${customers.id} and b2.status in ('pending', 'confirmed', 'in_progress'))`,
      ),
    );
  const today = utcToZoned(now, sender.timeZone).date;
  const fmtDate = (date: string) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));
  const channel = settings.winbackChannel;
  const candidates = lapsed.flatMap((c) => {
    if (channel === 'email')
      return !c.emailUnsubscribedAt && c.email ? [{ ...c, to: c.email.toLowerCase() }] : [];
    const phone = consentedSmsNumber(c, c.phone);
    return phone ? [{ ...c, to: phone }] : [];
  });
  const blocked =
    channel === 'sms'
      ? await blockedPhones(
          deps.db,
          candidates.map((c) => c.to),
        )
      : new Set<string>();
  const notBefore = channel === 'sms' ? nextAllowedSendTime(now, sender.timeZone) : now;
  const rows: MessageRow[] = candidates
    .filter((c) => !blocked.has(c.to))
    .map((c) => {
      const id = randomUUID();
      const values: Record<MessageVariable, string> = {
        customer_name: c.firstName,
        business_name: sender.name,
        booking_link: `${deps.publicUrl}/book?business=${businessId}`,
        date: fmtDate(today),
        time: formatSlot(utcToZoned(now, sender.timeZone).time),
        expiry_date: fmtDate(addDays(today, EXPIRY_DAYS)),
      };
      const body = fillVariables(settings.winbackMessage, values);
      const email =
        channel === 'email'
          ? renderMarketingEmail({
              publicUrl: deps.publicUrl,
              sendId: id,
              body,
              businessName: sender.name,
              postalAddress: sender.address ?? '',
            })
          : null;
      return {
        id,
        businessId,
        customerId: c.customerId,
        kind: 'winback' as const,
        marketing: true,
        dedupeKey: `winback:${c.customerId}:${c.lastId}:${channel}`,
        channel,
        to: c.to,
        subject: channel === 'email' ? fillVariables(settings.winbackSubject ?? '', values) || null : null,
        body: email?.text ?? `${body} Reply STOP to opt out.`,
        html: email?.html ?? null,
        notBefore,
      };
    });
  return queueMessages(deps.db, rows);
}

// ---------------------------------------------------------------------------------------------------------------
// The tick

/** Win-back looks back days, not minutes: each instance plans it at most this often. */
const WINBACK_EVERY_MS = 15 * 60_000;
const lastWinback = new WeakMap<object, number>();

/** One pass: plan due reminders and overdue invoice reminders (decision 0956) (and win-backs, every 15 minutes), then deliver every due automated message. */
export async function runAutomations(deps: Deps, now = new Date()) {
  await planReminders(deps, now);
  await planInvoiceReminders(deps, now);
  const last = lastWinback.get(deps.db);
  if (last === undefined || now.getTime() - last >= WINBACK_EVERY_MS) {
    lastWinback.set(deps.db, now.getTime());
    await planWinback(deps, now);
  }
  return deliverDueMessages(deps, now);
}

/**
 * Queues the next tick. The queue is 'stately': however many instances start or re-queue, at most one tick waits,
 * and the chain lives in the database across restarts.
 */
export async function scheduleAutomationsTick(jobs: JobQueue, startAfterSeconds = TICK_SECONDS) {
  await jobs.send(
    AUTOMATIONS_TICK_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}

export async function registerAutomationWorkers(queue: JobQueue, deps: AppDeps) {
  await queue.work(
    AUTOMATIONS_TICK_JOB,
    async () => {
      try {
        await runAutomations(deps);
      } finally {
        await scheduleAutomationsTick(queue);
      }
    },
    { policy: 'stately' },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The owner's message log

export async function messageLog(
  db: Database,
  businessId: string,
  query: ListQuery & { kind?: 'automated' | 'all' },
) {
  const rows = await db
    .select({
      id: messageSends.id,
      kind: messageSends.kind,
      marketing: messageSends.marketing,
      channel: messageSends.channel,
      to: messageSends.to,
      subject: messageSends.subject,
      status: messageSends.status,
      error: messageSends.error,
      bookingId: messageSends.bookingId,
      notBefore: messageSends.notBefore,
      sentAt: messageSends.sentAt,
      createdAt: messageSends.createdAt,
      createdAtText: cursorText(messageSends.createdAt),
      customerName: sql<
        string | null
      >`nullif(trim(concat(${customers.firstName}, ' ', ${customers.lastName})), '')`,
    })
    .from(messageSends)
    .leftJoin(customers, eq(customers.id, messageSends.customerId))
    .where(
      and(
        eq(messageSends.businessId, businessId),
        query.kind === 'all' ? undefined : isNull(messageSends.campaignId),
        afterCursor(
          query.cursor,
          [
            { column: messageSends.createdAt, kind: 'timestamp' },
            { column: messageSends.id, kind: 'uuid' },
          ],
          'desc',
        ),
      ),
    )
    .orderBy(desc(messageSends.createdAt), desc(messageSends.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.createdAtText, r.id]);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      marketing: r.marketing,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      status: r.status,
      error: r.error,
      bookingId: r.bookingId,
      customerName: r.customerName,
      notBefore: r.notBefore.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
