import { sql } from 'drizzle-orm';

/** An instant as a timestamptz parameter (PGlite and node-postgres alike). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
