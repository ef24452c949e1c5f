import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { VehicleType } from '../../../shared/constants';
import { planIncludes } from '../../../shared/plan-features';
import {
  type AddOnInput,
  addOnAppliesTo,
  addOnInputSchema,
  type OfferedAddOn,
} from '../../../shared/service-add-ons';
import type { DbOrTx } from '../../db/client';
import { bookingAddOns, serviceAddOns, services } from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { wholeList } from '../../http/lists';
import { loadPlan, subscriptionState } from '../billing/plan-state';

// Service add-ons (§9 Pro "automated upsells", docs/decisions/1255): the owner's list per service, what /book offers
// (with suggestions by vehicle and history), and the server's pricing of what a booking asks for.

type Row = typeof serviceAddOns.$inferSelect;

const toAddOn = (r: Row) => ({
  id: r.id,
  serviceId: r.serviceId,
  name: r.name,
  priceCents: r.priceCents,
  extraMinutes: r.extraMinutes,
  vehicleTypes: r.vehicleTypes as VehicleType[],
  isActive: r.isActive,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownService(db: DbOrTx, businessId: string, serviceId: string) {
  if (!UUID.test(serviceId)) throw notFound('Service not found');
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.businessId, businessId)));
  if (!row) throw notFound('Service not found');
}

/** The service's active add-ons, by name (archived ones are history only). */
export async function listAddOns(db: DbOrTx, businessId: string, serviceId: string) {
  await ownService(db, businessId, serviceId);
  // A service's add-ons are a handful: the whole list (decision 1135).
  return wholeList((await activeAddOnsOf(db, businessId, serviceId)).map(toAddOn));
}

export async function createAddOn(db: DbOrTx, businessId: string, serviceId: string, input: AddOnInput) {
  await ownService(db, businessId, serviceId);
  const v = addOnInputSchema.parse(input);
  const [row] = await db
    .insert(serviceAddOns)
    .values({ businessId, serviceId, ...v })
    .returning();
  return toAddOn(row!);
}

export async function updateAddOn(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
  id: string,
  input: AddOnInput,
) {
  await ownService(db, businessId, serviceId);
  if (!UUID.test(id)) throw notFound('Add-on not found');
  const v = addOnInputSchema.parse(input);
  const [row] = await db
    .update(serviceAddOns)
    .set(v)
    .where(
      and(
        eq(serviceAddOns.id, id),
        eq(serviceAddOns.businessId, businessId),
        eq(serviceAddOns.serviceId, serviceId),
        eq(serviceAddOns.isActive, true),
      ),
    )
    .returning();
  if (!row) throw notFound('Add-on not found');
  return toAddOn(row);
}

/** Removing archives: bookings that took it keep their line and the attach rate its history. Idempotent. */
export async function archiveAddOn(db: DbOrTx, businessId: string, serviceId: string, id: string) {
  await ownService(db, businessId, serviceId);
  if (!UUID.test(id)) throw notFound('Add-on not found');
  const [row] = await db
    .update(serviceAddOns)
    .set({ isActive: false })
    .where(
      and(
        eq(serviceAddOns.id, id),
        eq(serviceAddOns.businessId, businessId),
        eq(serviceAddOns.serviceId, serviceId),
      ),
    )
    .returning({ id: serviceAddOns.id });
  if (!row) throw notFound('Add-on not found');
}

/** Add-ons are offered online while the business's plan has automated upsells (Pro, Elite; not lapsed). */
export async function offersAddOns(db: DbOrTx, businessId: string) {
  const plan = await loadPlan(db, businessId);
  return planIncludes(plan.plan, 'upsells') && subscriptionState(plan) !== 'lapsed';
}

/** The service's active add-ons, by name; none for an id that is not one. */
async function activeAddOnsOf(db: DbOrTx, businessId: string, serviceId: string) {
  if (!UUID.test(serviceId)) return [];
  return db
    .select()
    .from(serviceAddOns)
    .where(
      and(
        eq(serviceAddOns.businessId, businessId),
        eq(serviceAddOns.serviceId, serviceId),
        eq(serviceAddOns.isActive, true),
      ),
    )
    .orderBy(asc(serviceAddOns.name), asc(serviceAddOns.id));
}

// The suggestion rules: an add-on's name says what it is; the customer's history says whether it is due.
const PET_HAIR = /pet|dog|hair/i;
const CERAMIC = /ceramic/i;
const LARGE_VEHICLES: readonly string[] = ['suv', 'truck', 'van'];
export const SUGGESTIONS = {
  petHair: 'Suggested: your last visit noted pet hair',
  petHairVehicle: 'Popular for SUVs, trucks and vans',
  ceramic: 'Suggested: your ceramic coating is due its 6-month top-up',
} as const;

/** What the business knows of a customer (by email) that the rules read: pet hair noted, last ceramic coating. */
async function historyOf(db: DbOrTx, businessId: string, email: string | null | undefined) {
  if (!email) return { petHair: false, ceramicAt: null as Date | null };
  const [row] = (
    await db.execute<{ pet_hair: boolean; ceramic_at: string | null }>(sql`
      with c as (select id from customers where business_id = ${businessId} and lower(email) = lower(${email})),
      last_visit as (
        select b.id, b.special_instructions from bookings b
        where b.business_id = ${businessId} and b.customer_id in (select id from c) and b.status = 'completed'
        order by b.scheduled_at desc limit 1
      )
      select
        exists (
          select 1 from last_visit lv where lv.special_instructions ~* '(pet|dog|cat) ?hair'
          union all
          select 1 from field_notes fn join last_visit lv on lv.id = fn.booking_id
          where fn.business_id = ${businessId} and fn.body ~* '(pet|dog|cat) ?hair'
        ) as pet_hair,
        (select max(b.scheduled_at) from bookings b
          where b.business_id = ${businessId} and b.customer_id in (select id from c) and b.status = 'completed'
            and (b.service_name ~* 'ceramic'
              or exists (select 1 from booking_add_ons a where a.business_id = ${businessId} and a.booking_id = b.id and a.name ~* 'ceramic'))
        ) as ceramic_at`)
  ).rows;
  return {
    petHair: Boolean(row?.pet_hair),
    ceramicAt: row?.ceramic_at ? new Date(row.ceramic_at) : null,
  };
}

const SIX_MONTHS_MS = 182 * 86_400_000;

/** The rules, pure: which reason (if any) suggests this add-on for this vehicle and history, at `now`. */
export function suggestionFor(
  addOn: { name: string },
  vehicleType: string | null | undefined,
  history: { petHair: boolean; ceramicAt: Date | null },
  now = new Date(),
): string | null {
  if (PET_HAIR.test(addOn.name) && /hair/i.test(addOn.name)) {
    if (history.petHair) return SUGGESTIONS.petHair;
    if (vehicleType && LARGE_VEHICLES.includes(vehicleType)) return SUGGESTIONS.petHairVehicle;
  }
  if (
    CERAMIC.test(addOn.name) &&
    history.ceramicAt &&
    now.getTime() - history.ceramicAt.getTime() >= SIX_MONTHS_MS
  )
    return SUGGESTIONS.ceramic;
  return null;
}

/**
 * What /book offers with a service: the active add-ons that apply to the vehicle type, each with its suggestion.
 * Nothing when the business's plan does not include upsells.
 */
export async function offeredAddOns(
  db: DbOrTx,
  businessId: string,
  query: { serviceId: string; vehicleType?: string | null; email?: string | null },
): Promise<OfferedAddOn[]> {
  if (!(await offersAddOns(db, businessId))) return [];
  const rows = (await activeAddOnsOf(db, businessId, query.serviceId)).filter((a) =>
    addOnAppliesTo(a, query.vehicleType),
  );
  if (rows.length === 0) return [];
  const history = await historyOf(db, businessId, query.email);
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    priceCents: a.priceCents,
    extraMinutes: a.extraMinutes,
    vehicleTypes: a.vehicleTypes as VehicleType[],
    suggestion: suggestionFor(a, query.vehicleType, history),
  }));
}

/**
 * The add-ons a booking asks for, priced from the database (never the browser's figures): each must be an active
 * add-on of this service that applies to the vehicle, offered by the plan; 400 otherwise.
 */
export async function priceAddOns(
  db: DbOrTx,
  businessId: string | null,
  serviceId: string,
  vehicleType: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  const unavailable = invalid('This add-on is no longer available; please choose again');
  if (!businessId || !(await offersAddOns(db, businessId))) throw unavailable;
  const rows = await db
    .select()
    .from(serviceAddOns)
    .where(
      and(
        eq(serviceAddOns.businessId, businessId),
        eq(serviceAddOns.serviceId, serviceId),
        eq(serviceAddOns.isActive, true),
        inArray(serviceAddOns.id, [...ids]),
      ),
    );
  if (rows.length !== ids.length || rows.some((r) => !addOnAppliesTo(r, vehicleType))) throw unavailable;
  return rows
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => ({ id: r.id, name: r.name, priceCents: r.priceCents, extraMinutes: r.extraMinutes }));
}

/** The add-ons' minutes for a slot's length (/book's slots), only those that exist for the service. */
export async function addOnMinutes(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
  ids: readonly string[],
) {
  if (ids.length === 0 || !UUID.test(serviceId)) return 0;
  const valid = ids.filter((id) => UUID.test(id));
  if (valid.length === 0) return 0;
  const rows = await db
    .select({ m: serviceAddOns.extraMinutes })
    .from(serviceAddOns)
    .where(
      and(
        eq(serviceAddOns.businessId, businessId),
        eq(serviceAddOns.serviceId, serviceId),
        eq(serviceAddOns.isActive, true),
        inArray(serviceAddOns.id, valid),
      ),
    );
  return rows.reduce((s, r) => s + r.m, 0);
}

/** Writes a booking's add-ons (with the booking, in its transaction). */
export async function recordBookingAddOns(
  tx: DbOrTx,
  businessId: string,
  bookingId: string,
  addOns: readonly { id: string; name: string; priceCents: number; extraMinutes: number }[],
) {
  if (addOns.length === 0) return;
  await tx
    .insert(bookingAddOns)
    .values(
      addOns.map((a) => ({
        businessId,
        bookingId,
        addOnId: a.id,
        name: a.name,
        priceCents: a.priceCents,
        extraMinutes: a.extraMinutes,
      })),
    )
    .onConflictDoNothing();
}

/** The add-ons a customer is suggested for their next visit (the reminder message): names and reasons. */
export async function suggestionsForReminder(
  db: DbOrTx,
  businessId: string,
  booking: { serviceId: string | null; vehicleType: string | null; email: string | null; bookingId: string },
) {
  if (!booking.serviceId) return [];
  const offered = await offeredAddOns(db, businessId, {
    serviceId: booking.serviceId,
    vehicleType: booking.vehicleType,
    email: booking.email,
  });
  const taken = await db
    .select({ id: bookingAddOns.addOnId })
    .from(bookingAddOns)
    .where(and(eq(bookingAddOns.businessId, businessId), eq(bookingAddOns.bookingId, booking.bookingId)));
  return offered.filter((a) => a.suggestion && !taken.some((t) => t.id === a.id));
}

/** A booking's add-ons as booked (its first vehicle's, for a booking of several; decision 1325). */
export async function bookingAddOnsOf(db: DbOrTx, businessId: string, bookingId: string) {
  const rows = await db
    .select({
      id: bookingAddOns.addOnId,
      name: bookingAddOns.name,
      priceCents: bookingAddOns.priceCents,
      extraMinutes: bookingAddOns.extraMinutes,
    })
    .from(bookingAddOns)
    .where(and(eq(bookingAddOns.businessId, businessId), eq(bookingAddOns.bookingId, bookingId)));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
