import { and, asc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { emailWaitlist, serviceAreas } from '../../db/schema';
import { renderEmail } from '../../emails';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mailer';
import { queuePlatformEmail } from '../campaigns/platform-email';

export const LAUNCH_EMAILS_JOB = 'service-areas.launch-emails';
export interface LaunchEmailsJob {
  zipCode: string;
}

/** In the transaction that switches the area on (decision 1321): the launch's emails exist exactly when the launch does. */
export function queueLaunchEmails(jobs: JobQueue, zipCode: string, tx?: DbOrTx) {
  return jobs.send<LaunchEmailsJob>(
    LAUNCH_EMAILS_JOB,
    { zipCode },
    { retryLimit: 5, retryDelaySeconds: 30, tx },
  );
}

/**
 * Emails every unnotified waiter of a zip that an active area now serves. Each waiter is claimed with a guarded
 * UPDATE (notified false → true) in the transaction that writes the waiter's email job (decision 1321), so concurrent
 * or repeated jobs email them once and a process killed after the claim still emails them; the email job retries a
 * provider failure. Without a queue the email goes after the claim's commit, and a failed send releases the claim.
 * notified_at records when the email was written.
 */
export async function sendLaunchEmails(
  deps: { db: Database; mailer: Mailer; publicUrl: string; jobs?: JobQueue },
  { zipCode }: LaunchEmailsJob,
) {
  const { db, publicUrl } = deps;
  const [area] = await db
    .select({ city: serviceAreas.city, state: serviceAreas.state, stateCode: serviceAreas.stateCode })
    .from(serviceAreas)
    .where(and(eq(serviceAreas.zipCode, zipCode), eq(serviceAreas.isActive, true)))
    .orderBy(asc(serviceAreas.createdAt))
    .limit(1);
  // Switched off again before the job ran: the waiters stay on the list for the next launch.
  if (!area) return { sent: 0 };

  const waiters = await db
    .select({ id: emailWaitlist.id, email: emailWaitlist.email })
    .from(emailWaitlist)
    .where(and(eq(emailWaitlist.zipCode, zipCode), eq(emailWaitlist.notified, false)))
    .orderBy(asc(emailWaitlist.createdAt), asc(emailWaitlist.id));

  const place = `${area.city}, ${area.stateCode ?? area.state}`;
  const bookUrl = `${publicUrl}/book?zip=${zipCode}`;
  // The same email for every waiter of this zip code: rendered once.
  const launchEmail = await renderEmail('service-area-launch', { place, zipCode, bookUrl });
  let sent = 0;
  let failure: unknown = null;
  for (const waiter of waiters) {
    const afterCommit = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailWaitlist)
        .set({ notified: true, notifiedAt: new Date() })
        .where(and(eq(emailWaitlist.id, waiter.id), eq(emailWaitlist.notified, false)))
        .returning({ id: emailWaitlist.id });
      if (!claimed) return null;
      return queuePlatformEmail(
        deps,
        { to: waiter.email, ...launchEmail },
        { key: `launch:${waiter.id}`, tx },
      );
    });
    if (!afterCommit) continue;
    try {
      await afterCommit();
      sent++;
    } catch (err) {
      await db
        .update(emailWaitlist)
        .set({ notified: false, notifiedAt: null })
        .where(eq(emailWaitlist.id, waiter.id));
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return { sent };
}
