import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailWaitlist, serviceAreas } from '../../db/schema';
import { renderEmail } from '../../emails';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mailer';

export const LAUNCH_EMAILS_JOB = 'service-areas.launch-emails';
export interface LaunchEmailsJob {
  zipCode: string;
}

export function queueLaunchEmails(jobs: JobQueue, zipCode: string) {
  return jobs.send<LaunchEmailsJob>(LAUNCH_EMAILS_JOB, { zipCode }, { retryLimit: 5, retryDelaySeconds: 30 });
}

/**
 * Emails every unnotified waiter of a zip that an active area now serves. Each waiter is claimed with a
 * guarded UPDATE (notified false → true) before the send, so concurrent or repeated jobs email them once;
 * a failed send releases the claim and the job is retried. notified_at records when the email went out.
 */
export async function sendLaunchEmails(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  { zipCode }: LaunchEmailsJob,
) {
  const { db, mailer, publicUrl } = deps;
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
    const [claimed] = await db
      .update(emailWaitlist)
      .set({ notified: true, notifiedAt: null })
      .where(and(eq(emailWaitlist.id, waiter.id), eq(emailWaitlist.notified, false)))
      .returning({ id: emailWaitlist.id });
    if (!claimed) continue;
    try {
      await mailer.send({ to: waiter.email, ...launchEmail });
      await db.update(emailWaitlist).set({ notifiedAt: new Date() }).where(eq(emailWaitlist.id, waiter.id));
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
