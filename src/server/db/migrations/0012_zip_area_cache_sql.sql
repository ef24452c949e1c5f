-- The zip check's in-memory areas (docs/decisions/0901): any change to service areas or to a business's name moves
-- the 'zip-areas' counter; every instance compares it about once a second and reloads when it moved.
insert into public_cache_versions (name, version) values ('zip-areas', 1) on conflict (name) do nothing;
--> statement-breakpoint
create or replace function bump_zip_areas_version() returns trigger language plpgsql as $$
begin
  update public_cache_versions set version = version + 1 where name = 'zip-areas';
  return null;
end $$;
--> statement-breakpoint
create trigger service_areas_zip_areas_version after insert or update or delete or truncate on service_areas
  for each statement execute function bump_zip_areas_version();
--> statement-breakpoint
create trigger profiles_zip_areas_version after update of business_name or delete on profiles
  for each statement execute function bump_zip_areas_version();
