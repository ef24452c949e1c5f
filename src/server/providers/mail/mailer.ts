import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { logProviderCall } from '../../observability/provider-calls';
import { requestIdHeaders } from '../../observability/request-context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing email (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * `db`: the stored (outbox) transport records the message on this transaction, so a message and its sent status
 * commit together (decision 1263); real providers ignore it.
 */
export interface SendOptions {
  db?: DbOrTx;
}

/** Sends email. Every adapter also records the message in the outbox, which admins can read. */
export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /** The sender (MAIL_FROM), shown with the outbox's messages. */
  readonly from?: string;
  /** Resolves with the provider's message id when it gives one (void: adapters and test fakes that do not). */
  // biome-ignore lint/suspicious/noConfusingVoidType: existing adapters and fakes resolve with nothing
  send(message: MailMessage, opts?: SendOptions): Promise<{ providerId: string | null } | void>;
}

async function record(db: DbOrTx, message: MailMessage, transport: 'stored' | 'sent') {
  await db.insert(outboxMessages).values({
    channel: 'email',
    to: message.to.toLowerCase(),
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
    transport,
  });
}

/** The local default: messages are stored, not delivered. */
export function createOutboxMailer(db: Database, from?: string): Mailer {
  return { transport: 'outbox', from, send: (message, opts) => record(opts?.db ?? db, message, 'stored') };
}

/** SMTP delivery through nodemailer (SMTP_URL), e.g. smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(db: Database, smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    from,
    async send(message) {
      // The id of the request or job that sent it, as a header of the message (decision 1291).
      const info = await transporter.sendMail({
        from,
        ...message,
        headers: { ...requestIdHeaders(), ...message.headers },
      });
      logProviderCall({ provider: 'smtp', to: message.to, messageId: info.messageId });
      await record(db, message, 'sent');
      return { providerId: typeof info.messageId === 'string' ? info.messageId : null };
    },
  };
}

export function createMailer(db: Database, opts: { smtpUrl?: string; from: string }): Mailer {
  return opts.smtpUrl ? createSmtpMailer(db, opts.smtpUrl, opts.from) : createOutboxMailer(db, opts.from);
}
