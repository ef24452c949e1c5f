import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, fillVariables, type MessageVariable } from '../../../shared/campaigns';
import { nextAllowedSendTime } from '../../../shared/quiet-hours';
import { addDays, formatCalendarDate, formatSlot, utcToZoned } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookings, campaigns, customers, messageSends, profiles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import { customerFacingName } from '../branding/branding.service';
import { withCustomerOrigins } from '../branding/custom-domain.service';
import { findCampaign, toCampaign } from './campaigns.service';
import { marketingAudience } from './consent.service';
import { renderMarketingEmail } from './marketing-email';
import { CLAIM_LEASE_MS, deliverSend, giveUpStaleClaims } from './message-delivery';

export const CAMPAIGN_SEND_JOB = 'campaigns.send';
export interface CampaignSendJob {
  campaignId: string;
}
// A job whose worker dies is retried by pg-boss after this long (plus the supervisor's 10 s look), so another instance
// carries a crashed send on within a minute; the claim protects the message it held (decision 1263). A run delivers
// for at most SEND_SLICE_MS, then queues its continuation, so a live run never outlasts its expiry.
const SEND_JOB_OPTIONS = { retryLimit: 10, retryDelaySeconds: 5, expireInSeconds: 45 };
export const SEND_SLICE_MS = 20_000;

export const EXPIRY_DAYS = 30;
export const ADDRESS_REQUIRED =
  'Add your business address in Business Profile first: marketing email must show a postal address';

/** The business as the sender of its messages to its customers. */
export async function senderOf(db: DbOrTx, businessId: string) {
  const [p] = await db
    .select({
      name: profiles.businessName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      address: profiles.businessAddress,
      phone: profiles.phone,
      timeZone: profiles.timeZone,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const name = p?.name?.trim() || [p?.firstName, p?.lastName].filter(Boolean).join(' ') || 'Your detailer';
  return {
    // A white-labelled business's customers read its display name in every message (decision 1318).
    name: await customerFacingName(db, businessId, name),
    address: p?.address?.trim() || null,
    phone: p?.phone ?? null,
    timeZone: p?.timeZone ?? 'America/Chicago',
  };
}

/**
 * Who a message about one of the business's bookings goes to: its customer's name, email and phone (the booker's
 * phone when the customer has none), with the service and address it is about. Null when there is no such booking.
 */
export async function bookingRecipient(db: DbOrTx, businessId: string, bookingId: string) {
  const [row] = await db
    .select({
      customerId: bookings.customerId,
      serviceName: bookings.serviceName,
      address: bookings.locationAddress,
      firstName: customers.firstName,
      email: customers.email,
      phone: customers.phone,
      bookerPhone: bookings.bookerPhone,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!row) return null;
  const { bookerPhone, ...about } = row;
  return { ...about, phone: about.phone ?? bookerPhone };
}

const fmtDate = (date: string) => formatCalendarDate(date, { weekday: false });

/**
 * Send Now (drafts only): draft → sending in one conditional update, then the queue does the rest. Refused when no
 * customer can receive it, or when an email campaign has no postal address to show.
 */
export async function startCampaignSend(deps: AppDeps, businessId: string, id: string) {
  const campaign = await findCampaign(deps.db, businessId, id);
  if (campaign.status !== 'draft') throw conflict(CAMPAIGN_MESSAGES.onlyDrafts);
  if (campaign.type === 'email' && !(await senderOf(deps.db, businessId)).address)
    throw invalid(ADDRESS_REQUIRED);
  const audience = await marketingAudience(deps.db, businessId, campaign.type);
  if (audience.eligible.length === 0) throw invalid(CAMPAIGN_MESSAGES.noRecipients);
  // The status and the job that sends it commit together: a crash after Send never leaves it 'sending' with no job.
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(campaigns)
      .set({ status: 'sending' })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    if (!updated) throw conflict(CAMPAIGN_MESSAGES.onlyDrafts);
    await enqueue(deps, id, undefined, tx);
    return updated;
  });
  return toCampaign(row);
}

async function enqueue(deps: AppDeps, campaignId: string, startAfterSeconds?: number, tx?: DbOrTx) {
  if (!deps.jobs) throw new Error('Campaign sends need the job queue');
  await deps.jobs.send<CampaignSendJob>(
    CAMPAIGN_SEND_JOB,
    { campaignId },
    { ...SEND_JOB_OPTIONS, startAfterSeconds, tx },
  );
}

/** Creates one send row per eligible recipient, in the same transaction that marks the campaign prepared. */
async function prepareCampaign(deps: AppDeps, campaignId: string, now: Date) {
  await deps.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    if (!campaign || campaign.preparedAt) return;
    const sender = await senderOf(tx, campaign.businessId);
    const audience = await marketingAudience(tx, campaign.businessId, campaign.type);
    const next = await nextBookings(tx, campaign.businessId, now);
    const notBefore = campaign.type === 'sms' ? nextAllowedSendTime(now, sender.timeZone) : now;
    const today = utcToZoned(now, sender.timeZone).date;
    const rows: (typeof messageSends.$inferInsert)[] = [];
    for (const r of audience.eligible) {
      const sendId = randomUUID();
      const booking = next.get(r.customerId);
      const local = booking ? utcToZoned(booking, sender.timeZone) : null;
      const values: Record<MessageVariable, string> = {
        customer_name: r.firstName,
        business_name: sender.name,
        booking_link: `${deps.publicUrl}/book?business=${campaign.businessId}`,
        // Without an upcoming booking, {date}/{time} read as the day of sending (decision 602).
        date: fmtDate(local?.date ?? today),
        time: local ? formatSlot(local.time) : '',
        expiry_date: fmtDate(addDays(today, EXPIRY_DAYS)),
      };
      const body = fillVariables(campaign.message, values);
      const email =
        campaign.type === 'email'
          ? await renderMarketingEmail({
              publicUrl: deps.publicUrl,
              linkSecret: deps.linkSecret,
              sendId,
              body,
              businessName: sender.name,
              postalAddress: sender.address ?? '',
              db: tx,
              businessId: campaign.businessId,
            })
          : null;
      rows.push({
        id: sendId,
        businessId: campaign.businessId,
        campaignId: campaign.id,
        customerId: r.customerId,
        kind: 'campaign',
        marketing: true,
        dedupeKey: `campaign:${campaign.id}:${r.customerId}`,
        channel: campaign.type,
        to: r.to,
        subject: campaign.subject ? fillVariables(campaign.subject, values) : null,
        body: email?.text ?? body,
        html: email?.html ?? null,
        notBefore,
      });
    }
    // Written as sent: customer links on the business's custom domain while it is served (decision 1346).
    const onOrigin = await withCustomerOrigins(tx, deps.publicUrl, rows);
    for (let i = 0; i < onOrigin.length; i += 500) {
      await tx
        .insert(messageSends)
        .values(onOrigin.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await tx
      .update(campaigns)
      .set({
        preparedAt: now,
        recipientCount: rows.length,
        skippedCount: audience.skipped,
        status: notBefore > now ? 'scheduled' : 'sending',
      })
      .where(eq(campaigns.id, campaignId));
  });
}

/** Each customer's soonest upcoming pending or confirmed booking. */
async function nextBookings(db: DbOrTx, businessId: string, now: Date) {
  const rows = await db
    .select({ customerId: bookings.customerId, at: min(bookings.scheduledAt) })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.scheduledAt, now),
      ),
    )
    .groupBy(bookings.customerId);
  return new Map(rows.flatMap((r) => (r.customerId && r.at ? [[r.customerId, r.at] as const] : [])));
}

/**
 * The send job: prepare once, deliver every due message, then settle. Safe to run again at any point (a retry after
 * a crash, a second instance): rows are created once and each is claimed by one worker.
 */
export async function runCampaignSend(deps: AppDeps, { campaignId }: CampaignSendJob, now = new Date()) {
  const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || (campaign.status !== 'sending' && campaign.status !== 'scheduled')) return;
  if (!campaign.preparedAt) await prepareCampaign(deps, campaignId, now);
  await giveUpStaleClaims(deps.db, eq(messageSends.campaignId, campaignId), now);
  const due = await deps.db
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(
      and(
        eq(messageSends.campaignId, campaignId),
        eq(messageSends.status, 'pending'),
        lte(messageSends.notBefore, new Date()),
      ),
    )
    .orderBy(asc(messageSends.createdAt), asc(messageSends.id));
  if (due.length > 0)
    await deps.db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaignId));
  const sliceEnds = Date.now() + SEND_SLICE_MS;
  for (const { id } of due) {
    // The rest goes to the continuation settleCampaign queues (the job stays well inside its expiry).
    if (Date.now() > sliceEnds) break;
    await deliverSend(deps, id);
  }
  await settleCampaign(deps, campaignId);
}

/** Counts the outcome; finishes the campaign only when no message is pending or in flight. */
export async function settleCampaign(deps: AppDeps, campaignId: string) {
  const counts = await deps.db
    .select({
      status: messageSends.status,
      n: count(),
      due: min(messageSends.notBefore),
      claimed: min(messageSends.claimedAt),
    })
    .from(messageSends)
    .where(eq(messageSends.campaignId, campaignId))
    .groupBy(messageSends.status);
  const of = (s: string) => counts.find((c) => c.status === s);
  const sent = of('sent')?.n ?? 0;
  const failed = of('failed')?.n ?? 0;
  const pending = of('pending');
  const inFlight = of('sending');
  if (pending || inFlight) {
    await deps.db
      .update(campaigns)
      .set({ sentCount: sent, failedCount: failed })
      .where(eq(campaigns.id, campaignId));
    const wake = Math.min(
      pending?.due?.getTime() ?? Number.POSITIVE_INFINITY,
      inFlight?.claimed ? inFlight.claimed.getTime() + CLAIM_LEASE_MS : Number.POSITIVE_INFINITY,
    );
    await enqueue(deps, campaignId, Math.max(1, Math.ceil((wake - Date.now()) / 1000)));
    return;
  }
  const [firstError] = failed
    ? await deps.db
        .select({ error: messageSends.error })
        .from(messageSends)
        .where(and(eq(messageSends.campaignId, campaignId), eq(messageSends.status, 'failed')))
        .limit(1)
    : [];
  const total = sent + failed;
  await deps.db
    .update(campaigns)
    .set({
      sentCount: sent,
      failedCount: failed,
      status: sent === 0 && failed > 0 ? 'failed' : 'sent',
      failureReason:
        failed > 0 ? `${failed} of ${total} messages failed: ${firstError?.error ?? 'unknown error'}` : null,
      finishedAt: sql`now()`,
    })
    .where(eq(campaigns.id, campaignId));
}
