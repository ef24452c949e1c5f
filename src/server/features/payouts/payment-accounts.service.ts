import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentAccounts, profiles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import type { ChargeTransfer, ConnectedAccountState } from '../../providers/payments/payments';
import { getProfile } from '../profiles/profiles.service';
import { applicationFeeCents, getPlatformFee } from './platform-fee';

type Deps = Pick<AppDeps, 'db' | 'payments' | 'publicUrl'>;

export const NOT_TAKING_BOOKINGS = 'This business is not taking online bookings yet';

export async function getPaymentAccount(db: DbOrTx, businessId: string) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.businessId, businessId));
  return row ?? null;
}

/** The account can take charges through the configured provider (a test-mode account only without Stripe). */
function canTakeCharges(
  account: typeof paymentAccounts.$inferSelect | null,
  providerKind: 'test' | 'stripe',
) {
  return Boolean(account?.chargesEnabled && account.mode === providerKind);
}

/**
 * Writes the account's state and keeps `profiles.payments_enabled_at` (what /book reads, decisions 004/103) equal
 * to "can take charges", in one transaction.
 */
async function saveAccountState(
  db: DbOrTx,
  businessId: string,
  mode: 'test' | 'stripe',
  state: ConnectedAccountState,
) {
  await db.transaction(async (tx) => {
    const values = {
      mode,
      accountId: state.accountId,
      detailsSubmitted: state.detailsSubmitted,
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      disabledReason: state.disabledReason,
      updatedAt: new Date(),
    };
    await tx
      .insert(paymentAccounts)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: paymentAccounts.businessId, set: values });
    await tx
      .update(profiles)
      .set({
        paymentsEnabledAt: state.chargesEnabled ? sql`coalesce(${profiles.paymentsEnabledAt}, now())` : null,
      })
      .where(eq(profiles.id, businessId));
  });
}

async function assertReceiptDetails(db: DbOrTx, businessId: string) {
  const profile = await getProfile(db, businessId);
  if (!profile?.businessName?.trim() || !profile.businessEmail?.trim()) {
    throw invalid('Add your business name and business email to your profile before enabling payments');
  }
  return profile;
}

/** The built-in test-mode account, ready at once (no money moves; docs/decisions/1000). Also for seeds and tests. */
export async function createTestModeAccount(db: DbOrTx, businessId: string) {
  await saveAccountState(db, businessId, 'test', {
    accountId: `acct_test_${businessId}`,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    disabledReason: null,
  });
}

/** Without Stripe: the owner's one click. */
export async function enableTestMode(deps: Pick<AppDeps, 'db' | 'payments'>, businessId: string) {
  if (deps.payments.kind !== 'test') throw conflict('Test mode is not available when Stripe is configured');
  await assertReceiptDetails(deps.db, businessId);
  await createTestModeAccount(deps.db, businessId);
}

/** With Stripe: creates the Express account once, then a fresh onboarding link each time. */
export async function startOnboarding(deps: Deps, businessId: string) {
  const connect = deps.payments.connect;
  if (!connect) throw conflict('Stripe is not configured');
  const profile = await assertReceiptDetails(deps.db, businessId);
  let account = await getPaymentAccount(deps.db, businessId);
  if (account?.mode !== 'stripe') {
    const state = await connect.createAccount({
      businessId,
      email: profile.businessEmail,
      businessName: profile.businessName,
    });
    await saveAccountState(deps.db, businessId, 'stripe', state);
    account = await getPaymentAccount(deps.db, businessId);
  }
  const { url } = await connect.createAccountLink({
    accountId: account!.accountId,
    returnUrl: `${deps.publicUrl}/payouts?onboarding=done`,
    refreshUrl: `${deps.publicUrl}/payouts?onboarding=expired`,
  });
  return { url };
}

/** "Configure payment": test mode without Stripe, else Stripe onboarding (the browser goes to `url`). */
export async function configurePayments(deps: Deps, businessId: string) {
  if (deps.payments.kind === 'test') {
    await enableTestMode(deps, businessId);
    return { mode: 'test' as const, onboardingUrl: null };
  }
  return { mode: 'stripe' as const, onboardingUrl: (await startOnboarding(deps, businessId)).url };
}

/** A signed `account.updated`: the state Stripe reports wins. Unknown accounts are ignored (not ours). */
export async function applyAccountUpdate(db: DbOrTx, state: ConnectedAccountState) {
  const [row] = await db
    .select({ businessId: paymentAccounts.businessId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.accountId, state.accountId));
  if (!row) return false;
  await saveAccountState(db, row.businessId, 'stripe', state);
  return true;
}

/** After onboarding returns (webhooks may lag): ask Stripe for the account's state now. */
export async function refreshStripeAccount(deps: Pick<AppDeps, 'db' | 'payments'>, businessId: string) {
  const account = await getPaymentAccount(deps.db, businessId);
  if (account?.mode !== 'stripe' || !deps.payments.connect) return;
  await applyAccountUpdate(deps.db, await deps.payments.connect.retrieveAccount(account.accountId));
}

/** What the owner sees: the account's state and why charges are off. */
export async function paymentAccountStatus(deps: Pick<AppDeps, 'db' | 'payments'>, businessId: string) {
  const [account, profile] = await Promise.all([
    getPaymentAccount(deps.db, businessId),
    getProfile(deps.db, businessId),
  ]);
  const chargeable = canTakeCharges(account, deps.payments.kind);
  let reason: string | null = null;
  if (!account) reason = 'Online payments are not set up yet.';
  else if (account.mode !== deps.payments.kind)
    reason =
      'Your test-mode account cannot take real payments. Connect your Stripe account to take bookings.';
  else if (!account.detailsSubmitted)
    reason = 'Stripe needs your business and bank details to finish onboarding.';
  else if (!account.chargesEnabled) reason = 'Stripe has not enabled card payments for your account yet.';
  return {
    provider: deps.payments.kind,
    mode: account?.mode ?? null,
    detailsSubmitted: account?.detailsSubmitted ?? false,
    chargesEnabled: account?.chargesEnabled ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    canTakeCharges: chargeable,
    reason: chargeable ? null : account?.disabledReason ? `${reason} (${account.disabledReason})` : reason,
    receiptDetailsMissing: !profile?.businessName?.trim() || !profile.businessEmail?.trim(),
  };
}

export interface ChargeTerms {
  /** Pass to createCheckout as `transfer`. */
  transfer: ChargeTransfer;
  /** Charged for the document, tip excluded (the fee is on this). */
  amountCents: number;
  tipCents: number;
  /** What the customer pays: pass to createCheckout as `amountCents` (with `tipCents`). */
  totalCents: number;
}

/**
 * The destination and fee of a charge to a business, for any document (booking, invoice, deposit): 409 "not taking
 * online bookings" when its account cannot take charges. The tip goes to the business in full.
 */
export async function chargeTermsFor(
  deps: Pick<AppDeps, 'db' | 'payments' | 'platformFee'>,
  businessId: string,
  amounts: { amountCents: number; tipCents?: number },
): Promise<ChargeTerms> {
  const tipCents = amounts.tipCents ?? 0;
  if (!Number.isSafeInteger(amounts.amountCents) || amounts.amountCents < 0)
    throw invalid('The amount must be 0 or more cents');
  if (!Number.isSafeInteger(tipCents) || tipCents < 0) throw invalid('The tip must be 0 or more cents');
  const account = await getPaymentAccount(deps.db, businessId);
  if (!canTakeCharges(account, deps.payments.kind)) throw conflict(NOT_TAKING_BOOKINGS);
  const fee = applicationFeeCents(amounts.amountCents, await getPlatformFee(deps.db, deps.platformFee));
  return {
    transfer: { destination: account!.accountId, applicationFeeCents: fee },
    amountCents: amounts.amountCents,
    tipCents,
    totalCents: amounts.amountCents + tipCents,
  };
}
