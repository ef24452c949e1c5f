import type { DbOrTx } from '../../db/client';
import { readPlatformSettings } from '../platform-settings/platform-settings.service';

/**
 * What a business is charged for one assigned lead: the platform setting (§9: $10–20 per lead), read fresh in the
 * assigning transaction rather than from the settings cache, so a changed price applies to the next assignment.
 */
export async function leadPriceCents(db: DbOrTx): Promise<number> {
  return (await readPlatformSettings(db)).leadPriceCents;
}
