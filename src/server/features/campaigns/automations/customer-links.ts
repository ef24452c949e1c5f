import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookingLinkTokens, bookingManageLinks, bookingReviews } from '../../../db/schema';
import { hashToken, newToken, TOKEN_SHAPE } from '../../../http/tokens';

// The customer's links in messages: self-service (decision 612) and our review page (decision 614). Only a token's
// hash is stored (decision 1130): each message mints its own token, builds its link at once and sends it.

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/manage/${token}`;
export const reviewUrl = (publicUrl: string, token: string) => `${publicUrl}/review/${token}`;

type Purpose = (typeof bookingLinkTokens.$inferSelect)['purpose'];

async function mint(db: DbOrTx, purpose: Purpose, businessId: string, bookingId: string) {
  const token = newToken();
  await db.insert(bookingLinkTokens).values({ tokenHash: hashToken(token), bookingId, businessId, purpose });
  return token;
}

/** A new review token for the booking (its review row is created on first use). */
export async function newReviewToken(db: DbOrTx, businessId: string, bookingId: string) {
  await db.insert(bookingReviews).values({ bookingId, businessId }).onConflictDoNothing();
  return mint(db, 'review', businessId, bookingId);
}

/** A new self-service token for the booking (its self-service row is created on first use). */
export async function newManageToken(db: DbOrTx, businessId: string, bookingId: string) {
  await db.insert(bookingManageLinks).values({ bookingId, businessId }).onConflictDoNothing();
  return mint(db, 'manage', businessId, bookingId);
}

/** The booking a link's token was minted for, or null (not a token's shape, unknown, or minted for another use). */
export async function bookingOfLinkToken(db: DbOrTx, purpose: Purpose, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ bookingId: bookingLinkTokens.bookingId })
    .from(bookingLinkTokens)
    .where(and(eq(bookingLinkTokens.tokenHash, hashToken(token)), eq(bookingLinkTokens.purpose, purpose)));
  return row?.bookingId ?? null;
}
