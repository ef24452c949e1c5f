import {
  BarChart3,
  Boxes,
  CalendarCheck,
  CalendarClock,
  CalendarSync,
  Clock,
  CreditCard,
  FileText,
  Gift,
  Landmark,
  LayoutDashboard,
  MapPin,
  Megaphone,
  MessageSquare,
  Repeat,
  Route,
  ShieldCheck,
  Smartphone,
  Store,
  TicketPercent,
  Users,
  Wrench,
} from 'lucide-react';

/** The spec's Quick Actions (§2), also the owner app's navigation. */
export const QUICK_ACTIONS = [
  {
    to: '/bookings',
    label: 'Bookings',
    description: 'Confirm, start and complete jobs',
    icon: CalendarCheck,
  },
  { to: '/customers', label: 'Customers', description: 'Your client list and vehicles', icon: Users },
  { to: '/services', label: 'Services', description: 'What you offer and what it costs', icon: Wrench },
  { to: '/inventory', label: 'Inventory', description: 'Supplies and low-stock alerts', icon: Boxes },
  { to: '/marketing', label: 'SEO Marketing', description: 'Landing pages for your cities', icon: Megaphone },
  {
    to: '/verification',
    label: 'Verification',
    description: 'Upload your business documents',
    icon: ShieldCheck,
  },
  {
    to: '/invoices',
    label: 'Invoices & Quotes',
    description: 'Quote and bill your customers',
    icon: FileText,
  },
  {
    to: '/campaigns',
    label: 'SMS & Email Campaigns',
    description: 'Reach your customers',
    icon: MessageSquare,
  },
  { to: '/loyalty', label: 'Loyalty', description: 'Points, tiers and rewards', icon: Gift },
  {
    to: '/business-profile',
    label: 'Business Profile',
    description: 'Your public business page',
    icon: Store,
  },
  { to: '/service-areas', label: 'Service Areas', description: 'Zip codes you serve', icon: MapPin },
] as const;

/** Promo codes sit right after the campaigns (decision 0958); not one of the spec's Quick Actions. */
const PROMO_CODES = {
  to: '/promo-codes',
  label: 'Promo Codes',
  description: 'Discounts for your booking page',
  icon: TicketPercent,
};

/** The jobs in other calendar apps (issue 28), next to the jobs; technicians reach their own feed here. */
const CALENDAR_SYNC = {
  to: '/calendar-sync',
  label: 'Calendar sync',
  description: 'Your jobs in Google, Apple or Outlook Calendar',
  icon: CalendarSync,
};

/** Maintenance plans (issue 32): recurring revenue, next to the invoices. */
const PLANS = {
  to: '/plans',
  label: 'Plans',
  description: 'Maintenance plans and members',
  icon: Repeat,
};

/** Repeat visits (issue 32): series booked every 1, 2 or 4 weeks, next to the jobs they make. */
const REPEAT_VISITS = {
  to: '/repeat-visits',
  label: 'Repeat visits',
  description: 'Customers booked every 1, 2 or 4 weeks',
  icon: CalendarClock,
};

/** The day's routes on a map, Optimize and Apply (issue 27), next to the jobs they order. */
const ROUTES = {
  to: '/routes',
  label: 'Routes',
  description: "Each technician's day on a map",
  icon: Route,
};

/** Hours of the technicians (issue 26), next to the jobs they work. */
const TIMESHEETS = {
  to: '/timesheets',
  label: 'Timesheets',
  description: 'Hours per technician, for payroll',
  icon: Clock,
};

export const OWNER_NAV = [
  { to: '/dashboard', label: 'Dashboard', description: '', icon: LayoutDashboard },
  { to: '/analytics', label: 'Analytics', description: 'Revenue, services, customers', icon: BarChart3 },
  ...QUICK_ACTIONS.flatMap((action) =>
    action.to === '/campaigns'
      ? [action, PROMO_CODES]
      : action.to === '/invoices'
        ? [action, PLANS]
        : action.to === '/bookings'
          ? [action, REPEAT_VISITS, ROUTES, CALENDAR_SYNC, TIMESHEETS]
          : [action],
  ),
  { to: '/billing', label: 'Billing', description: 'Your plan and trial', icon: CreditCard },
  { to: '/payouts', label: 'Payouts', description: 'Balance, fees, tips and payouts', icon: Landmark },
  // The technician's installable app (issue 26); the owner may open it too.
  {
    to: '/field',
    label: 'Field app',
    description: "Today's jobs on your phone, offline too",
    icon: Smartphone,
  },
];

/**
 * The screens a technician may use (decision 1160): their own jobs. Every other owner screen is the owner's, and the
 * server refuses its requests; the layout sends a technician there instead of showing a screen of errors.
 */
export const TECHNICIAN_PATHS = ['/field', '/bookings', '/calendar-sync'] as const;

/** Where a technician lands (issue 26): the field app's Today. */
export const TECHNICIAN_HOME = '/field';

export const isTechnicianPath = (pathname: string) =>
  TECHNICIAN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
