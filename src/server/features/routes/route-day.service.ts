import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  ARRIVAL_WINDOW_MINUTES,
  type DayRoutes,
  type Lunch,
  type Point,
  ROUTES_TEXT,
  type RouteStop,
  SHIFT,
} from '../../../shared/route-plans';
import { addDays, zonedTimeToUtc } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import {
  bookingAssignments,
  bookings,
  customers,
  profiles,
  specialistServices,
  technicianLocations,
  user,
  userRoles,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import type { GeoProviders, TravelTimes } from '../../providers/geo/geo';
import { zipCentroidOf } from '../../providers/geo/zip-centroid';
import { locationScope } from '../locations/locations.service';
import { lunchOf } from './settings.service';

// One business day as the Routes screen and the optimiser see it (decision 1216): its technicians with their start
// and end points, and its jobs with their points, booked windows, technician and expected arrival.

/** Jobs that are not on the road: left out of routes. */
const OFF_ROAD = ['cancelled', 'no_show'] as const;

export interface DayJob {
  bookingId: string;
  technicianId: string | null;
  customerName: string;
  serviceName: string;
  address: string;
  status: string;
  point: Point | null;
  scheduledAt: Date;
  /** The applied plan's arrival, else the booked time. */
  arrivalAt: Date;
  durationMinutes: number;
  serviceId: string | null;
  /** The owner lets it be done any time in the technician's day (decision 1334). */
  anyTime: boolean;
  /** When the technician may arrive: the booked hour, or the day's shift for a job any time today. */
  windowStart: Date;
  windowEnd: Date;
}

export interface DayTechnician {
  id: string;
  name: string;
  start: Point | null;
  end: Point | null;
  /** The lunch break (decision 1246): its start falls between from and to, local time. */
  lunch: Lunch | null;
  /** Specialist services this technician may do. */
  skills: string[];
}

export interface Day {
  date: string;
  /** The location the day is scoped to (decision 1280); null = the whole business. */
  locationId: string | null;
  timeZone: string;
  dayStart: Date;
  base: Point | null;
  /** Technicians of the team; for a business without any, the owner drives the day ("You"). */
  technicians: DayTechnician[];
  soloOwner: boolean;
  jobs: DayJob[];
  /**
   * A location's day (decision 1333): the jobs its technicians have at the business's other locations that day. They
   * are fixed, immovable stops of those technicians' days when solving, and Apply re-checks them.
   */
  elsewhere: DayJob[];
  tuning: { circuity: number; speedPercent: number; calibration: number | null };
  /** Services only the technicians listed for them may do. */
  specialist: Set<string>;
}

const dayJobColumns = {
  id: bookings.id,
  technicianId: bookingAssignments.technicianId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  bookerFirstName: bookings.bookerFirstName,
  bookerLastName: bookings.bookerLastName,
  serviceName: bookings.serviceName,
  address: bookings.locationAddress,
  status: bookings.status,
  lat: bookings.latitude,
  lng: bookings.longitude,
  scheduledAt: bookings.scheduledAt,
  plannedArrivalAt: bookings.plannedArrivalAt,
  durationMinutes: bookings.durationMinutes,
  serviceId: bookings.serviceId,
  anyTime: bookings.arrivalAnyTime,
};

const pointOf = (lat: number | null, lng: number | null): Point | null =>
  lat === null || lng === null ? null : { lat, lng };

export const nextDate = (date: string): string => addDays(date, 1);

/**
 * The day of the whole business, or of one location (decision 1280): that location's bookings and technicians (the
 * main location has every technician no other location took), its time zone, and its address as the base of a
 * location other than the main one. Another business's location, or an archived one, is not found.
 */
export async function loadDay(
  db: DbOrTx,
  businessId: string,
  date: string,
  locationId: string | null = null,
): Promise<Day> {
  const location = locationId ? await locationScope(db, businessId, { ref: locationId }) : null;
  const [profile] = await db
    .select({
      timeZone: profiles.timeZone,
      baseLat: profiles.baseLatitude,
      baseLng: profiles.baseLongitude,
      address: profiles.businessAddress,
      circuity: profiles.driveCircuity,
      speedPercent: profiles.driveSpeedPercent,
      calibration: profiles.driveCalibration,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!profile) throw notFound('No business profile found for this account');
  const timeZone = location?.timeZone ?? profile.timeZone;
  const dayStart = zonedTimeToUtc(date, '00:00', timeZone);
  const dayEnd = zonedTimeToUtc(nextDate(date), '00:00', timeZone);
  const shiftStart = zonedTimeToUtc(date, SHIFT.start, timeZone);
  const shiftEnd = zonedTimeToUtc(date, SHIFT.end, timeZone);
  // The base's point, or the zip centroid of its address when it was saved before points were stored.
  const businessBase =
    pointOf(profile.baseLat, profile.baseLng) ?? (profile.address ? zipCentroidOf(profile.address) : null);
  const base =
    location && !location.isPrimary && location.address
      ? (zipCentroidOf(location.address) ?? businessBase)
      : businessBase;

  const team = await db
    .select({
      id: user.id,
      name: user.name,
      startLat: technicianLocations.startLatitude,
      startLng: technicianLocations.startLongitude,
      endLat: technicianLocations.endLatitude,
      endLng: technicianLocations.endLongitude,
      lunchFrom: technicianLocations.lunchFrom,
      lunchTo: technicianLocations.lunchTo,
      lunchMinutes: technicianLocations.lunchMinutes,
      skills: technicianLocations.skills,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(
      technicianLocations,
      and(eq(technicianLocations.businessId, businessId), eq(technicianLocations.technicianId, user.id)),
    )
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')))
    .orderBy(asc(user.name), asc(user.id));
  const soloOwner = team.length === 0;
  const specialist = new Set(
    soloOwner
      ? []
      : (
          await db
            .select({ id: specialistServices.serviceId })
            .from(specialistServices)
            .where(eq(specialistServices.businessId, businessId))
        ).map((r) => r.id),
  );

  const rows = await db
    .select(dayJobColumns)
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.scheduledAt, dayStart),
        lt(bookings.scheduledAt, dayEnd),
        notInArray(bookings.status, [...OFF_ROAD]),
        location ? eq(bookings.locationId, location.id) : undefined,
      ),
    )
    .orderBy(sql`coalesce(${bookings.plannedArrivalAt}, ${bookings.scheduledAt})`, asc(bookings.id));
  // A location's day: its technicians, and anyone of the team who has one of its jobs that day (so no job of the
  // location is hidden on a route the screen does not show).
  const assignedHere = new Set(rows.flatMap((r) => (r.technicianId ? [r.technicianId] : [])));
  const atLocation = (id: string) =>
    !location ||
    assignedHere.has(id) ||
    (location.isPrimary ? !location.elsewhereIds.includes(id) : location.technicianIds.includes(id));
  const technicians: DayTechnician[] = soloOwner
    ? [{ id: businessId, name: ROUTES_TEXT.owner, start: base, end: base, lunch: null, skills: [] }]
    : team
        .filter((m) => atLocation(m.id))
        .map((m) => ({
          id: m.id,
          name: m.name || 'Technician',
          start: pointOf(m.startLat, m.startLng) ?? base,
          end: pointOf(m.endLat, m.endLng) ?? pointOf(m.startLat, m.startLng) ?? base,
          lunch: lunchOf(m),
          skills: m.skills ?? [],
        }));
  const known = new Set(technicians.map((t) => t.id));
  const dayJobOf = (r: (typeof rows)[number]): DayJob => ({
    bookingId: r.id,
    // A job assigned to someone no longer on the team is the owner's to place again.
    technicianId: soloOwner
      ? businessId
      : r.technicianId && known.has(r.technicianId)
        ? r.technicianId
        : null,
    customerName:
      [r.firstName ?? r.bookerFirstName, r.lastName ?? r.bookerLastName].filter(Boolean).join(' ') ||
      'Customer',
    serviceName: r.serviceName,
    address: r.address,
    status: r.status,
    point: pointOf(r.lat, r.lng),
    scheduledAt: r.scheduledAt,
    arrivalAt: r.plannedArrivalAt ?? r.scheduledAt,
    durationMinutes: r.durationMinutes,
    serviceId: r.serviceId,
    anyTime: r.anyTime,
    windowStart: r.anyTime ? shiftStart : r.scheduledAt,
    windowEnd: r.anyTime ? shiftEnd : new Date(r.scheduledAt.getTime() + ARRIVAL_WINDOW_MINUTES * 60_000),
  });
  const jobs = rows.map(dayJobOf);
  const elsewhere =
    location && !soloOwner && known.size > 0
      ? (
          await db
            .select(dayJobColumns)
            .from(bookings)
            .leftJoin(customers, eq(customers.id, bookings.customerId))
            .innerJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
            .where(
              and(
                eq(bookings.businessId, businessId),
                gte(bookings.scheduledAt, dayStart),
                lt(bookings.scheduledAt, dayEnd),
                notInArray(bookings.status, [...OFF_ROAD]),
                or(isNull(bookings.locationId), ne(bookings.locationId, location.id)),
                inArray(bookingAssignments.technicianId, [...known]),
              ),
            )
            .orderBy(sql`coalesce(${bookings.plannedArrivalAt}, ${bookings.scheduledAt})`, asc(bookings.id))
        ).map(dayJobOf)
      : [];
  return {
    date,
    locationId: location?.id ?? null,
    timeZone,
    dayStart,
    base,
    technicians,
    soloOwner,
    jobs,
    elsewhere,
    tuning: {
      circuity: profile.circuity,
      speedPercent: profile.speedPercent,
      calibration: profile.calibration,
    },
    specialist,
  };
}

/** What a plan was made from: a plan for a day that has changed since is refused (decision 1216). */
export function fingerprintOf(day: Day): string {
  const parts = day.jobs
    .map(
      (j) =>
        `${j.bookingId}|${j.anyTime ? 'any' : 'booked'}|${j.technicianId ?? '-'}|${j.scheduledAt.toISOString()}|${j.arrivalAt.toISOString()}|${j.status}|${j.point ? `${j.point.lat},${j.point.lng}` : '-'}`,
    )
    .sort();
  // A location's plan is made around its technicians' jobs elsewhere: a plan made before they moved is refused.
  for (const j of day.elsewhere)
    parts.push(
      `elsewhere|${j.bookingId}|${j.technicianId}|${j.arrivalAt.toISOString()}|${j.durationMinutes}|${j.status}`,
    );
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export function stopOf(job: DayJob, arrivalAt: Date, driveMinutes: number): RouteStop {
  return {
    bookingId: job.bookingId,
    customerName: job.customerName,
    serviceName: job.serviceName,
    address: job.address,
    status: job.status,
    point: job.point,
    windowStart: job.windowStart.toISOString(),
    windowEnd: job.windowEnd.toISOString(),
    anyTime: job.anyTime,
    arrivalAt: arrivalAt.toISOString(),
    durationMinutes: job.durationMinutes,
    driveMinutes: round1(driveMinutes),
  };
}

/** Two jobs of one technician at these starts are on the clock at the same time. */
export function overlaps(
  a: { durationMinutes: number },
  aAt: Date,
  b: { durationMinutes: number },
  bAt: Date,
) {
  const aEnd = aAt.getTime() + a.durationMinutes * 60_000;
  const bEnd = bAt.getTime() + b.durationMinutes * 60_000;
  return aAt.getTime() < bEnd && bAt.getTime() < aEnd;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

/** Drive minutes along a sequence of points (null points add nothing). */
export async function legsOf(travel: TravelTimes, points: (Point | null)[]): Promise<number[]> {
  const placed = points.map((p, i) => ({ p, i })).filter((x): x is { p: Point; i: number } => x.p !== null);
  const matrix = await travel.matrix(placed.map((x) => x.p));
  const legs = points.map(() => 0);
  for (let k = 1; k < placed.length; k++) legs[placed[k]!.i] = matrix[k - 1]![k]!;
  return legs;
}

/** Where a technician without a start of their own (and a business without a base) starts: the jobs' middle. */
export function centreOf(points: Point[]): Point {
  if (points.length === 0) return { lat: 0, lng: 0 };
  return {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
  };
}

export const dayCentre = (day: Day): Point => centreOf(day.jobs.flatMap((j) => (j.point ? [j.point] : [])));

/**
 * The day as it stands: each technician's jobs in their arrival order, with the drive of each leg — from and back to
 * where a plan would start them (the jobs' middle when neither they nor the business have a point), so that the
 * drive "now" and a plan's are measured alike.
 */
export async function currentRoutes(geo: GeoProviders, day: Day, canOptimize: boolean): Promise<DayRoutes> {
  const travel = geo.travelTimes(day.tuning);
  const technicians = [];
  let total = 0;
  const centre = dayCentre(day);
  for (const t of day.technicians) {
    const own = day.jobs.filter((j) => j.technicianId === t.id && j.point);
    const legs = await legsOf(travel, [
      t.start ?? centre,
      ...own.map((j) => j.point),
      t.end ?? t.start ?? centre,
    ]);
    const stops = own.map((j, i) => stopOf(j, j.arrivalAt, legs[i + 1]!));
    const returnDrive = own.length ? legs[own.length + 1]! : 0;
    const drive = own.length ? legs.reduce((s, x) => s + x, 0) : 0;
    total += drive;
    technicians.push({
      technicianId: t.id,
      name: t.name,
      start: t.start,
      end: t.end,
      stops,
      driveMinutes: round1(drive),
      returnDriveMinutes: round1(returnDrive),
    });
  }
  return {
    date: day.date,
    timeZone: day.timeZone,
    canOptimize,
    hasTeam: !day.soloOwner,
    travel: travel.name,
    tiles: null,
    base: day.base,
    technicians,
    unassigned: day.jobs
      .filter((j) => j.technicianId === null && j.point)
      .map((j) => stopOf(j, j.arrivalAt, 0)),
    unplaced: day.jobs.filter((j) => !j.point).map((j) => stopOf(j, j.arrivalAt, 0)),
    totals: { jobs: day.jobs.length, driveMinutes: round1(total) },
  };
}

/** Bookings of this business among `ids` (for locks): another business's id is not found. */
export async function ownBookingIds(db: DbOrTx, businessId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), inArray(bookings.id, ids)));
  return new Set(rows.map((r) => r.id));
}
