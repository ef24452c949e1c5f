import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailWaitlist, profiles, serviceAreas } from '../../db/schema';

/** Any business's active area for the zip makes it served; the businesses are listed for /book. */
export async function checkAvailability(db: Database, zip: string) {
  const rows = await db
    .select({
      city: serviceAreas.city,
      state: serviceAreas.state,
      stateCode: serviceAreas.stateCode,
      businessId: serviceAreas.businessId,
      businessName: profiles.businessName,
    })
    .from(serviceAreas)
    .innerJoin(profiles, eq(profiles.id, serviceAreas.businessId))
    .where(and(eq(serviceAreas.zipCode, zip), eq(serviceAreas.isActive, true)));
  const first = rows[0];
  return {
    zip,
    available: rows.length > 0,
    area: first ? { city: first.city, state: first.state, stateCode: first.stateCode } : null,
    businesses: rows.map((r) => ({ id: r.businessId, name: r.businessName })),
  };
}

/** Stores a waitlist entry; joining twice for the same email and zip keeps one row and still succeeds. */
export async function joinWaitlist(
  db: Database,
  input: { email: string; zipCode: string; userAgent: string | null; ipAddress: string | null },
) {
  const inserted = await db
    .insert(emailWaitlist)
    .values({
      email: input.email.toLowerCase(),
      zipCode: input.zipCode,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ipAddress: input.ipAddress,
    })
    .onConflictDoNothing()
    .returning({ id: emailWaitlist.id });
  return { alreadyJoined: inserted.length === 0 };
}
