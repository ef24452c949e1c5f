import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/** A business's Stripe Billing customer and subscription (docs/decisions/0832); none in test mode. */
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

/**
 * The first-months promotion a business's subscription got (docs/decisions/0951): granted when its subscription
 * starts while the promotion is on, kept whatever the setting does later. Periods starting before `endsAt` are
 * charged `percentOff` less.
 */
export const billingPromotions = pgTable(
  'billing_promotions',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    percentOff: integer().notNull(),
    months: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_promotions_percent', sql`${t.percentOff} between 1 and 100 and ${t.months} > 0`)],
);

/**
 * A business's add-on purchases (docs/decisions/0952): white-label setup (once), the CRM booster pack (one active at a
 * time, monthly) and NFC tag orders (quantity, where the tags lead, fulfilled by an admin).
 */
export const addOnPurchases = pgTable(
  'add_on_purchases',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    addOn: text({ enum: ['white_label_setup', 'crm_booster', 'nfc_tags'] }).notNull(),
    // active: bought (a one-time purchase, a running monthly pack); ordered → fulfilled: NFC tags; cancelled.
    status: text({ enum: ['active', 'ordered', 'fulfilled', 'cancelled'] }).notNull(),
    quantity: integer().notNull().default(1),
    unitPriceCents: integer().notNull(),
    amountCents: integer().notNull(),
    nfcTarget: text({ enum: ['booking', 'review'] }),
    // The URL every tag of the order opens.
    tagUrl: text(),
    fulfilledAt: timestamp({ withTimezone: true }),
    fulfilledBy: text(),
    // The CRM booster pack (docs/decisions/1156): the month it is in (1, 2, …) and when that month ends; `endsAt` is
    // set when it is cancelled (the end of the month in progress: it runs until then and renews no more).
    periodNumber: integer(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    // Bought through Stripe Billing: the paid Checkout session (one purchase per session, so a replayed webhook
    // records nothing more), the booster's own subscription, and the time of the last subscription event applied.
    stripeSessionId: text().unique(),
    stripeSubscriptionId: text().unique(),
    stripeEventAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('add_on_purchases_business_id_id_uq').on(t.businessId, t.id),
    index('add_on_purchases_business_idx').on(t.businessId, t.createdAt),
    index('add_on_purchases_status_idx').on(t.status, t.createdAt),
    // One white-label setup per business, one running CRM booster pack.
    uniqueIndex('add_on_purchases_once_uq')
      .on(t.businessId, t.addOn)
      .where(
        sql`${t.addOn} = 'white_label_setup' or (${t.addOn} = 'crm_booster' and ${t.status} = 'active')`,
      ),
    check(
      'add_on_purchases_money',
      sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0 and ${t.amountCents} = ${t.quantity} * ${t.unitPriceCents}`,
    ),
    check('add_on_purchases_add_on', sql`${t.addOn} in ('white_label_setup', 'crm_booster', 'nfc_tags')`),
    check('add_on_purchases_status', sql`${t.status} in ('active', 'ordered', 'fulfilled', 'cancelled')`),
  ],
);

/**
 * What the test-mode billing charged a business (docs/decisions/0951, 0952): one row per monthly period of its plan
 * (unique per period, so recording twice charges once) and one per add-on purchase. Money in integer cents.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['subscription', 'add_on'] }).notNull(),
    description: text().notNull(),
    // The monthly period (1, 2, …) of the plan, or of the CRM booster pack named by addOnPurchaseId; null for a
    // one-time add-on.
    periodNumber: integer(),
    // The add-on purchase charged (docs/decisions/1156): a booster's months are unique per purchase and period.
    addOnPurchaseId: uuid(),
    periodStart: timestamp({ withTimezone: true }),
    listPriceCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_charges_business_idx').on(t.businessId, t.createdAt),
    uniqueIndex('billing_charges_period_uq')
      .on(t.businessId, t.periodNumber)
      .where(sql`${t.kind} = 'subscription'`),
    foreignKey({
      name: 'billing_charges_add_on_tenant_fk',
      columns: [t.businessId, t.addOnPurchaseId],
      foreignColumns: [addOnPurchases.businessId, addOnPurchases.id],
    }).onDelete('cascade'),
    uniqueIndex('billing_charges_add_on_period_uq')
      .on(t.addOnPurchaseId, t.periodNumber)
      .where(sql`${t.addOnPurchaseId} is not null`),
    check(
      'billing_charges_money',
      sql`${t.listPriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.amountCents} = ${t.listPriceCents} - ${t.discountCents}`,
    ),
  ],
);
