import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookingManageLinks, bookingReviews } from '../../../db/schema';

// The customer's links in automated messages: self-service (decision 612) and our review page (decision 614).

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/manage/${token}`;
export const reviewUrl = (publicUrl: string, token: string) => `${publicUrl}/review/${token}`;

/** The booking's review token, created on first use (256 random bits). */
export async function reviewTokenFor(db: DbOrTx, businessId: string, bookingId: string) {
  await db
    .insert(bookingReviews)
    .values({ bookingId, businessId, token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: bookingReviews.token })
    .from(bookingReviews)
    .where(eq(bookingReviews.bookingId, bookingId));
  return row!.token;
}

/** The booking's self-service token, created on first use (256 random bits). */
export async function manageTokenFor(db: DbOrTx, businessId: string, bookingId: string) {
  await db
    .insert(bookingManageLinks)
    .values({ bookingId, businessId, token: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ token: bookingManageLinks.token })
    .from(bookingManageLinks)
    .where(eq(bookingManageLinks.bookingId, bookingId));
  return row!.token;
}
