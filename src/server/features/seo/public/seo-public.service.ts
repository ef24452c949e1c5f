import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppliedBranding } from '../../../../shared/branding';
import { businessIsOpen } from '../../../access/closed-businesses';
import type { Database } from '../../../db/client';
import { citySeoPages, profiles, type SeoFaqItem, serviceAreas, testimonials } from '../../../db/schema';
import { ensureBookingSlug } from '../../booking-link/booking-link.service';
import { appliedBranding } from '../../branding/branding.service';
import { featuredPhotos } from '../../field/gallery.service';
import { serviceAreaOf } from '../seo-geo';

export interface PublicPage {
  id: string;
  /** The page's render_version when it was read: a render made from this data is stored under it. */
  renderVersion: number;
  slug: string;
  pageTitle: string;
  metaDescription: string | null;
  city: string;
  state: string;
  keywords: string[];
  content: string;
  faq: SeoFaqItem[];
  vehicleMake: string | null;
  vehicleModel: string | null;
  updatedAt: Date;
  business: {
    id: string;
    name: string;
    /** The business's readable booking link `/book/{slug}` (decision 1103); null only if it could not be made. */
    bookingSlug: string | null;
    phone: string | null;
    tagline: string | null;
    guarantees: string[];
    specialties: string[];
    /** Real testimonials only; null when the business has none. */
    rating: { average: number; count: number } | null;
    /** Pages of a business that is not verified are served noindex and left out of the sitemap (hardening defect 8). */
    verified: boolean;
    /** Before/after photos the business features, each with the customer's consent (decision 1244). */
    featuredPhotos: Array<{ id: string; thumbUrl: string; alt: string }>;
    /** A white-labelled business's look (decision 1318): its logo and colour head the page, no ShineRoute. */
    branding: AppliedBranding | null;
  } | null;
  /**
   * A platform page's coverage (docs/decisions/0950): whether an active service area lies in the page's area, and the
   * zip a waitlist entry starts from. Null on a business's own page.
   */
  coverage: { served: boolean; waitlistZip: string | null } | null;
}

/**
 * The complete pages among these slugs (§7: status complete only; any order), each with its business and the
 * business's real review average: one statement for the pages and one per business among them, so rendering a chunk
 * of pages ahead costs a few queries, not two per page.
 */
/** A complete page, the platform's own or of a business that has not closed its account (decision 1285). */
const livePage = and(
  eq(citySeoPages.status, 'complete'),
  or(isNull(citySeoPages.businessId), businessIsOpen(citySeoPages.businessId)),
);

export async function loadPublicPages(db: Database, slugs: string[]): Promise<PublicPage[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({
      id: citySeoPages.id,
      renderVersion: citySeoPages.renderVersion,
      slug: citySeoPages.slug,
      pageTitle: citySeoPages.pageTitle,
      metaDescription: citySeoPages.metaDescription,
      city: citySeoPages.city,
      state: citySeoPages.state,
      keywords: citySeoPages.keywords,
      content: citySeoPages.content,
      faq: citySeoPages.faq,
      vehicleMake: citySeoPages.vehicleMake,
      vehicleModel: citySeoPages.vehicleModel,
      updatedAt: citySeoPages.updatedAt,
      businessId: citySeoPages.businessId,
      areaZips: citySeoPages.areaZips,
    })
    .from(citySeoPages)
    .where(and(inArray(citySeoPages.slug, slugs), livePage));
  const coverage = await platformCoverage(db, rows);
  const businesses = new Map<string, PublicPage['business']>();
  for (const id of new Set(rows.map((r) => r.businessId).filter((id) => id !== null))) {
    businesses.set(id, await loadPageBusiness(db, id));
  }
  return rows.map(({ businessId, areaZips: _zips, ...page }) => ({
    ...page,
    content: page.content ?? '',
    faq: page.faq ?? [],
    business: businessId ? (businesses.get(businessId) ?? null) : null,
    coverage: businessId ? null : (coverage.get(page.id) ?? { served: false, waitlistZip: null }),
  }));
}

/**
 * Whether any active service area lies in each platform page's area (the zips the page names: its city's, then the
 * nearest). Read after the pages themselves: a service area changed after that moves their render_version (the
 * trigger on service_areas, decision 0950), so a render made from this answer is never taken for current. A page's
 * zips are stored on its first render, which is what lets that trigger find it.
 */
async function platformCoverage(
  db: Database,
  rows: { id: string; businessId: string | null; city: string; state: string; areaZips: string[] | null }[],
) {
  const zipsOf = new Map<string, string[]>();
  for (const r of rows) {
    if (r.businessId !== null) continue;
    let zips = r.areaZips;
    if (!zips) {
      zips = serviceAreaOf(r.city, r.state).zips;
      await db.execute(
        sql`update ${citySeoPages} set area_zips = ${sql.param(zips)}::text[] where id = ${r.id} and area_zips is null`,
      );
    }
    zipsOf.set(r.id, zips);
  }
  const all = [...new Set([...zipsOf.values()].flat())];
  const served = new Set<string>();
  if (all.length > 0) {
    const active = await db
      .selectDistinct({ zip: serviceAreas.zipCode })
      .from(serviceAreas)
      .where(
        and(
          eq(serviceAreas.isActive, true),
          inArray(serviceAreas.zipCode, all),
          businessIsOpen(serviceAreas.businessId),
        ),
      );
    for (const a of active) served.add(a.zip);
  }
  const coverage = new Map<string, NonNullable<PublicPage['coverage']>>();
  for (const [id, zips] of zipsOf)
    coverage.set(id, { served: zips.some((z) => served.has(z)), waitlistZip: zips[0] ?? null });
  return coverage;
}

async function loadPageBusiness(db: Database, businessId: string): Promise<PublicPage['business']> {
  const [row] = await db
    .select({
      businessName: profiles.businessName,
      bookingSlug: profiles.bookingSlug,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      tagline: profiles.businessTagline,
      guarantees: profiles.serviceGuarantees,
      specialties: profiles.specialties,
      verificationStatus: profiles.verificationStatus,
      reviewCount:
        sql<number>`(select count(*) from ${testimonials} where ${testimonials.businessId} = ${businessId})`.mapWith(
          Number,
        ),
      reviewAverage: sql<
        number | null
      >`(select avg(${testimonials.rating})::float8 from ${testimonials} where ${testimonials.businessId} = ${businessId})`,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!row) return null;
  // The pages' Book Now goes to the readable link (issue 16); a business that never opened its Share card gets its
  // slug now, once (it never changes after).
  const bookingSlug =
    row.bookingSlug ??
    (await ensureBookingSlug(db, businessId, '').then(
      (made) => made.slug,
      () => null,
    ));
  const branding = await appliedBranding(db, businessId);
  return {
    id: businessId,
    bookingSlug,
    name:
      branding?.displayName ||
      row.businessName?.trim() ||
      `${row.firstName} ${row.lastName}`.trim() ||
      'Our team',
    branding,
    phone: row.phone,
    tagline: row.tagline,
    guarantees: row.guarantees,
    specialties: row.specialties,
    verified: row.verificationStatus === 'verified',
    featuredPhotos: await featuredPhotos(db, businessId),
    rating:
      row.reviewCount > 0 && row.reviewAverage !== null
        ? { average: Math.round(Number(row.reviewAverage) * 10) / 10, count: row.reviewCount }
        : null,
  };
}

/** Indexable pages: complete, and the platform's own or a verified business's (hardening defect 8). */
const indexable = and(
  livePage,
  or(
    isNull(citySeoPages.businessId),
    inArray(
      citySeoPages.businessId,
      sql`(select ${profiles.id} from ${profiles} where ${profiles.verificationStatus} = 'verified')`,
    ),
  ),
);

/** Indexable pages for the sitemap, one chunk at a time, in slug order. */
export async function sitemapEntries(db: Database, offset: number, limit: number) {
  return db
    .select({ slug: citySeoPages.slug, updatedAt: citySeoPages.updatedAt })
    .from(citySeoPages)
    .where(indexable)
    .orderBy(asc(citySeoPages.slug))
    .offset(offset)
    .limit(limit);
}

export async function countIndexablePages(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(citySeoPages)
    .where(indexable);
  return row?.n ?? 0;
}

/** A complete page's slug, title and city (what the waitlist form's answer shows), or null. */
export async function findCompletePage(db: Database, slug: string) {
  const [row] = await db
    .select({ slug: citySeoPages.slug, pageTitle: citySeoPages.pageTitle, city: citySeoPages.city })
    .from(citySeoPages)
    .where(and(eq(citySeoPages.slug, slug), livePage));
  return row ?? null;
}
