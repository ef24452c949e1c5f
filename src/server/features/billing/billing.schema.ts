import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/** A business's Stripe Billing customer and subscription (docs/decisions/832); none in test mode. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  businessId: text()
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text().unique(),
  status: text().notNull().default('incomplete'),
  // The creation time of the last event applied: an older event arriving late changes nothing.
  lastEventAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
