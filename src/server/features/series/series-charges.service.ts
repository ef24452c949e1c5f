import { and, eq, lt, sql } from 'drizzle-orm';
import { formatDateTimeInZone } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookingSeries, bookings, profiles, seriesCharges, seriesVisits } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { manageUrl, newManageToken } from '../campaigns/automations/customer-links';
import { deliverQueued, queueTransactionalEmail } from '../campaigns/automations/message-queue';
import { recordCompletedCharge } from '../payouts/ledger.service';
import { applicationFeeCents, getPlatformFee } from '../payouts/platform-fee';

// A completed visit of a series is charged to the saved card, off-session, exactly once (decision 1258): the charge's
// row is claimed first (unique per booking), only the claimant asks the provider (with the booking as idempotency
// key), and the ledger's charge and the receipt follow a paid answer, as a booking paid at checkout has them. A claim
// left unanswered by a killed process is taken over after its lease and asked again with that key (decision 1366).

export type SeriesChargeDeps = Pick<
  AppDeps,
  'db' | 'payments' | 'platformFee' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'
>;

export type ChargeOutcome = 'not-series' | 'not-completed' | 'already' | 'paid' | 'failed';

async function visitOf(db: DbOrTx, businessId: string, bookingId: string) {
  const [row] = await db
    .select({ series: bookingSeries, booking: bookings })
    .from(seriesVisits)
    .innerJoin(
      bookingSeries,
      and(eq(bookingSeries.id, seriesVisits.seriesId), eq(bookingSeries.businessId, seriesVisits.businessId)),
    )
    .innerJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .where(and(eq(seriesVisits.bookingId, bookingId), eq(seriesVisits.businessId, businessId)));
  return row ?? null;
}

export async function chargeCompletedVisit(
  deps: SeriesChargeDeps,
  businessId: string,
  bookingId: string,
  now = new Date(),
): Promise<ChargeOutcome> {
  const visit = await visitOf(deps.db, businessId, bookingId);
  if (!visit) return 'not-series';
  const { series, booking } = visit;
  if (booking.status !== 'completed') return 'not-completed';
  const amountCents = booking.finalPriceCents ?? booking.quotedPriceCents;
  const fee = Math.min(
    amountCents,
    applicationFeeCents(amountCents, await getPlatformFee(deps.db, deps.platformFee)),
  );
  const claimed = await claimCharge(
    deps.db,
    {
      businessId,
      seriesId: series.id,
      bookingId,
      amountCents,
      applicationFeeCents: fee,
    },
    now,
  );
  if (!claimed) return 'already';
  return askAndRecord(deps, series, booking, claimed);
}

/**
 * A charge claimed and not answered for this long is of a process that died between the claim and the provider's
 * answer: the next run takes it over and asks again with the same idempotency key (decision 1366).
 */
export const CHARGE_LEASE_MS = 5 * 60_000;

type Claim = { id: string; amountCents: number; applicationFeeCents: number };

/**
 * The visit's charge, claimed in a transaction of its own (unique per booking), or taken over when an earlier claim
 * was never answered within the lease; null when another run holds it or it was answered. A taken-over claim keeps
 * its amounts: the provider is asked again exactly as the first time.
 */
async function claimCharge(
  db: SeriesChargeDeps['db'],
  values: {
    businessId: string;
    seriesId: string;
    bookingId: string;
    amountCents: number;
    applicationFeeCents: number;
  },
  now = new Date(),
): Promise<Claim | null> {
  const returning = {
    id: seriesCharges.id,
    amountCents: seriesCharges.amountCents,
    applicationFeeCents: seriesCharges.applicationFeeCents,
  };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(seriesCharges)
      // The run's clock, not the database's: the lease is measured against the same clock.
      .values({ ...values, claimedAt: now })
      .onConflictDoNothing()
      .returning(returning);
    if (inserted) return inserted;
    const [taken] = await tx
      .update(seriesCharges)
      .set({ claimedAt: now })
      .where(
        and(
          eq(seriesCharges.bookingId, values.bookingId),
          eq(seriesCharges.businessId, values.businessId),
          eq(seriesCharges.status, 'pending'),
          lt(seriesCharges.claimedAt, new Date(now.getTime() - CHARGE_LEASE_MS)),
        ),
      )
      .returning(returning);
    return taken ?? null;
  });
}

/** Asks the provider for the claimed charge (the booking is the idempotency key) and records its answer once. */
async function askAndRecord(
  deps: SeriesChargeDeps,
  series: typeof bookingSeries.$inferSelect,
  booking: typeof bookings.$inferSelect,
  claimed: Claim,
): Promise<ChargeOutcome> {
  const { amountCents, applicationFeeCents: fee } = claimed;
  const bookingId = booking.id;
  const businessId = series.businessId;
  let result: { paid: boolean; reference: string | null; message: string | null };
  try {
    if (amountCents === 0) result = { paid: true, reference: `free_series_${bookingId}`, message: null };
    else if (series.provider === 'test')
      result = { paid: true, reference: `test_series_${bookingId}`, message: null };
    else if (
      deps.payments.series &&
      series.connectedAccount &&
      series.providerCustomerId &&
      series.paymentMethodId
    )
      result = await deps.payments.series.chargeOffSession({
        connectedAccount: series.connectedAccount,
        customerId: series.providerCustomerId,
        paymentMethodId: series.paymentMethodId,
        amountCents,
        applicationFeeCents: fee,
        description: `${series.serviceName} — ${series.firstName} ${series.lastName}`,
        idempotencyKey: `series-visit-${bookingId}`,
        metadata: { document_type: 'booking', document_id: bookingId, series_id: series.id },
      });
    else result = { paid: false, reference: null, message: 'No saved card to charge' };
  } catch (err) {
    // The provider did not answer: the claim is given back so the extender's run retries (same idempotency key).
    await deps.db.delete(seriesCharges).where(eq(seriesCharges.id, claimed.id));
    console.warn('Could not charge a repeat visit; it will be retried', err);
    return 'failed';
  }
  const messageIds = await deps.db.transaction(async (tx) => {
    // Only the pending claim is answered: a run that took it over and answered first keeps its ledger and receipt.
    const [answered] = await tx
      .update(seriesCharges)
      .set({
        status: result.paid ? 'paid' : 'failed',
        providerReference: result.reference,
        failureMessage: result.message,
      })
      .where(and(eq(seriesCharges.id, claimed.id), eq(seriesCharges.status, 'pending')))
      .returning({ id: seriesCharges.id });
    if (!answered) return [];
    if (result.paid && result.reference)
      await recordCompletedCharge(tx, {
        businessId,
        documentType: 'booking',
        documentId: bookingId,
        paymentReference: result.reference,
        amountCents,
        tipCents: 0,
        applicationFeeCents: fee,
        description: `Repeat visit: ${series.serviceName} — ${series.firstName} ${series.lastName}`,
      });
    // The receipt commits with the paid charge (decision 1331).
    return result.paid && amountCents > 0
      ? queueVisitReceipt(deps, tx, series, bookingId, booking.scheduledAt, amountCents)
      : [];
  });
  await deliverQueued(deps, messageIds);
  return result.paid ? 'paid' : 'failed';
}

async function queueVisitReceipt(
  deps: Pick<SeriesChargeDeps, 'publicUrl'>,
  tx: DbOrTx,
  series: typeof bookingSeries.$inferSelect,
  bookingId: string,
  at: Date,
  amountCents: number,
) {
  const [business] = await tx
    .select({ name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, series.businessId));
  const link = manageUrl(deps.publicUrl, await newManageToken(tx, series.businessId, bookingId));
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: series.businessId,
    bookingId,
    customerId: series.customerId,
    kind: 'receipt',
    dedupeKey: `series:receipt:${bookingId}`,
    to: series.email,
    ...(await renderEmailRow(
      'payment-receipt',
      {
        customerName: series.firstName,
        businessName: business?.name ?? 'Your detailer',
        documentTitle: `${series.serviceName}, ${formatDateTimeInZone(at, series.timeZone)}`,
        amountCents,
        tipCents: 0,
        methodLabel: 'saved card',
        balanceCents: 0,
        link,
      },
      { db: tx, businessId: series.businessId, publicUrl: deps.publicUrl },
    )),
  });
}

/**
 * Completed visits whose charge was never claimed, was given back, or was claimed and left unanswered past the lease
 * (a process killed before the provider's answer was recorded): the extender's run retries them, the same key again.
 */
export async function chargeMissedVisits(deps: SeriesChargeDeps, now = new Date()) {
  const stale = new Date(now.getTime() - CHARGE_LEASE_MS);
  const rows = await deps.db
    .select({ businessId: seriesVisits.businessId, bookingId: seriesVisits.bookingId })
    .from(seriesVisits)
    .innerJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .where(
      and(
        eq(bookings.status, 'completed'),
        sql`not exists (select 1 from ${seriesCharges} where ${seriesCharges.bookingId} = ${seriesVisits.bookingId}
          and (${seriesCharges.status} <> 'pending' or ${seriesCharges.claimedAt} >= ${stale.toISOString()}))`,
      ),
    );
  for (const r of rows) if (r.bookingId) await chargeCompletedVisit(deps, r.businessId, r.bookingId, now);
  return rows.length;
}
