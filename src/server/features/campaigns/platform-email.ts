import type { DbOrTx } from '../../db/client';
import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer, MailMessage } from '../../providers/mail/mailer';

export const PLATFORM_EMAIL_JOB = 'email.platform';

type PlatformEmail = Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'>;

/**
 * An email that no business owns, so no message row (decision 1321): the contact form's note to support, better-auth's
 * verification and reset links, a platform lead's notices. It is a job, written in the caller's transaction when
 * there is one (`tx`), so it exists exactly when the write that implies it commits, and any instance sends it (at
 * once: the sending instance wakes its worker; else within a poll). Retried 10 times, 30 s apart, on a provider
 * failure. At least once: a process killed after the provider accepted the email and before the job completed sends
 * it again (no provider tells whether it already has it).
 *
 * Without a queue (an API test without jobs, a script) it returns the direct send to run after the commit.
 */
export async function queuePlatformEmail(
  deps: { jobs?: JobQueue; mailer: Mailer },
  email: PlatformEmail,
  opts: { key: string; tx?: DbOrTx },
): Promise<() => Promise<void>> {
  if (!deps.jobs) return () => deps.mailer.send(email).then(() => {});
  await deps.jobs.send(
    PLATFORM_EMAIL_JOB,
    { ...email, key: opts.key },
    { tx: opts.tx, singletonKey: opts.key, retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 60 },
  );
  return async () => {};
}

export const platformEmailWorker = defineWorker<PlatformEmail & { key: string }>(
  PLATFORM_EMAIL_JOB,
  ({ key: _key, ...email }, { deps }) => deps.mailer.send(email),
);
