import type { UserFilter } from '../../shared/admin-users';
import type { AnalyticsPeriod } from '../../shared/analytics';
import type { CampaignType } from '../../shared/campaigns';
import type { InvoiceFilter } from '../../shared/invoices.schemas';
import type { OwnerFilter } from '../../shared/owner-analytics';
import { bookKeys } from './book-keys';
import { fieldKeys } from './field-keys';

// Every TanStack Query key of the web app, one factory per API resource (decision 1121). Queries take their key from
// here through their resource's queryOptions (src/web/api); invalidations name a resource's `all` (everything of it)
// or a narrower key, never a literal. Keys nest: invalidating `all` reaches every key the factory makes.

const admin = ['admin'] as const;

export const queryKeys = {
  adminAnalytics: {
    all: [...admin, 'analytics'] as const,
    period: (p: AnalyticsPeriod) => [...admin, 'analytics', p.from, p.to] as const,
  },
  analytics: {
    all: ['analytics'] as const,
    basic: (p: OwnerFilter) => ['analytics', 'basic', p.from, p.to, p.locationId ?? 'all'] as const,
    advanced: (p: OwnerFilter) => ['analytics', 'advanced', p.from, p.to, p.locationId ?? 'all'] as const,
    insights: ['analytics', 'insights'] as const,
  },
  adminAudit: {
    all: [...admin, 'audit'] as const,
    list: (targetId: string | undefined) => [...admin, 'audit', targetId ?? 'all'] as const,
  },
  adminBilling: { addOnOrders: [...admin, 'billing', 'add-ons'] as const },
  adminPayouts: { revenue: [...admin, 'payouts'] as const },
  adminSeo: {
    all: [...admin, 'seo'] as const,
    settings: [...admin, 'seo', 'settings'] as const,
    latestRun: [...admin, 'seo', 'runs', 'latest'] as const,
    pages: [...admin, 'seo', 'pages'] as const,
    pagesSearch: (search: string) => [...admin, 'seo', 'pages', search] as const,
  },
  adminUsers: {
    all: [...admin, 'users'] as const,
    list: (q: string, filter: UserFilter) => [...admin, 'users', 'list', q, filter] as const,
    overview: (id: string | null) => [...admin, 'users', 'overview', id] as const,
  },
  adminVerifications: {
    all: [...admin, 'verifications'] as const,
    list: (status: string) => [...admin, 'verifications', status] as const,
  },
  apiKeys: { all: ['api-keys'] as const },
  locations: { all: ['locations'] as const },
  branding: { all: ['branding'] as const },
  calendarSync: {
    all: ['calendar-sync'] as const,
    feeds: ['calendar-sync', 'feeds'] as const,
    calendars: ['calendar-sync', 'calendars'] as const,
    google: ['calendar-sync', 'google'] as const,
  },
  automations: {
    all: ['automations'] as const,
    settings: ['automations', 'settings'] as const,
    log: ['automations', 'log'] as const,
  },
  billing: {
    /** The plan, role and seats; `exact` when only it, not the add-ons under it, is meant. */
    all: ['billing'] as const,
    addOns: ['billing', 'add-ons'] as const,
  },
  book: bookKeys,
  bookingLink: { all: ['booking-link'] as const },
  bookings: {
    all: ['bookings'] as const,
    list: (filters: object) => ['bookings', 'list', filters] as const,
    calendar: (range: object) => ['bookings', 'calendar', range] as const,
    detail: (id: string | null) => ['bookings', 'detail', id] as const,
    field: (id: string) => ['bookings', 'field', id] as const,
  },
  businessProfile: {
    all: ['business-profile'] as const,
    testimonials: ['business-profile', 'testimonials'] as const,
  },
  campaigns: {
    all: ['campaigns'] as const,
    stats: ['campaigns', 'stats'] as const,
    list: ['campaigns', 'list'] as const,
    templates: ['campaigns', 'templates'] as const,
    audience: (type: CampaignType) => ['campaigns', 'audience', type] as const,
    recipients: (id: string) => ['campaigns', 'recipients', id] as const,
  },
  customers: {
    all: ['customers'] as const,
    list: (search: string) => ['customers', 'list', search] as const,
    search: (search: string, limit: number) => ['customers', 'search', search, limit] as const,
    detail: (id: string) => ['customers', 'detail', id] as const,
    consent: (id: string) => ['customers', 'consent', id] as const,
    company: (id: string) => ['customers', 'company', id] as const,
  },
  dashboard: { all: ['dashboard'] as const },
  /** The owner's live board of a day (issue 26). */
  fieldBoard: {
    all: ['field-board'] as const,
    day: (date: string) => ['field-board', date] as const,
  },
  /** The technician's field app (issue 26): jobs of a range read online (IndexedDB offline), the outbox, the shift. */
  field: fieldKeys,
  inventory: {
    all: ['inventory'] as const,
    items: ['inventory', 'items'] as const,
    itemsSearch: (search: string) => ['inventory', 'items', search] as const,
    lowStock: ['inventory', 'low-stock'] as const,
    options: ['inventory', 'options'] as const,
    movements: ['inventory', 'movements'] as const,
    serviceUsage: ['inventory', 'service-usage'] as const,
    purchaseOrder: ['inventory', 'purchase-order'] as const,
  },
  invitations: { byToken: (token: string) => ['invitation', token] as const },
  invoices: {
    all: ['invoices'] as const,
    list: (filter: InvoiceFilter, pageSize: number) => ['invoices', 'list', filter, pageSize] as const,
    reminders: ['invoices', 'reminders'] as const,
  },
  leads: {
    all: [...admin, 'leads'] as const,
    list: (state: string) => [...admin, 'leads', state] as const,
    businesses: (leadId: string | null) => [...admin, 'leads', leadId, 'businesses'] as const,
  },
  loyalty: {
    all: ['loyalty'] as const,
    summary: ['loyalty', 'summary'] as const,
    customers: (q: string) => ['loyalty', 'customers', q] as const,
    rewards: ['loyalty', 'rewards'] as const,
    members: (q: string) => ['loyalty', 'members', q] as const,
    transactions: ['loyalty', 'transactions'] as const,
  },
  manage: {
    booking: (token: string) => ['manage', token] as const,
    slots: (token: string) => ['manage', token, 'slots'] as const,
    slotsOn: (token: string, date: string) => ['manage', token, 'slots', date] as const,
    series: (token: string) => ['manage', token, 'series'] as const,
  },
  marketing: { pages: ['marketing', 'pages'] as const },
  series: {
    all: ['series'] as const,
    list: ['series', 'list'] as const,
    terms: ['series', 'terms'] as const,
    weatherPreview: (fromDate: string, toDate: string) =>
      ['series', 'weather-preview', fromDate, toDate] as const,
    byBooking: (bookingId: string) => ['series', 'by-booking', bookingId] as const,
  },
  me: { role: ['me', 'role'] as const },
  outbox: {
    list: (q: string, channel: string) => [...admin, 'outbox', 'list', q, channel] as const,
    message: (id: string | null) => [...admin, 'outbox', 'message', id] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    overview: ['payouts', 'overview'] as const,
    account: ['payouts', 'account'] as const,
    ledger: ['payouts', 'ledger'] as const,
  },
  platformSettings: { all: [...admin, 'settings'] as const },
  promoCodes: { all: ['promo-codes'] as const },
  memberships: {
    all: ['memberships'] as const,
    plans: ['memberships', 'plans'] as const,
    members: ['memberships', 'members'] as const,
    summary: ['memberships', 'summary'] as const,
    public: (kind: 'business' | 'invite', key: string) => ['memberships', 'public', kind, key] as const,
    member: (token: string) => ['memberships', 'member', token] as const,
  },
  publicSession: { all: ['public-session'] as const },
  publicSettings: { all: ['public', 'settings'] as const },
  quotes: {
    all: ['quotes'] as const,
    list: (pageSize: number) => ['quotes', 'list', pageSize] as const,
  },
  reviews: { byToken: (token: string) => ['review', token] as const },
  scheduling: {
    all: ['scheduling'] as const,
    /** The owner's free times for a service on a date. */
    ownerSlots: ['owner-slots'] as const,
    ownerSlotsFor: (q: object) => ['owner-slots', q] as const,
  },
  serviceAreas: {
    all: ['service-areas'] as const,
    insights: ['service-areas', 'insights'] as const,
  },
  services: {
    all: ['services'] as const,
    list: (includeArchived: boolean) => ['services', 'list', { includeArchived }] as const,
    options: ['services', 'options'] as const,
    checklist: (id: string) => ['services', 'checklist', id] as const,
  },
  routes: {
    all: ['routes'] as const,
    day: (date: string, locationId?: string) => ['routes', 'day', date, locationId ?? 'all'] as const,
    settings: ['routes', 'settings'] as const,
  },
  timesheets: {
    all: ['timesheets'] as const,
    week: (from: string | null) => ['timesheets', 'week', from] as const,
  },
  dataTransfer: {
    exports: ['data-transfer', 'exports'] as const,
    closure: ['data-transfer', 'closure'] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  },
  team: {
    all: ['team'] as const,
    assignments: ['team', 'assignments'] as const,
  },
  verification: { all: ['verification'] as const },
};

/** True for a query outside `resource` (`{ predicate }`: everything but what was just written). */
export const outside =
  (resource: readonly unknown[]) =>
  (q: { queryKey: readonly unknown[] }): boolean =>
    q.queryKey[0] !== resource[0];
