import { and, eq } from 'drizzle-orm';
import { pageSlug } from '../../../../shared/seo.constants';
import type { Database } from '../../../db/client';
import { citySeoPages } from '../../../db/schema';
import type { ContentGenerator } from '../../../providers/content/content-generator';
import { sanitizeContent } from '../../../providers/content/sanitize';
import { loadBusinessForPage, pageContext, slugVariant } from './seo-context';

/**
 * Writes a draft page's content (the spec's generate-seo-content with singlePage): the page ends complete, or
 * error when the generator fails. Pages no longer in draft are left alone, so a retried job changes nothing.
 */
export async function generatePageContent(db: Database, generator: ContentGenerator, pageId: string) {
  const [page] = await db.select().from(citySeoPages).where(eq(citySeoPages.id, pageId));
  if (page?.status !== 'draft') return page?.status ?? null;
  const keyword = page.keywords[0] ?? page.pageTitle;
  const vehicle =
    page.vehicleMake && page.vehicleModel ? { make: page.vehicleMake, model: page.vehicleModel } : null;
  try {
    const business = page.businessId ? await loadBusinessForPage(db, page.businessId) : null;
    const ctx = pageContext({
      slug: page.slug,
      keyword,
      city: page.city,
      state: page.state,
      vehicleMake: page.vehicleMake,
      vehicleModel: page.vehicleModel,
      business,
      variant: slugVariant(page.slug, pageSlug({ keyword, city: page.city, state: page.state, vehicle })),
    });
    const content = await generator.generate(ctx);
    const html = sanitizeContent(content.html);
    if (!html.trim()) throw new Error('the generator returned no content');
    await db
      .update(citySeoPages)
      .set({ status: 'complete', content: html, faq: content.faq, metaDescription: content.metaDescription })
      .where(and(eq(citySeoPages.id, pageId), eq(citySeoPages.status, 'draft')));
    return 'complete' as const;
  } catch (err) {
    // Single-page generation failures are only logged (§8); the page shows its error badge.
    console.warn(
      `seo: content generation failed for ${page.slug}:`,
      err instanceof Error ? err.message : err,
    );
    await db
      .update(citySeoPages)
      .set({ status: 'error' })
      .where(and(eq(citySeoPages.id, pageId), eq(citySeoPages.status, 'draft')));
    return 'error' as const;
  }
}
