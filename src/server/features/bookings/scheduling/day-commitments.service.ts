import { and, asc, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES } from '../../../../shared/booking-status';
import type { BusyInterval } from '../../../../shared/slots';
import type { DbOrTx } from '../../../db/client';
import {
  bookingAssignments,
  bookings,
  profiles,
  technicianLocations,
  user,
  userRoles,
} from '../../../db/schema';
import type { LatLng } from '../../../providers/geo/geo';
import { zipCentroidOf, zipOf } from '../../../providers/geo/zip-centroid';
import {
  type BusySpan,
  busyIntervalsOf,
  externalBusyByPerson,
} from '../../calendar-sync/external-busy.service';
import type { LocationScope } from '../../locations/locations.service';
import type { Commitment, TechnicianDay } from './drive-fit';

// What holds time on a day (decisions 1221, 1248): the held jobs (with their technician and place) and other
// calendars' busy spans (with their person), read once and used both for the crews count and the drive check.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DayCommitments {
  jobs: Array<{ start: Date; durationMinutes: number; technicianId: string | null; point: LatLng | null }>;
  /** Each person's other-calendar spans, merged (decision 1221). */
  external: Map<string, BusySpan[]>;
}

/** Held jobs that may overlap [from, to) (no service lasts more than 24 hours) and other calendars' busy spans. */
export async function dayCommitments(
  db: DbOrTx,
  businessId: string,
  from: Date,
  to: Date,
  opts: { excludeBookingId?: string; location?: LocationScope | null } = {},
): Promise<DayCommitments> {
  // At a location (decision 1280): its own jobs, and the other calendars of the people who work there.
  const at = opts.location;
  const rows = await db
    .select({
      start: bookings.scheduledAt,
      durationMinutes: bookings.durationMinutes,
      technicianId: bookingAssignments.technicianId,
      lat: bookings.latitude,
      lng: bookings.longitude,
    })
    .from(bookings)
    .leftJoin(
      bookingAssignments,
      and(
        eq(bookingAssignments.businessId, bookings.businessId),
        eq(bookingAssignments.bookingId, bookings.id),
      ),
    )
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(bookings.status, [...SLOT_HOLDING_STATUSES]),
        gte(bookings.scheduledAt, new Date(from.getTime() - DAY_MS)),
        lt(bookings.scheduledAt, to),
        opts.excludeBookingId ? ne(bookings.id, opts.excludeBookingId) : undefined,
        at ? eq(bookings.locationId, at.id) : undefined,
      ),
    );
  const external = await externalBusyByPerson(db, businessId, from, to);
  // At a location, only the people who work there (decision 1280).
  for (const person of [...external.keys()]) if (!worksAt(person, at)) external.delete(person);
  return {
    jobs: rows.map((r) => ({
      start: r.start,
      durationMinutes: r.durationMinutes,
      technicianId: r.technicianId,
      point: r.lat === null || r.lng === null ? null : { lat: r.lat, lng: r.lng },
    })),
    external,
  };
}

/** The people of a location, as SQL: a non-primary one's technicians; at the main one, everyone other locations did not
 *  take. */
function peopleAt(column: Parameters<typeof inArray>[0], at: LocationScope | null | undefined) {
  if (!at) return undefined;
  if (!at.isPrimary) return at.technicianIds.length > 0 ? inArray(column, at.technicianIds) : sql`false`;
  return at.elsewhereIds.length > 0 ? notInArray(column, at.elsewhereIds) : undefined;
}

/** Whether a person works at the location: a non-primary one's technicians; at the main one, everyone other locations
 *  did not take. */
function worksAt(userId: string, at: LocationScope | null | undefined) {
  if (!at) return true;
  if (!at.isPrimary) return at.technicianIds.includes(userId);
  return !at.elsewhereIds.includes(userId);
}

/** The busy intervals the crews count uses: every held job and each person's merged busy spans. */
export function busyOf(day: DayCommitments): BusyInterval[] {
  const busy: BusyInterval[] = day.jobs.map((j) => ({ start: j.start, durationMinutes: j.durationMinutes }));
  for (const spans of day.external.values()) busy.push(...busyIntervalsOf(spans));
  return busy;
}

export interface Team {
  technicians: Array<{ id: string; start: LatLng | null; end: LatLng | null }>;
  tuning: { circuity: number; speedPercent: number; calibration: number | null };
}

const pointOf = (lat: number | null, lng: number | null): LatLng | null =>
  lat === null || lng === null ? null : { lat, lng };

/**
 * The technicians who may take a job, with where their day starts and ends (their own locations, else the base).
 * Every technician may do every service: there is no per-service skill list yet (decision 1248).
 */
export async function teamOf(
  db: DbOrTx,
  businessId: string,
  location: LocationScope | null = null,
): Promise<Team | null> {
  const rows = await db
    .select({
      id: user.id,
      startLat: technicianLocations.startLatitude,
      startLng: technicianLocations.startLongitude,
      endLat: technicianLocations.endLatitude,
      endLng: technicianLocations.endLongitude,
      baseLat: profiles.baseLatitude,
      baseLng: profiles.baseLongitude,
      address: profiles.businessAddress,
      circuity: profiles.driveCircuity,
      speedPercent: profiles.driveSpeedPercent,
      calibration: profiles.driveCalibration,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .innerJoin(profiles, eq(profiles.id, userRoles.businessId))
    .leftJoin(
      technicianLocations,
      and(eq(technicianLocations.businessId, businessId), eq(technicianLocations.technicianId, user.id)),
    )
    .where(
      and(
        eq(userRoles.businessId, businessId),
        eq(userRoles.role, 'technician'),
        // A location's technicians (decision 1280).
        peopleAt(user.id, location),
      ),
    )
    .orderBy(asc(user.name), asc(user.id));
  const first = rows[0];
  if (!first) return null;
  // A non-primary location's technicians start from its address; the main one's from the business's base.
  const locationBase =
    location && !location.isPrimary && location.address ? zipCentroidOf(location.address) : null;
  const base =
    locationBase ??
    pointOf(first.baseLat, first.baseLng) ??
    (first.address ? zipCentroidOf(first.address) : null);
  return {
    technicians: rows.map((r) => {
      const start = pointOf(r.startLat, r.startLng) ?? base;
      return { id: r.id, start, end: pointOf(r.endLat, r.endLng) ?? start };
    }),
    tuning: { circuity: first.circuity, speedPercent: first.speedPercent, calibration: first.calibration },
  };
}

/** Each technician's commitments of the day: their assigned jobs and their other calendars' busy spans. */
export function technicianDays(team: Team, day: DayCommitments): TechnicianDay[] {
  const external = day.external;
  return team.technicians.map((t) => {
    const commitments: Commitment[] = day.jobs
      .filter((j) => j.technicianId === t.id)
      .map((j) => ({
        start: j.start.getTime(),
        end: j.start.getTime() + j.durationMinutes * 60_000,
        point: j.point,
      }));
    for (const s of external.get(t.id) ?? [])
      commitments.push({ start: s.start.getTime(), end: s.end.getTime(), point: null });
    return { id: t.id, start: t.start, end: t.end, commitments };
  });
}

/** Where the customer wants the job: the street address's zip code refines the one they arrived with. */
export interface CustomerPlace {
  address?: string | null;
  zip?: string | null;
}

/** The customer's point as a booking stores it (the zip-code centroid, decision 1215); null when unknown. */
export function placePoint(place: CustomerPlace | undefined): LatLng | null {
  if (!place) return null;
  const zip = zipOf(place.address) ?? (place.zip && /^\d{5}$/.test(place.zip) ? place.zip : null);
  return zip ? zipCentroidOf({ zip }) : null;
}
