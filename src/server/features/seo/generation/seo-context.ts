import { and, asc, eq, isNull } from 'drizzle-orm';
import { POPULAR_VEHICLES, stateName } from '../../../../shared/seo.constants';
import type { DbOrTx } from '../../../db/client';
import { profiles, services } from '../../../db/schema';
import type { BusinessForPage, PageContext } from '../../../providers/content/content-generator';
import { serviceAreaOf } from '../seo-geo';

/** The business facts a page may show: name, contact, and its active services with prices. */
export async function loadBusinessForPage(db: DbOrTx, businessId: string): Promise<BusinessForPage | null> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, businessId));
  if (!profile) return null;
  const rows = await db
    .select({
      name: services.name,
      description: services.description,
      basePriceCents: services.basePriceCents,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.isActive, true), isNull(services.archivedAt)))
    .orderBy(asc(services.basePriceCents))
    .limit(12);
  return {
    id: profile.id,
    name: profile.businessName?.trim() || `${profile.firstName} ${profile.lastName}`.trim() || 'Our team',
    phone: profile.phone,
    tagline: profile.businessTagline,
    description: profile.businessDescription,
    yearsInBusiness: profile.yearsInBusiness,
    specialties: profile.specialties,
    guarantees: profile.serviceGuarantees,
    services: rows,
  };
}

const vehicleKind = (make: string, model: string) =>
  POPULAR_VEHICLES.find((v) => v.make === make && v.model === model)?.kind ?? 'sedan';

/** "car-detailing-austin-tx-3" is the third page of its subject. */
export function slugVariant(slug: string, baseSlug: string): number {
  if (slug === baseSlug) return 1;
  const n = Number(slug.slice(baseSlug.length + 1));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

export function pageContext(p: {
  slug: string;
  keyword: string;
  city: string;
  state: string;
  vehicleMake: string | null;
  vehicleModel: string | null;
  business: BusinessForPage | null;
  variant?: number;
}): PageContext {
  return {
    slug: p.slug,
    keyword: p.keyword,
    city: p.city,
    stateCode: p.state,
    stateName: stateName(p.state),
    vehicle:
      p.vehicleMake && p.vehicleModel
        ? { make: p.vehicleMake, model: p.vehicleModel, kind: vehicleKind(p.vehicleMake, p.vehicleModel) }
        : null,
    business: p.business,
    area: serviceAreaOf(p.city, p.state),
    variant: p.variant ?? 1,
  };
}
