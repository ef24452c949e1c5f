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
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, profiles } from '../../db/domain.schema';
import { invoices } from '../invoices/invoices.schema';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A customer that is a company (issue 32, decision 1261): the contact is the customer's name and email, its vehicles
 * the customer's vehicles; its completed visits of a month become one invoice, sent on the first of the next month.
 */
export const fleetAccounts = pgTable(
  'fleet_accounts',
  {
    customerId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    billingEmail: text().notNull(),
    poNumber: text().notNull().default(''),
    paymentTermsDays: integer().notNull().default(30),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('fleet_accounts_business_id_customer_id_uq').on(t.businessId, t.customerId),
    foreignKey({
      name: 'fleet_accounts_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('cascade'),
    index('fleet_accounts_business_id_idx').on(t.businessId),
    // FLEET_PAYMENT_TERMS (src/shared/fleet.ts).
    check('fleet_accounts_terms_ck', sql`${t.paymentTermsDays} in (15, 30)`),
  ],
);

/** One account's invoice of one month (YYYY-MM in the business's zone): unique, so it is made once. */
export const fleetInvoices = pgTable(
  'fleet_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    month: text().notNull(),
    invoiceId: uuid().notNull(),
    visits: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fleet_invoices_account_month_uq').on(t.businessId, t.customerId, t.month),
    foreignKey({
      name: 'fleet_invoices_account_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [fleetAccounts.businessId, fleetAccounts.customerId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fleet_invoices_invoice_tenant_fk',
      columns: [t.businessId, t.invoiceId],
      foreignColumns: [invoices.businessId, invoices.id],
    }).onDelete('cascade'),
    index('fleet_invoices_business_id_idx').on(t.businessId),
    index('fleet_invoices_invoice_id_idx').on(t.invoiceId),
    check('fleet_invoices_month_ck', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
