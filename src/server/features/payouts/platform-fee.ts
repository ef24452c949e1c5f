import type { DbOrTx } from '../../db/client';
import { loadEnv } from '../../env';

/** The platform's application fee: a percentage (basis points) of the charge plus a fixed amount, never on the tip. */
export interface PlatformFee {
  percentBasisPoints: number;
  fixedCents: number;
}

let defaults: PlatformFee | null = null;

/** PLATFORM_FEE_PERCENT / PLATFORM_FEE_FIXED_CENTS (default 5% + 30¢). */
export function platformFeeDefaults(): PlatformFee {
  if (!defaults) {
    const env = loadEnv();
    defaults = { percentBasisPoints: Math.round(env.PLATFORM_FEE_PERCENT * 100), fixedCents: env.PLATFORM_FEE_FIXED_CENTS };
  }
  return defaults;
}

/**
 * The one place the fee is read. The admin's platform settings (issue 12) replace the env defaults here; every
 * caller (chargeTermsFor) already passes the database for that.
 */
export async function getPlatformFee(_db: DbOrTx): Promise<PlatformFee> {
  return platformFeeDefaults();
}

/** The fee on a charge of amountCents (tip excluded), rounded half up, never more than the amount. */
export function applicationFeeCents(amountCents: number, fee: PlatformFee): number {
  if (amountCents <= 0) return 0;
  const cents = Math.round((amountCents * fee.percentBasisPoints) / 10_000) + fee.fixedCents;
  return Math.min(cents, amountCents);
}
