import { randomUUID } from 'node:crypto';
import type { ContactValues } from '../../../shared/contact.schemas';
import type { Database } from '../../db/client';
import { renderEmail } from '../../emails';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mailer';
import { queuePlatformEmail } from '../campaigns/platform-email';
import { contactMessages } from './contact.schema';

/**
 * Stores a contact-form message and writes its email to the support address (the outbox by default) as a job in the
 * same transaction (decision 1321): the message is kept exactly when its email will go, and a process killed after the
 * commit leaves the job to any instance. Without a queue (API tests without jobs) the email goes after the commit.
 */
export async function submitContactMessage(
  deps: { db: Database; mailer: Mailer; jobs?: JobQueue },
  supportEmail: string,
  input: ContactValues,
) {
  const id = randomUUID();
  // A subject is one header line: collapse any line breaks or runs of whitespace.
  const subject = input.subject.replace(/\s+/g, ' ');
  const email = await renderEmail('contact-form', {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    subject,
    message: input.message,
    reference: id,
  });
  const afterCommit = await deps.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      subject: input.subject,
      message: input.message,
    });
    return queuePlatformEmail(deps, { to: supportEmail, ...email }, { key: `contact:${id}`, tx });
  });
  await afterCommit();
  return { id };
}
