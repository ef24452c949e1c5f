import { fileURLToPath } from 'node:url';
import { createApp, nodeAnswers } from './app';
import { bootstrap } from './bootstrap';
import type { DatabaseHandle } from './db/client';
import { startPgliteVacuum } from './db/pglite-vacuum';
import { DEMO_ADMIN, DEMO_OWNER, DEMO_TECH, seedDemo } from './db/seed';
import { loadEnv, platformFeeOf } from './env';
import { scheduleDomainRecheck } from './features/branding/branding.workers';
import {
  scheduleCalendarSweep,
  sealCalendarAddresses,
} from './features/calendar-sync/external-calendars.service';
import { scheduleGoogleSweep } from './features/calendar-sync/google-sync.service';
import { scheduleAutomationsTick } from './features/campaigns/automations/workers';
import { scheduleAccountPurge } from './features/data-transfer/closure.service';
import { scheduleIdempotencyPurge } from './features/field/idempotency-purge';
import { scheduleFleetInvoices } from './features/fleet/fleet.workers';
import { scheduleInsightsTick } from './features/insights/insights.workers';
import { scheduleMembershipBilling } from './features/memberships/memberships.workers';
import { scheduleDailyTestPayouts } from './features/payouts/payouts-jobs';
import { describeOutsideServices } from './features/platform-settings/outside-services';
import { backfillCoordinates } from './features/routes/coordinates.service';
import { createSeoSettings, publicPagesOf } from './features/seo/seo-settings';
import { scheduleSeriesExtension } from './features/series/series.workers';
import { scheduleWebhooksSweep } from './features/webhooks/webhooks.service';
import { dataKeysOf } from './http/encryption';
import { closeConnectionsWhileDraining, createLifecycle, drain, readinessAnswer } from './http/lifecycle';
import { createAppServer, nodeListener } from './http/node-listener';
import { createJobQueue, queueStats } from './jobs/queue';
import { registerWorkers } from './jobs/workers';
import { createLogger } from './observability/logger';
import { createMetrics } from './observability/metrics';
import { observeRequests } from './observability/observe-requests';
import { logProviderCallsTo } from './observability/provider-calls';
import { createContentGenerator } from './providers/content/content-generator';
import { localDns, systemDns } from './providers/dns/dns';
import { createGeo } from './providers/geo/create-geo';
import { createGoogleCalendar } from './providers/google-calendar/google-api';
import { checkPaymentsForProduction } from './providers/payments/production-guard';
import { createPaymentProvider } from './providers/payments/select-provider';
import { createSmsSender } from './providers/sms/sms-sender';
import { createStorage } from './providers/storage/create-storage';
import { startupBanner } from './startup-banner';

async function main() {
  const env = loadEnv();
  const testCheckoutWarning = checkPaymentsForProduction(env);
  const logger = createLogger({ level: env.LOG_LEVEL });
  logProviderCallsTo(logger);
  // The queue and pool gauges read the database once it is open.
  let databaseHandle: DatabaseHandle | undefined;
  const metrics = createMetrics({
    queueStats: () => (databaseHandle ? queueStats(databaseHandle) : Promise.resolve([])),
    poolStats: () => databaseHandle?.poolStats?.() ?? { total: 1, idle: 1, waiting: 0, max: 1 },
  });
  const { handle, db, mailer, auth, emailQueue, publicUrl, dataDir, linkSecret } = await bootstrap(env, {
    onQuery: (ms, text) => {
      const slow = ms >= env.SLOW_QUERY_MS;
      metrics.observeQuery(ms / 1000, slow);
      if (slow) logger.warn({ ms: Math.round(ms), query: text.slice(0, 500) }, 'slow query');
    },
  });
  databaseHandle = handle;
  console.log(
    `Logs: JSON lines on stdout at level ${env.LOG_LEVEL}; queries over ${env.SLOW_QUERY_MS} ms are logged (SLOW_QUERY_MS)`,
  );
  console.log(
    env.METRICS_TOKEN
      ? 'Metrics: Prometheus at /metrics (Authorization: Bearer METRICS_TOKEN)'
      : 'Metrics: off (set METRICS_TOKEN to serve /metrics)',
  );
  console.log(
    handle.kind === 'postgres'
      ? 'Database: PostgreSQL (DATABASE_URL)'
      : `Database: embedded PGlite in ${dataDir}/pglite`,
  );
  console.log(
    mailer.transport === 'smtp'
      ? 'Email: SMTP (SMTP_URL)'
      : 'Email: stored in the outbox (set SMTP_URL to deliver)',
  );
  const storage = createStorage({
    dataDir,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
      : undefined,
  });
  console.log(
    storage.kind === 's3'
      ? `Files: S3 bucket ${env.S3_BUCKET}`
      : `Files: private uploads in ${dataDir}/uploads (set S3_BUCKET for S3)`,
  );

  const payments = createPaymentProvider(db, {
    publicUrl,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
  });
  if (payments.kind === 'stripe') {
    console.log(
      `Payments: Stripe Checkout${env.STRIPE_WEBHOOK_SECRET ? ' with signed webhooks at /api/webhooks/stripe' : ' (set STRIPE_WEBHOOK_SECRET to receive webhooks)'}`,
    );
  } else {
    console.log(
      testCheckoutWarning ??
        'Payments: built-in test checkout, no money moves (set STRIPE_SECRET_KEY for Stripe)',
    );
  }

  const sms = createSmsSender(
    db,
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? {
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_FROM,
          apiBase: env.TWILIO_API_BASE,
        }
      : undefined,
  );
  console.log(
    sms.transport === 'twilio'
      ? `SMS: Twilio from ${env.TWILIO_FROM}`
      : 'SMS: stored in the outbox (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to deliver)',
  );

  const seeded = env.SEED_DEMO ? await seedDemo(db, auth, { platformFee: platformFeeOf(env) }) : null;
  if (seeded?.created) console.log('Demo data created.');

  const content = createContentGenerator({
    llmBaseUrl: env.LLM_BASE_URL,
    llmApiKey: env.LLM_API_KEY,
    llmModel: env.LLM_MODEL,
  });
  console.log(
    content.name === 'templates'
      ? 'SEO content: built-in templates (set LLM_BASE_URL and LLM_API_KEY for a language model)'
      : `SEO content: ${env.LLM_MODEL} at ${env.LLM_BASE_URL}`,
  );

  const geo = createGeo({
    geocoderUrl: env.GEOCODER_URL,
    geocoderUserAgent: env.GEOCODER_USER_AGENT,
    osrmUrl: env.OSRM_URL,
  });
  console.log(
    `Maps: ${geo.geocoder.name === 'nominatim' ? `geocoder at ${env.GEOCODER_URL}` : 'zip-code centroids (set GEOCODER_URL for a Nominatim geocoder)'}; ${env.OSRM_URL ? `drive times from OSRM at ${env.OSRM_URL}` : 'drive times by great-circle × 1.25 (set OSRM_URL for OSRM)'}`,
  );
  // Rows written before coordinates were stored get them now, without holding up the start (decision 1215). A
  // shutdown aborts it and waits for the row in hand before the pool closes.
  const backfillStop = new AbortController();
  const backfill = backfillCoordinates(db, geo.geocoder, { signal: backfillStop.signal })
    .then((n) => {
      if (n.bookings + n.customers + n.businesses > 0)
        console.log(
          `Coordinates filled in: ${n.bookings} bookings, ${n.customers} customers, ${n.businesses} businesses`,
        );
    })
    .catch((err) => console.warn('Coordinates back-fill stopped:', err));

  // Secrets at rest (decision 1251): calendar addresses stored plain, or under another key, are sealed now.
  const dataKeys = dataKeysOf({ encryptionKey: env.DATA_ENCRYPTION_KEY, linkSecret });
  const resealed = await sealCalendarAddresses(db, dataKeys);
  if (resealed > 0) console.log(`Calendar addresses sealed at rest: ${resealed}`);
  const google = createGoogleCalendar(env);
  console.log(
    google
      ? `Google Calendar: OAuth client ${env.GOOGLE_CLIENT_ID}${env.GOOGLE_API_BASE ? ` at ${env.GOOGLE_API_BASE}` : ''}`
      : 'Google Calendar: not configured (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
  );

  const jobs = await createJobQueue(handle, { logger });
  emailQueue.jobs = jobs;
  const deps = {
    db,
    readDb: handle.readDb,
    auth,
    mailer,
    payments,
    sms,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN,
    publicUrl,
    linkSecret,
    dataKeys,
    google,
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
    dns: env.DNS_RESOLVER === 'system' ? systemDns : localDns(),
    customDomainTarget: env.CUSTOM_DOMAIN_TARGET,
    automationsTickSeconds: env.AUTOMATIONS_TICK_SECONDS,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    // The embedded database belongs to this process alone (rate-limit counts stay in memory, SEO runs resume at once).
    exclusiveDatabase: handle.kind === 'pglite',
    outsideServices: describeOutsideServices(env),
    geo,
    mapTiles: env.MAP_TILE_URL ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } : undefined,
    metrics,
    metricsToken: env.METRICS_TOKEN,
    platformFee: platformFeeOf(env),
    jobs,
    storage,
    seo: createSeoSettings({
      content,
      citiesPerState: env.SEO_CITIES_PER_STATE,
      platformPhone: env.PLATFORM_PHONE,
      exclusiveDatabase: handle.kind === 'pglite',
      pageMemoryBytes: env.SEO_PAGE_MEMORY_MB * 1024 * 1024,
    }),
    webDistDir: env.SERVE_WEB ? fileURLToPath(new URL('../../dist/web', import.meta.url)) : undefined,
  };
  await registerWorkers(jobs, deps);
  // Test mode pays every balance out daily, like Stripe's default payout schedule (docs/decisions/1000).
  if (payments.kind === 'test') await scheduleDailyTestPayouts(jobs);
  // Reminders, review requests and win-back: a tick a minute, one waiting however many instances start (decision 611).
  await scheduleAutomationsTick(jobs, 5);
  // Webhook deliveries written with a change and not yet sent by their own job: a sweep a minute (decision 1202).
  await scheduleWebhooksSweep(jobs, 10);
  // Idempotency receipts past their 30 days: a purge a minute after start, then daily (decision 1210).
  await scheduleIdempotencyPurge(jobs, 60);
  await scheduleMembershipBilling(jobs);
  // Repeat visits book their rolling horizon (and retry a missed visit charge) hourly (issue 32).
  await scheduleSeriesExtension(jobs);
  // Fleet accounts' monthly invoices: an hourly look for the first of the month in each business's zone.
  await scheduleFleetInvoices(jobs);
  // Closed accounts past their 30 days are deleted by an hourly sweep (decision 1236).
  await scheduleAccountPurge(jobs, 60);
  // The Elite insights digest: an hourly look for Monday 07:00 in each business's zone (decision 1241).
  await scheduleInsightsTick(jobs, 60);
  // Verified custom domains: their DNS looked at again daily, by an hourly look for those due (decision 1342).
  await scheduleDomainRecheck(jobs, 120);
  // Other calendars' busy times: read every few minutes (decision 1221).
  await scheduleCalendarSweep(jobs, 30);
  // Google Calendar connections: a sweep a minute (decision 1252).
  await scheduleGoogleSweep(jobs, 20);
  const app = createApp(deps);
  // PGlite has no autovacuum: tables grown or changed a lot are vacuumed now (before serving) and every 10 minutes
  // (decision 925).
  const stopVacuum = await startPgliteVacuum(handle);
  // Public SEO pages: follow the change feed and load the stored renders into memory (docs/decisions/0309).
  const publicPages = publicPagesOf(deps);
  publicPages.start();

  // /seo/{slug} and the zip check are answered straight on the HTTP server when they can be (docs/decisions/0309, 923);
  // the rest goes to the app.
  // Live (/api/health) while the process answers; ready (/api/ready) until SIGTERM starts draining it (decision 1231).
  const lifecycle = createLifecycle();
  const ready = readinessAnswer(lifecycle, () => handle.query('select 1', []));
  const server = createAppServer(
    observeRequests(
      closeConnectionsWhileDraining(
        lifecycle,
        nodeListener([ready, ...nodeAnswers(deps)], app.fetch, env.HOST),
      ),
      { logger, metrics },
    ),
  );
  server.listen(env.PORT, env.HOST, () => {
    const banner = startupBanner({
      publicUrl,
      mailTransport: mailer.transport,
      smsTransport: sms.transport,
      demoLogins: env.SEED_DEMO ? { owner: DEMO_OWNER, admin: DEMO_ADMIN, tech: DEMO_TECH } : null,
    });
    console.log(banner.join('\n'));
  });

  // SIGTERM: not ready, no new connections, in-flight requests and jobs finished within SHUTDOWN_TIMEOUT_SECONDS.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadlineMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    logger.info({ signal, deadlineSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown started');
    const finished = await drain(
      lifecycle,
      server,
      async (remainingMs) => {
        stopVacuum();
        publicPages.stop();
        backfillStop.abort();
        await jobs.stop(remainingMs);
        await backfill;
        await handle.close();
      },
      deadlineMs,
      env.SHUTDOWN_DELAY_MS,
    ).catch((err: Error) => {
      logger.error({ err: err.message }, 'shutdown failed');
      return false;
    });
    if (finished) logger.info('shutdown complete');
    else logger.error('shutdown deadline passed with work unfinished');
    logger.flush(() => process.exit(finished ? 0 : 1));
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
