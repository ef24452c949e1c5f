import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS_LABELS, checkTransition } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { bookings, checkoutSessions, customers, customerVehicles, profiles } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { dropPendingReminders } from '../campaigns/automations/reminders';
import { queueReviewRequest } from '../campaigns/automations/review-requests';
import { deductStockForCompletedBooking } from '../inventory/service-usage.service';
import { earnPointsForBooking, reverseBookingPoints } from '../loyalty/points-ledger';
import { pointsBaseCents, returnBookingCredit } from '../memberships/plan-bookings.service';
import { recordCheckoutRefund } from '../payouts/refunds';
import { v1Booking } from '../public-api/v1-schemas';
import { chargeCompletedVisit, type SeriesChargeDeps } from '../series/series-charges.service';
import { recordWebhookEvent } from '../webhooks/webhooks.service';
import { bookerChanges } from './booker-details.service';
import { recordHistory } from './booking-history.service';

const NOT_FOUND = 'Booking not found';

export const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  scheduledAt: bookings.scheduledAt,
  durationMinutes: bookings.durationMinutes,
  locationAddress: bookings.locationAddress,
  zipCode: bookings.zipCode,
  quotedPriceCents: bookings.quotedPriceCents,
  finalPriceCents: bookings.finalPriceCents,
  tipCents: bookings.tipCents,
  // The promo code the customer booked with (features/promo-codes), if any.
  promoCode: sql<
    string | null
  >`(select pu.code from promo_code_uses pu join checkout_sessions cs on cs.id = pu.checkout_session_id where cs.provider_session_id = ${bookings.paymentSessionId})`,
  // The loyalty reward redeemed with it (docs/decisions/0710), if any: a product reward is handed over at the visit.
  rewardName: sql<
    string | null
  >`(select rr.reward_name from reward_redemptions rr join checkout_sessions cs on cs.id = rr.checkout_session_id where cs.provider_session_id = ${bookings.paymentSessionId})`,
  specialInstructions: bookings.specialInstructions,
  createdAt: bookings.createdAt,
  paymentSessionId: bookings.paymentSessionId,
  paidOfflineAt: bookings.paidOfflineAt,
  arrivalAnyTime: bookings.arrivalAnyTime,
  needsNewTimeAt: bookings.needsNewTimeAt,
  serviceId: bookings.serviceId,
  serviceName: bookings.serviceName,
  serviceDescription: bookings.serviceDescription,
  customerId: customers.id,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  customerEmail: customers.email,
  customerPhone: customers.phone,
  customerAddress: customers.address,
  bookerFirstName: bookings.bookerFirstName,
  bookerLastName: bookings.bookerLastName,
  bookerPhone: bookings.bookerPhone,
  vehicleMake: customerVehicles.make,
  vehicleModel: customerVehicles.model,
  vehicleYear: customerVehicles.year,
  vehicleColor: customerVehicles.color,
  vehicleType: customerVehicles.vehicleType,
};

export function selectBookings(db: DbOrTx) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(customerVehicles, eq(customerVehicles.id, bookings.customerVehicleId));
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

export function toBooking(r: BookingRow) {
  return {
    id: r.id,
    status: r.status,
    scheduledAt: r.scheduledAt.toISOString(),
    durationMinutes: r.durationMinutes,
    locationAddress: r.locationAddress,
    zipCode: r.zipCode,
    quotedPriceCents: r.quotedPriceCents,
    finalPriceCents: r.finalPriceCents,
    tipCents: r.tipCents,
    promoCode: r.promoCode,
    rewardName: r.rewardName,
    specialInstructions: r.specialInstructions,
    createdAt: r.createdAt.toISOString(),
    // Paid through checkout, recorded as paid outside ShineRoute by the owner, or still to collect.
    payment: r.paymentSessionId
      ? ('online' as const)
      : r.paidOfflineAt
        ? ('offline' as const)
        : ('unpaid' as const),
    /** The route optimiser may place it any time in the technician's day (decision 1334). */
    arrivalAnyTime: r.arrivalAnyTime,
    /** A weather move found no time for it; the customer was asked to pick one (decision 1345). */
    needsNewTime: r.needsNewTimeAt !== null,
    service: {
      id: r.serviceId,
      name: r.serviceName,
      description: r.serviceDescription,
      durationMinutes: r.durationMinutes,
    },
    customer: r.customerId
      ? {
          id: r.customerId,
          firstName: r.customerFirstName!,
          lastName: r.customerLastName!,
          email: r.customerEmail!,
          phone: r.customerPhone,
        }
      : null,
    // What the booker entered online where it differs from the customer's record (decision 0936).
    bookerChanges: r.customerId ? bookerChanges(r) : [],
    vehicle: r.vehicleType
      ? {
          make: r.vehicleMake!,
          model: r.vehicleModel!,
          year: r.vehicleYear,
          color: r.vehicleColor,
          vehicleType: r.vehicleType,
        }
      : null,
  };
}
export type OwnerBooking = ReturnType<typeof toBooking>;

export async function businessTimeZone(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  return row?.timeZone ?? 'America/Chicago';
}

export async function getBooking(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, NOT_FOUND);
  const [row] = await selectBookings(db).where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
  if (!row) throw notFound(NOT_FOUND);
  return toBooking(row);
}

/**
 * Moves a booking along §4's table (409 otherwise). Completing fixes final_price (the customer's lifetime value
 * counts it, decision 0948); cancelling a paid booking refunds its payment once the status has changed (decisions 104, 405).
 */
export async function updateBookingStatus(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'publicUrl' | 'jobs'> & SeriesChargeDeps,
  businessId: string,
  id: string,
  to: BookingStatus,
) {
  const { db } = deps;
  assertUuid(id, NOT_FOUND);
  const [current] = await db
    .select({
      status: bookings.status,
      scheduledAt: bookings.scheduledAt,
      paymentSessionId: bookings.paymentSessionId,
    })
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
  if (!current) throw notFound(NOT_FOUND);
  const check = checkTransition(current.status, to, current);
  if (!check.ok) throw conflict(check.message);

  // The status changes first, under the row lock: of concurrent cancels only one wins, and a cancel that loses to a
  // confirm or a completion refunds nothing. The winner then refunds, once (decision 405).
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: bookings.status,
        scheduledAt: bookings.scheduledAt,
        customerId: bookings.customerId,
        quoted: bookings.quotedPriceCents,
        final: bookings.finalPriceCents,
        serviceName: bookings.serviceName,
      })
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    // Re-checked under the row lock: a concurrent click must not complete (and count) a booking twice.
    const locked = checkTransition(row.status, to, row);
    if (!locked.ok) throw conflict(locked.message);
    if (to === 'completed') {
      const finalPriceCents = row.final ?? row.quoted;
      // The customer's lifetime value reads the completed booking itself (docs/decisions/0948): no total to keep.
      await tx.update(bookings).set({ status: to, finalPriceCents }).where(eq(bookings.id, id));
      // The supplies the service uses per job leave stock in the same transaction (docs/decisions/0201).
      await deductStockForCompletedBooking(tx, businessId, id);
      // Points are earned in the same transaction, once per booking (docs/decisions/0701).
      if (row.customerId)
        await earnPointsForBooking(tx, {
          businessId,
          customerId: row.customerId,
          bookingId: id,
          // A plan visit paid with a credit earns on the service's price (decision 1260).
          finalPriceCents: await pointsBaseCents(tx, id, finalPriceCents),
          serviceName: row.serviceName,
        });
      // The review request is written with the completion, once per booking (decision 613); the tick delivers it.
      await queueReviewRequest(tx, deps.publicUrl, businessId, id);
    } else {
      await tx.update(bookings).set({ status: to }).where(eq(bookings.id, id));
      if (to === 'cancelled') {
        await reverseBookingPoints(tx, businessId, id, 'booking cancelled');
        // A visit paid with a plan credit gives the credit back (a no-show does not; decision 1260).
        await returnBookingCredit(tx, businessId, id);
      }
    }
    // A booking that will not take place gets no reminder (decision 611).
    if (to === 'cancelled' || to === 'no_show') await dropPendingReminders(tx, id);
    await recordHistory(tx, businessId, id, [
      {
        field: 'status',
        summary: `Status ${BOOKING_STATUS_LABELS[row.status]} → ${BOOKING_STATUS_LABELS[to]}`,
      },
    ]);
    // The refund's job commits with the cancel (decision 1320).
    if (to === 'cancelled' && current.paymentSessionId)
      await queueCancelRefund(tx, deps, current.paymentSessionId, 'business');
    // With the change, in its transaction (decision 1202).
    if (to === 'cancelled' || to === 'completed')
      await recordWebhookEvent(
        tx,
        businessId,
        to === 'cancelled' ? 'booking.cancelled' : 'booking.completed',
        v1Booking.parse(await getBooking(tx, businessId, id)),
      );
  });
  if (to === 'cancelled' && current.paymentSessionId)
    await refundCancelledBooking(deps, current.paymentSessionId);
  // A repeat visit is charged to the saved card once it is done, exactly once (decision 1258).
  if (to === 'completed') await chargeCompletedVisit(deps, businessId, id);
  return getBooking(db, businessId, id);
}

export const REFUND_JOB = 'booking.refund';

/** The safety net's delay: the refund after the commit normally finishes first, and the job then finds it done. */
export const REFUND_JOB_DELAY_SECONDS = 60;

/**
 * Writes the refund job of a cancelled paid booking in the cancel's own transaction (decision 1320): it exists exactly
 * when the cancel commits, so a process that dies between the commit and the refund leaves a job that refunds it on
 * any instance. Delayed: the refund right after the commit usually finishes first, and the job then finds it done.
 */
export async function queueCancelRefund(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'jobs'>,
  sessionId: string,
  by: 'business' | 'customer',
) {
  await deps.jobs?.send(
    REFUND_JOB,
    { sessionId, by },
    {
      tx,
      singletonKey: sessionId,
      startAfterSeconds: REFUND_JOB_DELAY_SECONDS,
      retryLimit: 20,
      retryDelaySeconds: 60,
    },
  );
}

/** The provider's idempotency key of a booking's cancellation refund: one refund per paid checkout, however often asked. */
export const cancelRefundKey = (sessionId: string) => `refund-${sessionId}`;

/**
 * Refunds the payment of a cancelled booking, exactly once however often it runs (decisions 405, 1320). The provider
 * is asked first, with the checkout's session as idempotency key, so a second ask (a retry, the cancel's job after a
 * crash) gets the same refund back instead of a new one; then one transaction claims the checkout (completed →
 * refunded, conditional), records the ledger's refund and writes the customer's email. Only the claimant records
 * and emails. A crash anywhere leaves the checkout completed and the cancel's job to finish it; a provider failure
 * throws in the job (pg-boss retries it) and is logged after the cancel's commit, where the job will retry it.
 */
export async function refundCancelledBooking(
  deps: Pick<AppDeps, 'payments' | 'jobs'> & AutomationDeps,
  sessionId: string,
  by: 'business' | 'customer' = 'business',
) {
  const [paid] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.providerSessionId, sessionId),
        eq(checkoutSessions.status, 'completed'),
        eq(checkoutSessions.provider, deps.payments.kind),
      ),
    );
  if (!paid) return false;
  try {
    await deps.payments.refund(sessionId, paid.paymentReference, {
      connected: Boolean(paid.destinationAccount),
      idempotencyKey: cancelRefundKey(sessionId),
    });
  } catch (err) {
    // In the job: thrown, so the queue retries it. After the cancel: its job (written with the cancel) retries it.
    if (!deps.jobs) throw err;
    console.warn(`Refund of ${sessionId} failed; its job retries it:`, (err as Error).message);
    return false;
  }
  const checkout = paid;
  // The checkout keeps the time first booked; the booking may have moved since (owner Edit, self-service link).
  const [booked] = checkout.bookingId
    ? await deps.db
        .select({ scheduledAt: bookings.scheduledAt })
        .from(bookings)
        .where(eq(bookings.id, checkout.bookingId))
    : [];
  const email = await renderEmailRow(
    'booking-cancelled-refunded',
    {
      firstName: checkout.firstName,
      serviceName: checkout.serviceName,
      when: { at: booked?.scheduledAt ?? checkout.scheduledAt, timeZone: checkout.timeZone },
      refundedCents: checkout.amountCents + checkout.tipCents,
      by,
    },
    checkout.businessId
      ? { db: deps.db, businessId: checkout.businessId, publicUrl: deps.publicUrl }
      : { platformLead: true },
  );
  const { businessId } = checkout;
  // The claim, the ledger's refund and the customer's email commit together (decisions 1290, 1320): of two runs
  // that both reached the provider (and got the one refund back), only the claimant records and emails.
  const messageIds = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutSessions)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'completed')))
      .returning({ id: checkoutSessions.id });
    if (!claimed) return null;
    await recordCheckoutRefund(tx, checkout);
    return businessId
      ? queueTransactionalEmail(tx, deps.publicUrl, {
          businessId,
          bookingId: booked ? checkout.bookingId : null,
          kind: 'refund',
          dedupeKey: `refund:${checkout.id}`,
          to: checkout.email,
          ...email,
        })
      : [];
  });
  if (!messageIds) return false;
  if (businessId) await deliverQueued(deps, messageIds);
  // A platform lead has no business, so no message row: its email goes straight out.
  else
    await deps.mailer
      .send({ to: checkout.email, subject: email.subject, text: email.body, html: email.html })
      .catch((err) => console.warn('Could not send the cancellation email', err));
  return true;
}
