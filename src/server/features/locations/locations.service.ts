import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES } from '../../../shared/booking-status';
import {
  LOCATIONS_TEXT,
  type LocationInput,
  type LocationUpdate,
  locationInputSchema,
  locationUpdateSchema,
  primaryLocationInputSchema,
} from '../../../shared/locations';
import type { DayHours } from '../../../shared/scheduling';
import type { DbOrTx, Transaction } from '../../db/client';
import { bookings, locations, locationTechnicians, profiles, serviceAreas, userRoles } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { claimBookingSlug, slugify } from '../booking-link/booking-link.service';
import { writeWithUniqueSlug } from '../slugs';

// Multi-location (decision 1280): a business's locations, and which one a booking is at.

/** What the slot function needs of a location (null scope: the business as one place, as before locations). */
export interface LocationScope {
  id: string;
  name: string;
  slug: string;
  isPrimary: boolean;
  address: string | null;
  timeZone: string | null;
  weeklyHours: Array<DayHours | null> | null;
  /** A non-primary location's own technicians. */
  technicianIds: string[];
  /** For the primary location: the technicians other locations took (it has everyone else). */
  elsewhereIds: string[];
  /** How it was chosen: its booking link, the customer's zip, or the main location by default. */
  chosenBy: 'link' | 'zip' | 'default';
}

const scopeColumns = {
  id: locations.id,
  name: locations.name,
  slug: locations.slug,
  isPrimary: locations.isPrimary,
  address: locations.address,
  timeZone: locations.timeZone,
  weeklyHours: locations.weeklyHours,
};

/**
 * Which location a booking of the business is at: the one its link names (id or slug; 404 when it is not an
 * active location of this business), else the one whose service areas hold the zip, else the main one. Null when
 * the business has a single location and no link names it: everything then works as it did before locations.
 */
export async function locationScope(
  db: DbOrTx,
  businessId: string,
  q: { ref?: string | null; zip?: string | null },
): Promise<LocationScope | null> {
  const rows = await db
    .select(scopeColumns)
    .from(locations)
    .where(and(eq(locations.businessId, businessId), isNull(locations.archivedAt)));
  let chosen: (typeof rows)[number] | undefined;
  let chosenBy: LocationScope['chosenBy'] = 'default';
  if (q.ref) {
    chosen = rows.find((r) => r.slug === q.ref || (isUuid(q.ref!) && r.id === q.ref));
    if (!chosen) throw notFound(LOCATIONS_TEXT.notFound);
    chosenBy = 'link';
  } else {
    if (rows.length <= 1) return null;
    if (q.zip && /^\d{5}$/.test(q.zip)) {
      const [area] = await db
        .select({ locationId: serviceAreas.locationId })
        .from(serviceAreas)
        .where(and(eq(serviceAreas.businessId, businessId), eq(serviceAreas.zipCode, q.zip)));
      chosen = rows.find((r) => r.id === area?.locationId);
      if (chosen) chosenBy = 'zip';
    }
    chosen ??= rows.find((r) => r.isPrimary);
    if (!chosen) return null;
  }
  const team =
    rows.length > 1
      ? await db
          .select({
            locationId: locationTechnicians.locationId,
            technicianId: locationTechnicians.technicianId,
          })
          .from(locationTechnicians)
          .where(
            and(
              eq(locationTechnicians.businessId, businessId),
              inArray(
                locationTechnicians.locationId,
                rows.filter((r) => !r.isPrimary).map((r) => r.id),
              ),
            ),
          )
      : [];
  const at = chosen;
  const own = team.filter((t) => t.locationId === at.id).map((t) => t.technicianId);
  return {
    ...at,
    technicianIds: at.isPrimary ? [] : own,
    elsewhereIds: at.isPrimary ? [...new Set(team.map((t) => t.technicianId))] : [],
    chosenBy,
  };
}

/** A location of the business by id, archived ones included (a checkout made before it was archived). */
export async function locationScopeById(db: DbOrTx, businessId: string, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ slug: locations.slug, archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), eq(locations.id, id)));
  if (!row || row.archivedAt) return null;
  return locationScope(db, businessId, { ref: row.slug });
}

/** The business's locations for the owner (active first, the main one leading) with their zips and technicians. */
export async function listLocations(db: DbOrTx, businessId: string) {
  // The business's link is claimed from its name on first need (decision 0955), as the Booking Link card does.
  await claimBookingSlug(db, businessId);
  const [rows, areas, team, [profile]] = await Promise.all([
    db
      .select()
      .from(locations)
      .where(eq(locations.businessId, businessId))
      .orderBy(
        sql`${locations.archivedAt} is not null`,
        sql`${locations.isPrimary} desc`,
        asc(locations.name),
        asc(locations.id),
      ),
    db
      .select({ zip: serviceAreas.zipCode, locationId: serviceAreas.locationId })
      .from(serviceAreas)
      .where(eq(serviceAreas.businessId, businessId))
      .orderBy(asc(serviceAreas.zipCode)),
    db
      .select({ locationId: locationTechnicians.locationId, technicianId: locationTechnicians.technicianId })
      .from(locationTechnicians)
      .where(eq(locationTechnicians.businessId, businessId)),
    db
      .select({ slug: profiles.bookingSlug, address: profiles.businessAddress, timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, businessId)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    isPrimary: r.isPrimary,
    // The main location shows the business's own address and zone.
    address: r.isPrimary ? (profile?.address ?? null) : r.address,
    timeZone: r.isPrimary ? (profile?.timeZone ?? null) : r.timeZone,
    weeklyHours: r.weeklyHours,
    zips: areas
      .filter((a) => (r.isPrimary ? a.locationId === null : a.locationId === r.id))
      .map((a) => a.zip),
    technicianIds: team.filter((t) => t.locationId === r.id).map((t) => t.technicianId),
    bookingPath: profile?.slug ? `/book/${profile.slug}/${r.slug}` : null,
    archivedAt: r.archivedAt?.toISOString() ?? null,
  }));
}

/** The active locations as filter choices (id and name). */
export async function locationChoices(db: DbOrTx, businessId: string) {
  return db
    .select({ id: locations.id, name: locations.name, isPrimary: locations.isPrimary })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .orderBy(sql`${locations.isPrimary} desc`, asc(locations.name), asc(locations.id));
}

async function findLocation(db: DbOrTx, businessId: string, id: string) {
  if (!isUuid(id)) throw notFound(LOCATIONS_TEXT.notFound);
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, businessId), eq(locations.id, id)));
  if (!row) throw notFound(LOCATIONS_TEXT.notFound);
  return row;
}

/** The zips move to this location (from wherever they were); its zips not listed go back to the main location. */
async function setZips(tx: Transaction, businessId: string, locationId: string, zips: string[]) {
  const wanted = [...new Set(zips)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ zip: serviceAreas.zipCode })
      .from(serviceAreas)
      .where(and(eq(serviceAreas.businessId, businessId), inArray(serviceAreas.zipCode, wanted)));
    const missing = wanted.find((z) => !found.some((f) => f.zip === z));
    if (missing) throw invalid(LOCATIONS_TEXT.notYourArea(missing));
  }
  await tx
    .update(serviceAreas)
    .set({ locationId: null })
    .where(and(eq(serviceAreas.businessId, businessId), eq(serviceAreas.locationId, locationId)));
  if (wanted.length > 0)
    await tx
      .update(serviceAreas)
      .set({ locationId })
      .where(and(eq(serviceAreas.businessId, businessId), inArray(serviceAreas.zipCode, wanted)));
}

/** The location's technicians: each must be a technician of this business (another's is 404). */
async function setTechnicians(tx: Transaction, businessId: string, locationId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.businessId, businessId),
          eq(userRoles.role, 'technician'),
          inArray(userRoles.userId, wanted),
        ),
      );
    if (found.length !== wanted.length) throw notFound(LOCATIONS_TEXT.notYourTechnician);
  }
  await tx
    .delete(locationTechnicians)
    .where(
      and(eq(locationTechnicians.businessId, businessId), eq(locationTechnicians.locationId, locationId)),
    );
  if (wanted.length > 0)
    await tx
      .insert(locationTechnicians)
      .values(wanted.map((technicianId) => ({ businessId, locationId, technicianId })));
}

async function locationById(db: DbOrTx, businessId: string, id: string) {
  const found = (await listLocations(db, businessId)).find((l) => l.id === id);
  if (!found) throw notFound(LOCATIONS_TEXT.notFound);
  return found;
}

/** Adds a location (the plan check is the route's); its slug comes from its name, numbered when taken. */
export async function createLocation(db: DbOrTx, businessId: string, input: LocationInput) {
  const v = locationInputSchema.parse(input);
  const { result } = await writeWithUniqueSlug(db, slugify(v.name) || 'location', {
    constraint: 'locations_business_slug_uq',
    write: async (tx, slug) => {
      const [row] = await tx
        .insert(locations)
        .values({
          businessId,
          name: v.name,
          slug,
          address: v.address,
          timeZone: v.timeZone,
          weeklyHours: v.weeklyHours,
        })
        .returning({ id: locations.id });
      await setZips(tx, businessId, row!.id, v.zips);
      await setTechnicians(tx, businessId, row!.id, v.technicianIds);
      return row!.id;
    },
  });
  return locationById(db, businessId, result);
}

export async function updateLocation(db: DbOrTx, businessId: string, id: string, input: LocationUpdate) {
  const current = await findLocation(db, businessId, id);
  if (current.archivedAt) throw notFound(LOCATIONS_TEXT.notFound);
  if (current.isPrimary) {
    // The main location is the business itself: its hours, zone, address and areas are edited where they were.
    const { name } = primaryLocationInputSchema.parse({ name: input.name ?? current.name });
    await db.update(locations).set({ name }).where(eq(locations.id, id));
    return locationById(db, businessId, id);
  }
  const v = locationUpdateSchema.parse(input);
  await db.transaction(async (tx) => {
    const { zips, technicianIds, ...columns } = v;
    if (Object.keys(columns).length > 0)
      await tx
        .update(locations)
        .set(columns)
        .where(and(eq(locations.businessId, businessId), eq(locations.id, id)));
    if (zips) await setZips(tx, businessId, id, zips);
    if (technicianIds) await setTechnicians(tx, businessId, id, technicianIds);
  });
  return locationById(db, businessId, id);
}

/**
 * Archives a location: not the main one, not one with upcoming held bookings. Its zips go back to the main location;
 * its past bookings keep naming it.
 */
export async function archiveLocation(db: DbOrTx, businessId: string, id: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const current = await findLocation(tx, businessId, id);
    if (current.archivedAt) return;
    if (current.isPrimary) throw conflict(LOCATIONS_TEXT.primaryNotArchived);
    const [upcoming] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, businessId),
          eq(bookings.locationId, id),
          gte(bookings.scheduledAt, now),
          inArray(bookings.status, [...SLOT_HOLDING_STATUSES]),
        ),
      )
      .limit(1);
    if (upcoming) throw conflict(LOCATIONS_TEXT.hasUpcoming);
    await tx
      .update(serviceAreas)
      .set({ locationId: null })
      .where(and(eq(serviceAreas.businessId, businessId), eq(serviceAreas.locationId, id)));
    await tx.update(locations).set({ archivedAt: now }).where(eq(locations.id, id));
  });
}

/** A location filter value of an owner list: one of the business's locations (another's is 404). */
export async function assertOwnLocation(db: DbOrTx, businessId: string, id: string | undefined) {
  if (!id) return;
  await findLocation(db, businessId, id);
}

/** Used by other features' queries: the bookings of one location. */
export const bookingLocationCondition = (locationId: string | undefined) =>
  locationId ? eq(bookings.locationId, locationId) : undefined;
