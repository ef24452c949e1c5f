import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AUTOMATION_TEXT, type reviewInputSchema } from '../../../shared/messaging';
import type { Database } from '../../db/client';
import { bookingReviews, bookings, customers, profiles, testimonials } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordWebhookEvent } from '../webhooks/webhooks.service';
import { bookingOfLinkToken } from './automations/customer-links';
import { getAutomationSettings } from './automations/settings';

// The public review page (decision 614): the link in a review request names one completed booking; the customer
// rates it once, and the review becomes an unfeatured testimonial of the business (its real rating counts it).

async function reviewOfToken(db: Database, token: string) {
  const bookingId = await bookingOfLinkToken(db, 'review', token);
  if (!bookingId) throw notFound(AUTOMATION_TEXT.linkNotFound);
  const [row] = await db
    .select({
      bookingId: bookingReviews.bookingId,
      businessId: bookingReviews.businessId,
      submittedAt: bookingReviews.submittedAt,
      status: bookings.status,
      serviceName: bookings.serviceName,
      firstName: customers.firstName,
      lastName: customers.lastName,
      businessName: profiles.businessName,
    })
    .from(bookingReviews)
    .innerJoin(bookings, eq(bookings.id, bookingReviews.bookingId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(profiles, eq(profiles.id, bookingReviews.businessId))
    .where(eq(bookingReviews.bookingId, bookingId));
  if (!row) throw notFound(AUTOMATION_TEXT.linkNotFound);
  return row;
}

/** What the review page shows: whose job, and whether it can still be reviewed. */
export async function reviewView(db: Database, token: string) {
  const r = await reviewOfToken(db, token);
  const settings = await getAutomationSettings(db, r.businessId);
  return {
    businessName: r.businessName?.trim() || 'Your detailer',
    serviceName: r.serviceName,
    firstName: r.firstName ?? null,
    submitted: r.submittedAt !== null,
    canReview: r.submittedAt === null && r.status === 'completed',
    // Offered after the review: the owner's page on Google or another site, if they gave one.
    externalReviewLink: settings.reviewLink,
  };
}

/** Saves the customer's review once (a second send is refused) as an unfeatured testimonial. */
export async function submitReview(db: Database, token: string, input: z.output<typeof reviewInputSchema>) {
  const r = await reviewOfToken(db, token);
  if (r.status !== 'completed') throw conflict(AUTOMATION_TEXT.reviewNotYet);
  const first = r.firstName?.trim() || 'Customer';
  const initial = (r.lastName?.trim()[0] ?? first[0] ?? 'C').toUpperCase();
  await db.transaction(async (tx) => {
    // Claimed by one conditional update: two sends at once make one testimonial.
    const [claimed] = await tx
      .update(bookingReviews)
      .set({ submittedAt: new Date() })
      .where(and(eq(bookingReviews.bookingId, r.bookingId), isNull(bookingReviews.testimonialId)))
      .returning({ bookingId: bookingReviews.bookingId });
    if (!claimed) throw conflict(AUTOMATION_TEXT.reviewAlreadySent);
    const [t] = await tx
      .insert(testimonials)
      .values({
        businessId: r.businessId,
        customerName: `${first} ${initial}.`,
        customerInitial: initial,
        serviceType: r.serviceName,
        rating: input.rating,
        testimonialText: input.text,
        isFeatured: false,
      })
      .returning({ id: testimonials.id });
    // With the review, in its transaction (decision 1202).
    await recordWebhookEvent(tx, r.businessId, 'review.received', {
      id: t!.id,
      bookingId: r.bookingId,
      customerName: `${first} ${initial}.`,
      serviceName: r.serviceName,
      rating: input.rating,
      text: input.text,
    });
    await tx
      .update(bookingReviews)
      .set({ testimonialId: t!.id })
      .where(eq(bookingReviews.bookingId, r.bookingId));
  });
  return reviewView(db, token);
}
