CREATE TABLE "business_total_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"pending_bookings" integer DEFAULT 0 NOT NULL,
	"completed_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_total_changes" ADD CONSTRAINT "business_total_changes_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_total_changes_business_id_idx" ON "business_total_changes" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "bookings_business_created_idx" ON "bookings" USING btree ("business_id","created_at");--> statement-breakpoint
-- The dashboard's totals (docs/decisions/0922): every statement that changes bookings or customers adds one row of
-- changes per business it touched, in its own transaction. Statement triggers with transition tables: a bulk insert
-- of 100,000 bookings adds one row. A business being deleted is skipped (its rows go with it).
create or replace function business_totals_from_bookings() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into business_total_changes (business_id, bookings, pending_bookings, completed_revenue_cents)
    select n.business_id, count(*), count(*) filter (where n.status = 'pending'),
           coalesce(sum(n.final_price_cents) filter (where n.status = 'completed'), 0)
    from new_rows n where n.business_id is not null
    group by n.business_id;
  elsif tg_op = 'DELETE' then
    insert into business_total_changes (business_id, bookings, pending_bookings, completed_revenue_cents)
    select o.business_id, -count(*), -count(*) filter (where o.status = 'pending'),
           -coalesce(sum(o.final_price_cents) filter (where o.status = 'completed'), 0)
    from old_rows o where o.business_id is not null and exists (select 1 from profiles p where p.id = o.business_id)
    group by o.business_id;
  else
    insert into business_total_changes (business_id, bookings, pending_bookings, completed_revenue_cents)
    select d.business_id, sum(d.sign), coalesce(sum(d.sign) filter (where d.status = 'pending'), 0),
           coalesce(sum(d.sign * d.final_price_cents) filter (where d.status = 'completed'), 0)
    from (
      select n.business_id, n.status, n.final_price_cents::bigint as final_price_cents, 1 as sign from new_rows n
      union all
      select o.business_id, o.status, o.final_price_cents::bigint, -1 from old_rows o
    ) d
    where d.business_id is not null and exists (select 1 from profiles p where p.id = d.business_id)
    group by d.business_id
    having sum(d.sign) <> 0
        or coalesce(sum(d.sign) filter (where d.status = 'pending'), 0) <> 0
        or coalesce(sum(d.sign * d.final_price_cents) filter (where d.status = 'completed'), 0) <> 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
create or replace function business_totals_from_customers() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into business_total_changes (business_id, customers)
    select n.business_id, count(*) from new_rows n group by n.business_id;
  elsif tg_op = 'DELETE' then
    insert into business_total_changes (business_id, customers)
    select o.business_id, -count(*) from old_rows o
    where exists (select 1 from profiles p where p.id = o.business_id)
    group by o.business_id;
  else
    insert into business_total_changes (business_id, customers)
    select d.business_id, sum(d.sign)
    from (select n.business_id, 1 as sign from new_rows n union all select o.business_id, -1 from old_rows o) d
    where exists (select 1 from profiles p where p.id = d.business_id)
    group by d.business_id
    having sum(d.sign) <> 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
-- Recounts everything (the backfill below, and after a truncate, which has no transition tables).
create or replace function business_totals_recount() returns trigger language plpgsql as $$
begin
  delete from business_total_changes;
  insert into business_total_changes (business_id, bookings, pending_bookings, completed_revenue_cents, customers)
  select p.id,
         coalesce(b.bookings, 0), coalesce(b.pending, 0), coalesce(b.revenue, 0), coalesce(c.customers, 0)
  from profiles p
  left join (
    select business_id, count(*) as bookings, count(*) filter (where status = 'pending') as pending,
           coalesce(sum(final_price_cents) filter (where status = 'completed'), 0) as revenue
    from bookings where business_id is not null group by business_id
  ) b on b.business_id = p.id
  left join (select business_id, count(*) as customers from customers group by business_id) c on c.business_id = p.id
  where b.business_id is not null or c.business_id is not null;
  return null;
end $$;
--> statement-breakpoint
create trigger bookings_totals_insert after insert on bookings referencing new table as new_rows
  for each statement execute function business_totals_from_bookings();
--> statement-breakpoint
create trigger bookings_totals_update after update on bookings referencing old table as old_rows new table as new_rows
  for each statement execute function business_totals_from_bookings();
--> statement-breakpoint
create trigger bookings_totals_delete after delete on bookings referencing old table as old_rows
  for each statement execute function business_totals_from_bookings();
--> statement-breakpoint
create trigger bookings_totals_truncate after truncate on bookings
  for each statement execute function business_totals_recount();
--> statement-breakpoint
create trigger customers_totals_insert after insert on customers referencing new table as new_rows
  for each statement execute function business_totals_from_customers();
--> statement-breakpoint
create trigger customers_totals_update after update on customers referencing old table as old_rows new table as new_rows
  for each statement execute function business_totals_from_customers();
--> statement-breakpoint
create trigger customers_totals_delete after delete on customers referencing old table as old_rows
  for each statement execute function business_totals_from_customers();
--> statement-breakpoint
create trigger customers_totals_truncate after truncate on customers
  for each statement execute function business_totals_recount();
--> statement-breakpoint
-- The backfill: the same recount, once.
insert into business_total_changes (business_id, bookings, pending_bookings, completed_revenue_cents, customers)
select p.id,
       coalesce(b.bookings, 0), coalesce(b.pending, 0), coalesce(b.revenue, 0), coalesce(c.customers, 0)
from profiles p
left join (
  select business_id, count(*) as bookings, count(*) filter (where status = 'pending') as pending,
         coalesce(sum(final_price_cents) filter (where status = 'completed'), 0) as revenue
  from bookings where business_id is not null group by business_id
) b on b.business_id = p.id
left join (select business_id, count(*) as customers from customers group by business_id) c on c.business_id = p.id
where b.business_id is not null or c.business_id is not null;
