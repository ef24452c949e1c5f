import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { updateProfile } from '../db/factories';
import { citySeoPages, profiles } from '../db/schema';
import { createTestContext } from '../test/harness';
import { ensureBookingSlug } from './booking-link/booking-link.service';
import { generateBusinessPage } from './business-profile/business-page.service';
import { writeWithUniqueSlug } from './slugs';

// One slug routine (features/slugs.ts): the unique index decides, so writers racing for the same slug each end
// with one of their own, and a taken slug inside a caller's transaction does not abort it.

const t = await createTestContext();

async function businesses(n: number, name: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const owner = await t.signUp({ firstName: `Racer${i}`, lastName: 'Owner' });
    await updateProfile(t.db, owner.userId, { businessName: name });
    ids.push(owner.userId);
  }
  return ids;
}

describe('slug uniqueness', () => {
  it('gives 6 businesses of one name generating their pages at once 6 distinct page addresses', async () => {
    const ids = await businesses(6, 'Twin Shine Detailing');
    const results = await Promise.all(ids.map((id) => generateBusinessPage(t.db, id)));
    const slugs = results.map((r) => r.page.slug).sort();
    expect(new Set(slugs).size).toBe(6);
    expect(slugs.every((slug) => slug.startsWith(slugs[0]!))).toBe(true);
    // Regenerating keeps each page's own address.
    const again = await generateBusinessPage(t.db, ids[0]!);
    expect(again).toMatchObject({
      created: false,
      page: { id: results[0]!.page.id, slug: results[0]!.page.slug },
    });
    const rows = await t.db.select().from(profiles).where(inArray(profiles.id, ids));
    expect(rows.every((r) => r.businessPageId)).toBe(true);
  });

  it('gives racing booking links distinct slugs and never changes one once set', async () => {
    const ids = await businesses(5, 'Racing Suds');
    const links = await Promise.all(ids.map((id) => ensureBookingSlug(t.db, id, 'http://x')));
    expect(new Set(links.map((l) => l.slug)).size).toBe(5);
    // Two first calls of one business at once agree on one slug.
    const [solo] = await businesses(1, 'Racing Suds');
    const pair = await Promise.all([
      ensureBookingSlug(t.db, solo!, 'http://x'),
      ensureBookingSlug(t.db, solo!, 'http://x'),
    ]);
    expect(pair[0].slug).toBe(pair[1].slug);
    await updateProfile(t.db, solo!, { businessName: 'Renamed' });
    expect((await ensureBookingSlug(t.db, solo!, 'http://x')).slug).toBe(pair[0].slug);
  });

  it('retries on a unique violation inside the caller’s transaction, which goes on (no probe: the index answers)', async () => {
    await t.db
      .insert(citySeoPages)
      .values({ city: 'Austin', state: 'TX', pageTitle: 'A', slug: 'race-probe' });
    await t.db
      .insert(citySeoPages)
      .values({ city: 'Austin', state: 'TX', pageTitle: 'A', slug: 'race-probe-2' });
    const slug = await t.db.transaction(async (tx) => {
      const { slug } = await writeWithUniqueSlug(tx, 'race-probe', {
        constraint: 'city_seo_pages_slug_unique',
        write: async (sp, candidate) =>
          (
            await sp
              .insert(citySeoPages)
              .values({ city: 'Austin', state: 'TX', pageTitle: 'B', slug: candidate })
              .returning()
          )[0],
      });
      // The transaction is still usable after the two refused inserts.
      await tx.update(citySeoPages).set({ pageTitle: 'C' }).where(eq(citySeoPages.slug, slug));
      return slug;
    });
    expect(slug).toBe('race-probe-3');
    const [page] = await t.db.select().from(citySeoPages).where(eq(citySeoPages.slug, 'race-probe-3'));
    expect(page?.pageTitle).toBe('C');
  });

  it('rethrows a unique violation of another constraint instead of trying suffixes', async () => {
    const [a, b] = await businesses(2, 'Other Index');
    await ensureBookingSlug(t.db, a!, 'http://x');
    const [own] = await t.db.select().from(profiles).where(eq(profiles.id, a!));
    await expect(
      writeWithUniqueSlug(t.db, 'whatever', {
        constraint: 'city_seo_pages_slug_unique',
        write: async (sp) =>
          (
            await sp
              .update(profiles)
              .set({ bookingSlug: own!.bookingSlug })
              .where(eq(profiles.id, b!))
              .returning()
          )[0],
      }),
    ).rejects.toThrow();
  });
});
