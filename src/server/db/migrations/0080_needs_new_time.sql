ALTER TABLE "bookings" ADD COLUMN "needs_new_time_at" timestamp with time zone;--> statement-breakpoint
-- "Needs a new time" (decision 1345) ends when the booking gets a new time or leaves the live statuses, whichever
-- path does it (the owner's Edit, the customer's manage link, a later weather move, a cancel).
create or replace function bookings_clear_needs_new_time() returns trigger language plpgsql as $$
begin
  if new.needs_new_time_at is not null
     and (new.scheduled_at is distinct from old.scheduled_at or new.status not in ('pending', 'confirmed')) then
    new.needs_new_time_at := null;
  end if;
  return new;
end $$;
--> statement-breakpoint
create trigger bookings_clear_needs_new_time before update on bookings
  for each row execute function bookings_clear_needs_new_time();
