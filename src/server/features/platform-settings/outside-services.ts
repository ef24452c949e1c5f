import type { Env } from '../../env';

export interface OutsideService {
  key: 'payments' | 'smtp' | 'sms' | 'storage' | 'llm';
  name: string;
  configured: boolean;
  /** What is in use, without a secret: a host, a bucket, a sender number, a key's mode — never a key or password. */
  detail: string;
}

type ServiceEnv = Partial<
  Pick<
    Env,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'SMTP_URL'
    | 'TWILIO_ACCOUNT_SID'
    | 'TWILIO_AUTH_TOKEN'
    | 'TWILIO_FROM'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'LLM_BASE_URL'
    | 'LLM_API_KEY'
    | 'LLM_MODEL'
  >
>;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return 'configured';
  }
};

/** Which outside services this deployment has (read from its configuration at start), for /admin/settings. */
export function describeOutsideServices(env: ServiceEnv): OutsideService[] {
  const stripeMode = env.STRIPE_SECRET_KEY?.startsWith('sk_live_') ? 'live' : 'test';
  const twilio = Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
  const llm = Boolean(env.LLM_BASE_URL && env.LLM_API_KEY);
  return [
    {
      key: 'payments',
      name: 'Payments (Stripe)',
      configured: Boolean(env.STRIPE_SECRET_KEY),
      detail: env.STRIPE_SECRET_KEY
        ? `Stripe, ${stripeMode} mode${env.STRIPE_WEBHOOK_SECRET ? ', signed webhooks' : ', webhooks not set up'}`
        : 'Built-in test checkout: no money moves',
    },
    {
      key: 'smtp',
      name: 'Email (SMTP)',
      configured: Boolean(env.SMTP_URL),
      detail: env.SMTP_URL ? `SMTP server ${hostOf(env.SMTP_URL)}` : 'Stored in the outbox, not delivered',
    },
    {
      key: 'sms',
      name: 'SMS (Twilio)',
      configured: twilio,
      detail: twilio ? `Twilio from ${env.TWILIO_FROM}` : 'Stored in the outbox, not delivered',
    },
    {
      key: 'storage',
      name: 'File storage (S3)',
      configured: Boolean(env.S3_BUCKET),
      detail: env.S3_BUCKET
        ? `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${hostOf(env.S3_ENDPOINT)}` : ''}`
        : 'Local disk of this server',
    },
    {
      key: 'llm',
      name: 'Language model',
      configured: llm,
      detail: llm ? `${env.LLM_MODEL ?? 'model'} at ${hostOf(env.LLM_BASE_URL!)}` : 'Built-in SEO templates',
    },
  ];
}
