import { and, desc, eq } from 'drizzle-orm';
import {
  type BusinessProfileInput,
  businessProfileInputSchema,
  defaultInitial,
  PROFILE_TEXT,
  type TestimonialInput,
  testimonialInputSchema,
} from '../../../shared/business-profile';
import type { DbOrTx } from '../../db/client';
import { citySeoPages, profiles, testimonials } from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { pointColumns } from '../../providers/geo/zip-centroid';
import { claimBookingSlug } from '../booking-link/booking-link.service';
import { followAddressTimeZone } from '../bookings/scheduling/scheduling.service';
import { getProfile } from '../profiles/profiles.service';

export function toProfileDto(p: typeof profiles.$inferSelect) {
  return {
    businessName: p.businessName,
    businessTagline: p.businessTagline,
    businessDescription: p.businessDescription,
    businessAddress: p.businessAddress,
    serviceRadiusMiles: p.serviceRadiusMiles,
    phone: p.phone,
    businessEmail: p.businessEmail,
    websiteUrl: p.websiteUrl,
    yearsInBusiness: p.yearsInBusiness,
    insuranceInfo: p.insuranceInfo,
    aboutOwner: p.aboutOwner,
    certifications: p.certifications,
    specialties: p.specialties,
    serviceGuarantees: p.serviceGuarantees,
  };
}

export async function getBusinessProfile(db: DbOrTx, businessId: string) {
  const profile = await getProfile(db, businessId);
  if (!profile) throw notFound('No business profile found for this account');
  const [page] = profile.businessPageId
    ? await db
        .select({ slug: citySeoPages.slug, status: citySeoPages.status })
        .from(citySeoPages)
        .where(and(eq(citySeoPages.id, profile.businessPageId), eq(citySeoPages.businessId, businessId)))
    : [];
  return {
    ...toProfileDto(profile),
    businessPage: page ? { slug: page.slug, url: `/seo/${page.slug}` } : null,
  };
}

export async function updateBusinessProfile(db: DbOrTx, businessId: string, input: BusinessProfileInput) {
  const values = businessProfileInputSchema.parse(input);
  const base = pointColumns(values.businessAddress);
  const [row] = await db
    .update(profiles)
    .set({ ...values, baseLatitude: base.latitude, baseLongitude: base.longitude })
    .where(eq(profiles.id, businessId))
    .returning();
  if (!row) throw notFound('No business profile found for this account');
  await followAddressTimeZone(db, businessId, row.businessAddress);
  // The first saved name claims the booking link (decision 0955); later renames keep it.
  await claimBookingSlug(db, businessId);
  return toProfileDto(row);
}

type TestimonialRow = typeof testimonials.$inferSelect;
export function toTestimonialDto(t: TestimonialRow) {
  return {
    id: t.id,
    customerName: t.customerName,
    customerInitial: t.customerInitial,
    serviceType: t.serviceType,
    rating: t.rating,
    testimonialText: t.testimonialText,
    isFeatured: t.isFeatured,
    dateReceived: t.dateReceived,
    createdAt: t.createdAt.toISOString(),
  };
}

/** §7: newest first. */
export async function listTestimonials(db: DbOrTx, businessId: string) {
  const rows = await db
    .select()
    .from(testimonials)
    .where(eq(testimonials.businessId, businessId))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return rows.map(toTestimonialDto);
}

export async function addTestimonial(db: DbOrTx, businessId: string, input: TestimonialInput) {
  const values = testimonialInputSchema.parse(input);
  const customerInitial = values.customerInitial ?? defaultInitial(values.customerName);
  if (!customerInitial) throw invalid(PROFILE_TEXT.testimonialMissing);
  const [row] = await db
    .insert(testimonials)
    .values({ businessId, ...values, customerInitial })
    .returning();
  return toTestimonialDto(row!);
}

export async function setTestimonialFeatured(
  db: DbOrTx,
  businessId: string,
  id: string,
  isFeatured: boolean,
) {
  assertUuid(id, 'Testimonial not found');
  const [row] = await db
    .update(testimonials)
    .set({ isFeatured })
    .where(and(eq(testimonials.id, id), eq(testimonials.businessId, businessId)))
    .returning();
  if (!row) throw notFound('Testimonial not found');
  return toTestimonialDto(row);
}

export async function deleteTestimonial(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, 'Testimonial not found');
  const deleted = await db
    .delete(testimonials)
    .where(and(eq(testimonials.id, id), eq(testimonials.businessId, businessId)))
    .returning({ id: testimonials.id });
  if (deleted.length === 0) throw notFound('Testimonial not found');
}
