// The whole database schema, re-exported for drizzle-kit and for typed queries.
export * from '../auth/auth.schema';
export * from './domain.schema';
export * from '../features/inventory/inventory.schema';
export * from '../features/verification/verification.schema';
export * from '../features/contact/contact.schema';
export * from '../features/booking/booking.schema';
export * from '../features/seo/seo-render.schema';
export * from '../features/invoices/invoices.schema';
export * from '../features/scheduling/scheduling.schema';
export * from '../features/bookings/booking-history.schema';
export * from '../features/loyalty/loyalty.schema';
export * from '../features/team/team.schema';
export * from '../features/public/zip-areas.schema';
export * from '../features/promo-codes/promo-codes.schema';
export * from '../features/campaigns/campaigns.schema';
export * from '../features/payouts/payouts.schema';
export * from '../features/loyalty/redemption.schema';
