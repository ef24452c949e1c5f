/** Where a trial starts: /auth opened in sign-up mode, with the plan chosen on the landing page (issue 16). */
export const signUpPath = (plan?: 'starter' | 'pro' | 'elite') =>
  `/auth?mode=signup${plan ? `&plan=${plan}` : ''}`;

// The spec's route table (§2). The web router and the server's 404 logging both read it.

export const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/demo',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/book',
  '/booking-success',
  '/for-detailers',
  '/patent-diagrams',
] as const;

export const OWNER_ROUTES = [
  '/dashboard',
  // The owner's analytics (docs/decisions/1191).
  '/analytics',
  '/bookings',
  '/customers',
  '/services',
  '/inventory',
  '/marketing',
  '/verification',
  '/invoices',
  '/campaigns',
  // Promo codes out of SEO Marketing, next to campaigns (decision 0958).
  '/promo-codes',
  '/loyalty',
  '/business-profile',
  '/service-areas',
  // Plan, trial and plan change (docs/decisions/0803).
  '/billing',
  // Balance, payouts, fees and tips (docs/decisions/1000).
  '/payouts',
  // Technicians' hours for payroll (decision 1180).
  '/timesheets',
  // Today's jobs of each technician and where they are in the field (issue 26).
  '/live-board',
  // The live ICS feeds of the jobs, and other calendars' busy times (decisions 1220, 1221).
  '/calendar-sync',
  // Maintenance plans, members and monthly recurring revenue (issue 32, decision 1225).
  '/plans',
  // Series of repeat visits, flagged visits and the repeatable services' discounts (issue 32, decision 1257).
  '/repeat-visits',
  // The day's routes, Optimize and Apply (issue 27, decision 1216).
  '/routes',
  // Each technician's start and end, lunch break and specialist services (decision 1246).
  '/routes/settings',
] as const;

// /admin/verifications: the verification review queue (docs/decisions/0205).
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/seo',
  '/admin/verifications',
  '/admin/users',
  '/admin/analytics',
  // Leads from the zip check and waitlist, assigned to businesses (docs/decisions/0831).
  '/admin/leads',
  '/admin/settings',
  // Every email and SMS sent or stored: the mail viewer without SMTP (issue 25).
  '/admin/outbox',
] as const;

/** The technician's installable app (issue 26): Today, Tomorrow, the week and one job. */
export const FIELD_ROUTES = ['/field', '/field/tomorrow', '/field/week'] as const;
export const fieldJobPath = (bookingId: string) => `/field/jobs/${bookingId}`;

/** A screen of the field app, which the server answers with the field app's own page. */
export function isFieldPath(pathname: string): boolean {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (FIELD_ROUTES as readonly string[]).includes(path) || /^\/field\/jobs\/[A-Za-z0-9_-]+$/.test(path);
}

/** Public city pages are rendered by the server (src/server/features/seo/public/seo-public.routes.ts), not the web app. */
export const seoPagePath = (slug: string) => `/seo/${slug}`;

const known = new Set<string>([...PUBLIC_ROUTES, ...OWNER_ROUTES, ...ADMIN_ROUTES, ...FIELD_ROUTES]);

/** True when the web app has a screen for this path (SEO pages are served by the server). */
export function isKnownAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Team invitation links (docs/decisions/0804).
  // The customer's self-service reschedule/cancel page (docs/decisions/0612); a job's photo gallery (decision 1244).
  // A maintenance plan's pages: the business's plans, an invitation, the member's own page (decision 1225).
  return (
    known.has(path) ||
    /^\/(join|manage|review|gallery|field\/jobs|membership|membership-plans|membership-plans\/invite)\/[A-Za-z0-9_-]+$/.test(
      path,
    )
  );
}
