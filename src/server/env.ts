import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith('postgres', 'DATABASE_URL must be a postgres:// URL').optional(),
  // PostgreSQL itself when DATABASE_URL is a transaction pooler (PgBouncer): migrations and their session advisory lock
  // run here (decision 1292).
  // A streaming replica of DATABASE_URL for reports, analytics, exports and public page renders (decision 1293).
  DATABASE_READ_URL: z
    .string()
    .startsWith('postgres', 'DATABASE_READ_URL must be a postgres:// URL')
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .startsWith('postgres', 'DATABASE_DIRECT_URL must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool,
  BETTER_AUTH_SECRET: z.string().min(32, 'BETTER_AUTH_SECRET must be at least 32 characters').optional(),
  TRUST_PROXY: bool,
  // Custom domains (decision 1316): `system` asks the machine's resolver when the owner checks DNS; `local` (the
  // default, no network) knows no record. CUSTOM_DOMAIN_TARGET is what owners point their CNAME to.
  DNS_RESOLVER: z.enum(['system', 'local']).default('local'),
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'CUSTOM_DOMAIN_TARGET must be a hostname such as domains.example.com')
    .optional(),
  // Webhooks may go to private and loopback addresses: for tests and development only (decision 1202).
  OUTBOUND_ALLOW_PRIVATE: bool,
  // With TRUST_PROXY: how many proxies of ours append to X-Forwarded-For (the client is the entry the outermost added).
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(1, 'TRUSTED_PROXY_HOPS must be 1 to 10')
    .max(10, 'TRUSTED_PROXY_HOPS must be 1 to 10')
    .default(1),
  // Sign-in and sign-up attempts allowed per client address per minute.
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Seconds between two runs of the automations tick (reminders, review requests, win-back); the e2e server shortens it.
  AUTOMATIONS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // The API-only dev server (npm run dev) leaves the web app to Vite.
  SERVE_WEB: bool,
  SMTP_URL: z.string().startsWith('smtp', 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('ShineRoute <no-reply@shineroute.local>'),
  SUPPORT_EMAIL: z.email().default('support@shineroute.local'),
  // Private file storage: local disk under DATA_DIR/uploads unless S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z.string().default('verification-docs'),
  // Payments: Stripe Checkout when the secret key is set, else the built-in test checkout ("Test mode").
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  // Connect events (account.updated, payout.*) may come to the same endpoint signed with their own secret.
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_CONNECT_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  // The platform's application fee on each charge (never on the tip): a percentage plus a fixed amount (docs/decisions/1000).
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0, 'PLATFORM_FEE_PERCENT must be 0 to 50')
    .max(50, 'PLATFORM_FEE_PERCENT must be 0 to 50')
    .default(5),
  PLATFORM_FEE_FIXED_CENTS: z.coerce
    .number()
    .int()
    .min(0, 'PLATFORM_FEE_FIXED_CENTS must be 0 or more')
    .default(30),
  // Another Stripe API base (a local fake or a proxy); default https://api.stripe.com.
  // Production refuses to start on the built-in test checkout unless this is set (a demo or staging deployment).
  ALLOW_TEST_CHECKOUT: bool,
  STRIPE_API_BASE: z.url('STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111').optional(),
  // SMS through Twilio when all three are set, else stored in the outbox; inbound STOP/START/HELP at /api/messaging/sms/inbound.
  TWILIO_ACCOUNT_SID: z.string().startsWith('AC', 'TWILIO_ACCOUNT_SID must start with AC').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'TWILIO_AUTH_TOKEN looks too short').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'TWILIO_FROM must be an E.164 number such as +15125550100')
    .optional(),
  // Another Twilio API base (a local fake or a proxy); default https://api.twilio.com.
  TWILIO_API_BASE: z.url('TWILIO_API_BASE must be a URL').optional(),
  // SEO pages: how many of each state's largest cities a platform generation covers.
  SEO_CITIES_PER_STATE: z.coerce
    .number()
    .int()
    .min(1, 'SEO_CITIES_PER_STATE must be 1 to 50')
    .max(50, 'SEO_CITIES_PER_STATE must be 1 to 50')
    .default(5),
  // The memory each instance may hold public SEO pages in, gzipped (about 4 KB a page; docs/decisions/0309).
  SEO_PAGE_MEMORY_MB: z.coerce.number().int().min(0, 'SEO_PAGE_MEMORY_MB must be 0 or more').default(512),
  // The number the Call button dials on platform pages (and business pages without a phone).
  PLATFORM_PHONE: z.string().min(7).default('(512) 555-0100'),
  // An OpenAI-compatible endpoint (e.g. https://api.openai.com/v1) writes SEO copy when both are set.
  LLM_BASE_URL: z.url('LLM_BASE_URL must be a URL such as https://api.openai.com/v1').optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  // Geocoding: a Nominatim server's base URL (its /search); zip-code centroids from offline data when unset (decision 1215).
  GEOCODER_URL: z.url('GEOCODER_URL must be a URL such as http://127.0.0.1:8080').optional(),
  GEOCODER_USER_AGENT: z.string().default('ShineRoute/1.0'),
  // Drive times: an OSRM server's base URL (its /table); great-circle distance × circuity when unset (decision 1215).
  OSRM_URL: z.url('OSRM_URL must be a URL such as http://127.0.0.1:5000').optional(),
  // The Routes screen's map tiles ({z}/{x}/{y} URL template); stops and lines on a plain background when unset.
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/,
      'MAP_TILE_URL must be a tile URL template such as https://tile.example.com/{z}/{x}/{y}.png',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  // Google Calendar two-way sync (decision 1252): an OAuth client of type "Web application"; not configured when unset.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Another base for every Google address (a local fake of Google's Calendar API and OAuth); default Google's own.
  GOOGLE_API_BASE: z.url('GOOGLE_API_BASE must be a URL such as http://127.0.0.1:4599').optional(),
  // Seals OAuth tokens and secret calendar addresses at rest (AES-256-GCM, decision 1251): 64 hex characters or any
  // text of 32+ characters. Unset: a key derived from the auth secret (BETTER_AUTH_SECRET or data/auth-secret).
  DATA_ENCRYPTION_KEY: z.string().min(32, 'DATA_ENCRYPTION_KEY must be at least 32 characters').optional(),
  // Structured JSON logs on stdout (pino): the least severe level written.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is a 404.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // Queries slower than this are logged (with their text, never their values).
  SLOW_QUERY_MS: z.coerce.number().int().min(1, 'SLOW_QUERY_MS must be 1 or more').default(500),
  // On SIGTERM: how long in-flight requests and jobs may take before the process exits anyway.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(1, 'SHUTDOWN_TIMEOUT_SECONDS must be 1 to 600')
    .max(600, 'SHUTDOWN_TIMEOUT_SECONDS must be 1 to 600')
    .default(25),
  // Behind a load balancer: on SIGTERM, keep answering (not ready, every answer closing its connection) this long
  // before refusing connections, so the balancer has taken the instance out and reuses none of its connections.
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0, 'SHUTDOWN_DELAY_MS must be 0 to 30000')
    .max(30_000, 'SHUTDOWN_DELAY_MS must be 0 to 30000')
    .default(0),
});

export type Env = z.infer<typeof envSchema> & {
  SEED_DEMO: boolean;
  ALLOW_TEST_CHECKOUT: boolean;
  TRUST_PROXY: boolean;
  OUTBOUND_ALLOW_PRIVATE: boolean;
  SERVE_WEB: boolean;
  S3_FORCE_PATH_STYLE: boolean;
};

/**
 * The address users reach: PUBLIC_URL, else the address the server binds (HOST and PORT), so the printed address,
 * checkout links and email links all name the origin whose cookies the browser holds (decision 0963). An unspecified
 * bind address (0.0.0.0, ::) is reached as localhost.
 */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  // An IPv6 literal goes in brackets in a URL (::1 → [::1]).
  const hostInUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${hostInUrl}:${env.PORT}`;
}

/** The platform fee before an admin saves one: a percentage in basis points plus a fixed amount (decision 1000). */
export function platformFeeOf(env: Pick<Env, 'PLATFORM_FEE_PERCENT' | 'PLATFORM_FEE_FIXED_CENTS'>) {
  return {
    percentBasisPoints: Math.round(env.PLATFORM_FEE_PERCENT * 100),
    fixedCents: env.PLATFORM_FEE_FIXED_CENTS,
  };
}

/** Reads and validates configuration; the only place that touches process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (
    parsed.data.S3_BUCKET &&
    Boolean(parsed.data.S3_ACCESS_KEY_ID) !== Boolean(parsed.data.S3_SECRET_ACCESS_KEY)
  ) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (Boolean(parsed.data.GOOGLE_CLIENT_ID) !== Boolean(parsed.data.GOOGLE_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const twilio = [parsed.data.TWILIO_ACCOUNT_SID, parsed.data.TWILIO_AUTH_TOKEN, parsed.data.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together',
    );
  }
  return {
    ...parsed.data,
    S3_FORCE_PATH_STYLE: parsed.data.S3_FORCE_PATH_STYLE ?? false,
    SEED_DEMO: parsed.data.SEED_DEMO ?? true,
    ALLOW_TEST_CHECKOUT: parsed.data.ALLOW_TEST_CHECKOUT ?? false,
    TRUST_PROXY: parsed.data.TRUST_PROXY ?? false,
    OUTBOUND_ALLOW_PRIVATE: parsed.data.OUTBOUND_ALLOW_PRIVATE ?? false,
    SERVE_WEB: parsed.data.SERVE_WEB ?? true,
  };
}
