import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatCalendarDate } from '../../../../shared/date-labels';
import { type WeatherMoveInput, weatherMoveSchema } from '../../../../shared/series.schemas';
import { addDays, formatDateTimeInZone, utcToZoned, zonedTimeToUtc } from '../../../../shared/time';
import type { DbOrTx, Transaction } from '../../../db/client';
import { bookings, customers } from '../../../db/schema';
import { renderEmailRow } from '../../../emails';
import type { AppDeps } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { assertOwnedIds } from '../../../http/ids';
import type { GeoProviders } from '../../../providers/geo/geo';
import { manageUrl, newManageToken } from '../../campaigns/automations/customer-links';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../../campaigns/automations/message-queue';
import { dropPendingReminders } from '../../campaigns/automations/reminders';
import { locationScopeById } from '../../locations/locations.service';
import { findPublicBusiness } from '../book/booking-options.service';
import { recordHistory } from '../booking-history.service';
import {
  assertSlotBookable,
  getScheduling,
  lockBusinessSlots,
  slotsOfDate,
} from '../scheduling/scheduling.service';

// Rain (issue 32, decision 1326): the owner moves a day's bookings — every live one, repeat visits and one-offs, or
// the ones chosen — to another day in one action. Each is placed by the one slot function with its place (hours,
// closed dates, crews, drive-aware slots): at its own time when that fits, else the free time nearest to it; one that
// fits nowhere stays and is reported. Each moved customer is told once, through the outbox.

const LIVE = ['pending', 'confirmed'] as const;

type DayBooking = Awaited<ReturnType<typeof bookingsOfDay>>[number];

/** The live bookings of a day in the business's zone (or the chosen ones of them), earliest first. */
async function bookingsOfDay(db: DbOrTx, businessId: string, input: WeatherMoveInput, tz: string) {
  const dayStart = zonedTimeToUtc(input.fromDate, '00:00', tz);
  const dayEnd = zonedTimeToUtc(addDays(input.fromDate, 1), '00:00', tz);
  return db
    .select({
      id: bookings.id,
      at: bookings.scheduledAt,
      durationMinutes: bookings.durationMinutes,
      serviceName: bookings.serviceName,
      address: bookings.locationAddress,
      zip: bookings.zipCode,
      locationId: bookings.locationId,
      customerId: bookings.customerId,
      firstName: sql<string>`coalesce(${bookings.bookerFirstName}, ${customers.firstName}, 'Customer')`,
      lastName: sql<string>`coalesce(${bookings.bookerLastName}, ${customers.lastName}, '')`,
      email: customers.email,
    })
    .from(bookings)
    .leftJoin(
      customers,
      and(eq(customers.businessId, bookings.businessId), eq(customers.id, bookings.customerId)),
    )
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(bookings.status, [...LIVE]),
        gte(bookings.scheduledAt, dayStart),
        lt(bookings.scheduledAt, dayEnd),
        input.bookingIds ? inArray(bookings.id, input.bookingIds) : undefined,
      ),
    )
    .orderBy(asc(bookings.scheduledAt), asc(bookings.id));
}

type Placement = { ok: true; startsAt: Date } | { ok: false; reason: string };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The booking on the new day: at its own time when it fits, else at the free time nearest to it, else why not. */
async function placeOnDay(
  db: DbOrTx,
  businessId: string,
  b: DayBooking,
  toDate: string,
  time: string,
  geo?: GeoProviders,
): Promise<Placement> {
  const drive = {
    place: { address: b.address, zip: b.zip },
    geo,
    location: (await locationScopeById(db, businessId, b.locationId)) ?? undefined,
  };
  const at = async (t: string): Promise<Placement> => {
    try {
      // The owner moves it: the notice rule does not apply (decision 1102).
      const { startsAt } = await assertSlotBookable(db, businessId, {
        date: toDate,
        time: t,
        durationMinutes: b.durationMinutes,
        byOwner: true,
        excludeBookingId: b.id,
        ...drive,
      });
      return { ok: true, startsAt };
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return { ok: false, reason: err.message };
      throw err;
    }
  };
  const same = await at(time);
  if (same.ok) return same;
  let day: Awaited<ReturnType<typeof slotsOfDate>>;
  try {
    day = await slotsOfDate(db, businessId, {
      date: toDate,
      durationMinutes: b.durationMinutes,
      excludeBookingId: b.id,
      byOwner: true,
      ...drive,
    });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, reason: err.message };
    throw err;
  }
  const wanted = minutesOf(time);
  const free = day.slots
    .filter((s) => s.state === 'available')
    .sort((x, y) => Math.abs(minutesOf(x.time) - wanted) - Math.abs(minutesOf(y.time) - wanted));
  for (const s of free) {
    const placed = await at(s.time);
    if (placed.ok) return placed;
  }
  return same;
}

/** Chosen ids of another business answer 404 (the house rule); this business's of another day simply stay. */
const assertOwnDayBookings = (db: DbOrTx, businessId: string, input: WeatherMoveInput) =>
  assertOwnedIds(db, bookings, businessId, input.bookingIds ?? [], 'Booking not found');

const nameOf = (b: DayBooking) => `${b.firstName} ${b.lastName}`.trim();

/** What the move would do, before the owner confirms: each booking, where it would go or why not. Writes nothing. */
export async function previewDayMove(
  deps: Pick<AppDeps, 'db' | 'geo'>,
  businessId: string,
  body: WeatherMoveInput,
) {
  const input = weatherMoveSchema.parse(body);
  await assertOwnDayBookings(deps.db, businessId, input);
  const tz = (await getScheduling(deps.db, businessId)).timeZone;
  const items: {
    bookingId: string;
    customerName: string;
    serviceName: string;
    from: string;
    to: string | null;
    reason: string | null;
  }[] = [];
  // Placed one after another as the move will: a later booking sees the earlier ones on the new day.
  await deps.db
    .transaction(async (tx) => {
      for (const b of await bookingsOfDay(tx, businessId, input, tz)) {
        const placement = await placeOnDay(
          tx,
          businessId,
          b,
          input.toDate,
          utcToZoned(b.at, tz).time,
          deps.geo,
        );
        if (placement.ok)
          await tx.update(bookings).set({ scheduledAt: placement.startsAt }).where(eq(bookings.id, b.id));
        items.push({
          bookingId: b.id,
          customerName: nameOf(b),
          serviceName: b.serviceName,
          from: formatDateTimeInZone(b.at, tz),
          to: placement.ok ? formatDateTimeInZone(placement.startsAt, tz) : null,
          reason: placement.ok ? null : placement.reason,
        });
      }
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return { items, nextCursor: null };
}

class RolledBack extends Error {}

/**
 * The move: each booking in its own transaction under the business's slot lock, placed again there; the customer's
 * notice a row written with it (the outbox, decision 1263), once per move (its dedupe key), delivered after the commit.
 */
export async function moveDay(
  deps: AutomationDeps & Pick<AppDeps, 'geo'>,
  businessId: string,
  body: WeatherMoveInput,
) {
  const input = weatherMoveSchema.parse(body);
  await assertOwnDayBookings(deps.db, businessId, input);
  const tz = (await getScheduling(deps.db, businessId)).timeZone;
  const business = await findPublicBusiness(deps.db, businessId);
  const moved: { bookingId: string; customerName: string; when: string; told: boolean }[] = [];
  const notMoved: { bookingId: string; customerName: string; reason: string; told: boolean }[] = [];
  const toDeliver: string[] = [];
  for (const b of await bookingsOfDay(deps.db, businessId, input, tz)) {
    const result = await deps.db.transaction(async (tx: Transaction) => {
      await lockBusinessSlots(tx, businessId);
      // Still on that day and live under the lock (a concurrent move or cancel wins).
      const [now] = await tx
        .select({ at: bookings.scheduledAt, status: bookings.status })
        .from(bookings)
        .where(and(eq(bookings.id, b.id), eq(bookings.businessId, businessId)))
        .for('update');
      if (!now || now.at.getTime() !== b.at.getTime() || !(LIVE as readonly string[]).includes(now.status))
        return null;
      const placement = await placeOnDay(
        tx,
        businessId,
        b,
        input.toDate,
        utcToZoned(b.at, tz).time,
        deps.geo,
      );
      if (!placement.ok) {
        // Flagged for the owner and the customer asked to pick a new time (decision 1345), once per booking and day:
        // a second move of the same day finds it flagged and writes nothing more.
        const flagged = await tx
          .update(bookings)
          .set({ needsNewTimeAt: new Date() })
          .where(and(eq(bookings.id, b.id), isNull(bookings.needsNewTimeAt)))
          .returning({ id: bookings.id });
        if (flagged.length === 0) return { placement, ids: [] as string[] };
        await recordHistory(tx, businessId, b.id, [
          {
            field: 'time',
            summary: `Needs a new time: no time on ${formatCalendarDate(input.toDate)}`,
            reason: 'Weather move',
          },
        ]);
        const ids = await queueWeatherNotice(deps, tx, { businessId, business, tz }, b, {
          dedupeKey: `series:weather-unplaced:${b.id}:${b.at.toISOString()}`,
          startsAt: null,
        });
        return { placement, ids };
      }
      await tx.update(bookings).set({ scheduledAt: placement.startsAt }).where(eq(bookings.id, b.id));
      await recordHistory(tx, businessId, b.id, [
        {
          field: 'time',
          summary: `Time ${formatDateTimeInZone(b.at, tz)} → ${formatDateTimeInZone(placement.startsAt, tz)}`,
          reason: 'Weather move',
        },
      ]);
      await dropPendingReminders(tx, b.id);
      const ids = await queueWeatherNotice(deps, tx, { businessId, business, tz }, b, {
        dedupeKey: `series:weather:${b.id}:${placement.startsAt.toISOString()}`,
        startsAt: placement.startsAt,
      });
      return { placement, ids };
    });
    if (!result) continue;
    toDeliver.push(...result.ids);
    if (!result.placement.ok) {
      notMoved.push({
        bookingId: b.id,
        customerName: nameOf(b),
        reason: result.placement.reason,
        told: result.ids.length > 0,
      });
      continue;
    }
    moved.push({
      bookingId: b.id,
      customerName: nameOf(b),
      when: formatDateTimeInZone(result.placement.startsAt, tz),
      told: Boolean(b.email),
    });
  }
  // After the commit; a row a crash leaves pending goes with the next automations tick.
  await deliverQueued(deps, toDeliver);
  return { moved, notMoved };
}

/**
 * The customer's notice of a weather move, written in the move's transaction: the new time, or (`startsAt` null) the
 * ask to pick one when the day had no place for the booking (decision 1345). None without an email address.
 */
async function queueWeatherNotice(
  deps: Pick<AppDeps, 'publicUrl'>,
  tx: Transaction,
  on: { businessId: string; business: { name: string | null } | null; tz: string },
  b: DayBooking,
  notice: { dedupeKey: string; startsAt: Date | null },
) {
  if (!b.email) return [];
  const { businessId, tz } = on;
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId,
    bookingId: b.id,
    customerId: b.customerId,
    kind: 'time_change',
    dedupeKey: notice.dedupeKey,
    to: b.email,
    ...(await renderEmailRow(
      'series-visit-moved',
      {
        firstName: b.firstName,
        businessName: on.business?.name ?? 'Your detailer',
        serviceName: b.serviceName,
        from: { at: b.at, timeZone: tz },
        when: notice.startsAt ? { at: notice.startsAt, timeZone: tz } : null,
        address: b.address,
        manageLink: manageUrl(deps.publicUrl, await newManageToken(tx, businessId, b.id)),
      },
      { db: tx, businessId, publicUrl: deps.publicUrl },
    )),
  });
}
