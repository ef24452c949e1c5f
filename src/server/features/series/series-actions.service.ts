import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { AUTOMATION_TEXT, SELF_SERVICE_NOTICE_HOURS } from '../../../shared/messaging';
import { REPEAT_LABELS, type RepeatWeeks, SERIES_TEXT, type VisitStatus } from '../../../shared/series';
import { formatDateTimeInZone, todayInZone } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookingSeries, bookings, seriesCharges, seriesVisits } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { findPublicBusiness } from '../bookings/book/booking-options.service';
import { updateBookingStatus } from '../bookings/bookings.service';
import { getScheduling } from '../bookings/scheduling/scheduling.service';
import { bookingOfLinkToken } from '../campaigns/automations/customer-links';

// What the owner and the customer do with a series (issue 32): see it, skip one visit, cancel the series. The owner's
// weather move of a day's bookings, repeat visits among them, is features/bookings/day-move (decision 1326).

const NOT_FOUND = SERIES_TEXT.notFound;
const LIVE = ['pending', 'confirmed'] as const;
const HOUR_MS = 3_600_000;

/** A series with its visits, oldest first, and the charges of its completed ones. */
async function seriesView(db: DbOrTx, businessId: string, seriesId: string) {
  const [s] = await db
    .select()
    .from(bookingSeries)
    .where(and(eq(bookingSeries.id, seriesId), eq(bookingSeries.businessId, businessId)));
  if (!s) throw notFound(NOT_FOUND);
  const visits = await db
    .select({
      id: seriesVisits.id,
      occurrenceDate: seriesVisits.occurrenceDate,
      status: seriesVisits.status,
      reason: seriesVisits.reason,
      bookingId: seriesVisits.bookingId,
      scheduledAt: bookings.scheduledAt,
      bookingStatus: bookings.status,
      chargeStatus: seriesCharges.status,
      chargedCents: seriesCharges.amountCents,
    })
    .from(seriesVisits)
    .leftJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .leftJoin(seriesCharges, eq(seriesCharges.bookingId, seriesVisits.bookingId))
    .where(and(eq(seriesVisits.seriesId, s.id), eq(seriesVisits.businessId, businessId)))
    .orderBy(asc(seriesVisits.occurrenceDate));
  return {
    id: s.id,
    status: s.status,
    active: s.status === 'active' && s.setupStatus === 'saved',
    serviceName: s.serviceName,
    intervalWeeks: s.intervalWeeks,
    frequency: REPEAT_LABELS[s.intervalWeeks as RepeatWeeks],
    localTime: s.localTime,
    timeZone: s.timeZone,
    locationAddress: s.locationAddress,
    customerName: `${s.firstName} ${s.lastName}`.trim(),
    customerId: s.customerId,
    priceCents: s.priceCents,
    discountPercent: s.discountPercent,
    discountCents: s.discountCents,
    visitCents: s.visitCents,
    visits: visits.map((v) => ({
      id: v.id,
      occurrenceDate: v.occurrenceDate,
      status: v.status as VisitStatus,
      reason: v.reason,
      bookingId: v.bookingId,
      scheduledAt: v.scheduledAt?.toISOString() ?? null,
      when: v.scheduledAt ? formatDateTimeInZone(v.scheduledAt, s.timeZone) : null,
      bookingStatus: v.bookingStatus ?? null,
      chargeStatus: v.chargeStatus ?? null,
      chargedCents: v.chargeStatus === 'paid' ? (v.chargedCents ?? 0) : 0,
    })),
  };
}
export type SeriesView = Awaited<ReturnType<typeof seriesView>>;

export async function getSeries(db: DbOrTx, businessId: string, seriesId: string) {
  assertUuid(seriesId, NOT_FOUND);
  return seriesView(db, businessId, seriesId);
}

/** The series a booking belongs to, or null (the owner's booking dialog). */
export async function seriesOfBooking(db: DbOrTx, businessId: string, bookingId: string) {
  assertUuid(bookingId, 'Booking not found');
  const [own] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!own) throw notFound('Booking not found');
  const [v] = await db
    .select({ seriesId: seriesVisits.seriesId })
    .from(seriesVisits)
    .where(and(eq(seriesVisits.bookingId, bookingId), eq(seriesVisits.businessId, businessId)));
  return { series: v ? await seriesView(db, businessId, v.seriesId) : null };
}

/** The owner's Repeat visits screen: every series, newest first, with its upcoming and flagged visits counted. */
export async function listSeries(db: DbOrTx, businessId: string) {
  const rules = await getScheduling(db, businessId);
  const today = todayInZone(rules.timeZone);
  const rows = await db
    .select({
      id: bookingSeries.id,
      status: bookingSeries.status,
      serviceName: bookingSeries.serviceName,
      intervalWeeks: bookingSeries.intervalWeeks,
      localTime: bookingSeries.localTime,
      customerName: sql<string>`${bookingSeries.firstName} || ' ' || ${bookingSeries.lastName}`,
      visitCents: bookingSeries.visitCents,
      discountPercent: bookingSeries.discountPercent,
      upcoming: sql<number>`count(*) filter (where ${seriesVisits.status} = 'booked' and ${seriesVisits.occurrenceDate} >= ${today})::int`,
      flagged: sql<number>`count(*) filter (where ${seriesVisits.status} = 'unplaced' and ${seriesVisits.occurrenceDate} >= ${today})::int`,
      nextVisitAt: sql<Date | null>`(select min(b.scheduled_at) from ${seriesVisits} v join ${bookings} b on b.id = v.booking_id where v.series_id = ${bookingSeries.id} and v.status = 'booked' and b.status in ('pending', 'confirmed') and b.scheduled_at >= now())`,
    })
    .from(bookingSeries)
    .leftJoin(seriesVisits, eq(seriesVisits.seriesId, bookingSeries.id))
    .where(and(eq(bookingSeries.businessId, businessId), eq(bookingSeries.setupStatus, 'saved')))
    .groupBy(bookingSeries.id)
    .orderBy(desc(bookingSeries.createdAt))
    .limit(200);
  const flagged = await db
    .select({
      visitId: seriesVisits.id,
      seriesId: seriesVisits.seriesId,
      occurrenceDate: seriesVisits.occurrenceDate,
      reason: seriesVisits.reason,
      serviceName: bookingSeries.serviceName,
      customerName: sql<string>`${bookingSeries.firstName} || ' ' || ${bookingSeries.lastName}`,
      localTime: bookingSeries.localTime,
    })
    .from(seriesVisits)
    .innerJoin(bookingSeries, eq(bookingSeries.id, seriesVisits.seriesId))
    .where(
      and(
        eq(seriesVisits.businessId, businessId),
        eq(seriesVisits.status, 'unplaced'),
        gte(seriesVisits.occurrenceDate, today),
        eq(bookingSeries.status, 'active'),
      ),
    )
    .orderBy(asc(seriesVisits.occurrenceDate))
    .limit(100);
  return {
    items: rows.map(({ nextVisitAt, ...r }) => {
      // A raw subquery answers a string on some drivers: read it as a date either way.
      const next = nextVisitAt ? new Date(nextVisitAt) : null;
      return {
        ...r,
        frequency: REPEAT_LABELS[r.intervalWeeks as RepeatWeeks],
        nextVisitAt: next?.toISOString() ?? null,
        nextVisit: next ? formatDateTimeInZone(next, rules.timeZone) : null,
      };
    }),
    nextCursor: null,
    flagged,
  };
}

type ActionDeps = AppDeps;

/** One visit is skipped: its booking is cancelled (nothing was charged) and the date stays as 'skipped'. */
async function skip(
  deps: ActionDeps,
  businessId: string,
  seriesId: string,
  visitId: string,
  byCustomer: boolean,
) {
  assertUuid(visitId, 'Visit not found');
  const [v] = await deps.db
    .select({ visit: seriesVisits, booking: bookings })
    .from(seriesVisits)
    .leftJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .where(
      and(
        eq(seriesVisits.id, visitId),
        eq(seriesVisits.seriesId, seriesId),
        eq(seriesVisits.businessId, businessId),
      ),
    );
  if (!v) throw notFound('Visit not found');
  if (v.visit.status === 'skipped') return;
  if (v.visit.status === 'unplaced') {
    await deps.db.update(seriesVisits).set({ status: 'skipped' }).where(eq(seriesVisits.id, visitId));
    return;
  }
  const booking = v.booking;
  if (v.visit.status !== 'booked' || !booking || !(LIVE as readonly string[]).includes(booking.status))
    throw conflict(SERIES_TEXT.visitNotSkippable);
  if (byCustomer && booking.scheduledAt.getTime() - Date.now() < SELF_SERVICE_NOTICE_HOURS * HOUR_MS)
    throw conflict(AUTOMATION_TEXT.tooLate((await findPublicBusiness(deps.db, businessId))?.phone ?? null));
  await updateBookingStatus(deps, businessId, booking.id, 'cancelled');
  await deps.db.update(seriesVisits).set({ status: 'skipped' }).where(eq(seriesVisits.id, visitId));
}

/** The series ends: its upcoming visits are cancelled, past and completed ones stay (and their charges). */
async function cancel(deps: ActionDeps, businessId: string, seriesId: string) {
  const [claimed] = await deps.db
    .update(bookingSeries)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(
      and(
        eq(bookingSeries.id, seriesId),
        eq(bookingSeries.businessId, businessId),
        eq(bookingSeries.status, 'active'),
      ),
    )
    .returning({ id: bookingSeries.id });
  if (!claimed) return;
  const upcoming = await deps.db
    .select({ visitId: seriesVisits.id, bookingId: bookings.id })
    .from(seriesVisits)
    .innerJoin(bookings, eq(bookings.id, seriesVisits.bookingId))
    .where(
      and(
        eq(seriesVisits.seriesId, seriesId),
        eq(seriesVisits.status, 'booked'),
        inArray(bookings.status, [...LIVE]),
      ),
    );
  for (const u of upcoming) {
    await updateBookingStatus(deps, businessId, u.bookingId, 'cancelled').catch((err) =>
      console.warn('Could not cancel a visit of the series', err),
    );
    await deps.db.update(seriesVisits).set({ status: 'cancelled' }).where(eq(seriesVisits.id, u.visitId));
  }
  await deps.db
    .update(seriesVisits)
    .set({ status: 'cancelled' })
    .where(and(eq(seriesVisits.seriesId, seriesId), eq(seriesVisits.status, 'unplaced')));
}

export async function skipVisitByOwner(
  deps: ActionDeps,
  businessId: string,
  seriesId: string,
  visitId: string,
) {
  assertUuid(seriesId, NOT_FOUND);
  await skip(deps, businessId, seriesId, visitId, false);
  return seriesView(deps.db, businessId, seriesId);
}

export async function cancelSeriesByOwner(deps: ActionDeps, businessId: string, seriesId: string) {
  assertUuid(seriesId, NOT_FOUND);
  await seriesView(deps.db, businessId, seriesId);
  await cancel(deps, businessId, seriesId);
  return seriesView(deps.db, businessId, seriesId);
}

// The customer's side: the manage link names one booking; its series is theirs to see, skip from or cancel.

async function seriesOfToken(db: DbOrTx, token: string) {
  const bookingId = await bookingOfLinkToken(db, 'manage', token);
  if (!bookingId) throw notFound(AUTOMATION_TEXT.linkNotFound);
  const [v] = await db
    .select({ seriesId: seriesVisits.seriesId, businessId: seriesVisits.businessId })
    .from(seriesVisits)
    .where(eq(seriesVisits.bookingId, bookingId));
  return v ?? null;
}

export async function customerSeries(deps: Pick<AppDeps, 'db'>, token: string) {
  const v = await seriesOfToken(deps.db, token);
  return { series: v ? await seriesView(deps.db, v.businessId, v.seriesId) : null };
}

export async function skipVisitByCustomer(deps: ActionDeps, token: string, visitId: string) {
  const v = await seriesOfToken(deps.db, token);
  if (!v) throw notFound(NOT_FOUND);
  await skip(deps, v.businessId, v.seriesId, visitId, true);
  return { series: await seriesView(deps.db, v.businessId, v.seriesId) };
}

export async function cancelSeriesByCustomer(deps: ActionDeps, token: string) {
  const v = await seriesOfToken(deps.db, token);
  if (!v) throw notFound(NOT_FOUND);
  await cancel(deps, v.businessId, v.seriesId);
  return { series: await seriesView(deps.db, v.businessId, v.seriesId) };
}
