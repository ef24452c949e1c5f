import { and, eq } from 'drizzle-orm';
import { servicePriceCents } from '../../../shared/pricing';
import {
  dueDates,
  type Placement,
  REPEAT_LABELS,
  type RepeatWeeks,
  repeatDiscountPercent,
  repeatVisitPrice,
  SERIES_TEXT,
} from '../../../shared/series';
import { type SeriesCheckoutInput, seriesCheckoutSchema } from '../../../shared/series.schemas';
import { addDays, todayInZone } from '../../../shared/time';
import type { DbOrTx, Transaction } from '../../db/client';
import { bookingSeries, bookings, messageSends, seriesVisits, services } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import type { AppDeps } from '../../http/context';
import { AppError, conflict, invalid, notFound } from '../../http/errors';
import { assertOwnedIds } from '../../http/ids';
import { pointColumns } from '../../providers/geo/zip-centroid';
import { findActiveService, findPublicBusiness } from '../bookings/book/booking-options.service';
import { customerForCheckout, upsertVehicle } from '../bookings/book/checkout.service';
import {
  assertSlotBookable,
  getScheduling,
  lockBusinessSlots,
} from '../bookings/scheduling/scheduling.service';
import { manageUrl, newManageToken } from '../campaigns/automations/customer-links';
import { deliverQueued, queueTransactionalEmail } from '../campaigns/automations/message-queue';
import { chargeTermsFor } from '../payouts/payment-accounts.service';
import { repeatTermsOf } from './series-terms.service';

// Repeat visits (issue 32, decisions 1257–1258): the checkout saves the card, then the series books its visits on the
// business's rolling horizon, each a real booking placed by the one slot function; a date that cannot be placed is
// kept as 'unplaced' with its reason, for the owner.

export type SeriesDeps = Pick<
  AppDeps,
  'db' | 'payments' | 'platformFee' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'
>;
export type SeriesRow = typeof bookingSeries.$inferSelect;

const TEST_SETUP_PATH = '/checkout/test-setup/';
export const testSetupUrl = (publicUrl: string, sessionId: string) =>
  `${publicUrl}${TEST_SETUP_PATH}${encodeURIComponent(sessionId)}`;

/**
 * /book's "every 1, 2 or 4 weeks": prices the visit on the server (§9 price less the frequency's discount), checks the
 * first slot like any booking, stores the series (not yet active) and opens the card-saving page: Stripe Checkout in
 * setup mode on the business's connected account, or the test checkout. Nothing is charged now.
 */
export async function createSeriesCheckout(
  deps: SeriesDeps,
  // The owner's New booking names no business in its body: the signed-in one is it.
  body: SeriesCheckoutInput | Omit<SeriesCheckoutInput, 'businessId'>,
  /** The signed-in owner's business: the owner's New booking books a series for a customer (issue 32). */
  ownerBusinessId?: string,
) {
  const form = seriesCheckoutSchema.parse(ownerBusinessId ? { ...body, businessId: ownerBusinessId } : body);
  const { db, payments, publicUrl } = deps;
  const business = await findPublicBusiness(db, form.businessId);
  if (!business || business.closed) throw notFound('This business could not be found');
  if (!ownerBusinessId && !business.acceptsOnlineBookings)
    throw conflict('This business is not taking online bookings yet');
  // The owner naming another business's service: 404, as everywhere else the owner names a record.
  if (ownerBusinessId) await assertOwnedIds(db, services, business.id, [form.serviceId], 'Service not found');
  const service = await findActiveService(db, business.id, form.serviceId);
  if (!service) throw invalid('This service is no longer available');
  const terms = await repeatTermsOf(db, business.id, service.id);
  if (!terms) throw invalid(SERIES_TEXT.notRepeatable);
  const weeks = form.repeatWeeks as RepeatWeeks;
  const price = repeatVisitPrice(
    servicePriceCents(service, form.vehicleType),
    repeatDiscountPercent(terms, weeks),
  );
  await assertSlotBookable(db, business.id, {
    date: form.date,
    time: form.time,
    durationMinutes: service.durationMinutes,
    // The owner books as on the New booking dialog: the notice rule is not theirs (decision 1102).
    byOwner: Boolean(ownerBusinessId),
  });
  // 409 when the business cannot take charges; the destination is where the card is saved and charged.
  const { transfer } = await chargeTermsFor(deps, business.id, { amountCents: price.visitCents });
  const [series] = await db
    .insert(bookingSeries)
    .values({
      businessId: business.id,
      serviceId: service.id,
      serviceName: service.name,
      durationMinutes: service.durationMinutes,
      intervalWeeks: weeks,
      anchorDate: form.date,
      localTime: form.time,
      timeZone: business.timeZone,
      locationAddress: form.location,
      zipCode: form.zip,
      vehicleType: form.vehicleType,
      vehicleMake: form.vehicleMake,
      vehicleModel: form.vehicleModel,
      vehicleYear: form.vehicleYear,
      vehicleColor: form.vehicleColor,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      notes: form.notes,
      priceCents: price.priceCents,
      discountPercent: price.percent,
      discountCents: price.discountCents,
      visitCents: price.visitCents,
      provider: payments.kind,
      connectedAccount: transfer.destination,
    })
    .returning();
  const s = series!;
  let session: { sessionId: string; url: string };
  if (payments.kind === 'stripe' && payments.series) {
    session = await payments.series.createSetupCheckout({
      seriesId: s.id,
      connectedAccount: transfer.destination,
      customerEmail: form.email,
      description: `${service.name}, ${REPEAT_LABELS[weeks].toLowerCase()} — ${business.name ?? 'ShineRoute'}`,
      successUrl: `${publicUrl}/series/saved?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/book?business=${encodeURIComponent(business.id)}&cancelled=1`,
    });
  } else {
    const sessionId = `setup_test_${s.id}`;
    session = { sessionId, url: testSetupUrl(publicUrl, sessionId) };
  }
  await db
    .update(bookingSeries)
    .set({ providerSessionId: session.sessionId })
    .where(eq(bookingSeries.id, s.id));
  return {
    seriesId: s.id,
    url: session.url,
    sessionId: session.sessionId,
    amountCents: price.visitCents,
    discountCents: price.discountCents,
  };
}

export async function seriesOfSession(db: DbOrTx, sessionId: string) {
  const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.providerSessionId, sessionId));
  return row ?? null;
}

/**
 * The card is saved (the test checkout's button, or Stripe's setup session asked by its id): the series becomes
 * active once, its customer and vehicle are matched or created, its visits are booked and the customer is told.
 * Returns the manage link of the first visit.
 */
export async function activateSeries(deps: SeriesDeps, sessionId: string) {
  const series = await seriesOfSession(deps.db, sessionId);
  if (!series) throw notFound('This checkout could not be found');
  let card = { customerId: null as string | null, paymentMethodId: 'test_card' as string | null };
  if (series.setupStatus === 'open') {
    if (series.provider === 'stripe') {
      if (!deps.payments.series || !series.connectedAccount)
        throw notFound('This checkout could not be found');
      const result = await deps.payments.series.getSetupResult(sessionId, series.connectedAccount);
      if (!result.saved) throw invalid('The card has not been saved yet');
      card = { customerId: result.customerId, paymentMethodId: result.paymentMethodId };
    } else if (deps.payments.kind !== 'test') {
      throw notFound('This checkout could not be found');
    }
  }
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.id, series.id))
      .for('update');
    if (!locked || locked.setupStatus === 'saved') return;
    const customer = await customerForCheckout(tx, locked);
    const vehicleId = await upsertVehicle(tx, locked, customer.id);
    await tx
      .update(bookingSeries)
      .set({
        setupStatus: 'saved',
        customerId: customer.id,
        customerVehicleId: vehicleId,
        providerCustomerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
      })
      .where(eq(bookingSeries.id, locked.id));
  });
  // The visits are booked, the first with the series' confirmation in its transaction (decision 1356): a replay (the
  // return page again, Stripe's webhook) books what a killed process left, and the dedupe key keeps the confirmation
  // to one.
  await extendSeries(deps, series.id);
  const first = await firstBookedVisit(deps.db, series.id);
  const link = first
    ? manageUrl(deps.publicUrl, await newManageToken(deps.db, series.businessId, first.bookingId))
    : null;
  return { seriesId: series.id, manageLink: link };
}

/**
 * Stripe's word that a series' card was saved (checkout.session.completed in setup mode, or setup_intent.succeeded):
 * the same activation as the return page, idempotent under the series' row lock, whichever arrives first. The card
 * is still asked of Stripe by the session (never read from the event). An unknown or unsaved series is acknowledged
 * with its reason, so Stripe stops retrying.
 */
export async function handleSeriesSetupEvent(
  deps: SeriesDeps,
  event: { sessionId: string | null; seriesId: string | null },
) {
  let sessionId = event.sessionId;
  if (!sessionId && event.seriesId && /^[0-9a-f-]{36}$/i.test(event.seriesId)) {
    const [row] = await deps.db
      .select({ sessionId: bookingSeries.providerSessionId })
      .from(bookingSeries)
      .where(eq(bookingSeries.id, event.seriesId));
    sessionId = row?.sessionId ?? null;
  }
  if (!sessionId) return { received: true, outcome: 'Unknown series' };
  try {
    const { seriesId } = await activateSeries(deps, sessionId);
    return { received: true, seriesId };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { received: true, outcome: err.message };
    throw err;
  }
}

async function firstBookedVisit(db: DbOrTx, seriesId: string) {
  const [row] = await db
    .select({ bookingId: seriesVisits.bookingId, scheduledAt: bookings.scheduledAt })
    .from(seriesVisits)
    .innerJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .where(and(eq(seriesVisits.seriesId, seriesId), eq(seriesVisits.status, 'booked')))
    .orderBy(seriesVisits.occurrenceDate)
    .limit(1);
  return row?.bookingId ? { bookingId: row.bookingId, scheduledAt: row.scheduledAt } : null;
}

/**
 * The series' confirmation, written in the transaction that books its first visit (decision 1356) with that visit's
 * manage link; its dedupe key keeps it to one per series, whichever run books the first visit.
 */
async function queueSeriesConfirmation(
  deps: Pick<SeriesDeps, 'publicUrl'>,
  tx: Transaction,
  seriesId: string,
) {
  const dedupeKey = `series:confirmed:${seriesId}`;
  const [written] = await tx
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(eq(messageSends.dedupeKey, dedupeKey));
  if (written) return [];
  const [s] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
  const first = await firstBookedVisit(tx, seriesId);
  if (s?.setupStatus !== 'saved' || !first) return [];
  const link = manageUrl(deps.publicUrl, await newManageToken(tx, s.businessId, first.bookingId));
  const business = await findPublicBusiness(tx, s.businessId);
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId: s.businessId,
    bookingId: first.bookingId,
    customerId: s.customerId,
    kind: 'confirmation',
    dedupeKey,
    to: s.email,
    ...(await renderEmailRow(
      'series-confirmed',
      {
        firstName: s.firstName,
        businessName: business?.name ?? 'Your detailer',
        serviceName: s.serviceName,
        frequency: REPEAT_LABELS[s.intervalWeeks as RepeatWeeks],
        first: { at: first.scheduledAt, timeZone: s.timeZone },
        address: s.locationAddress,
        visitCents: s.visitCents,
        discountCents: s.discountCents,
        manageLink: link,
      },
      { db: tx, businessId: s.businessId, publicUrl: deps.publicUrl },
    )),
  });
}

/** Where one occurrence can go: the one slot function decides (hours, closed dates, crews, any rule slots gain). */
export async function placeOccurrence(
  tx: Transaction,
  series: Pick<SeriesRow, 'businessId' | 'localTime' | 'durationMinutes'>,
  date: string,
  time = series.localTime,
  excludeBookingId?: string,
): Promise<Placement> {
  try {
    // Booked on the customer's behalf long before: the owner's notice rule is not a surprise here (decision 1102).
    const { startsAt } = await assertSlotBookable(tx, series.businessId, {
      date,
      time,
      durationMinutes: series.durationMinutes,
      byOwner: true,
      excludeBookingId,
    });
    return { ok: true, startsAt };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, reason: err.message };
    throw err;
  }
}

/** A visit of the series as a real booking (pending, priced at the series' discounted visit). */
export async function insertVisitBooking(tx: Transaction, s: SeriesRow, startsAt: Date) {
  const [row] = await tx
    .insert(bookings)
    .values({
      businessId: s.businessId,
      serviceId: s.serviceId,
      customerId: s.customerId,
      customerVehicleId: s.customerVehicleId,
      serviceName: s.serviceName,
      durationMinutes: s.durationMinutes,
      scheduledAt: startsAt,
      locationAddress: s.locationAddress,
      zipCode: s.zipCode,
      ...pointColumns(s.locationAddress, s.zipCode),
      quotedPriceCents: s.visitCents,
      finalPriceCents: s.visitCents,
      tipCents: 0,
      status: 'pending',
      specialInstructions: s.notes,
      bookerFirstName: s.firstName,
      bookerLastName: s.lastName,
      bookerPhone: s.phone,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** What booking visits needs: the database, and what writes and delivers the series' confirmation. */
export type ExtendDeps = Pick<
  SeriesDeps,
  'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs'
>;

/**
 * Books the series' due dates through the business's horizon. Each date is decided once, under the business's slot
 * lock: its row is claimed first (unique per date), so a second run, or two at once, books nothing twice. The
 * transaction that books the series' first visit writes its confirmation (decision 1356), delivered after the run.
 */
export async function extendSeries(deps: ExtendDeps, seriesId: string, now = new Date()) {
  const { db } = deps;
  const [series] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
  if (series?.status !== 'active' || series.setupStatus !== 'saved') return { booked: 0, unplaced: 0 };
  const rules = await getScheduling(db, series.businessId);
  const today = todayInZone(rules.timeZone, now);
  const known = await db
    .select({ date: seriesVisits.occurrenceDate })
    .from(seriesVisits)
    .where(eq(seriesVisits.seriesId, seriesId));
  const due = dueDates(series, addDays(today, rules.horizonDays), new Set(known.map((k) => k.date)), today);
  let booked = 0;
  let unplaced = 0;
  const messageIds: string[] = [];
  for (const date of due) {
    const outcome = await db.transaction(async (tx) => {
      await lockBusinessSlots(tx, series.businessId);
      const [claimed] = await tx
        .insert(seriesVisits)
        .values({ businessId: series.businessId, seriesId, occurrenceDate: date, status: 'unplaced' })
        .onConflictDoNothing()
        .returning({ id: seriesVisits.id });
      if (!claimed) return 'known' as const;
      const [current] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
      if (current?.status !== 'active') {
        await tx.delete(seriesVisits).where(eq(seriesVisits.id, claimed.id));
        return 'known' as const;
      }
      const placement = await placeOccurrence(tx, current, date);
      if (!placement.ok) {
        await tx
          .update(seriesVisits)
          .set({ reason: placement.reason })
          .where(eq(seriesVisits.id, claimed.id));
        return 'unplaced' as const;
      }
      const bookingId = await insertVisitBooking(tx, current, placement.startsAt);
      await tx
        .update(seriesVisits)
        .set({ status: 'booked', bookingId, reason: null })
        .where(eq(seriesVisits.id, claimed.id));
      messageIds.push(...(await queueSeriesConfirmation(deps, tx, seriesId)));
      return 'booked' as const;
    });
    if (outcome === 'booked') booked++;
    if (outcome === 'unplaced') unplaced++;
  }
  await deliverQueued(deps, messageIds);
  return { booked, unplaced };
}

/** The extender's run over every active series (the job queue's daily work). */
export async function extendAllSeries(deps: ExtendDeps, now = new Date()) {
  const rows = await deps.db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.status, 'active'), eq(bookingSeries.setupStatus, 'saved')));
  let booked = 0;
  let unplaced = 0;
  for (const r of rows) {
    const n = await extendSeries(deps, r.id, now);
    booked += n.booked;
    unplaced += n.unplaced;
  }
  return { series: rows.length, booked, unplaced };
}
