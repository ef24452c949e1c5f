import { randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type RewardTerms, rewardDiscountCents } from '../../../shared/discounts';
import { notEnoughPoints } from '../../../shared/loyalty.schemas';
import {
  type LoyaltyWallet,
  REDEEM_CODE_MINUTES,
  REDEEM_CODE_WINDOW_MINUTES,
  REDEEM_MAX_ATTEMPTS,
  REDEEM_MAX_CODES,
  REDEEM_TEXT,
  REDEEM_TOKEN_MINUTES,
} from '../../../shared/loyalty-redeem';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { checkoutSessions, customers, loyaltyTransactions } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { AppError, conflict, invalid, notFound } from '../../http/errors';
import { hashToken, newToken } from '../../http/tokens';
import { findPublicBusiness } from '../bookings/book/booking-options.service';
import {
  type AutomationDeps,
  deliverQueued,
  queueTransactionalEmail,
} from '../campaigns/automations/message-queue';
import { offersLoyalty } from './loyalty-plan';
import { appendPoints } from './points-ledger';
import { loyaltyVerifications, rewardRedemptions } from './redemption.schema';
import { findReward, listRewards } from './rewards.service';

// Spending points outside the owner's screen (docs/decisions/0710): a one-time code proves the email, the verified
// email gets a short-lived token, and the token spends points at /book (held by the checkout, deducted when the
// booking is made) or on the invoice pay page (deducted at once).

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;

/** Salted by the row's id; a 6-digit code is cheap to guess offline, so it also dies after minutes and 5 tries. */
async function hashCode(id: string, code: string) {
  return (await scryptAsync(code, `loyalty-code:${id}`, 32)).toString('hex');
}

async function assertOffersLoyalty(db: DbOrTx, businessId: string) {
  if (!(await offersLoyalty(db, businessId))) throw invalid(REDEEM_TEXT.notOffered);
}

async function findCustomerByEmail(db: DbOrTx, businessId: string, email: string) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      points: customers.loyaltyPoints,
    })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/**
 * Emails a one-time code when the email belongs to a customer of the business. The answer is the same either way,
 * so the form does not tell who is a customer. At most REDEEM_MAX_CODES codes per email per window.
 */
export async function sendRedeemCode(deps: AutomationDeps, input: { businessId: string; email: string }) {
  const { db } = deps;
  const business = await findPublicBusiness(db, input.businessId);
  if (!business) throw notFound('This business could not be found');
  await assertOffersLoyalty(db, business.id);
  const email = input.email.toLowerCase();
  const since = new Date(Date.now() - REDEEM_CODE_WINDOW_MINUTES * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(loyaltyVerifications)
    .where(
      and(
        eq(loyaltyVerifications.businessId, business.id),
        eq(loyaltyVerifications.email, email),
        gt(loyaltyVerifications.createdAt, since),
      ),
    );
  if ((recent?.n ?? 0) >= REDEEM_MAX_CODES) throw new AppError(429, REDEEM_TEXT.tooManyCodes);
  const customer = await findCustomerByEmail(db, business.id, email);
  if (!customer) return { sent: true as const, message: REDEEM_TEXT.sent };

  const id = crypto.randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const message = await renderEmailRow(
    'loyalty-code',
    {
      businessName: business.name ?? 'ShineRoute',
      firstName: customer.firstName,
      code,
      validMinutes: REDEEM_CODE_MINUTES,
    },
    { db, businessId: business.id, publicUrl: deps.publicUrl },
  );
  // The code and its email commit together (decision 1290): no code the customer was never sent, no email of a code
  // that was not stored.
  const messageIds = await db.transaction(async (tx) => {
    await tx.insert(loyaltyVerifications).values({
      id,
      businessId: business.id,
      email,
      codeHash: await hashCode(id, code),
      expiresAt: new Date(Date.now() + REDEEM_CODE_MINUTES * 60_000),
    });
    return queueTransactionalEmail(tx, deps.publicUrl, {
      businessId: business.id,
      customerId: customer.id,
      kind: 'loyalty_code',
      dedupeKey: `loyalty-code:${id}`,
      to: email,
      ...message,
    });
  });
  await deliverQueued(deps, messageIds);
  return { sent: true as const, message: REDEEM_TEXT.sent };
}

/**
 * Checks a code against the newest unverified code of the email. Every try is counted in one UPDATE before the
 * comparison, so racing guesses cannot pass REDEEM_MAX_ATTEMPTS. A right code is spent and exchanged for a token.
 */
export async function verifyRedeemCode(
  db: Database,
  input: { businessId: string; email: string; code: string },
) {
  const email = input.email.toLowerCase();
  const [latest] = await db
    .select()
    .from(loyaltyVerifications)
    .where(
      and(
        eq(loyaltyVerifications.businessId, input.businessId),
        eq(loyaltyVerifications.email, email),
        isNull(loyaltyVerifications.verifiedAt),
      ),
    )
    .orderBy(desc(loyaltyVerifications.createdAt))
    .limit(1);
  if (!latest) throw invalid(REDEEM_TEXT.wrongCode);
  if (latest.expiresAt.getTime() <= Date.now()) throw invalid(REDEEM_TEXT.expired);
  const [counted] = await db
    .update(loyaltyVerifications)
    .set({ attempts: sql`${loyaltyVerifications.attempts} + 1` })
    .where(
      and(
        eq(loyaltyVerifications.id, latest.id),
        sql`${loyaltyVerifications.attempts} < ${REDEEM_MAX_ATTEMPTS}`,
        isNull(loyaltyVerifications.verifiedAt),
      ),
    )
    .returning({ attempts: loyaltyVerifications.attempts });
  if (!counted) throw new AppError(429, REDEEM_TEXT.tooManyAttempts);
  const given = Buffer.from(await hashCode(latest.id, input.code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(latest.codeHash, 'hex'))) {
    throw counted.attempts >= REDEEM_MAX_ATTEMPTS
      ? new AppError(429, REDEEM_TEXT.tooManyAttempts)
      : invalid(REDEEM_TEXT.wrongCode);
  }
  const token = newToken();
  const [verified] = await db
    .update(loyaltyVerifications)
    .set({
      verifiedAt: new Date(),
      tokenHash: hashToken(token),
      tokenExpiresAt: new Date(Date.now() + REDEEM_TOKEN_MINUTES * 60_000),
    })
    .where(and(eq(loyaltyVerifications.id, latest.id), isNull(loyaltyVerifications.verifiedAt)))
    .returning({ id: loyaltyVerifications.id });
  if (!verified) throw invalid(REDEEM_TEXT.expired);
  return wallet(db, input.businessId, email, token);
}

/** The verified email behind a token, or 400 "verify again" (unknown, expired, spent, another business or email). */
export async function resolveRedeemToken(
  db: DbOrTx,
  businessId: string,
  token: string | null | undefined,
  email?: string,
) {
  if (!token) throw invalid(REDEEM_TEXT.verifyAgain);
  const [row] = await db
    .select()
    .from(loyaltyVerifications)
    .where(
      and(
        eq(loyaltyVerifications.tokenHash, hashToken(token)),
        eq(loyaltyVerifications.businessId, businessId),
      ),
    );
  if (!row || row.consumedAt || !row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= Date.now())
    throw invalid(REDEEM_TEXT.verifyAgain);
  if (email !== undefined && email.toLowerCase() !== row.email) throw invalid(REDEEM_TEXT.verifyAgain);
  return row;
}

/** Points held by checkouts that may still become bookings (open and unexpired, or paid and not yet booked). */
async function heldPoints(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rewardRedemptions.points}), 0)`.mapWith(Number) })
    .from(rewardRedemptions)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, rewardRedemptions.checkoutSessionId))
    .where(
      and(
        eq(rewardRedemptions.customerId, customerId),
        sql`(${checkoutSessions.status} = 'paid' or (${checkoutSessions.status} = 'open' and ${checkoutSessions.expiresAt} > now()))`,
      ),
    );
  return row?.n ?? 0;
}

/** The balance a customer may spend now: the ledger's balance less held points. */
export async function availablePoints(db: DbOrTx, customer: { id: string; points: number }) {
  return Math.max(0, customer.points - (await heldPoints(db, customer.id)));
}

export async function wallet(
  db: DbOrTx,
  businessId: string,
  email: string,
  token: string,
): Promise<LoyaltyWallet> {
  const customer = await findCustomerByEmail(db, businessId, email);
  const available = customer ? await availablePoints(db, customer) : 0;
  const rewards = await listRewards(db, businessId, { activeOnly: true });
  return {
    token,
    availablePoints: available,
    rewards: rewards.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category,
      pointsRequired: r.pointsRequired,
      valueCents: r.valueCents,
      affordable: r.pointsRequired <= available,
    })),
  };
}

/** A verified customer's chosen reward, checked: the business's own (another's id is 404), active, affordable. */
async function chosenReward(
  db: DbOrTx,
  businessId: string,
  token: string | null | undefined,
  email: string,
  rewardId: string,
) {
  const verification = await resolveRedeemToken(db, businessId, token, email);
  await assertOffersLoyalty(db, businessId);
  const reward = await findReward(db, businessId, rewardId);
  if (!reward.isActive) throw invalid(REDEEM_TEXT.rewardUnavailable);
  const customer = await findCustomerByEmail(db, businessId, verification.email);
  if (!customer) throw invalid(REDEEM_TEXT.verifyAgain);
  return { verification, reward, customer };
}

async function assertAffordable(tx: DbOrTx, customerId: string, points: number) {
  const [locked] = await tx
    .select({
      id: customers.id,
      points: customers.loyaltyPoints,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!locked) throw invalid(REDEEM_TEXT.verifyAgain);
  const available = await availablePoints(tx, locked);
  if (available < points)
    throw conflict(notEnoughPoints(`${locked.firstName} ${locked.lastName}`.trim(), available, points));
}

/**
 * A reward chosen at /book: checked now (before the provider is asked for a session) and `hold` records it with the
 * checkout, in the transaction that stores it, under the customer's row lock, so two checkouts cannot both spend
 * the same points.
 */
export async function rewardForCheckout(
  db: DbOrTx,
  input: { businessId: string | null; token: string | null | undefined; email: string; rewardId: string },
) {
  if (!input.businessId) throw invalid(REDEEM_TEXT.businessOnly);
  const businessId = input.businessId;
  const { reward, customer } = await chosenReward(db, businessId, input.token, input.email, input.rewardId);
  await assertAffordable(db, customer.id, reward.pointsRequired);
  const terms: RewardTerms = { category: reward.category, valueCents: reward.valueCents };
  return {
    reward,
    terms,
    hold: async (tx: Transaction, checkoutId: string, discountCents: number) => {
      await assertAffordable(tx, customer.id, reward.pointsRequired);
      await tx.insert(rewardRedemptions).values({
        businessId,
        customerId: customer.id,
        rewardId: reward.id,
        checkoutSessionId: checkoutId,
        rewardName: reward.name,
        category: reward.category,
        points: reward.pointsRequired,
        discountCents,
      });
    },
  };
}

/**
 * In the transaction that makes the booking: the held reward's points leave the ledger, once (the checkout row is
 * locked by the caller, and a unique index allows one booking redemption per booking). If an owner took points
 * away meanwhile, what is left is taken: the customer was already given the discount, and the ledger never goes
 * below 0.
 */
export async function redeemHeldReward(tx: Transaction, checkoutId: string, bookingId: string) {
  const [held] = await tx
    .select()
    .from(rewardRedemptions)
    .where(eq(rewardRedemptions.checkoutSessionId, checkoutId));
  if (!held) return null;
  const [earlier] = await tx
    .select({ id: loyaltyTransactions.id })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.bookingId, bookingId),
        eq(loyaltyTransactions.type, 'redeemed'),
        eq(loyaltyTransactions.source, 'reward'),
      ),
    );
  if (earlier) return null;
  await tx.update(rewardRedemptions).set({ bookingId }).where(eq(rewardRedemptions.id, held.id));
  const [customer] = await tx
    .select({ points: customers.loyaltyPoints })
    .from(customers)
    .where(eq(customers.id, held.customerId))
    .for('update');
  const points = Math.min(held.points, customer?.points ?? 0);
  if (points <= 0) return null;
  return appendPoints(tx, {
    businessId: held.businessId,
    customerId: held.customerId,
    type: 'redeemed',
    source: 'reward',
    points: -points,
    description: `Redeemed ${held.rewardName} at booking`,
    bookingId,
    rewardId: held.rewardId,
  });
}

/** The reward a booking was made with, for the owner's booking view. */
export async function redemptionForBooking(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      rewardName: rewardRedemptions.rewardName,
      category: rewardRedemptions.category,
      points: rewardRedemptions.points,
      discountCents: rewardRedemptions.discountCents,
    })
    .from(rewardRedemptions)
    .where(eq(rewardRedemptions.bookingId, bookingId));
  return row ?? null;
}

/**
 * The invoice pay page: a verified customer's discount or service reward pays up to its value off the balance, as a
 * payment of method 'loyalty', and its points leave the ledger in the same transaction. The token is spent by it,
 * so a form sent twice redeems once.
 */
export async function redeemOnInvoice(
  tx: Transaction,
  input: { businessId: string; customerEmail: string; token: string; rewardId: string; balanceCents: number },
) {
  const { verification, reward, customer } = await chosenReward(
    tx,
    input.businessId,
    input.token,
    input.customerEmail,
    input.rewardId,
  );
  if (reward.category === 'product') throw invalid(REDEEM_TEXT.productOnInvoice);
  const amountCents = rewardDiscountCents(input.balanceCents, {
    category: reward.category,
    valueCents: reward.valueCents,
  });
  if (amountCents <= 0) throw invalid(REDEEM_TEXT.nothingToTake);
  const [spent] = await tx
    .update(loyaltyVerifications)
    .set({ consumedAt: new Date() })
    .where(and(eq(loyaltyVerifications.id, verification.id), isNull(loyaltyVerifications.consumedAt)))
    .returning({ id: loyaltyVerifications.id });
  if (!spent) throw invalid(REDEEM_TEXT.verifyAgain);
  await assertAffordable(tx, customer.id, reward.pointsRequired);
  return { reward, customerId: customer.id, amountCents };
}
