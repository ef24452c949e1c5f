import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { paymentAccounts, payouts } from '../../db/schema';
import type { ProviderPayout } from '../../providers/payments/payments';
import { ledgerTotals, recordPayoutEntry } from './ledger.service';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The simulated daily payout of a test-mode account: its whole positive balance, paid at once (no bank, no delay).
 * Under a per-business lock so two runs cannot pay the same balance twice. Returns the payout, or null.
 */
export async function payOutTestBalance(db: Database, businessId: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payouts:${businessId}`}))`);
    const [account] = await tx
      .select({ mode: paymentAccounts.mode, payoutsEnabled: paymentAccounts.payoutsEnabled })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.businessId, businessId));
    if (account?.mode !== 'test' || !account.payoutsEnabled) return null;
    const { balance } = await ledgerTotals(tx, businessId);
    if (balance <= 0) return null;
    const providerPayoutId = `po_test_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const [payout] = await tx
      .insert(payouts)
      .values({
        businessId,
        mode: 'test',
        providerPayoutId,
        amountCents: balance,
        status: 'paid',
        arrivalDate: today(),
      })
      .returning();
    await recordPayoutEntry(tx, { businessId, payoutId: providerPayoutId, amountCents: balance });
    return payout!;
  });
}

/** The daily job: every test-mode account with a positive balance is paid out. */
export async function runDailyTestPayouts(db: Database) {
  const accounts = await db
    .select({ businessId: paymentAccounts.businessId })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.mode, 'test'), eq(paymentAccounts.payoutsEnabled, true)));
  let paid = 0;
  for (const { businessId } of accounts) if (await payOutTestBalance(db, businessId)) paid += 1;
  return { paid };
}

/**
 * Stripe's payout webhooks (payout.created … paid / failed) for a connected account: the payout row follows Stripe's
 * status; the balance drops when the payout is created and comes back if it fails — each once, whatever the order.
 */
export async function applyPayoutUpdate(db: Database, p: ProviderPayout) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ businessId: paymentAccounts.businessId })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.accountId, p.accountId));
    if (!account) return false;
    const values = {
      status: p.status,
      amountCents: p.amountCents,
      arrivalDate: p.arrivalDate,
      updatedAt: new Date(),
    };
    await tx
      .insert(payouts)
      .values({ businessId: account.businessId, mode: 'stripe', providerPayoutId: p.payoutId, ...values })
      .onConflictDoUpdate({
        target: payouts.providerPayoutId,
        set: values,
        // A late `payout.created` must not move a paid or failed payout back.
        setWhere: sql`${payouts.status} not in ('paid', 'failed', 'canceled')`,
      });
    await recordPayoutEntry(tx, {
      businessId: account.businessId,
      payoutId: p.payoutId,
      amountCents: p.amountCents,
    });
    if (p.status === 'failed' || p.status === 'canceled')
      await recordPayoutEntry(tx, {
        businessId: account.businessId,
        payoutId: p.payoutId,
        amountCents: p.amountCents,
        failed: true,
      });
    return true;
  });
}

export async function payoutsOf(db: DbOrTx, businessId: string) {
  return db
    .select({
      id: payouts.id,
      amountCents: payouts.amountCents,
      status: payouts.status,
      arrivalDate: payouts.arrivalDate,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(eq(payouts.businessId, businessId))
    .orderBy(sql`${payouts.createdAt} desc`, sql`${payouts.id} desc`)
    .limit(100);
}
