import type { DbOrTx } from '../../db/client';
import { loadEnv } from '../../env';
import { getPlatformSettings } from '../platform-settings/platform-settings.service';

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
    defaults = {
      percentBasisPoints: Math.round(env.PLATFORM_FEE_PERCENT * 100),
      fixedCents: env.PLATFORM_FEE_FIXED_CENTS,
    };
  }
  return defaults;
}

/**
 * The one place the fee is read: the admin's platform settings (/admin/settings) once saved, else the env defaults.
 * Cached per instance for a few seconds like every setting (decision 812).
 */
export async function getPlatformFee(db: DbOrTx): Promise<PlatformFee> {
  const s = await getPlatformSettings(db);
  if (!s.updatedAt) return platformFeeDefaults();
  return { percentBasisPoints: s.platformFeePercentBps, fixedCents: s.platformFeeFixedCents };
}

/** The fee on a charge of amountCents (tip excluded), rounded half up, never more than the amount. */
export function applicationFeeCents(amountCents: number, fee: PlatformFee): number {
  if (amountCents <= 0) return 0;
  const cents = Math.round((amountCents * fee.percentBasisPoints) / 10_000) + fee.fixedCents;
  return Math.min(cents, amountCents);
}
