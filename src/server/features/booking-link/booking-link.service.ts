import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { notFound } from '../../http/errors';
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

/**
 * The business's readable booking link, made once from its name (docs/decisions/1103). It never changes after,
 * so a link printed on a van keeps working when the business is renamed.
 */
export async function ensureBookingSlug(db: DbOrTx, businessId: string, publicUrl: string) {
  const [row] = await db
    .select({ slug: profiles.bookingSlug, name: profiles.businessName })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!row) throw notFound('No business profile found for this account');
  let slug = row.slug;
  if (!slug) {
    // Only while the business has none: set once, never changed (a concurrent first call may have set it).
    const claimed = await writeWithUniqueSlug(db, slugify(row.name ?? '') || 'detailer', {
      constraint: 'profiles_bookingSlug_unique',
      write: async (tx, candidate) => {
        const [set] = await tx
          .update(profiles)
          .set({ bookingSlug: sql`coalesce(${profiles.bookingSlug}, ${candidate})` })
          .where(eq(profiles.id, businessId))
          .returning({ slug: profiles.bookingSlug });
        return set?.slug ?? undefined;
      },
    });
    slug = claimed.result;
  }
  return { slug, url: `${publicUrl}/book/${slug}`, businessName: row.name };
}
