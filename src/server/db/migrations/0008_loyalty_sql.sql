-- The points ledger keeps customers.loyalty_points in step (docs/decisions/0701).
-- Opening balances first, written before the triggers exist: a customer whose loyalty_points was set before the
-- ledger existed gets one 'adjusted' entry of that amount, so the balance equals the ledger's sum from the start.
INSERT INTO loyalty_transactions (business_id, customer_id, type, source, points, balance_after, description)
SELECT business_id, id, 'adjusted', 'owner', loyalty_points, loyalty_points, 'Opening balance'
FROM customers WHERE loyalty_points > 0;--> statement-breakpoint
-- Every entry moves the balance under the customer's row lock; the CHECKs (>= 0) on both columns refuse overdrafts.
CREATE OR REPLACE FUNCTION loyalty_transactions_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_balance integer;
BEGIN
  UPDATE customers SET loyalty_points = loyalty_points + NEW.points
    WHERE id = NEW.customer_id AND business_id = NEW.business_id
    RETURNING loyalty_points INTO new_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'loyalty entry for a customer outside business %', NEW.business_id USING ERRCODE = '23503';
  END IF;
  NEW.balance_after := new_balance;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_apply BEFORE INSERT ON loyalty_transactions
  FOR EACH ROW EXECUTE FUNCTION loyalty_transactions_apply();--> statement-breakpoint
-- Append-only: corrections are new entries. Only foreign-key actions (a deleted customer, booking, reward or user),
-- which run one trigger level down, may touch existing rows.
CREATE OR REPLACE FUNCTION loyalty_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'loyalty_transactions is append-only; add a new entry instead' USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER loyalty_transactions_append_only BEFORE UPDATE OR DELETE ON loyalty_transactions
  FOR EACH ROW EXECUTE FUNCTION loyalty_transactions_append_only();--> statement-breakpoint
-- §9's four rewards for every business that exists already (new sign-ups get them from the sign-up hook).
INSERT INTO loyalty_rewards (business_id, name, description, points_required, value_cents, category)
SELECT p.id, r.name, r.description, r.points_required, r.value_cents, r.category::reward_category
FROM profiles p
CROSS JOIN (VALUES
  ('10% Off Next Service', 'Save on your next detail', 100, 1000, 'discount'),
  ('Free Interior Cleaning', 'A complimentary interior clean', 250, 7500, 'service'),
  ('25% Off Premium Package', 'Save on our premium package', 500, 5000, 'discount'),
  ('Free Car Air Freshener', 'A fresh scent for your car', 50, 1500, 'product')
) AS r(name, description, points_required, value_cents, category)
WHERE NOT EXISTS (SELECT 1 FROM loyalty_rewards x WHERE x.business_id = p.id);
