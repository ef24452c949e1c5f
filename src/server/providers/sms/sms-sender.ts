import type { Database, DbOrTx } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { logProviderCall } from '../../observability/provider-calls';
import { requestIdHeaders } from '../../observability/request-context';
import type { SendOptions } from '../mail/mailer';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  body: string;
}

/** A provider's refusal; `retryable` when trying again later may succeed (429, 5xx, network). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Sends SMS. Every adapter also records the message in the outbox (channel sms), which admins can read. */
export interface SmsSender {
  readonly transport: 'outbox' | 'twilio';
  /** The number customers reply to (STOP/START/HELP go to the inbound webhook). */
  send(message: SmsMessage, opts?: SendOptions): Promise<{ providerId: string | null }>;
}

async function record(db: DbOrTx, message: SmsMessage, transport: 'stored' | 'sent') {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: 'sms', to: message.to, subject: null, body: message.body, transport })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

/** The local default: messages are stored, not delivered. */
export function createOutboxSmsSender(db: Database): SmsSender {
  return {
    transport: 'outbox',
    send: async (m, opts) => ({ providerId: `outbox_${await record(opts?.db ?? db, m, 'stored')}` }),
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another API base (a local fake); default https://api.twilio.com. */
  apiBase?: string;
}

/** Twilio's Messages API over plain HTTPS (no SDK needed for one call). */
export function createTwilioSmsSender(db: Database, config: TwilioConfig): SmsSender {
  const base = (config.apiBase ?? 'https://api.twilio.com').replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    transport: 'twilio',
    async send(message) {
      let res: Response;
      try {
        res = await fetch(
          `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
          {
            method: 'POST',
            headers: {
              authorization,
              'content-type': 'application/x-www-form-urlencoded',
              ...requestIdHeaders(),
            },
            body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
            signal: AbortSignal.timeout(15_000),
          },
        );
      } catch (err) {
        throw new ProviderError(`Twilio unreachable: ${(err as Error).message}`, true);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
      logProviderCall({ provider: 'twilio', status: res.status, sid: body.sid });
      if (!res.ok) {
        const retryable = res.status === 429 || res.status >= 500;
        throw new ProviderError(
          `Twilio ${res.status}: ${body.message ?? res.statusText}`,
          retryable,
          res.status,
        );
      }
      await record(db, message, 'sent');
      return { providerId: body.sid ?? null };
    },
  };
}

export function createSmsSender(db: Database, twilio?: TwilioConfig): SmsSender {
  return twilio ? createTwilioSmsSender(db, twilio) : createOutboxSmsSender(db);
}
