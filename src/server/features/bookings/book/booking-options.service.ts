import { and, asc, eq, exists, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { LEAD_SERVICES } from '../../../../shared/booking.schemas';
import { decodeSlotVehicles } from '../../../../shared/booking-vehicles';
import { completeMultipliers } from '../../../../shared/pricing';
import type { BookingRules } from '../../../../shared/scheduling';
import { bookingWindow } from '../../../../shared/slots';
import { DEFAULT_TIME_ZONE } from '../../../../shared/time';
import type { DbOrTx } from '../../../db/client';
import { accountClosures, citySeoPages, profiles, serviceAreas, services, user } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { GeoProviders } from '../../../providers/geo/geo';
import { appliedBranding } from '../../branding/branding.service';
import { locationScope } from '../../locations/locations.service';
import { offersLoyalty } from '../../loyalty/loyalty-plan';
import { addOnMinutes } from '../../service-add-ons/service-add-ons.service';
import { teamOf } from '../scheduling/day-commitments.service';
import { leadScheduling, schedulingAt, slotsOfDate } from '../scheduling/scheduling.service';

// What /book offers: a business's active services, the businesses serving a zip, or §9's demo services (a lead).

export async function findPublicBusiness(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.businessName,
      tagline: profiles.businessTagline,
      verified: sql<boolean>`${profiles.verificationStatus} = 'verified'`,
      acceptsOnlineBookings: sql<boolean>`${profiles.paymentsEnabledAt} is not null`,
      timeZone: profiles.timeZone,
      phone: profiles.phone,
      businessEmail: profiles.businessEmail,
      ownerEmail: user.email,
      // A closed account takes no bookings and has no public page (decision 1236).
      closed: sql<boolean>`exists (select 1 from ${accountClosures} where ${accountClosures.businessId} = ${profiles.id})`,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, businessId));
  return row ?? null;
}

/** /book's business: its id (old `?business=` links) or its readable slug (`/book/{slug}`, decision 1103). */
async function findPublicBusinessByRef(db: DbOrTx, ref: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(or(eq(profiles.id, ref), eq(profiles.bookingSlug, ref)));
  const business = row ? await findPublicBusiness(db, row.id) : null;
  return business?.closed ? null : business;
}

/**
 * Where a business works, for its booking page's title (decision 914): the city of its business page (/seo/{slug}),
 * else of its first active service area; null when it has neither.
 */
export async function businessPlace(db: DbOrTx, businessId: string): Promise<string | null> {
  const [page] = await db
    .select({ city: citySeoPages.city, state: citySeoPages.state })
    .from(citySeoPages)
    .where(and(eq(citySeoPages.businessId, businessId), eq(citySeoPages.status, 'complete')))
    .orderBy(asc(citySeoPages.createdAt))
    .limit(1);
  if (page) return `${page.city}, ${page.state}`;
  const [area] = await db
    .select({
      city: serviceAreas.city,
      state: sql<string>`coalesce(${serviceAreas.stateCode}, ${serviceAreas.state})`,
    })
    .from(serviceAreas)
    .where(and(eq(serviceAreas.businessId, businessId), eq(serviceAreas.isActive, true)))
    .orderBy(asc(serviceAreas.createdAt))
    .limit(1);
  return area ? `${area.city}, ${area.state}` : null;
}

const activeServiceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  basePriceCents: services.basePriceCents,
  durationMinutes: services.durationMinutes,
  vehicleTypeMultipliers: services.vehicleTypeMultipliers,
};

/** §7: a business's active services ordered by price. */
export async function activeServicesOf(db: DbOrTx, businessId: string) {
  const rows = await db
    .select(activeServiceColumns)
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.isActive, true), isNull(services.archivedAt)))
    .orderBy(asc(services.basePriceCents), asc(services.name));
  return rows.map((s) => ({ ...s, vehicleTypeMultipliers: completeMultipliers(s.vehicleTypeMultipliers) }));
}

export async function findActiveService(db: DbOrTx, businessId: string, serviceId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(serviceId)) return null;
  const [row] = await db
    .select(activeServiceColumns)
    .from(services)
    .where(
      and(
        eq(services.id, serviceId),
        eq(services.businessId, businessId),
        eq(services.isActive, true),
        isNull(services.archivedAt),
      ),
    );
  return row ?? null;
}

export function leadServices() {
  return LEAD_SERVICES.map((s) => ({
    id: s.id,
    name: s.name,
    description: null as string | null,
    basePriceCents: s.basePriceCents,
    durationMinutes: s.durationMinutes,
    vehicleTypeMultipliers: completeMultipliers(null),
  }));
}

/** Businesses that can take a booking for the zip: an active area, online payments on, an active service. */
async function businessesServing(db: DbOrTx, zip: string) {
  return db
    .select({
      id: profiles.id,
      name: profiles.businessName,
      tagline: profiles.businessTagline,
      verified: sql<boolean>`${profiles.verificationStatus} = 'verified'`,
    })
    .from(serviceAreas)
    .innerJoin(profiles, eq(profiles.id, serviceAreas.businessId))
    .where(
      and(
        eq(serviceAreas.zipCode, zip),
        eq(serviceAreas.isActive, true),
        isNotNull(profiles.paymentsEnabledAt),
        notExists(
          db.select({ one: sql`1` }).from(accountClosures).where(eq(accountClosures.businessId, profiles.id)),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(services)
            .where(
              and(
                eq(services.businessId, profiles.id),
                eq(services.isActive, true),
                isNull(services.archivedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(sql`${profiles.verificationStatus} = 'verified' desc`, asc(profiles.businessName));
}

/** Days of the week (0 = Sunday) without working hours: the date picker greys them out. */
function closedWeekdays(rules: BookingRules) {
  return rules.weeklyHours.flatMap((h, day) => (h ? [] : [day]));
}

async function areaLabel(db: DbOrTx, zip: string | undefined) {
  if (!zip) return null;
  const [area] = await db
    .select({ city: serviceAreas.city, stateCode: serviceAreas.stateCode, state: serviceAreas.state })
    .from(serviceAreas)
    .where(eq(serviceAreas.zipCode, zip))
    .limit(1);
  return { zip, city: area?.city ?? null, state: area?.stateCode ?? area?.state ?? null };
}

export async function getBookingOptions(
  db: DbOrTx,
  query: { business?: string; zip?: string; location?: string },
) {
  const area = await areaLabel(db, query.zip);
  if (query.business) {
    const business = await findPublicBusinessByRef(db, query.business);
    if (!business) throw notFound('This business could not be found');
    // The location its link names, else the one serving the zip (decision 1280); its zone, hours and technicians.
    const scope = await locationScope(db, business.id, { ref: query.location, zip: query.zip });
    const rules = await schedulingAt(db, business.id, scope);
    return {
      mode: 'business' as const,
      area,
      timeZone: rules.timeZone,
      ...bookingWindow(rules, rules.timeZone),
      closedDates: rules.closedDates,
      closedWeekdays: closedWeekdays(rules),
      needsPlace: Boolean((await teamOf(db, business.id, scope))?.technicians.some((t) => t.start)),
      location:
        scope && scope.chosenBy !== 'default'
          ? { id: scope.id, name: scope.name, slug: scope.slug, address: scope.address }
          : null,
      business: {
        id: business.id,
        name: business.name,
        tagline: business.tagline,
        verified: business.verified,
        acceptsOnlineBookings: business.acceptsOnlineBookings,
        phone: business.phone,
        // Returning customers may spend points here (docs/decisions/0710).
        offersLoyalty: await offersLoyalty(db, business.id),
        // White-label (Elite, decision 1315): its name, colour and logo instead of ShineRoute's; null otherwise.
        branding: await appliedBranding(db, business.id),
      },
      businesses: [],
      services: await activeServicesOf(db, business.id),
    };
  }
  const businesses = query.zip ? await businessesServing(db, query.zip) : [];
  const lead = leadScheduling();
  return {
    mode: businesses.length > 0 ? ('choose' as const) : ('lead' as const),
    area,
    timeZone: DEFAULT_TIME_ZONE,
    ...bookingWindow(lead, DEFAULT_TIME_ZONE),
    closedDates: [] as string[],
    closedWeekdays: [] as number[],
    needsPlace: false,
    location: null,
    business: null,
    businesses,
    services: businesses.length > 0 ? [] : leadServices(),
  };
}

export async function getSlots(
  db: DbOrTx,
  query: {
    business?: string;
    serviceId: string;
    date: string;
    zip?: string;
    address?: string;
    addOns?: string;
    vehicles?: string;
    location?: string;
  },
  geo?: GeoProviders,
) {
  let businessId: string | null = null;
  let durationMinutes: number;
  // The location the page is for (decision 1280); undefined: the one serving the zip.
  let location: Awaited<ReturnType<typeof locationScope>> | undefined;
  if (query.business) {
    const business = await findPublicBusiness(db, query.business);
    if (!business) throw notFound('This business could not be found');
    const service = await findActiveService(db, business.id, query.serviceId);
    if (!service) throw notFound('This service is no longer available');
    businessId = business.id;
    if (query.location) location = await locationScope(db, business.id, { ref: query.location });
    // The chosen add-ons lengthen the slot (decision 1255).
    const addOnIds = (query.addOns ?? '').split(',').filter(Boolean).slice(0, 10);
    durationMinutes = service.durationMinutes + (await addOnMinutes(db, business.id, service.id, addOnIds));
    // Each further vehicle's service and add-ons (decision 1325): the slot is the sum; one not offered counts nothing.
    for (const v of decodeSlotVehicles(query.vehicles)) {
      const other = await findActiveService(db, business.id, v.serviceId);
      if (other)
        durationMinutes +=
          other.durationMinutes + (await addOnMinutes(db, business.id, other.id, v.addOnIds));
    }
  } else {
    const service = leadServices().find((s) => s.id === query.serviceId);
    if (!service) throw notFound('This service is no longer available');
    durationMinutes = service.durationMinutes;
  }
  const day = await slotsOfDate(db, businessId, {
    date: query.date,
    durationMinutes,
    place: { zip: query.zip, address: query.address },
    geo,
    location,
  });
  return {
    date: query.date,
    timeZone: day.timeZone,
    closed: day.closed,
    driveAware: day.driveAware,
    slots: day.slots.map((s) => ({ time: s.time, available: s.state === 'available', state: s.state })),
  };
}
