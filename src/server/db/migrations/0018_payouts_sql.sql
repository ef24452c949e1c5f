-- The ledger is append-only (docs/decisions/1000): corrections are new entries, never edits.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Businesses that had switched on payments before connected accounts existed keep taking bookings in test mode.
INSERT INTO payment_accounts (business_id, mode, account_id, details_submitted, charges_enabled, payouts_enabled)
SELECT id, 'test', 'acct_test_' || id, true, true, true FROM profiles WHERE payments_enabled_at IS NOT NULL
ON CONFLICT DO NOTHING;
