import { eq } from 'drizzle-orm';
import { todayInZone } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';

/** The business's time zone and today's date in it: /analytics's days are the business's days. */
export async function businessToday(db: DbOrTx, businessId: string, now = new Date()) {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const timeZone = row?.timeZone ?? 'America/Chicago';
  return { timeZone, today: todayInZone(timeZone, now) };
}
