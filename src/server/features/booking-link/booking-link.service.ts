import { and, eq, ne, sql } from 'drizzle-orm';
import {
  BOOKING_LINK_TEXT,
  type BookingLinkInput,
  bookingLinkInputSchema,
} from '../../../shared/booking-link';
import type { Database, DbOrTx } from '../../db/client';
import { bookingSlugRedirects, profiles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../http/ids';
import { writeWithUniqueSlug } from '../slugs';

/** "Shine & Co. Detailing" → "shine-co-detailing". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const linkOf = (publicUrl: string, slug: string | null, businessName: string | null) => ({
  slug,
  url: slug ? `${publicUrl}/book/${slug}` : null,
  businessName,
});

/**
 * Claims the business's booking slug from its name, once, when it has a name and no slug yet (decision 0955: a
 * business without a name gets none, so no link reads /book/detailer for good). A slug another business used before
 * (a redirect) is skipped. Returns the slug, or null while the business has no name.
 */
export async function claimBookingSlug(db: DbOrTx, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: profiles.bookingSlug, name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!row) throw notFound('No business profile found for this account');
  if (row.slug) return row.slug;
  const base = slugify(row.name ?? '');
  if (!base) return null;
  const claimed = await writeWithUniqueSlug(db, base, {
    constraint: 'profiles_bookingSlug_unique',
    write: async (tx, candidate) => {
      const [redirect] = await tx
        .select({ businessId: bookingSlugRedirects.businessId })
        .from(bookingSlugRedirects)
        .where(
          and(eq(bookingSlugRedirects.slug, candidate), ne(bookingSlugRedirects.businessId, businessId)),
        );
      if (redirect) return undefined;
      // coalesce: a concurrent first claim may have set it; both callers then agree on that one.
      const [set] = await tx
        .update(profiles)
        .set({ bookingSlug: sql`coalesce(${profiles.bookingSlug}, ${candidate})` })
        .where(eq(profiles.id, businessId))
        .returning({ slug: profiles.bookingSlug });
      return set?.slug ?? undefined;
    },
  });
  return claimed.result;
}

/** The business's readable booking link (decision 1103), claimed now if it has a name and no slug yet. */
export async function ensureBookingSlug(db: DbOrTx, businessId: string, publicUrl: string) {
  const slug = await claimBookingSlug(db, businessId);
  const [row] = await db
    .select({ name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  return linkOf(publicUrl, slug, row?.name ?? null);
}

/**
 * The owner picks another slug (decision 0955). The old one is kept as a redirect to the new, so printed links keep
 * working; a slug that is another business's, current or former, is refused with 409.
 */
export async function changeBookingSlug(
  db: Database,
  businessId: string,
  input: BookingLinkInput,
  publicUrl: string,
) {
  const { slug } = bookingLinkInputSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ slug: profiles.bookingSlug, name: profiles.businessName })
        .from(profiles)
        .where(eq(profiles.id, businessId))
        .for('update');
      if (!row) throw notFound('No business profile found for this account');
      if (row.slug === slug) return linkOf(publicUrl, slug, row.name);
      const [redirect] = await tx
        .select({ businessId: bookingSlugRedirects.businessId })
        .from(bookingSlugRedirects)
        .where(eq(bookingSlugRedirects.slug, slug));
      if (redirect && redirect.businessId !== businessId) throw conflict(BOOKING_LINK_TEXT.slugTaken);
      // Taking back one of its own former slugs: it is current again, no longer a redirect.
      if (redirect) await tx.delete(bookingSlugRedirects).where(eq(bookingSlugRedirects.slug, slug));
      await tx.update(profiles).set({ bookingSlug: slug }).where(eq(profiles.id, businessId));
      if (row.slug)
        await tx.insert(bookingSlugRedirects).values({ slug: row.slug, businessId }).onConflictDoNothing();
      return linkOf(publicUrl, slug, row.name);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(BOOKING_LINK_TEXT.slugTaken);
    throw err;
  }
}

/** The current slug a former booking link leads to, or null when `slug` is not a former one. */
export async function redirectedBookingSlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ current: profiles.bookingSlug })
    .from(bookingSlugRedirects)
    .innerJoin(profiles, eq(profiles.id, bookingSlugRedirects.businessId))
    .where(eq(bookingSlugRedirects.slug, slug));
  return row?.current ?? null;
}
