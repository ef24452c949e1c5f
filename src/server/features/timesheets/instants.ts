import { sql } from 'drizzle-orm';

/** An instant as a timestamptz parameter (PGlite and node-postgres alike). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * An entry's minutes, an open one's until `now`: Timesheets' entries and the booking's job time alike. Rounded as the
 * day's totals are (dailySeconds), so a day of one job shows the same minutes on its entry, its total and the booking.
 */
export const entryMinutes = (startedAt: Date, endedAt: Date | null, now: Date) =>
  Math.round(((endedAt ?? now).getTime() - startedAt.getTime()) / 60_000);
