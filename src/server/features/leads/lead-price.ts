import type { DbOrTx } from '../../db/client';

/** §9: lead generation is $10–20 per lead. The platform setting replaces this default when it lands (issue 12). */
export const DEFAULT_LEAD_PRICE_CENTS = 1500;

/** What a business is charged for one assigned lead. */
export async function leadPriceCents(_db: DbOrTx): Promise<number> {
  return DEFAULT_LEAD_PRICE_CENTS;
}
