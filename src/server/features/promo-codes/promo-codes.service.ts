import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { applyDiscounts, type RewardTerms } from '../../../shared/discounts';
import {
  normalizePromoCode,
  PROMO_TEXT,
  type promoCodeInputSchema,
  promoMinimumNotMet,
  promoNotYetValid,
} from '../../../shared/promo-codes';
import { todayInZone } from '../../../shared/time';
import type { DbOrTx, Transaction } from '../../db/client';
import { containsPattern } from '../../db/like';
import { checkoutSessions } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/errors';
import { assertUuid, isUniqueViolation } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf } from '../../http/lists';
import { promoCodes, promoCodeUses } from './promo-codes.schema';

type PromoValues = z.output<typeof promoCodeInputSchema>;
type PromoRow = typeof promoCodes.$inferSelect;

/**
 * How long an unpaid checkout holds a use of a limited code (decision 0937): long enough to pay, short enough that
 * abandoned checkouts do not turn real customers away for the checkout's hour.
 */
export const PROMO_HOLD_MINUTES = 10;

/** A use counts once its checkout is paid, and while an open checkout is within its hold (decisions 702, 0937). */
const liveUse = sql`exists (select 1 from ${checkoutSessions} cs where cs.id = ${promoCodeUses.checkoutSessionId}
  and (cs.status in ('paid', 'completed') or (cs.status = 'open' and cs.expires_at > now()
    and ${promoCodeUses.createdAt} > now() - make_interval(mins => ${PROMO_HOLD_MINUTES}))))`;

async function liveUses(db: DbOrTx, promoCodeId: string, email?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(promoCodeUses)
    .where(
      and(
        eq(promoCodeUses.promoCodeId, promoCodeId),
        email ? eq(promoCodeUses.email, email) : undefined,
        liveUse,
      ),
    );
  return row?.n ?? 0;
}

const toPromo = (r: PromoRow, timesUsed: number) => ({
  id: r.id,
  code: r.code,
  discountType: r.discountType,
  discountValue: r.discountValue,
  startsOn: r.startsOn,
  expiresOn: r.expiresOn,
  usageLimit: r.usageLimit,
  perCustomerLimit: r.perCustomerLimit,
  minOrderCents: r.minOrderCents,
  isActive: r.isActive,
  timesUsed,
  createdAt: r.createdAt.toISOString(),
});

/** The Promo Codes tab: newest first, each with its live times used. */
export async function listPromoCodes(db: DbOrTx, businessId: string, query: ListQuery) {
  const used = db
    .select({ n: count() })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodes.id), liveUse));
  const rows = await db
    .select({
      promo: promoCodes,
      at: cursorText(promoCodes.createdAt),
      timesUsed: sql<number>`(${used})`.mapWith(Number),
    })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.businessId, businessId),
        query.q
          ? sql`${promoCodes.code} like ${containsPattern(normalizePromoCode(query.q)) ?? '%'}`
          : undefined,
        afterCursor(
          query.cursor,
          [
            { column: promoCodes.createdAt, kind: 'timestamp' },
            { column: promoCodes.id, kind: 'uuid' },
          ],
          'desc',
        ),
      ),
    )
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.promo.id]);
  return { items: page.items.map((r) => toPromo(r.promo, r.timesUsed)), nextCursor: page.nextCursor };
}

async function findOwn(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id, PROMO_TEXT.notFound);
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.businessId, businessId)));
  if (!row) throw notFound(PROMO_TEXT.notFound);
  return row;
}

async function saving<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PROMO_TEXT.duplicate);
    throw err;
  }
}

export async function createPromoCode(db: DbOrTx, businessId: string, values: PromoValues) {
  const [row] = await saving(() =>
    db
      .insert(promoCodes)
      .values({ ...values, businessId })
      .returning(),
  );
  return toPromo(row!, 0);
}

/** Edit or switch off. */
export async function updatePromoCode(db: DbOrTx, businessId: string, id: string, values: PromoValues) {
  await findOwn(db, businessId, id);
  const [row] = await saving(() =>
    db
      .update(promoCodes)
      .set(values)
      .where(and(eq(promoCodes.id, id), eq(promoCodes.businessId, businessId)))
      .returning(),
  );
  return toPromo(row!, await liveUses(db, id));
}

/**
 * Checks a code for one customer and price; throws 400 with the message for the first failure: unknown, inactive,
 * not yet valid, expired, minimum not met, used up, already used by you.
 */
export async function validatePromoCode(
  db: DbOrTx,
  opts: { businessId: string; code: string; email: string | null; subtotalCents: number; timeZone: string },
) {
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.businessId, opts.businessId),
        sql`upper(${promoCodes.code}) = ${normalizePromoCode(opts.code)}`,
      ),
    );
  if (!promo) throw invalid(PROMO_TEXT.unknown);
  if (!promo.isActive) throw invalid(PROMO_TEXT.inactive);
  const today = todayInZone(opts.timeZone);
  if (promo.startsOn && today < promo.startsOn) throw invalid(promoNotYetValid(promo.startsOn));
  if (promo.expiresOn && today > promo.expiresOn) throw invalid(PROMO_TEXT.expired);
  if (promo.minOrderCents && opts.subtotalCents < promo.minOrderCents)
    throw invalid(promoMinimumNotMet(promo.minOrderCents));
  await assertUsesLeft(db, promo, opts.email);
  return promo;
}

async function assertUsesLeft(db: DbOrTx, promo: PromoRow, email: string | null) {
  if (promo.usageLimit !== null && (await liveUses(db, promo.id)) >= promo.usageLimit)
    throw invalid(PROMO_TEXT.usedUp);
  if (
    email &&
    promo.perCustomerLimit !== null &&
    (await liveUses(db, promo.id, email.toLowerCase())) >= promo.perCustomerLimit
  )
    throw invalid(PROMO_TEXT.alreadyUsed);
}

/**
 * Prices a checkout with its promo code (shared order of discounts, src/shared/discounts.ts) and returns `hold`, which
 * records the use inside the transaction that stores the checkout: it locks the code's row and re-counts, so under
 * any number of concurrent checkouts a limit of N gives exactly N uses.
 */
export async function priceWithPromo(
  db: DbOrTx,
  opts: {
    businessId: string | null;
    code: string | null | undefined;
    email: string;
    subtotalCents: number;
    timeZone: string;
    /** A loyalty reward, applied after the code (decision 710). */
    reward?: RewardTerms | null;
  },
) {
  const code = opts.code?.trim();
  const reward = opts.reward ?? null;
  if (!code || !opts.businessId) {
    return {
      ...applyDiscounts(opts.subtotalCents, { reward }),
      promo: null,
      hold: async (_tx: Transaction, _checkoutId: string) => {},
    };
  }
  const promo = await validatePromoCode(db, { ...opts, businessId: opts.businessId, code });
  const price = applyDiscounts(opts.subtotalCents, { promo, reward });
  return {
    ...price,
    promo,
    hold: async (tx: Transaction, checkoutId: string) => {
      const [locked] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promo.id)).for('update');
      if (!locked?.isActive) throw invalid(PROMO_TEXT.inactive);
      await assertUsesLeft(tx, locked, opts.email);
      await tx.insert(promoCodeUses).values({
        businessId: locked.businessId,
        promoCodeId: locked.id,
        checkoutSessionId: checkoutId,
        code: locked.code,
        email: opts.email.toLowerCase(),
        discountCents: price.promoDiscountCents,
      });
    },
  };
}

/** The code a booking was made with, for the owner's booking view. */
export async function promoUseForCheckout(db: DbOrTx, checkoutSessionId: string) {
  const [row] = await db
    .select({ code: promoCodeUses.code, discountCents: promoCodeUses.discountCents })
    .from(promoCodeUses)
    .where(eq(promoCodeUses.checkoutSessionId, checkoutSessionId));
  return row ?? null;
}
