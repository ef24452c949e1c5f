import type { Database } from '../../db/client';
import { emailWaitlist } from '../../db/schema';

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
