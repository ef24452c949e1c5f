import { count, eq } from 'drizzle-orm';
import { pageSlug, pageTitle } from '../../../shared/seo.constants';
import type { Database } from '../../db/client';
import { createSeoPage, createTestimonial } from '../../db/factories';
import { testimonials } from '../../db/schema';
import { sanitizeContent } from '../../providers/content/sanitize';
import { createTemplateGenerator } from '../../providers/content/template-generator';
import { loadBusinessForPage, pageContext } from './generation/seo-context';

/** Demo landing pages for the demo business (live, with real content) and a few reviews behind its rating. */
export async function seedSeoDemo(db: Database, businessId: string) {
  const [existing] = await db
    .select({ n: count() })
    .from(testimonials)
    .where(eq(testimonials.businessId, businessId));
  if ((existing?.n ?? 0) === 0) {
    const reviews: Array<[string, number, string, string]> = [
      [
        'Jordan Reyes',
        5,
        'Premium Detail',
        'They came to my office and the Camry looked better than the day I bought it.',
      ],
      [
        'Priya Shah',
        5,
        'Basic Wash & Vacuum',
        'On time, friendly and the CR-V interior is spotless. Booked again for next month.',
      ],
      [
        'Marcus Bell',
        4,
        'Ceramic Coating',
        'Great coating on the F-150. Took a little longer than quoted but worth it.',
      ],
    ];
    for (const [customerName, rating, serviceType, testimonialText] of reviews) {
      await createTestimonial(db, businessId, {
        customerName,
        rating,
        serviceType,
        testimonialText,
        isFeatured: true,
      });
    }
  }
  const business = await loadBusinessForPage(db, businessId);
  const generator = createTemplateGenerator();
  for (const city of ['Austin', 'Round Rock', 'Cedar Park']) {
    const subject = { keyword: 'Mobile Car Detailing', city, state: 'TX' };
    const slug = pageSlug(subject);
    const content = await generator.generate(
      pageContext({
        slug,
        keyword: subject.keyword,
        city,
        state: 'TX',
        vehicleMake: null,
        vehicleModel: null,
        business,
      }),
    );
    await createSeoPage(db, {
      businessId,
      slug,
      city,
      state: 'TX',
      keywords: [subject.keyword],
      pageTitle: pageTitle(subject),
      metaDescription: content.metaDescription,
      content: sanitizeContent(content.html),
      faq: content.faq,
      status: 'complete',
    });
  }
}
