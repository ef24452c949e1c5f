import { and, eq, isNull } from 'drizzle-orm';
import { BOOKING_STATUS_LABELS } from '../../../shared/booking-status';
import {
  AUTOMATION_TEXT,
  SELF_SERVICE_NOTICE_HOURS,
  type SelfServiceReschedule,
  selfServiceRescheduleSchema,
} from '../../../shared/messaging';
import { formatDateTimeInZone } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookingManageLinks, bookings, customers } from '../../db/schema';
import { type RenderedEmail, renderEmail, renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { conflict, invalid, notFound } from '../../http/errors';
import { findPublicBusiness } from '../bookings/book/booking-options.service';
import { recordHistory } from '../bookings/booking-history.service';
import { businessTimeZone, queueCancelRefund, refundCancelledBooking } from '../bookings/bookings.service';
import {
  assertSlotBookable,
  lockBusinessSlots,
  slotsOfDate,
} from '../bookings/scheduling/scheduling.service';
import { appliedBranding } from '../branding/branding.service';
import { reverseBookingPoints } from '../loyalty/points-ledger';
import { returnBookingCredit } from '../memberships/plan-bookings.service';
import { bookingOfLinkToken, manageUrl, newManageToken } from './automations/customer-links';
import { deliverQueued, queueTransactionalEmail } from './automations/message-queue';
import { dropPendingReminders } from './automations/reminders';

// The customer's self-service page (decision 612): by an unguessable token that names one booking, the customer moves
// it to a free slot (the one slot function) or cancels it, until 24 hours before the start (§9).

type Deps = Pick<
  AppDeps,
  'db' | 'mailer' | 'payments' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs' | 'jobs'
>;
const CHANGEABLE = ['pending', 'confirmed'];
const HOUR_MS = 3_600_000;

async function bookingOfToken(db: DbOrTx, token: string) {
  const bookingId = await bookingOfLinkToken(db, 'manage', token);
  if (!bookingId) throw notFound(AUTOMATION_TEXT.linkNotFound);
  const [row] = await db
    .select({
      id: bookings.id,
      businessId: bookingManageLinks.businessId,
      status: bookings.status,
      scheduledAt: bookings.scheduledAt,
      durationMinutes: bookings.durationMinutes,
      serviceName: bookings.serviceName,
      locationAddress: bookings.locationAddress,
      paymentSessionId: bookings.paymentSessionId,
      customerId: bookings.customerId,
      firstName: customers.firstName,
      email: customers.email,
    })
    .from(bookingManageLinks)
    .innerJoin(bookings, eq(bookings.id, bookingManageLinks.bookingId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        eq(bookingManageLinks.bookingId, bookingId),
        eq(bookings.businessId, bookingManageLinks.businessId),
      ),
    );
  if (!row) throw notFound(AUTOMATION_TEXT.linkNotFound);
  return row;
}
type TokenBooking = Awaited<ReturnType<typeof bookingOfToken>>;

/** Why the customer may not change the booking online now, or null when they may. */
function refusal(b: Pick<TokenBooking, 'status' | 'scheduledAt'>, phone: string | null, now = new Date()) {
  if (!CHANGEABLE.includes(b.status)) return AUTOMATION_TEXT.notChangeable;
  if (b.scheduledAt.getTime() - now.getTime() < SELF_SERVICE_NOTICE_HOURS * HOUR_MS)
    return AUTOMATION_TEXT.tooLate(phone);
  return null;
}

export async function selfServiceView(deps: Pick<Deps, 'db'>, token: string) {
  const b = await bookingOfToken(deps.db, token);
  const business = await findPublicBusiness(deps.db, b.businessId);
  const timeZone = await businessTimeZone(deps.db, b.businessId);
  const reason = refusal(b, business?.phone ?? null);
  const branding = await appliedBranding(deps.db, b.businessId);
  return {
    businessName: branding?.displayName || (business?.name ?? 'Your detailer'),
    // A white-labelled business's look (decision 1315); null for ShineRoute's.
    branding,
    businessPhone: business?.phone ?? null,
    serviceName: b.serviceName,
    status: b.status,
    scheduledAt: b.scheduledAt.toISOString(),
    when: formatDateTimeInZone(b.scheduledAt, timeZone),
    durationMinutes: b.durationMinutes,
    locationAddress: b.locationAddress,
    timeZone,
    canChange: reason === null,
    reason,
    changeDeadline: new Date(b.scheduledAt.getTime() - SELF_SERVICE_NOTICE_HOURS * HOUR_MS).toISOString(),
  };
}

/** The free slots of a date for this booking (its own time does not count as busy). */
export async function selfServiceSlots(deps: Pick<Deps, 'db'>, token: string, date: string) {
  const b = await bookingOfToken(deps.db, token);
  return slotsOfDate(deps.db, b.businessId, {
    date,
    durationMinutes: b.durationMinutes,
    excludeBookingId: b.id,
  });
}

/**
 * The owner hears of the customer's move or cancel by a message row written in its transaction (decision 1331): the
 * Outbox shows it, and it goes after the commit, or with the automations tick after a crash. Returns its id.
 */
async function notifyOwner(
  deps: Pick<Deps, 'publicUrl'>,
  tx: DbOrTx,
  b: { businessId: string; bookingId: string; dedupeKey: string },
  email: RenderedEmail,
) {
  const business = await findPublicBusiness(tx, b.businessId);
  if (!business) return [];
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: b.businessId,
    bookingId: b.bookingId,
    kind: 'self_service_owner',
    dedupeKey: `owner-notice:${b.dedupeKey}`,
    to: business.ownerEmail.toLowerCase(),
    subject: email.subject,
    body: email.text,
    html: email.html,
  });
}

export async function selfServiceReschedule(deps: Deps, token: string, body: SelfServiceReschedule) {
  const input = selfServiceRescheduleSchema.parse(body);
  const first = await bookingOfToken(deps.db, token);
  const business = await findPublicBusiness(deps.db, first.businessId);
  const timeZone = await businessTimeZone(deps.db, first.businessId);
  const moved = await deps.db.transaction(async (tx) => {
    await lockBusinessSlots(tx, first.businessId);
    const [b] = await tx
      .select({
        status: bookings.status,
        scheduledAt: bookings.scheduledAt,
        durationMinutes: bookings.durationMinutes,
      })
      .from(bookings)
      .where(eq(bookings.id, first.id))
      .for('update');
    if (!b) throw notFound(AUTOMATION_TEXT.linkNotFound);
    const why = refusal(b, business?.phone ?? null);
    if (why) throw conflict(why);
    // The customer's move follows the same rules as /book: hours, notice, horizon, a free crew.
    const { startsAt } = await assertSlotBookable(tx, first.businessId, {
      date: input.date,
      time: input.time,
      durationMinutes: b.durationMinutes,
      excludeBookingId: first.id,
    });
    if (startsAt.getTime() === b.scheduledAt.getTime()) throw invalid('Please choose a different time');
    await tx.update(bookings).set({ scheduledAt: startsAt }).where(eq(bookings.id, first.id));
    await recordHistory(tx, first.businessId, first.id, [
      {
        field: 'time',
        summary: `Time ${formatDateTimeInZone(b.scheduledAt, timeZone)} → ${formatDateTimeInZone(startsAt, timeZone)}`,
        reason: 'Moved by the customer (self-service link)',
      },
    ]);
    await dropPendingReminders(tx, first.id);
    // The customer's and the owner's notices commit with the move (decision 1331).
    const key = `${first.id}:${startsAt.toISOString()}`;
    const customer = first.email
      ? await queueTransactionalEmail(tx, deps.publicUrl, {
          businessId: first.businessId,
          bookingId: first.id,
          customerId: first.customerId,
          kind: 'self_service',
          dedupeKey: `self_service:moved:${key}`,
          to: first.email.toLowerCase(),
          ...(await renderEmailRow(
            'self-service-moved',
            {
              firstName: first.firstName ?? '',
              businessName: business?.name ?? 'Your detailer',
              serviceName: first.serviceName,
              when: { at: startsAt, timeZone },
              address: first.locationAddress,
              manageLink: manageUrl(deps.publicUrl, await newManageToken(tx, first.businessId, first.id)),
            },
            { db: tx, businessId: first.businessId, publicUrl: deps.publicUrl },
          )),
        })
      : [];
    const owner = await notifyOwner(
      deps,
      tx,
      { businessId: first.businessId, bookingId: first.id, dedupeKey: `self_service:moved:${key}` },
      await renderEmail('self-service-moved-for-owner', {
        customerFirstName: first.firstName,
        serviceName: first.serviceName,
        from: { at: b.scheduledAt, timeZone },
        when: { at: startsAt, timeZone },
      }),
    );
    return [...customer, ...owner];
  });
  await deliverQueued(deps, moved);
  return selfServiceView(deps, token);
}

/**
 * Cancels once: the first click claims the link (one conditional update) and cancels the booking under its row lock;
 * only then is the payment refunded, once (refundCancelledBooking, decision 405); concurrent clicks are told it is
 * already being cancelled.
 */
export async function selfServiceCancel(deps: Deps, token: string) {
  const b = await bookingOfToken(deps.db, token);
  const business = await findPublicBusiness(deps.db, b.businessId);
  const why = refusal(b, business?.phone ?? null);
  if (why) throw conflict(why);
  const [claim] = await deps.db
    .update(bookingManageLinks)
    .set({ cancellingAt: new Date() })
    .where(and(eq(bookingManageLinks.bookingId, b.id), isNull(bookingManageLinks.cancellingAt)))
    .returning({ id: bookingManageLinks.bookingId });
  if (!claim) throw conflict(AUTOMATION_TEXT.cancelInProgress);
  const timeZone = await businessTimeZone(deps.db, b.businessId);
  let messageIds: string[];
  try {
    messageIds = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, b.id))
        .for('update');
      if (!row || !CHANGEABLE.includes(row.status)) throw conflict(AUTOMATION_TEXT.notChangeable);
      await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, b.id));
      await reverseBookingPoints(tx, b.businessId, b.id, 'booking cancelled by the customer');
      // A plan visit paid with a credit gives it back, as the owner's cancel does (decision 1260).
      await returnBookingCredit(tx, b.businessId, b.id);
      await recordHistory(tx, b.businessId, b.id, [
        {
          field: 'status',
          summary: `Status ${BOOKING_STATUS_LABELS[row.status]} → ${BOOKING_STATUS_LABELS.cancelled}`,
          reason: 'Cancelled by the customer (self-service link)',
        },
      ]);
      await dropPendingReminders(tx, b.id);
      // The refund's job commits with the cancel (decision 1320).
      if (b.paymentSessionId) await queueCancelRefund(tx, deps, b.paymentSessionId, 'customer');
      // The notices commit with the cancel (decision 1331). A paid booking's customer hears of it with the refund;
      // the others get this notice.
      const customer =
        b.email && !b.paymentSessionId
          ? await queueTransactionalEmail(tx, deps.publicUrl, {
              businessId: b.businessId,
              bookingId: b.id,
              customerId: b.customerId,
              kind: 'self_service',
              dedupeKey: `self_service:cancelled:${b.id}`,
              to: b.email.toLowerCase(),
              ...(await renderEmailRow(
                'self-service-cancelled',
                {
                  firstName: b.firstName ?? '',
                  businessName: business?.name ?? 'us',
                  serviceName: b.serviceName,
                  when: { at: b.scheduledAt, timeZone },
                },
                { db: tx, businessId: b.businessId, publicUrl: deps.publicUrl },
              )),
            })
          : [];
      const owner = await notifyOwner(
        deps,
        tx,
        { businessId: b.businessId, bookingId: b.id, dedupeKey: `self_service:cancelled:${b.id}` },
        await renderEmail('self-service-cancelled-for-owner', {
          customerFirstName: b.firstName,
          serviceName: b.serviceName,
          when: { at: b.scheduledAt, timeZone },
          refunded: Boolean(b.paymentSessionId),
        }),
      );
      return [...customer, ...owner];
    });
  } catch (err) {
    // Nothing was cancelled: the link may be used again.
    await deps.db
      .update(bookingManageLinks)
      .set({ cancellingAt: null })
      .where(eq(bookingManageLinks.bookingId, b.id));
    throw err;
  }
  if (b.paymentSessionId) await refundCancelledBooking(deps, b.paymentSessionId, 'customer');
  await deliverQueued(deps, messageIds);
  return selfServiceView(deps, token);
}
