import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isUniqueViolation } from '../ids';

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
  const base = slugify(row.name ?? '') || 'detailer';
  for (let n = 1; !slug && n < 50; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    try {
      await db.update(profiles).set({ bookingSlug: candidate }).where(eq(profiles.id, businessId));
      slug = candidate;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  if (!slug) throw new Error('Could not find a free booking link');
  return { slug, url: `${publicUrl}/book/${slug}`, businessName: row.name };
}
