import { afterAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLES } from '../../shared/admin-users';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, SEND_STATUSES } from '../../shared/campaigns';
import {
  CHECKOUT_STATUSES,
  DOCUMENT_CHECKOUT_PURPOSES,
  DOCUMENT_CHECKOUT_STATUSES,
  PAYMENT_PROVIDER_KINDS,
} from '../../shared/checkout';
import { BOOKING_STATUSES, SUBSCRIPTION_TIERS, VEHICLE_TYPES } from '../../shared/constants';
import { FIELD_EVENT_KINDS, NOT_APPLIED_REASONS, PHOTO_KINDS } from '../../shared/field';
import { STOCK_MOVEMENT_REASONS } from '../../shared/inventory';
import { INVOICE_STATUSES, PAYMENT_METHODS, QUOTE_STATUSES } from '../../shared/invoices.schemas';
import { LOYALTY_SOURCES, LOYALTY_TRANSACTION_TYPES, REWARD_CATEGORIES } from '../../shared/loyalty.schemas';
import { LEDGER_KINDS, PAYMENT_ACCOUNT_MODES, PAYOUT_STATUSES } from '../../shared/payouts';
import { PROMO_DISCOUNT_TYPES } from '../../shared/promo-codes';
import { SEO_PAGE_STATUSES, SEO_RUN_STATUSES } from '../../shared/seo.constants';
import { DOCUMENT_TYPES, VERIFICATION_STATUSES } from '../../shared/verification';
import { openTestDatabase } from '../test/harness';

// The migrated database's enums and CHECK lists hold exactly the shared constants' values, in order: the schema
// builds them from src/shared, and a constant changed without a migration fails here.
const ENUMS: Record<string, readonly string[]> = {
  subscription_tier: SUBSCRIPTION_TIERS,
  verification_status: VERIFICATION_STATUSES,
  app_role: PLATFORM_ROLES,
  booking_status: BOOKING_STATUSES,
  vehicle_type: VEHICLE_TYPES,
  seo_page_status: SEO_PAGE_STATUSES,
  seo_run_status: SEO_RUN_STATUSES,
  verification_document_type: DOCUMENT_TYPES,
  checkout_status: CHECKOUT_STATUSES,
  payment_provider: PAYMENT_PROVIDER_KINDS,
  quote_status: QUOTE_STATUSES,
  invoice_status: INVOICE_STATUSES,
  invoice_payment_method: PAYMENT_METHODS,
  document_checkout_purpose: DOCUMENT_CHECKOUT_PURPOSES,
  document_checkout_status: DOCUMENT_CHECKOUT_STATUSES,
  reward_category: REWARD_CATEGORIES,
  loyalty_transaction_type: LOYALTY_TRANSACTION_TYPES,
  loyalty_source: LOYALTY_SOURCES,
  stock_movement_reason: STOCK_MOVEMENT_REASONS,
  promo_discount_type: PROMO_DISCOUNT_TYPES,
  payment_account_mode: PAYMENT_ACCOUNT_MODES,
  ledger_entry_kind: LEDGER_KINDS,
  payout_status: PAYOUT_STATUSES,
};

const CHECKS: Record<string, readonly string[]> = {
  outbox_messages_channel_ck: CAMPAIGN_TYPES,
  message_templates_type_ck: CAMPAIGN_TYPES,
  campaigns_type_ck: CAMPAIGN_TYPES,
  campaigns_status_ck: CAMPAIGN_STATUSES,
  message_sends_channel_ck: CAMPAIGN_TYPES,
  message_sends_status_ck: SEND_STATUSES,
  messaging_settings_winback_channel_ck: CAMPAIGN_TYPES,
  field_events_kind_ck: FIELD_EVENT_KINDS,
  field_photos_kind_ck: PHOTO_KINDS,
  field_notes_kept_reason_ck: NOT_APPLIED_REASONS,
};

const handle = await openTestDatabase();
afterAll(() => handle.close());

describe('database enums and value checks', () => {
  it('every enum of the database equals its shared constant, and none is unaccounted for', async () => {
    const { rows } = await handle.query(
      `select t.typname as name, array_to_json(array_agg(e.enumlabel order by e.enumsortorder)) as labels
         from pg_type t join pg_enum e on e.enumtypid = t.oid
         join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' group by t.typname`,
    );
    const inDb = Object.fromEntries(rows.map((r) => [String(r.name), r.labels as string[]]));
    expect(Object.keys(inDb).sort()).toEqual(Object.keys(ENUMS).sort());
    for (const [name, values] of Object.entries(ENUMS)) expect(inDb[name], name).toEqual([...values]);
  });

  it('every value-list CHECK allows exactly its shared constant', async () => {
    const { rows } = await handle.query(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conname = any($1)`,
      [Object.keys(CHECKS)],
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(CHECKS).sort());
    for (const r of rows) {
      const allowed = [...String(r.def).matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
      expect(allowed, String(r.name)).toEqual([...CHECKS[String(r.name)]!]);
    }
  });
});
