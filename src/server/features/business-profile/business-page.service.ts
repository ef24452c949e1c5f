import { and, desc, eq } from 'drizzle-orm';
import {
  BUSINESS_PAGE_KEYWORDS,
  BUSINESS_PAGE_TESTIMONIALS,
  businessPageSlug,
  cityStateFromAddress,
  PROFILE_TEXT,
} from '../../../shared/business-profile';
import { escapeHtml } from '../../../shared/html';
import type { Database } from '../../db/client';
import { citySeoPages, profiles, testimonials } from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { sanitizeContent } from '../../providers/content/sanitize';
import { writeWithUniqueSlug } from '../slugs';

type Profile = typeof profiles.$inferSelect;
type Testimonial = typeof testimonials.$inferSelect;

const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

const bulletList = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;

/** The page's HTML body from the profile and up to three featured testimonials; every value is escaped. */
export function buildBusinessPageContent(
  profile: Profile,
  featured: Testimonial[],
  place: { city: string; state: string },
) {
  const name = escapeHtml(profile.businessName ?? '');
  const parts: string[] = [];
  parts.push(
    `<section><h2>About ${name}</h2>${profile.businessTagline ? `<p><strong>${escapeHtml(profile.businessTagline)}</strong></p>` : ''}${
      profile.businessDescription
        ? paragraphs(profile.businessDescription)
        : `<p>${name} brings professional mobile auto detailing and car wash services to ${escapeHtml(place.city)}, ${escapeHtml(place.state)}.</p>`
    }</section>`,
  );
  const facts: string[] = [];
  if (profile.yearsInBusiness > 0) facts.push(`${profile.yearsInBusiness} years in business`);
  if (profile.serviceRadiusMiles > 0) facts.push(`Mobile service within ${profile.serviceRadiusMiles} miles`);
  if (profile.insuranceInfo) facts.push(`Insured: ${profile.insuranceInfo}`);
  if (profile.verificationStatus === 'verified') facts.push('Verified business on ShineRoute');
  if (facts.length) parts.push(`<section><h2>At a glance</h2>${bulletList(facts)}</section>`);
  if (profile.specialties.length)
    parts.push(`<section><h2>Our specialties</h2>${bulletList(profile.specialties)}</section>`);
  if (profile.serviceGuarantees.length) {
    parts.push(`<section><h2>Our guarantees</h2>${bulletList(profile.serviceGuarantees)}</section>`);
  }
  if (profile.certifications.length) {
    parts.push(`<section><h2>Certifications</h2>${bulletList(profile.certifications)}</section>`);
  }
  if (profile.aboutOwner)
    parts.push(`<section><h2>Meet the owner</h2>${paragraphs(profile.aboutOwner)}</section>`);
  if (featured.length) {
    const quotes = featured
      .map(
        (t) =>
          `<blockquote><p>“${escapeHtml(t.testimonialText)}”</p><p><span>${'★'.repeat(t.rating)}${'☆'.repeat(5 - t.rating)}</span> — ${escapeHtml(t.customerName)}${t.serviceType ? `, ${escapeHtml(t.serviceType)}` : ''}</p></blockquote>`,
      )
      .join('');
    parts.push(`<section><h2>What our customers say</h2>${quotes}</section>`);
  }
  const contact: string[] = [];
  if (profile.phone)
    contact.push(
      `<li>Phone: <a href="tel:${escapeHtml(profile.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(profile.phone)}</a></li>`,
    );
  if (profile.businessEmail) {
    contact.push(
      `<li>Email: <a href="mailto:${escapeHtml(profile.businessEmail)}">${escapeHtml(profile.businessEmail)}</a></li>`,
    );
  }
  if (profile.websiteUrl)
    contact.push(
      `<li>Website: <a href="${escapeHtml(profile.websiteUrl)}">${escapeHtml(profile.websiteUrl)}</a></li>`,
    );
  if (profile.businessAddress) contact.push(`<li>Based in: ${escapeHtml(profile.businessAddress)}</li>`);
  if (contact.length) parts.push(`<section><h2>Contact ${name}</h2><ul>${contact.join('')}</ul></section>`);
  // The same sanitiser as every other SEO page, before storage (the renderer applies it again).
  return sanitizeContent(parts.join(''));
}

function pageFields(profile: Profile, featured: Testimonial[]) {
  const name = profile.businessName!.trim();
  const place = cityStateFromAddress(profile.businessAddress);
  const summary = profile.businessTagline || profile.businessDescription || '';
  const fallback = `${name} offers professional mobile auto detailing and car wash services in ${place.city}, ${place.state}.`;
  const meta = (summary ? `${name}: ${summary}` : fallback).replace(/\s+/g, ' ').trim();
  return {
    city: place.city,
    state: place.state,
    keywords: [...BUSINESS_PAGE_KEYWORDS],
    pageTitle: `${name} | Auto Detailing in ${place.city}, ${place.state}`,
    metaDescription: meta.length > 160 ? `${meta.slice(0, 157).trimEnd()}...` : meta,
    status: 'complete' as const,
    content: buildBusinessPageContent(profile, featured, place),
    vehicleMake: null,
    vehicleModel: null,
  };
}

/**
 * Generate Business Page (§9): inserts a complete city_seo_pages row, or updates the one generated before
 * (remembered in profiles.business_page_id), so regenerating never makes a second page.
 */
export async function generateBusinessPage(db: Database, businessId: string) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, businessId)).for('update');
    if (!profile) throw notFound('No business profile found for this account');
    if (!profile.businessName?.trim()) throw invalid(PROFILE_TEXT.pageNeedsName);
    const featured = await tx
      .select()
      .from(testimonials)
      .where(and(eq(testimonials.businessId, businessId), eq(testimonials.isFeatured, true)))
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(BUSINESS_PAGE_TESTIMONIALS);
    const fields = pageFields(profile, featured);

    const [existing] = profile.businessPageId
      ? await tx
          .select({ id: citySeoPages.id, slug: citySeoPages.slug })
          .from(citySeoPages)
          .where(and(eq(citySeoPages.id, profile.businessPageId), eq(citySeoPages.businessId, businessId)))
      : [];
    // The unique index picks the address (slug, slug-2…; features/slugs.ts): no check-then-insert race.
    const { result: page } = await writeWithUniqueSlug(tx, businessPageSlug(profile.businessName), {
      constraint: 'city_seo_pages_slug_unique',
      write: async (sp, slug) =>
        existing
          ? (
              await sp
                .update(citySeoPages)
                .set({ ...fields, slug })
                .where(eq(citySeoPages.id, existing.id))
                .returning()
            )[0]
          : (
              await sp
                .insert(citySeoPages)
                .values({ businessId, ...fields, slug })
                .returning()
            )[0],
    });
    if (existing) return { page, created: false };
    await tx.update(profiles).set({ businessPageId: page.id }).where(eq(profiles.id, businessId));
    return { page, created: true };
  });
}
