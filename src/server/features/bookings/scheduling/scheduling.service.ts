import { eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../../../../shared/booking.schemas';
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  SCHEDULING_TEXT,
  type SchedulingInput,
  schedulingInputSchema,
  timeZoneForAddress,
  weekdayOf,
} from '../../../../shared/scheduling';
import {
  type BusyInterval,
  bookingWindow,
  checkSlot,
  fitsCapacity,
  slotsForDate,
  slotTimesForDate,
} from '../../../../shared/slots';
import { addDays, DEFAULT_TIME_ZONE, utcToZoned, zonedTimeToUtc } from '../../../../shared/time';
import type { DbOrTx, Transaction } from '../../../db/client';
import { bookingAssignments, bookingRules, profiles } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../http/errors';
import { localGeo } from '../../../providers/geo/create-geo';
import type { GeoProviders, LatLng } from '../../../providers/geo/geo';
import { zipOf } from '../../../providers/geo/zip-centroid';
import { type LocationScope, locationScope } from '../../locations/locations.service';
import {
  busyOf,
  type CustomerPlace,
  type DayCommitments,
  dayCommitments,
  placePoint,
  teamOf,
  technicianDays,
} from './day-commitments.service';
import { bestTechnician } from './drive-fit';

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
        bufferMinutes: row.rules.bufferMinutes,
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

/**
 * Where and how the travel check runs: the customer's place and the configured travel times (local by default), and
 * the business's location the job is at (decision 1280): undefined — the one serving the place's zip; null — the
 * business as one place.
 */
export interface DriveContext {
  place?: CustomerPlace;
  geo?: GeoProviders;
  location?: LocationScope | null;
}

/** The location of a job (decision 1280): the one given, else the one whose areas hold the place's zip. */
export async function scopeOfJob(db: DbOrTx, businessId: string | null, drive: DriveContext) {
  if (!businessId) return null;
  if (drive.location !== undefined) return drive.location;
  const zip = zipOf(drive.place?.address) ?? drive.place?.zip ?? null;
  return locationScope(db, businessId, { zip });
}

/**
 * A location's rules: the business's, with a non-primary location's own zone and hours and as many crews as it has
 * technicians (at least one). The main location is the business's own rules.
 */
export function rulesAt(s: Scheduling, scope: LocationScope | null): Scheduling {
  if (!scope || scope.isPrimary) return s;
  return {
    ...s,
    timeZone: scope.timeZone ?? s.timeZone,
    weeklyHours: scope.weeklyHours ?? s.weeklyHours,
    capacity: Math.max(1, scope.technicianIds.length),
  };
}

/** The business's rules at a location (null: the business as one place). */
export async function schedulingAt(db: DbOrTx, businessId: string, scope: LocationScope | null) {
  return rulesAt(await getScheduling(db, businessId), scope);
}

/** The held jobs and busy spans of a date in the business's zone (nothing for a platform lead). */
async function commitmentsOnDate(
  db: DbOrTx,
  businessId: string | null,
  date: string,
  s: Scheduling,
  excludeBookingId?: string,
  location: LocationScope | null = null,
): Promise<DayCommitments> {
  if (!businessId) return { jobs: [], external: new Map() };
  const dayStart = zonedTimeToUtc(date, '00:00', s.timeZone);
  const dayEnd = zonedTimeToUtc(addDays(date, 1), '00:00', s.timeZone);
  return dayCommitments(db, businessId, dayStart, dayEnd, { excludeBookingId, location });
}

/**
 * The drive check of a date (decision 1248): a function telling which technician can take a job at an instant, or
 * null when the check does not apply — no technicians, no known place for the customer, no start point for anyone —
 * and the business keeps the crews count alone.
 */
async function driveCheckOf(
  db: DbOrTx,
  businessId: string | null,
  date: string,
  s: Scheduling,
  day: DayCommitments,
  drive: DriveContext,
) {
  const point = placePoint(drive.place);
  if (!businessId || !point) return null;
  const hours = s.weeklyHours[weekdayOf(date)];
  if (!hours) return null;
  const team = await teamOf(db, businessId, drive.location ?? null);
  if (!team?.technicians.some((t) => t.start)) return null;
  const days = technicianDays(team, day);
  const shift = {
    from: zonedTimeToUtc(date, hours.open, s.timeZone).getTime(),
    to: zonedTimeToUtc(date, hours.close, s.timeZone).getTime(),
  };
  // One matrix for every place of the day and the customer's (row and column 0 are the customer's drives).
  const places = [point];
  const index = new Map<string, number>([[`${point.lat},${point.lng}`, 0]]);
  const add = (p: LatLng | null) => {
    if (!p) return;
    const key = `${p.lat},${p.lng}`;
    if (!index.has(key)) {
      index.set(key, places.length);
      places.push(p);
    }
  };
  for (const d of days) {
    add(d.start);
    add(d.end);
    for (const c of d.commitments) add(c.point);
  }
  const matrix = await (drive.geo ?? localGeo).travelTimes(team.tuning).matrix(places);
  const minutes = (a: LatLng, b: LatLng) =>
    matrix[index.get(`${a.lat},${a.lng}`)!]![index.get(`${b.lat},${b.lng}`)!]!;
  return (startsAt: Date, durationMinutes: number) =>
    bestTechnician(
      days,
      { start: startsAt.getTime(), end: startsAt.getTime() + durationMinutes * 60_000, point },
      shift,
      s.bufferMinutes,
      minutes,
    );
}

export async function schedulingOf(db: DbOrTx, businessId: string | null) {
  return businessId ? getScheduling(db, businessId) : leadScheduling();
}

/**
 * A date's slots under the business's rules (the lead's defaults without a business). With the customer's place,
 * a slot some technician cannot drive to (and on from) in time is taken (decision 1248).
 */
export async function slotsOfDate(
  db: DbOrTx,
  businessId: string | null,
  q: {
    date: string;
    durationMinutes: number;
    excludeBookingId?: string;
    byOwner?: boolean;
  } & DriveContext,
) {
  const location = await scopeOfJob(db, businessId, q);
  const found = rulesAt(await schedulingOf(db, businessId), location);
  const s = q.byOwner ? { ...found, minNoticeMinutes: 0 } : found;
  const window = bookingWindow(s, s.timeZone);
  if (q.date < window.today) throw invalid(BOOKING_MESSAGES.pastDate);
  if (q.date > window.maxDate) throw invalid(SCHEDULING_TEXT.beyondHorizon(s.horizonDays));
  const day = await commitmentsOnDate(db, businessId, q.date, s, q.excludeBookingId, location);
  const slots = slotsForDate({
    date: q.date,
    timeZone: s.timeZone,
    durationMinutes: q.durationMinutes,
    busy: busyOf(day),
    rules: s,
  });
  const technicianFor = slots.some((x) => x.state === 'available')
    ? await driveCheckOf(db, businessId, q.date, s, day, { ...q, location })
    : null;
  const checked = technicianFor
    ? slots.map((x) =>
        x.state === 'available' && !technicianFor(x.startsAt, q.durationMinutes)
          ? { ...x, state: 'taken' as const }
          : x,
      )
    : slots;
  return {
    timeZone: s.timeZone,
    closed: slotTimesForDate(q.date, s).length === 0,
    driveAware: technicianFor !== null,
    slots: checked,
  };
}

export type SlotFit =
  | { ok: true; startsAt: Date; timeZone: string; technicianId: string | null }
  | { ok: false; reason: SlotRefusal; message: string };
type SlotRefusal = 'past' | 'horizon' | 'closed' | 'outside' | 'notice' | 'taken';

/**
 * THE slot check for one job (decision 1248), for every feature that books a time: the business's hours, closed
 * dates, notice and horizon, its crews, other calendars' busy times and — with the customer's place — a technician
 * who can drive there from their previous commitment and on to their next with the buffer. On success it names
 * that technician (null when the drive check does not apply). Run it inside the transaction that writes the booking,
 * after `lockBusinessSlots`, so two requests racing for one gap get one booking.
 */
export async function checkSlotFit(
  db: DbOrTx,
  businessId: string | null,
  q: {
    date: string;
    time: string;
    durationMinutes: number;
    excludeBookingId?: string;
    byOwner?: boolean;
  } & DriveContext,
): Promise<SlotFit> {
  const location = await scopeOfJob(db, businessId, q);
  const found = rulesAt(await schedulingOf(db, businessId), location);
  // The notice protects the owner from surprise bookings; one the owner enters is no surprise (decision 1102).
  const s = q.byOwner ? { ...found, minNoticeMinutes: 0 } : found;
  const day = await commitmentsOnDate(db, businessId, q.date, s, q.excludeBookingId, location);
  const check = checkSlot({ ...q, timeZone: s.timeZone, busy: busyOf(day), rules: s });
  if (!check.ok) return check;
  const technicianFor = await driveCheckOf(db, businessId, q.date, s, day, { ...q, location });
  if (!technicianFor) return { ok: true, startsAt: check.startsAt, timeZone: s.timeZone, technicianId: null };
  const best = technicianFor(check.startsAt, q.durationMinutes);
  if (!best) return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.slotTaken };
  return { ok: true, startsAt: check.startsAt, timeZone: s.timeZone, technicianId: best.technicianId };
}

/** `checkSlotFit` that throws: 400 with the reason, or 409 when every crew is busy or no technician can get there. */
export async function assertSlotBookable(
  db: DbOrTx,
  businessId: string | null,
  q: Parameters<typeof checkSlotFit>[2],
) {
  const fit = await checkSlotFit(db, businessId, q);
  if (!fit.ok) throw fit.reason === 'taken' ? conflict(fit.message) : invalid(fit.message);
  return fit;
}

/**
 * Whether the job still fits at its instant (re-checked when the payment completes; hours are not re-judged):
 * a crew is free and, with the customer's place, a technician can get there. The technician, or null; false when not.
 */
export async function slotHasRoom(
  db: DbOrTx,
  businessId: string,
  start: Date,
  durationMinutes: number,
  excludeBookingId?: string,
  drive: DriveContext = {},
): Promise<{ technicianId: string | null } | false> {
  const location = await scopeOfJob(db, businessId, drive);
  const s = rulesAt(await getScheduling(db, businessId), location);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const day = await dayCommitments(db, businessId, start, end, { excludeBookingId, location });
  if (!fitsCapacity({ start, durationMinutes }, busyOf(day), s.capacity)) return false;
  if (!placePoint(drive.place)) return { technicianId: null };
  // The drive check needs the whole day (the previous and next commitments).
  const date = utcToZoned(start, s.timeZone).date;
  const whole = await commitmentsOnDate(db, businessId, date, s, excludeBookingId, location);
  const technicianFor = await driveCheckOf(db, businessId, date, s, whole, { ...drive, location });
  if (!technicianFor) return { technicianId: null };
  const best = technicianFor(start, durationMinutes);
  return best ? { technicianId: best.technicianId } : false;
}

/** Serialises slot checks and bookings of one business across concurrent requests and instances. */
export async function lockBusinessSlots(tx: Transaction, businessId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-slots:${businessId}`}))`);
}

/** Assigns the technician the slot check chose to a new booking (the owner can change it). */
export async function assignChosenTechnician(
  tx: DbOrTx,
  businessId: string,
  bookingId: string,
  technicianId: string | null,
) {
  if (!technicianId) return;
  await tx
    .insert(bookingAssignments)
    .values({ businessId, bookingId, technicianId })
    .onConflictDoNothing({ target: bookingAssignments.bookingId });
}

/** Held bookings and other calendars' busy times of a business that may overlap [from, to). */
export async function busyIntervals(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
  opts: { excludeBookingId?: string } = {},
): Promise<BusyInterval[]> {
  return busyOf(await dayCommitments(db, businessId, from, to, opts));
}
