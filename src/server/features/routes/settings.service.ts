import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type Lunch,
  ROUTE_SETTINGS_TEXT,
  type RouteSettings,
  type TechnicianSettingsInput,
  technicianSettingsInputSchema,
} from '../../../shared/route-plans';
import type { Database, DbOrTx } from '../../db/client';
import {
  profiles,
  services,
  specialistServices,
  technicianLocations,
  user,
  userRoles,
} from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import type { Geocoder } from '../../providers/geo/geo';
import {
  CALIBRATION_MIN_OBSERVATIONS,
  CALIBRATION_WINDOW,
  calibrationSummary,
} from './drive-calibration.service';

// Route settings (decision 1246): the base, each technician's start and end address (geocoded when saved), lunch
// break and specialist services, and which services are specialist. The optimiser reads them through loadDay.

const pointOf = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : { lat, lng };

async function teamIds(db: DbOrTx, businessId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')));
  return new Set(rows.map((r) => r.id));
}

async function ownServiceIds(db: DbOrTx, businessId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.businessId, businessId), inArray(services.id, ids)));
  return new Set(rows.map((r) => r.id));
}

async function geocodeOrRefuse(geocoder: Geocoder, address: string) {
  const point = await geocoder.geocode(address);
  if (!point) throw invalid(ROUTE_SETTINGS_TEXT.addressNotFound);
  return point;
}

export async function loadRouteSettings(db: DbOrTx, businessId: string): Promise<RouteSettings> {
  const [profile] = await db
    .select({ address: profiles.businessAddress, lat: profiles.baseLatitude, lng: profiles.baseLongitude })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!profile) throw notFound('No business profile found for this account');
  const team = await db
    .select({ id: user.id, name: user.name, settings: technicianLocations })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(
      technicianLocations,
      and(eq(technicianLocations.businessId, businessId), eq(technicianLocations.technicianId, user.id)),
    )
    .where(and(eq(userRoles.businessId, businessId), eq(userRoles.role, 'technician')))
    .orderBy(asc(user.name), asc(user.id));
  const serviceRows = await db
    .select({ id: services.id, name: services.name, specialist: specialistServices.serviceId })
    .from(services)
    .leftJoin(
      specialistServices,
      and(eq(specialistServices.businessId, businessId), eq(specialistServices.serviceId, services.id)),
    )
    .where(and(eq(services.businessId, businessId), isNull(services.archivedAt)))
    .orderBy(asc(services.name), asc(services.id));
  const known = new Set(serviceRows.map((s) => s.id));
  return {
    base: { address: profile.address, point: pointOf(profile.lat, profile.lng) },
    technicians: team.map((m) => {
      const s = m.settings;
      return {
        technicianId: m.id,
        name: m.name || 'Technician',
        startAddress: s?.startAddress ?? null,
        endAddress: s?.endAddress ?? null,
        start: s ? pointOf(s.startLatitude, s.startLongitude) : null,
        end: s ? pointOf(s.endLatitude, s.endLongitude) : null,
        lunch: lunchOf(s),
        skills: (s?.skills ?? []).filter((id) => known.has(id)),
      };
    }),
    services: serviceRows.map((s) => ({ id: s.id, name: s.name, specialist: s.specialist !== null })),
    calibration: {
      ...(await calibrationSummary(db, businessId)),
      needed: CALIBRATION_MIN_OBSERVATIONS,
      window: CALIBRATION_WINDOW,
    },
  };
}

export function lunchOf(
  s: { lunchFrom: string | null; lunchTo: string | null; lunchMinutes: number | null } | null,
): Lunch | null {
  return s?.lunchFrom && s.lunchTo && s.lunchMinutes
    ? { from: s.lunchFrom, to: s.lunchTo, minutes: s.lunchMinutes }
    : null;
}

/** The business's base: geocoded, and the address the profile shows. */
export async function saveBase(db: Database, geocoder: Geocoder, businessId: string, address: string) {
  const point = await geocodeOrRefuse(geocoder, address);
  await db
    .update(profiles)
    .set({ businessAddress: address, baseLatitude: point.lat, baseLongitude: point.lng })
    .where(eq(profiles.id, businessId));
}

export async function saveTechnicianSettings(
  db: Database,
  geocoder: Geocoder,
  businessId: string,
  technicianId: string,
  body: TechnicianSettingsInput,
) {
  const input = technicianSettingsInputSchema.parse(body);
  if (!(await teamIds(db, businessId)).has(technicianId))
    throw notFound(ROUTE_SETTINGS_TEXT.technicianNotFound);
  const skills = [...new Set(input.skills)];
  const own = await ownServiceIds(db, businessId, skills);
  if (skills.some((id) => !own.has(id))) throw notFound(ROUTE_SETTINGS_TEXT.serviceNotFound);
  const start = input.startAddress ? await geocodeOrRefuse(geocoder, input.startAddress) : null;
  const end = input.endAddress ? await geocodeOrRefuse(geocoder, input.endAddress) : null;
  const values = {
    startAddress: input.startAddress,
    startLatitude: start?.lat ?? null,
    startLongitude: start?.lng ?? null,
    endAddress: input.endAddress,
    endLatitude: end?.lat ?? null,
    endLongitude: end?.lng ?? null,
    lunchFrom: input.lunch?.from ?? null,
    lunchTo: input.lunch?.to ?? null,
    lunchMinutes: input.lunch?.minutes ?? null,
    skills,
    updatedAt: new Date(),
  };
  await db
    .insert(technicianLocations)
    .values({ businessId, technicianId, ...values })
    .onConflictDoUpdate({
      target: [technicianLocations.businessId, technicianLocations.technicianId],
      set: values,
    });
}

/** Which services are specialist: the list replaces the previous one. */
export async function saveSpecialistServices(db: Database, businessId: string, serviceIds: string[]) {
  const ids = [...new Set(serviceIds)];
  const own = await ownServiceIds(db, businessId, ids);
  if (ids.some((id) => !own.has(id))) throw notFound(ROUTE_SETTINGS_TEXT.serviceNotFound);
  await db.transaction(async (tx) => {
    await tx.delete(specialistServices).where(eq(specialistServices.businessId, businessId));
    if (ids.length)
      await tx.insert(specialistServices).values(ids.map((serviceId) => ({ businessId, serviceId })));
  });
}
