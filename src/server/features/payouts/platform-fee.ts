import type { DbOrTx } from '../../db/client';
import { getPlatformSettings } from '../platform-settings/platform-settings.service';

/** The platform's application fee: a percentage (basis points) of the charge plus a fixed amount, never on the tip. */
export interface PlatformFee {
  percentBasisPoints: number;
  fixedCents: number;
}

/** The fee when the environment sets none: 5% + 30¢ (env.ts PLATFORM_FEE_PERCENT / PLATFORM_FEE_FIXED_CENTS). */
export const DEFAULT_PLATFORM_FEE: PlatformFee = { percentBasisPoints: 500, fixedCents: 30 };

/**
 * The one place the fee is read: the admin's platform settings (/admin/settings) once saved, else the defaults the
 * environment gives (AppDeps.platformFee, read by env.ts). Cached per instance for a few seconds like every setting
 * (decision 812).
 */
export async function getPlatformFee(db: DbOrTx, defaults = DEFAULT_PLATFORM_FEE): Promise<PlatformFee> {
  const s = await getPlatformSettings(db);
  if (!s.updatedAt) return defaults;
  return { percentBasisPoints: s.platformFeePercentBps, fixedCents: s.platformFeeFixedCents };
}

/** The fee on a charge of amountCents (tip excluded), rounded half up, never more than the amount. */
export function applicationFeeCents(amountCents: number, fee: PlatformFee): number {
  if (amountCents <= 0) return 0;
  const cents = Math.round((amountCents * fee.percentBasisPoints) / 10_000) + fee.fixedCents;
  return Math.min(cents, amountCents);
}
