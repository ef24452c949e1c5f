import { useEffect } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { PublicLayout } from './components/layout/public-layout';
import { LandingPage } from './features/landing/landing-page';
import { useDocumentTitle } from './lib/use-document-title';

// Split by audience: only the public layout and the landing page are in the entry chunk; every other screen, the
// owner and admin shells (with the auth client) load on first visit. One line per route.

/**
 * Shown while the first screen's lazy code loads. Naming it on the root route keeps React Router from warning "No
 * `HydrateFallback` element provided" on every first load of a lazy route (issue 16); the page stays blank meanwhile,
 * as before.
 */
function FirstLoad() {
  return <div className="min-h-dvh bg-white" aria-busy="true" />;
}

/**
 * The field app is a page of its own that the server sends for every /field path (docs/decisions/1175); reached by a
 * link or a redirect inside this app, it is loaded as a page. Vite's dev server sends it at /field/.
 */
function FieldHandoff() {
  useEffect(() => {
    const { pathname } = window.location;
    window.location.replace(import.meta.env.DEV && pathname === '/field' ? '/field/' : pathname);
  }, []);
  return <FirstLoad />;
}

/** Every screen: the tab's title follows the path (decision 914). */
function Root() {
  useDocumentTitle();
  return <Outlet />;
}

// The root route names the first-load fallback and sets the title; the route table below keeps its own indentation.
export const router = createBrowserRouter([
  {
    HydrateFallback: FirstLoad,
    Component: Root,
    children: [
      // The technician's app is its own page (docs/decisions/1175): a link inside this app to it loads that page.
      { path: '/field', Component: FieldHandoff },
      { path: '/field/tomorrow', Component: FieldHandoff },
      { path: '/field/week', Component: FieldHandoff },
      { path: '/field/jobs/:id', Component: FieldHandoff },
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          {
            path: '/auth',
            lazy: () => import('./features/auth/auth-page').then((m) => ({ Component: m.AuthPage })),
          },
          {
            path: '/demo',
            lazy: () => import('./features/static/demo-page').then((m) => ({ Component: m.DemoPage })),
          },
          {
            path: '/about',
            lazy: () => import('./features/static/about-page').then((m) => ({ Component: m.AboutPage })),
          },
          {
            path: '/contact',
            lazy: () => import('./features/static/contact-page').then((m) => ({ Component: m.ContactPage })),
          },
          {
            path: '/privacy',
            lazy: () => import('./features/static/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: '/terms',
            lazy: () => import('./features/static/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: '/for-detailers',
            lazy: () =>
              import('./features/static/for-detailers-page').then((m) => ({ Component: m.ForDetailersPage })),
          },
          {
            path: '/patent-diagrams',
            lazy: () =>
              import('./features/static/patent-diagrams-page').then((m) => ({
                Component: m.PatentDiagramsPage,
              })),
          },
          {
            path: '/book',
            lazy: () => import('./features/bookings/book/book-page').then((m) => ({ Component: m.BookPage })),
          },
          {
            path: '/book/:slug',
            lazy: () => import('./features/bookings/book/book-page').then((m) => ({ Component: m.BookPage })),
          },
          {
            path: '/book/:slug/:location',
            lazy: () => import('./features/bookings/book/book-page').then((m) => ({ Component: m.BookPage })),
          },
          {
            path: '/booking-success',
            lazy: () =>
              import('./features/bookings/book/booking-success-page').then((m) => ({
                Component: m.BookingSuccessPage,
              })),
          },
          {
            path: '/manage/:token',
            lazy: () =>
              import('./features/campaigns/manage-booking-page').then((m) => ({
                Component: m.ManageBookingPage,
              })),
          },
          {
            path: '/review/:token',
            lazy: () => import('./features/campaigns/review-page').then((m) => ({ Component: m.ReviewPage })),
          },
          {
            // The customer's before/after photos of a completed job (decision 1244).
            path: '/gallery/:token',
            lazy: () => import('./features/field/gallery-page').then((m) => ({ Component: m.GalleryPage })),
          },
          {
            path: '/membership-plans/:ref',
            lazy: () =>
              import('./features/memberships/public-plans-page').then((m) => ({
                Component: m.PublicPlansPage,
              })),
          },
          {
            path: '/membership-plans/invite/:token',
            lazy: () =>
              import('./features/memberships/public-plans-page').then((m) => ({
                Component: m.PublicPlansPage,
              })),
          },
          {
            path: '/membership/:token',
            lazy: () =>
              import('./features/memberships/member-page').then((m) => ({ Component: m.MemberPage })),
          },
          {
            path: '/join/:token',
            lazy: () => import('./features/team/join-page').then((m) => ({ Component: m.JoinPage })),
          },
          {
            path: '*',
            lazy: () =>
              import('./features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
      {
        lazy: () => import('./components/layout/owner-shell').then((m) => ({ Component: m.OwnerShell })),
        children: [
          {
            path: '/dashboard',
            lazy: () => import('./routes/dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: '/bookings',
            lazy: () =>
              import('./features/bookings/bookings-page').then((m) => ({ Component: m.BookingsPage })),
          },
          {
            path: '/customers',
            lazy: () => import('./routes/customers-route').then((m) => ({ Component: m.CustomersRoute })),
          },
          {
            path: '/services',
            lazy: () => import('./routes/services-route').then((m) => ({ Component: m.ServicesRoute })),
          },
          {
            path: '/marketing',
            lazy: () =>
              import('./features/marketing/marketing-page').then((m) => ({ Component: m.MarketingPage })),
          },
          {
            path: '/inventory',
            lazy: () =>
              import('./features/inventory/inventory-page').then((m) => ({ Component: m.InventoryPage })),
          },
          {
            path: '/loyalty',
            lazy: () => import('./features/loyalty/loyalty-page').then((m) => ({ Component: m.LoyaltyPage })),
          },
          {
            path: '/business-profile',
            lazy: () =>
              import('./routes/business-profile-route').then((m) => ({ Component: m.BusinessProfileRoute })),
          },
          {
            path: '/service-areas',
            lazy: () =>
              import('./features/service-areas/service-areas-page').then((m) => ({
                Component: m.ServiceAreasPage,
              })),
          },
          {
            path: '/analytics',
            lazy: () =>
              import('./features/analytics/owner-analytics-page').then((m) => ({
                Component: m.OwnerAnalyticsPage,
              })),
          },
          {
            path: '/invoices',
            lazy: () =>
              import('./features/invoices/invoices-page').then((m) => ({ Component: m.InvoicesPage })),
          },
          {
            path: '/campaigns',
            lazy: () =>
              import('./features/campaigns/campaigns-page').then((m) => ({ Component: m.CampaignsPage })),
          },
          {
            path: '/plans',
            lazy: () => import('./features/memberships/plans-page').then((m) => ({ Component: m.PlansPage })),
          },
          {
            path: '/repeat-visits',
            lazy: () =>
              import('./features/series/repeat-visits-page').then((m) => ({
                Component: m.RepeatVisitsPage,
              })),
          },
          {
            path: '/promo-codes',
            lazy: () =>
              import('./features/promo-codes/promo-codes-page').then((m) => ({
                Component: m.PromoCodesPage,
              })),
          },
          {
            path: '/verification',
            lazy: () =>
              import('./features/verification/verification-page').then((m) => ({
                Component: m.VerificationPage,
              })),
          },
          {
            path: '/live-board',
            lazy: () =>
              import('./features/field/live-board-page').then((m) => ({ Component: m.LiveBoardPage })),
          },
          {
            // Leaflet comes with this screen's chunk only (issue 27).
            path: '/routes',
            lazy: () => import('./features/routes/routes-page').then((m) => ({ Component: m.RoutesPage })),
          },
          {
            path: '/routes/settings',
            lazy: () =>
              import('./features/routes/route-settings-page').then((m) => ({
                Component: m.RouteSettingsPage,
              })),
          },
          {
            path: '/timesheets',
            lazy: () =>
              import('./features/timesheets/timesheets-page').then((m) => ({ Component: m.TimesheetsPage })),
          },
          {
            path: '/payouts',
            lazy: () => import('./features/payouts/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
          },
          {
            path: '/billing',
            lazy: () => import('./features/billing/billing-page').then((m) => ({ Component: m.BillingPage })),
          },
          {
            path: '/calendar-sync',
            lazy: () =>
              import('./features/calendar-sync/calendar-sync-page').then((m) => ({
                Component: m.CalendarSyncPage,
              })),
          },
        ],
      },
      {
        // Admin screens: signed in (else /auth), then the role check (AdminGuard); the server checks the role too.
        lazy: () => import('./components/layout/owner-shell').then((m) => ({ Component: m.SignedInShell })),
        children: [
          {
            lazy: () => import('./features/admin/admin-guard').then((m) => ({ Component: m.AdminGuard })),
            children: [
              {
                lazy: () =>
                  import('./features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
                children: [
                  {
                    path: '/admin',
                    lazy: () => import('./routes/admin-route').then((m) => ({ Component: m.AdminRoute })),
                  },
                  {
                    path: '/admin/seo',
                    lazy: () =>
                      import('./features/seo/admin-seo-page').then((m) => ({
                        Component: m.AdminSeoPage,
                      })),
                  },
                  {
                    path: '/admin/verifications',
                    lazy: () =>
                      import('./features/verification/admin-verifications-page').then((m) => ({
                        Component: m.AdminVerificationsPage,
                      })),
                  },
                  {
                    path: '/admin/users',
                    lazy: () =>
                      import('./features/admin-users/admin-users-page').then((m) => ({
                        Component: m.AdminUsersPage,
                      })),
                  },
                  {
                    path: '/admin/analytics',
                    lazy: () =>
                      import('./features/analytics/admin-analytics-page').then((m) => ({
                        Component: m.AdminAnalyticsPage,
                      })),
                  },
                  {
                    path: '/admin/leads',
                    lazy: () =>
                      import('./features/leads/admin-leads-page').then((m) => ({
                        Component: m.AdminLeadsPage,
                      })),
                  },
                  {
                    path: '/admin/outbox',
                    lazy: () =>
                      import('./features/outbox/admin-outbox-page').then((m) => ({
                        Component: m.AdminOutboxPage,
                      })),
                  },
                  {
                    path: '/admin/settings',
                    lazy: () =>
                      import('./features/platform-settings/platform-settings-page').then((m) => ({
                        Component: m.PlatformSettingsPage,
                      })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
