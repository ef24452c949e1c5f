import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../../../../shared/booking.schemas';
import { SLOT_HOLDING_STATUSES } from '../../../../shared/booking-status';
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  SCHEDULING_TEXT,
  type SchedulingInput,
  schedulingInputSchema,
  timeZoneForAddress,
} from '../../../../shared/scheduling';
import {
  type BusyInterval,
  bookingWindow,
  checkSlot,
  fitsCapacity,
  slotsForDate,
  slotTimesForDate,
} from '../../../../shared/slots';
import { addDays, DEFAULT_TIME_ZONE, zonedTimeToUtc } from '../../../../shared/time';
import type { DbOrTx, Transaction } from '../../../db/client';
import { bookingRules, bookings, profiles } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../http/errors';
import { externalBusyBetween } from '../../calendar-sync/external-busy.service';

/** A business's zone and booking rules; §9's defaults when the owner has not set any (docs/decisions/1101). */
export async function getScheduling(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ timeZone: profiles.timeZone, rules: bookingRules })
    .from(profiles)
    .leftJoin(bookingRules, eq(bookingRules.businessId, profiles.id))
    .where(eq(profiles.id, businessId));
  if (!row) throw notFound('No business profile found for this account');
  const rules: BookingRules = row.rules
    ? {
        weeklyHours: row.rules.weeklyHours,
        closedDates: row.rules.closedDates,
        slotMinutes: row.rules.slotMinutes,
        capacity: row.rules.capacity,
        minNoticeMinutes: row.rules.minNoticeMinutes,
        horizonDays: row.rules.horizonDays,
      }
    : DEFAULT_BOOKING_RULES;
  return { timeZone: row.timeZone, customised: row.rules !== null, ...rules };
}

/** The rules for a platform lead (no business): §9's defaults in the demo market's zone. */
export function leadScheduling() {
  return { timeZone: DEFAULT_TIME_ZONE, customised: false, ...DEFAULT_BOOKING_RULES };
}

export async function saveScheduling(db: DbOrTx, businessId: string, input: SchedulingInput) {
  const { timeZone, ...values } = schedulingInputSchema.parse(input);
  const closedDates = [...new Set(values.closedDates)].sort();
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ timeZone })
      .where(eq(profiles.id, businessId))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw notFound('No business profile found for this account');
    const row = { ...values, closedDates, updatedAt: new Date() };
    await tx
      .insert(bookingRules)
      .values({ businessId, ...row })
      .onConflictDoUpdate({ target: bookingRules.businessId, set: row });
  });
  return getScheduling(db, businessId);
}

/** Until the owner saves their hours, the zone follows the business address's zip (a Phoenix zip → Phoenix). */
export async function followAddressTimeZone(db: DbOrTx, businessId: string, address: string | null) {
  const zone = timeZoneForAddress(address);
  if (!zone) return;
  const [rules] = await db
    .select({ id: bookingRules.businessId })
    .from(bookingRules)
    .where(eq(bookingRules.businessId, businessId));
  if (!rules) await db.update(profiles).set({ timeZone: zone }).where(eq(profiles.id, businessId));
}

type Scheduling = Awaited<ReturnType<typeof getScheduling>>;

/** The busy jobs of the business on a date in its zone (empty for a platform lead). */
async function busyOnDate(
  db: DbOrTx,
  businessId: string | null,
  date: string,
  s: Scheduling,
  excludeBookingId?: string,
) {
  if (!businessId) return [];
  const dayStart = zonedTimeToUtc(date, '00:00', s.timeZone);
  const dayEnd = zonedTimeToUtc(addDays(date, 1), '00:00', s.timeZone);
  return busyIntervals(db, businessId, dayStart, dayEnd, { excludeBookingId });
}

export async function schedulingOf(db: DbOrTx, businessId: string | null) {
  return businessId ? getScheduling(db, businessId) : leadScheduling();
}

/** A date's slots under the business's rules (the lead's defaults without a business). */
export async function slotsOfDate(
  db: DbOrTx,
  businessId: string | null,
  q: { date: string; durationMinutes: number; excludeBookingId?: string; byOwner?: boolean },
) {
  const found = await schedulingOf(db, businessId);
  const s = q.byOwner ? { ...found, minNoticeMinutes: 0 } : found;
  const window = bookingWindow(s, s.timeZone);
  if (q.date < window.today) throw invalid(BOOKING_MESSAGES.pastDate);
  if (q.date > window.maxDate) throw invalid(SCHEDULING_TEXT.beyondHorizon(s.horizonDays));
  const busy = await busyOnDate(db, businessId, q.date, s, q.excludeBookingId);
  const slots = slotsForDate({
    date: q.date,
    timeZone: s.timeZone,
    durationMinutes: q.durationMinutes,
    busy,
    rules: s,
  });
  return { timeZone: s.timeZone, closed: slotTimesForDate(q.date, s).length === 0, slots };
}

/** The instant of a date and time that the rules allow; 400 with the reason, or 409 when every crew is busy. */
export async function assertSlotBookable(
  db: DbOrTx,
  businessId: string | null,
  q: { date: string; time: string; durationMinutes: number; excludeBookingId?: string; byOwner?: boolean },
) {
  const found = await schedulingOf(db, businessId);
  // The notice protects the owner from surprise bookings; one the owner enters is no surprise (decision 1102).
  const s = q.byOwner ? { ...found, minNoticeMinutes: 0 } : found;
  const busy = await busyOnDate(db, businessId, q.date, s, q.excludeBookingId);
  const check = checkSlot({ ...q, timeZone: s.timeZone, busy, rules: s });
  if (!check.ok) throw check.reason === 'taken' ? conflict(check.message) : invalid(check.message);
  return { startsAt: check.startsAt, timeZone: s.timeZone };
}

/** Whether a crew is still free for the job (re-checked when the payment completes; hours are not re-judged). */
export async function slotHasRoom(
  db: DbOrTx,
  businessId: string,
  start: Date,
  durationMinutes: number,
  excludeBookingId?: string,
) {
  const s = await getScheduling(db, businessId);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const busy = await busyIntervals(db, businessId, start, end, { excludeBookingId });
  return fitsCapacity({ start, durationMinutes }, busy, s.capacity);
}

/** Serialises slot checks and bookings of one business across concurrent requests and instances. */
export async function lockBusinessSlots(tx: Transaction, businessId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-slots:${businessId}`}))`);
}

/** Held bookings of a business that may overlap [from, to) (no service lasts more than 24 hours). */
export async function busyIntervals(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
  opts: { excludeBookingId?: string } = {},
): Promise<BusyInterval[]> {
  const day = 24 * 60 * 60 * 1000;
  const rows = await db
    .select({ start: bookings.scheduledAt, durationMinutes: bookings.durationMinutes })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(bookings.status, [...SLOT_HOLDING_STATUSES]),
        gte(bookings.scheduledAt, new Date(from.getTime() - day)),
        lt(bookings.scheduledAt, to),
        opts.excludeBookingId ? ne(bookings.id, opts.excludeBookingId) : undefined,
      ),
    );
  // Other calendars' busy times (decision 1221): each person's merged spans hold a crew like a job does.
  const external = await externalBusyBetween(db, businessId, from, to);
  return external.length ? [...rows, ...external] : rows;
}
