import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { UPLOAD_PATH } from '../shared/verification';
import { CLIENT_IP_HEADER } from './auth/auth';
import { adminAuditApi, adminUsersApi } from './features/admin-users/admin-users.routes';
import { adminAnalyticsApi } from './features/analytics/analytics.routes';
import { ownerAnalyticsApi } from './features/analytics/owner-analytics.routes';
import { apiKeysApi } from './features/api-keys/api-keys.routes';
import { adminBillingApi } from './features/billing/admin-billing.routes';
import { billingApi } from './features/billing/billing.routes';
import { bookingLinkApi, mountBookingLinkRedirects } from './features/booking-link/booking-link.routes';
import { bookingApi } from './features/bookings/book/booking.routes';
import { stripeWebhook } from './features/bookings/book/stripe-webhook.routes';
import { testCheckoutPages } from './features/bookings/book/test-checkout.routes';
import { bookingsApi } from './features/bookings/bookings.routes';
import { schedulingApi } from './features/bookings/scheduling/scheduling.routes';
import { brandingApi, brandingPublicApi } from './features/branding/branding.routes';
import { mountCustomDomains } from './features/branding/custom-domain-host';
import { businessProfileApi } from './features/business-profile/business-profile.routes';
import { calendarFeedsPublic, calendarSyncApi } from './features/calendar-sync/calendar-feeds.routes';
import { externalCalendarsApi } from './features/calendar-sync/external-calendars.routes';
import {
  googleCalendarApi,
  googleNotificationsPublic,
} from './features/calendar-sync/google-calendar.routes';
import { automationsApi } from './features/campaigns/automations.routes';
import { campaignsApi } from './features/campaigns/campaigns.routes';
import { consentApi } from './features/campaigns/consent.routes';
import { messagingPublic } from './features/campaigns/messaging-public.routes';
import { reviewsApi } from './features/campaigns/reviews.routes';
import { selfServiceApi } from './features/campaigns/self-service.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { customersApi } from './features/customers/customers.routes';
import { customersExportApi } from './features/customers/customers-export.routes';
import { dashboardApi } from './features/dashboard/dashboard.routes';
import { customerImportApi } from './features/data-transfer/customer-import.routes';
import { dataTransferApi } from './features/data-transfer/data-transfer.routes';
import { serviceImportApi } from './features/data-transfer/service-import.routes';
import { serviceChecklistApi } from './features/field/checklist.routes';
import { bookingFieldApi, fieldApi } from './features/field/field.routes';
import { galleryOwnerApi, galleryPublicApi } from './features/field/gallery.routes';
import { fleetApi } from './features/fleet/fleet.routes';
import { insightsApi } from './features/insights/insights.routes';
import { inventoryApi } from './features/inventory/inventory.routes';
import { documentTestCheckoutPages } from './features/invoices/document-test-checkout.routes';
import { invoiceRemindersApi, invoiceSendApi } from './features/invoices/invoice-sending.routes';
import { invoicesApi } from './features/invoices/invoices.routes';
import { publicDocumentPages } from './features/invoices/public-documents.routes';
import { quotesApi } from './features/invoices/quotes.routes';
import { adminLeadsApi } from './features/leads/leads.routes';
import { locationsApi } from './features/locations/locations.routes';
import { loyaltyApi } from './features/loyalty/loyalty.routes';
import { publicLoyaltyApi } from './features/loyalty/redeem.routes';
import { meApi } from './features/me/me.routes';
import { membershipsApi, publicMembershipsApi } from './features/memberships/memberships.routes';
import { outboxApi } from './features/outbox/outbox.routes';
import { adminRevenueApi, payoutsApi } from './features/payouts/payouts.routes';
import { adminSettingsApi, publicSettingsApi } from './features/platform-settings/platform-settings.routes';
import { promoCodesApi, publicPromoCodesApi } from './features/promo-codes/promo-codes.routes';
import { publicRoutes } from './features/public/public.routes';
import { zipAreasOf } from './features/public/zip-areas';
import { zipCheckListener } from './features/public/zip-check-listener';
import { type OpenApiDocument, renderApiReference } from './features/public-api/reference-page';
import { publicApiV1 } from './features/public-api/v1.routes';
import { routesApi } from './features/routes/routes.routes';
import { adminSeoApi } from './features/seo/pages/admin-seo.routes';
import { marketingApi } from './features/seo/pages/marketing.routes';
import {
  mountSeoPageRoute,
  mountSeoPublicRoutes,
  publicPageListener,
} from './features/seo/public/seo-public.routes';
import { publicPagesOf } from './features/seo/seo-settings';
import { publicSeriesApi, seriesApi } from './features/series/series.routes';
import { seriesSavedPage, seriesTestSetupPages } from './features/series/series-pages.routes';
import { addOnsApi, publicAddOnsApi } from './features/service-add-ons/service-add-ons.routes';
import { serviceAreasApi } from './features/service-areas/service-areas.routes';
import { servicesApi } from './features/services/services.routes';
import { invitationsApi, teamApi } from './features/team/team.routes';
import { shiftApi } from './features/timesheets/shifts.routes';
import { timesheetsApi } from './features/timesheets/timesheets.routes';
import { adminVerificationsApi } from './features/verification/admin-verifications.routes';
import { verificationApi } from './features/verification/verification.routes';
import { webhooksApi } from './features/webhooks/webhooks.routes';
import { BODY_TOO_LARGE_MESSAGE, bodyLimitOf, MAX_BODY_BYTES } from './http/body-limits';
import { clientAddress, trustedProxyHops } from './http/client-address';
import type { AppDeps, AppEnv } from './http/context';
import { handleError } from './http/error-handler';
import { inputGuards } from './http/input-guards';
import type { NodeAnswer } from './http/node-listener';
import { API_DESCRIPTION } from './http/openapi';
import { originCheck } from './http/origin-check';
import { mountRateLimits } from './http/rate-limits';
import { secureResponses } from './http/security-headers';
import { mountWebApp } from './http/web-static';
import { metricsRoute } from './observability/metrics.routes';
import { setRouteOf } from './observability/observe-requests';
import { mountServerRenderedPages } from './server-rendered-pages';

/** The client's address: from a trusted proxy's X-Forwarded-For, else the socket (never a client-sent header). */
function clientIp(c: Context<AppEnv>, hops: number) {
  const forwardedFor = c.req.header('x-forwarded-for');
  return clientAddress(hops, forwardedFor, () => {
    try {
      return getConnInfo(c as unknown as Parameters<typeof getConnInfo>[0]).remote.address;
    } catch {
      // app.request() in tests has no socket: tests pass the address the way one trusted proxy would.
      return clientAddress(1, forwardedFor, () => undefined) ?? undefined;
    }
  });
}

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // The route pattern that answered, for the request's metrics and log line (observability/observe-requests.ts).
  app.use('*', async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming) setRouteOf(incoming, routePath(c));
  });
  // Public city pages answer first, with their own fixed security headers (docs/decisions/0306).
  mountSeoPageRoute(app, deps);

  app.use('*', secureResponses);
  const bodyLimited = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: { message: BODY_TOO_LARGE_MESSAGE } }, 413),
  });
  // The paths with a bigger limit of their own (http/body-limits.ts: field photos and the signed completion).
  const biggerLimits = new Map<number, ReturnType<typeof bodyLimit>>();
  const limitedFor = (path: string) => {
    const { maxBytes, message } = bodyLimitOf(path);
    if (maxBytes === MAX_BODY_BYTES) return bodyLimited;
    let limiter = biggerLimits.get(maxBytes);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json({ error: { message } }, 413) });
      biggerLimits.set(maxBytes, limiter);
    }
    return limiter;
  };
  // Every path, the form posts of /pay and /quote included (http/body-limits.ts; on Node the server reads the body
  // first, node-listener.ts). Document uploads carry their own 10MB limit (features/verification). GET and HEAD carry
  // no body, and asking for one builds a whole fetch Request on Node (docs/decisions/0902).
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === UPLOAD_PATH
      ? next()
      : limitedFor(c.req.path)(c, next),
  );
  app.use('*', inputGuards);
  // The load balancer's probe answers before the rest of the app's middleware, which a GET of it never needs (no
  // body, no origin check, no client address, no write): fewer steps on the most frequent request (decision 923).
  // Served by Node, the exact `GET /api/health` is answered on the HTTP server alike (http/node-listener.ts, decision
  // 924); this route answers every other form of it (HEAD, a query) and app.request.
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.use('/metrics', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.route('/metrics', metricsRoute);
  app.use('*', originCheck(deps.publicUrl));
  const proxyHops = trustedProxyHops(deps);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    // Read the client's address from c.var.clientIp. better-auth reads it from a header (docs/decisions/0005), and
    // rebuilding the request to set one cost more than the rest of a simple request (docs/decisions/0902): it is
    // rebuilt only for /api/auth/*, and whenever a client sent that header itself, so no one can trust a forged one.
    const ip = clientIp(c, proxyHops);
    c.set('clientIp', ip);
    if (c.req.path.startsWith('/api/auth/') || c.req.raw.headers.has(CLIENT_IP_HEADER)) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete(CLIENT_IP_HEADER);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
  });

  // A verified custom domain answers with its business's booking page (decision 1316).
  mountCustomDomains(app);

  // A write through this instance shows on its public pages at once: the pages' change feed is read before the answer
  // goes out (other instances read it within a second; docs/decisions/0309).
  const publicPages = publicPagesOf(deps);
  app.use('/api/*', async (c, next) => {
    await next();
    const write = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS';
    if (write && c.res.status < 400 && !c.req.path.startsWith('/api/auth/')) {
      zipAreasOf(deps.db).invalidate();
      await publicPages.sync();
    }
  });

  mountRateLimits(app, deps.db, { exclusiveDatabase: deps.exclusiveDatabase });
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const res = await deps.auth.handler(c.req.raw);
    // Sessions, accounts and tokens: never kept by a cache, as no signed-in answer is (access/guards.ts requireUser).
    if (res.headers.get('cache-control')?.includes('no-store')) return res;
    const answer = new Response(res.body, res); // a redirect's own headers cannot be changed
    answer.headers.set('Cache-Control', 'no-store');
    return answer;
  });

  // Raw body and signature check; not part of the typed client.
  app.route('/api/webhooks/stripe', stripeWebhook);
  // The built-in test checkout's hosted page (server-rendered, like Stripe's).
  app.route('/checkout/test', documentTestCheckoutPages);
  app.route('/checkout/test', testCheckoutPages);
  app.route('/checkout/test-setup', seriesTestSetupPages);
  app.route('/series', seriesSavedPage);
  // The customer's quote and invoice pages (/quote/:token, /pay/:token), server-rendered.
  app.route('/', publicDocumentPages);
  // Unsubscribe (RFC 8058), open pixel, click redirects, Twilio's signed inbound SMS webhook.
  app.route('/api/messaging', messagingPublic);

  // The field app's API (decision 1171): typed by src/shared/field.ts, outside the typed client's chain (its answers'
  // unions take the chain's type past what TypeScript can represent).
  app.route('/api/field', fieldApi);
  app.route('/api/bookings', bookingFieldApi);
  // The customer's before/after gallery and featured photos (decision 1244).
  app.route('/api/public', galleryPublicApi);
  // A white-labelled business's logo, the only file served by its business id (decision 1315).
  app.route('/api/public', brandingPublicApi);
  app.route('/api/bookings', galleryOwnerApi);

  const api = app
    .route('/api/public', publicRoutes)
    .route('/api/public', contactRoutes)
    .route('/api/dashboard', dashboardApi)
    .route('/api/me', meApi)
    .route('/api/booking', bookingApi)
    .route('/api/bookings', bookingsApi)
    .route('/api/scheduling', schedulingApi)
    .route('/api/booking-link', bookingLinkApi)
    .route('/api/customers', customersExportApi)
    .route('/api/customers', customerImportApi)
    .route('/api/customers', customersApi)
    .route('/api/customers', fleetApi)
    .route('/api/services', serviceImportApi)
    .route('/api/services', servicesApi)
    .route('/api/services', serviceChecklistApi)
    .route('/api/services', addOnsApi)
    .route('/api/public/add-ons', publicAddOnsApi)
    .route('/api/marketing', marketingApi)
    .route('/api/admin/seo', adminSeoApi)
    .route('/api/inventory', inventoryApi)
    .route('/api/loyalty', loyaltyApi)
    .route('/api/promo-codes', promoCodesApi)
    .route('/api/memberships', membershipsApi)
    .route('/api/public/memberships', publicMembershipsApi)
    .route('/api/series', seriesApi)
    .route('/api/public/series', publicSeriesApi)
    .route('/api/public/promo-codes', publicPromoCodesApi)
    .route('/api/public/loyalty', publicLoyaltyApi)
    .route('/api/business-profile', businessProfileApi)
    .route('/api/service-areas', serviceAreasApi)
    .route('/api/verification', verificationApi)
    .route('/api/admin/verifications', adminVerificationsApi)
    .route('/api/admin/outbox', outboxApi)
    .route('/api/admin/users', adminUsersApi)
    .route('/api/admin/audit', adminAuditApi)
    .route('/api/admin/settings', adminSettingsApi)
    .route('/api/public/settings', publicSettingsApi)
    .route('/api/billing', billingApi)
    .route('/api/admin/billing', adminBillingApi)
    .route('/api/team', teamApi)
    .route('/api/api-keys', apiKeysApi)
    .route('/api/locations', locationsApi)
    .route('/api/branding', brandingApi)
    .route('/api/webhooks', webhooksApi)
    .route('/api/data', dataTransferApi)
    .route('/api/invitations', invitationsApi)
    .route('/api/quotes', quotesApi)
    .route('/api/invoices', invoicesApi)
    .route('/api/invoices', invoiceSendApi)
    .route('/api/invoice-reminders', invoiceRemindersApi)
    .route('/api/campaigns', campaignsApi)
    .route('/api/automations', automationsApi)
    .route('/api/manage', selfServiceApi)
    .route('/api/reviews', reviewsApi)
    .route('/api/customer-consent', consentApi)
    .route('/api/payouts', payoutsApi)
    .route('/api/admin/payouts', adminRevenueApi)
    .route('/api/timesheets', timesheetsApi)
    .route('/api/field/shift', shiftApi)
    .route('/api/admin/analytics', adminAnalyticsApi)
    .route('/api/analytics', ownerAnalyticsApi)
    .route('/api/insights', insightsApi)
    .route('/api/routes', routesApi)
    .route('/api/admin/leads', adminLeadsApi)
    .route('/api/calendar-sync', calendarSyncApi)
    .route('/api/calendar-sync', externalCalendarsApi)
    .route('/api/calendar-sync', googleCalendarApi)
    .route('/api/calendar-notifications', googleNotificationsPublic)
    .route('/api/calendar-feeds', calendarFeedsPublic);

  // The public API for integrations, authenticated by API keys (decision 1201); not part of the web app's client.
  app.route('/api/v1', publicApiV1);

  // The conventions every route follows, said once (docs/decisions/0420).
  const openApiConfig = {
    openapi: '3.1.0',
    info: { title: 'ShineRoute API', version: '1.0.0', description: API_DESCRIPTION },
  };
  app.doc31('/api/openapi.json', openApiConfig);
  app.get('/docs/api', (c) =>
    c.html(renderApiReference(app.getOpenAPI31Document(openApiConfig) as OpenApiDocument, deps.publicUrl)),
  );
  app.all('/api/*', (c) => c.json({ error: { message: 'Not found' } }, 404));

  app.onError(handleError);

  // The sitemap and robots.txt come before the web app's fallback.
  mountSeoPublicRoutes(app);
  mountBookingLinkRedirects(app);
  if (deps.webDistDir) mountWebApp(app, deps.webDistDir, mountServerRenderedPages);
  return api;
}

export type AppType = ReturnType<typeof createApp>;

/** What the HTTP server answers itself, ahead of the app (http/node-listener.ts): SEO pages, then the zip check. */
export function nodeAnswers(deps: AppDeps): NodeAnswer[] {
  return [publicPageListener(deps), zipCheckListener(deps)];
}
