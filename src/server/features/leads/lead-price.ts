import type { DbOrTx } from '../../db/client';
import { readPlatformSettings } from '../platform-settings/platform-settings.service';

/** §9: lead generation is $10–20 per lead; $15 until an admin sets the price on /admin/settings. */
export const DEFAULT_LEAD_PRICE_CENTS = 1500;

/**
 * What a business is charged for one assigned lead: the platform setting, read fresh in the assigning transaction
 * (not from the settings cache), so a price changed a moment ago applies to the next assignment.
 */
export async function leadPriceCents(db: DbOrTx): Promise<number> {
  return (await readPlatformSettings(db)).leadPriceCents;
}
