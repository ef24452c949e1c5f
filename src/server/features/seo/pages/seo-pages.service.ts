import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  type LandingPageState,
  MAX_LANDING_PAGES_PER_DAY,
  OWNER_PAGE_LIST_LIMIT,
  pageSlug,
  pageTitle,
  SEO_TEXT,
  stateName,
} from '../../../../shared/seo.constants';
import type { Database, DbOrTx } from '../../../db/client';
import { citySeoPages } from '../../../db/schema';
import { notFound, tooManyRequests } from '../../../http/errors';
import { assertUuid } from '../../../http/ids';
import { getProfile } from '../../profiles/profiles.service';
import { writeWithUniqueSlug } from '../../slugs';

/** The columns a page list shows (never the content). */
export const pageListColumns = {
  id: citySeoPages.id,
  businessId: citySeoPages.businessId,
  city: citySeoPages.city,
  state: citySeoPages.state,
  keywords: citySeoPages.keywords,
  pageTitle: citySeoPages.pageTitle,
  metaDescription: citySeoPages.metaDescription,
  slug: citySeoPages.slug,
  status: citySeoPages.status,
  vehicleMake: citySeoPages.vehicleMake,
  vehicleModel: citySeoPages.vehicleModel,
  createdAt: citySeoPages.createdAt,
};

export type PageListRow = Awaited<ReturnType<typeof listBusinessPages>>[number];

export function toPageDto(row: PageListRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The business's latest pages, newest first (§7: limit 20 in Marketing Tools). */
export async function listBusinessPages(db: DbOrTx, businessId: string, limit = OWNER_PAGE_LIST_LIMIT) {
  return db
    .select(pageListColumns)
    .from(citySeoPages)
    .where(eq(citySeoPages.businessId, businessId))
    .orderBy(desc(citySeoPages.createdAt), desc(citySeoPages.id))
    .limit(limit);
}

type NewPage = Omit<typeof citySeoPages.$inferInsert, 'slug'>;

/** Inserts a page under its slug, or under slug-2, slug-3… when taken (the one slug routine, features/slugs.ts). */
export async function insertWithUniqueSlug(db: DbOrTx, baseSlug: string, values: NewPage) {
  const { result } = await writeWithUniqueSlug(db, baseSlug, {
    constraint: 'city_seo_pages_slug_unique',
    taken: async (candidates) =>
      (
        await db
          .select({ slug: citySeoPages.slug })
          .from(citySeoPages)
          .where(inArray(citySeoPages.slug, candidates))
      ).map((r) => r.slug),
    write: async (tx, slug) => {
      const [row] = await tx
        .insert(citySeoPages)
        .values({ ...values, slug })
        .onConflictDoNothing({ target: citySeoPages.slug })
        .returning(pageListColumns);
      return row;
    },
  });
  return result;
}

/**
 * Marketing Tools' Quick Landing Page Generator: one draft page per city (§4). Content is written afterwards by
 * the job queue, one job per page.
 */
export async function createLandingPages(
  db: Database,
  businessId: string,
  input: { keyword: string; cities: string[]; state: LandingPageState },
) {
  const profile = await getProfile(db, businessId);
  if (!profile) throw notFound(SEO_TEXT.noProfile);
  // The same city typed twice makes one page.
  const cities = input.cities.filter(
    (city, i, all) => all.findIndex((c) => c.toLowerCase() === city.toLowerCase()) === i,
  );
  return db.transaction(async (tx) => {
    // One business's generations queue behind each other, so concurrent requests cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`landing-pages:${businessId}`}))`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(citySeoPages)
      .where(
        and(
          eq(citySeoPages.businessId, businessId),
          gt(citySeoPages.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    if ((recent?.n ?? 0) + cities.length > MAX_LANDING_PAGES_PER_DAY)
      throw tooManyRequests(SEO_TEXT.dailyLimit);
    const created = [];
    for (const city of cities) {
      const subject = { keyword: input.keyword, city, state: input.state };
      created.push(
        await insertWithUniqueSlug(tx, pageSlug(subject), {
          businessId,
          city,
          state: input.state,
          keywords: [input.keyword],
          pageTitle: pageTitle(subject),
          metaDescription: `${input.keyword} in ${city}, ${stateName(input.state)}. Book mobile detailing online.`,
          status: 'draft',
        }),
      );
    }
    return created;
  });
}

/** Deletes one of the business's pages; another business's page is not found (404). Returns its slug. */
export async function deleteBusinessPage(db: DbOrTx, businessId: string, pageId: string) {
  assertUuid(pageId, 'Landing page not found');
  const [row] = await db
    .delete(citySeoPages)
    .where(and(eq(citySeoPages.id, pageId), eq(citySeoPages.businessId, businessId)))
    .returning({ slug: citySeoPages.slug });
  if (!row) throw notFound('Landing page not found');
  return row.slug;
}
