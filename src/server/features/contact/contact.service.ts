import { randomUUID } from 'node:crypto';
import type { ContactValues } from '../../../shared/contact.schemas';
import type { Database } from '../../db/client';
import { renderEmail } from '../../emails';
import type { Mailer } from '../../providers/mail/mailer';
import { contactMessages } from './contact.schema';

/**
 * Mails a contact-form message to the support address (the outbox by default), then stores it.
 * Mailing first means a mail failure stores nothing, so the visitor's retry does not duplicate the row.
 * (Not one transaction: the outbox mailer writes through its own connection, which on the
 * single-connection PGlite would wait forever for the transaction.)
 */
export async function submitContactMessage(
  db: Database,
  mailer: Mailer,
  supportEmail: string,
  input: ContactValues,
) {
  const id = randomUUID();
  // A subject is one header line: collapse any line breaks or runs of whitespace.
  const subject = input.subject.replace(/\s+/g, ' ');
  await mailer.send({
    to: supportEmail,
    ...(await renderEmail('contact-form', {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      subject,
      message: input.message,
      reference: id,
    })),
  });
  await db.insert(contactMessages).values({
    id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
  return { id };
}
