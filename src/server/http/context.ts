import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { PlatformFee } from '../features/payouts/platform-fee';
import type { OutsideService } from '../features/platform-settings/outside-services';
import type { SeoSettings } from '../features/seo/seo-settings';
import type { JobQueue } from '../jobs/queue';
import type { Metrics } from '../observability/metrics';
import type { DnsResolver } from '../providers/dns/dns';
import type { GeoProviders } from '../providers/geo/geo';
import type { GoogleCalendarApi } from '../providers/google-calendar/google-calendar';
import type { Mailer } from '../providers/mail/mailer';
import type { PaymentProvider } from '../providers/payments/payments';
import type { SmsSender } from '../providers/sms/sms-sender';
import type { FileStorage } from '../providers/storage/storage';
import type { DataKeys } from './encryption';

export interface AppDeps {
  db: Database;
  /**
   * Lag-tolerant reads (reports, analytics, exports, public page renders): the read replica with DATABASE_READ_URL,
   * else `db` (decision 1293). Absent in tests that do not set it: read from `readDbOf(deps)`.
   */
  readDb?: Database;
  auth: Auth;
  mailer: Mailer;
  /** Checkout sessions: Stripe, or the built-in test checkout. */
  payments: PaymentProvider;
  /** SMS: Twilio, or the outbox when absent (features/campaigns/message-delivery.ts smsOf). */
  sms?: SmsSender;
  /** Twilio's auth token: inbound SMS webhooks must carry its signature (refused when unset). */
  twilioAuthToken?: string;
  /** Back-off between attempts of a message the provider refused for now (429, 5xx); tests shorten it. */
  messageRetryDelaysMs?: number[];
  /** Background jobs (pg-boss); absent in API tests that do not need them. */
  jobs?: JobQueue;
  /** Private file storage (verification documents); absent in API tests that do not need it. */
  storage?: FileStorage;
  /** SEO page generation and the public page cache; defaults to the template engine (createSeoSettings). */
  seo?: SeoSettings;
  publicUrl: string;
  /** Signs the links the server builds again later (quote and invoice pages, unsubscribe): http/tokens.ts, decision 1164. */
  linkSecret: string;
  supportEmail: string;
  /** Where the built web app is; the server serves it with the spec's route table. */
  webDistDir?: string;
  trustProxy: boolean;
  /** With trustProxy: how many proxies of ours append to X-Forwarded-For (TRUSTED_PROXY_HOPS, default 1). */
  trustedProxyHops?: number;
  /** This process alone uses the database (the embedded PGlite): nothing needs sharing with other instances. */
  exclusiveDatabase?: boolean;
  /** The platform fee until an admin saves one (PLATFORM_FEE_PERCENT / _FIXED_CENTS); 5% + 30¢ when absent. */
  platformFee?: PlatformFee;
  /** Webhooks may be delivered to private and loopback addresses (OUTBOUND_ALLOW_PRIVATE; tests and development). */
  outboundAllowPrivate?: boolean;
  /** Seconds between two automations ticks (AUTOMATIONS_TICK_SECONDS); 60 when absent. */
  automationsTickSeconds?: number;
  /** Seconds between a webhook delivery's attempts (decision 1202); tests shorten them. */
  webhookRetryDelaysSeconds?: number[];
  /** Requests each public API key may make per window (decision 1201); 2,500 per 5 minutes when absent. */
  apiRateLimit?: { max: number; windowSeconds: number };
  /** Prometheus metrics of this instance, served at /metrics to holders of `metricsToken` (METRICS_TOKEN). */
  metrics?: Metrics;
  metricsToken?: string;
  /** Which outside services the environment configures (for /admin/settings; never their secrets). */
  outsideServices?: OutsideService[];
  /** The custom domains' DNS check (decision 1316): the system resolver (DNS_RESOLVER=system) or a local table. */
  dns?: DnsResolver;
  /** What a custom domain's CNAME points to (CUSTOM_DOMAIN_TARGET); this ShineRoute's own hostname when absent. */
  customDomainTarget?: string;
  /** Geocoder and drive times (decision 1215); the local defaults (zip centroids, great-circle) when absent. */
  geo?: GeoProviders;
  /** The Routes screen's map tiles (MAP_TILE_URL); absent = a plain background. */
  mapTiles?: { url: string; attribution: string };
  /** Google Calendar two-way sync (decision 1252); absent = not configured (no GOOGLE_CLIENT_ID/_SECRET). */
  google?: GoogleCalendarApi | null;
  /** Seals secrets at rest (DATA_ENCRYPTION_KEY, decision 1251); the key derived from linkSecret when absent. */
  dataKeys?: DataKeys;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** The client's address: the socket's, or a trusted proxy's X-Forwarded-For (set for every request by app.ts). */
    clientIp: string | null;
    user: SignedInUser;
    /** The business whose data this request may read and write (the owner's own id, or a technician's employer). */
    businessId: string;
    /** The user's role in that business (requireOwner lets only 'owner' through). */
    memberRole: 'owner' | 'technician';
    /** A field write's Idempotency-Key, set by requireIdempotencyKey once it has claimed the key. */
    idempotencyKey?: string;
  };
};

/** Where lag-tolerant reads go: the read replica when configured, else the primary (decision 1293). */
export const readDbOf = (deps: Pick<AppDeps, 'db' | 'readDb'>): Database => deps.readDb ?? deps.db;
