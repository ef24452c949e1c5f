import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { BookingForm } from '../../../../shared/booking.schemas';
import { bookingVehicleName, vehicleLine } from '../../../../shared/booking-vehicles';
import type { VehicleType } from '../../../../shared/constants';
import type { DbOrTx, Transaction } from '../../../db/client';
import { bookings, bookingVehicles } from '../../../db/schema';
import { invalid } from '../../../http/errors';
import { addOnMinutes, bookingAddOnsOf, priceAddOns } from '../../service-add-ons/service-add-ons.service';
import { findActiveService } from '../book/booking-options.service';

// Several vehicles in one booking (decision 1325): the further vehicles priced from the database, the rows written
// with the booking, and a booking's vehicles read back (its own fields for a booking that has no rows).

export type PricedVehicle = {
  serviceId: string;
  serviceName: string;
  vehicleType: VehicleType;
  make: string | null;
  model: string | null;
  color: string | null;
  servicePriceCents: number;
  durationMinutes: number;
  addOns: { id: string; name: string; priceCents: number; extraMinutes: number }[];
};

/** Each further vehicle's service must be an active one of this business; its add-ons that service's. */
export async function priceExtraVehicles(
  db: DbOrTx,
  form: Pick<BookingForm, 'businessId' | 'extraVehicles'>,
): Promise<PricedVehicle[]> {
  if (form.extraVehicles.length === 0) return [];
  if (!form.businessId) throw invalid('Several vehicles are booked with a business; please book one vehicle');
  const priced: PricedVehicle[] = [];
  for (const v of form.extraVehicles) {
    const service = await findActiveService(db, form.businessId, v.serviceId);
    if (!service) throw invalid('This service is no longer available');
    const addOns = await priceAddOns(db, form.businessId, service.id, v.vehicleType, v.addOnIds);
    const line = vehicleLine({ service, vehicleType: v.vehicleType, addOns });
    priced.push({
      serviceId: service.id,
      serviceName: service.name,
      vehicleType: v.vehicleType,
      make: v.vehicleMake,
      model: v.vehicleModel,
      color: v.vehicleColor,
      servicePriceCents: line.serviceCents,
      durationMinutes: line.durationMinutes,
      addOns,
    });
  }
  return priced;
}

type VehicleRow = Omit<typeof bookingVehicles.$inferInsert, 'businessId' | 'bookingId' | 'position'>;

/** The booking's vehicles, the first at position 0, once (a replayed completion writes nothing twice). */
export async function recordBookingVehicles(
  tx: Transaction,
  businessId: string,
  bookingId: string,
  vehicles: { first: VehicleRow; extra: VehicleRow[] },
) {
  const rows = [vehicles.first, ...vehicles.extra].map((v, position) => ({
    ...v,
    businessId,
    bookingId,
    position,
  }));
  await tx.insert(bookingVehicles).values(rows).onConflictDoNothing();
}

export type BookingVehicleView = {
  position: number;
  vehicleType: VehicleType | null;
  make: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
  serviceId: string | null;
  serviceName: string;
  servicePriceCents: number;
  durationMinutes: number;
  addOns: { id: string; name: string; priceCents: number; extraMinutes: number }[];
};

/** The vehicles of some bookings of one business, in order, by booking id (absent: a booking with none recorded). */
export async function vehiclesOfBookings(db: DbOrTx, businessId: string, bookingIds: readonly string[]) {
  const byBooking = new Map<string, BookingVehicleView[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingVehicles)
    .where(
      and(eq(bookingVehicles.businessId, businessId), inArray(bookingVehicles.bookingId, [...bookingIds])),
    )
    .orderBy(asc(bookingVehicles.bookingId), asc(bookingVehicles.position));
  for (const r of rows) {
    const list = byBooking.get(r.bookingId) ?? [];
    list.push({
      position: r.position,
      vehicleType: r.vehicleType,
      make: r.make,
      model: r.model,
      year: r.year,
      color: r.color,
      serviceId: r.serviceId,
      serviceName: r.serviceName,
      servicePriceCents: r.servicePriceCents,
      durationMinutes: r.durationMinutes,
      addOns: r.addOns,
    });
    byBooking.set(r.bookingId, list);
  }
  return byBooking;
}

/** An invoice line as quotes and invoices store it (quantity 1: its total is its price). */
type VehicleInvoiceLine = {
  serviceId: string | null;
  serviceName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
};

/**
 * The invoice of a several-vehicle booking (decision 1327): a line per vehicle (its service, named with the vehicle
 * and its type, at §9's price for it) and a line per add-on; what the booking was charged differs from their sum by a
 * promo code, a reward or the owner's price, shown as one last line so the total is the booking's to the cent.
 */
export function vehicleInvoiceLines(
  vehicles: readonly BookingVehicleView[],
  chargedCents: number,
): VehicleInvoiceLine[] {
  const line = (serviceId: string | null, serviceName: string, cents: number) => ({
    serviceId,
    serviceName,
    quantity: 1,
    unitPriceCents: cents,
    totalCents: cents,
  });
  const lines: VehicleInvoiceLine[] = [];
  vehicles.forEach((v, i) => {
    lines.push(
      line(v.serviceId, `Vehicle ${i + 1}: ${v.serviceName} — ${bookingVehicleName(v)}`, v.servicePriceCents),
    );
    for (const a of v.addOns) lines.push(line(null, `Vehicle ${i + 1}: ${a.name} (add-on)`, a.priceCents));
  });
  const difference = chargedCents - lines.reduce((sum, l) => sum + l.totalCents, 0);
  if (difference !== 0)
    lines.push(line(null, difference < 0 ? 'Discounts and price changes' : 'Price adjustment', difference));
  return lines;
}

/**
 * The owner's slot list (decision 1328): the minutes the server will book. New booking: the service, its add-ons and
 * each further vehicle (a service not offered counts nothing, as on /book). Edit: the chosen service (with the first
 * vehicle's add-ons while it is the same) and the other vehicles: those the dialog sends (`editedVehicles`, decision
 * 1343), else as booked.
 */
export async function ownerSlotMinutes(
  db: DbOrTx,
  businessId: string,
  q: {
    service: { id: string; durationMinutes: number };
    addOnIds: readonly string[];
    vehicles: readonly { serviceId: string; addOnIds: readonly string[] }[];
    editedBookingId?: string;
    editedVehicles?: boolean;
  },
) {
  let minutes =
    q.service.durationMinutes + (await addOnMinutes(db, businessId, q.service.id, [...q.addOnIds]));
  for (const v of q.vehicles) {
    const other = await findActiveService(db, businessId, v.serviceId);
    if (other)
      minutes += other.durationMinutes + (await addOnMinutes(db, businessId, other.id, [...v.addOnIds]));
  }
  if (!q.editedBookingId) return minutes;
  const rows = (await vehiclesOfBookings(db, businessId, [q.editedBookingId])).get(q.editedBookingId) ?? [];
  if (rows.length < 2) {
    if (!q.editedVehicles || q.vehicles.length === 0) return minutes;
    // A one-vehicle booking given more vehicles: its own add-ons stay with its service.
    const [booking] = await db
      .select({ serviceId: bookings.serviceId })
      .from(bookings)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.id, q.editedBookingId)));
    if (booking?.serviceId !== q.service.id || q.addOnIds.length > 0) return minutes;
    const own = await bookingAddOnsOf(db, businessId, q.editedBookingId);
    return minutes + own.reduce((sum, a) => sum + a.extraMinutes, 0);
  }
  const [first, ...others] = rows;
  if (first!.serviceId === q.service.id && q.addOnIds.length === 0)
    minutes += first!.addOns.reduce((sum, a) => sum + a.extraMinutes, 0);
  if (q.editedVehicles) return minutes;
  return minutes + others.reduce((sum, r) => sum + r.durationMinutes, 0);
}

/** A further vehicle as the owner's Edit leaves it: as booked (its stored row) or priced anew. */
export type EditedVehicle = Omit<BookingVehicleView, 'position'> & { customerVehicleId?: string | null };

const sameVehicle = (stored: BookingVehicleView, wanted: ExtraVehicle) =>
  stored.serviceId === wanted.serviceId &&
  stored.vehicleType === wanted.vehicleType &&
  (stored.make ?? null) === (wanted.vehicleMake ?? null) &&
  (stored.model ?? null) === (wanted.vehicleModel ?? null) &&
  (stored.color ?? null) === (wanted.vehicleColor ?? null) &&
  [...stored.addOns.map((a) => a.id)].sort().join() === [...wanted.addOnIds].sort().join();

type ExtraVehicle = BookingForm['extraVehicles'][number];

/**
 * The owner's Edit of the vehicles after the first (decision 1343): a vehicle sent as it is booked keeps its row (the
 * prices it was booked at); a changed or new one is priced from the database as New booking prices it, except that a
 * vehicle whose service and type stay keeps its booked service and add-on prices. `changed` is
 * false when the list is the booking's own, so a replayed edit writes nothing.
 */
export async function editedExtraVehicles(
  tx: Transaction,
  businessId: string,
  customerId: string | null,
  savedVehicleId: (v: PricedVehicle) => Promise<string>,
  stored: readonly BookingVehicleView[],
  wanted: readonly ExtraVehicle[],
): Promise<{ changed: boolean; vehicles: (EditedVehicle & { kept: boolean })[] }> {
  const vehicles: (EditedVehicle & { kept: boolean })[] = [];
  let changed = stored.length !== wanted.length;
  for (const [i, w] of wanted.entries()) {
    const s = stored[i];
    if (s && sameVehicle(s, w)) {
      vehicles.push({ ...s, kept: true });
      continue;
    }
    changed = true;
    const [priced] = await priceExtraVehicles(tx, { businessId, extraVehicles: [w] });
    const p = priced!;
    // The same service for the same type keeps what it was booked at (its price and its add-ons'); only a new
    // service, type or add-on is priced at today's list price.
    const samePriced = s && s.serviceId === p.serviceId && s.vehicleType === p.vehicleType ? s : null;
    const addOns = p.addOns.map((a) => samePriced?.addOns.find((b) => b.id === a.id) ?? a);
    const addOnMinutesDelta =
      addOns.reduce((sum, a) => sum + a.extraMinutes, 0) -
      p.addOns.reduce((sum, a) => sum + a.extraMinutes, 0);
    vehicles.push({
      kept: false,
      customerVehicleId: customerId ? await savedVehicleId(p) : null,
      vehicleType: p.vehicleType,
      make: p.make,
      model: p.model,
      year: null,
      color: p.color,
      serviceId: p.serviceId,
      serviceName: p.serviceName,
      servicePriceCents: samePriced ? samePriced.servicePriceCents : p.servicePriceCents,
      durationMinutes: p.durationMinutes + addOnMinutesDelta,
      addOns,
    });
  }
  return { changed, vehicles };
}

/**
 * Writes an edited booking's vehicles (decision 1343) in the edit's transaction: the first at position 0, the others
 * after it (a kept row is left as it is), rows past the last deleted. One vehicle left: no rows at all, the booking
 * is a one-vehicle booking again (its own service, vehicle and add-ons).
 */
export async function rewriteBookingVehicles(
  tx: Transaction,
  businessId: string,
  bookingId: string,
  first: EditedVehicle,
  others: readonly (EditedVehicle & { kept: boolean })[],
) {
  const own = and(eq(bookingVehicles.businessId, businessId), eq(bookingVehicles.bookingId, bookingId));
  if (others.length === 0) {
    await tx.delete(bookingVehicles).where(own);
    return;
  }
  await tx.delete(bookingVehicles).where(and(own, gt(bookingVehicles.position, others.length)));
  const rows = [
    { ...first, position: 0 },
    ...others.flatMap(({ kept, ...v }, i) => (kept ? [] : [{ ...v, position: i + 1 }])),
  ];
  for (const row of rows) {
    await tx
      .insert(bookingVehicles)
      .values({ ...row, businessId, bookingId })
      .onConflictDoUpdate({
        target: [bookingVehicles.bookingId, bookingVehicles.position],
        set: {
          customerVehicleId: row.customerVehicleId ?? null,
          vehicleType: row.vehicleType,
          make: row.make ?? null,
          model: row.model ?? null,
          year: row.year ?? null,
          color: row.color ?? null,
          serviceId: row.serviceId ?? null,
          serviceName: row.serviceName,
          servicePriceCents: row.servicePriceCents,
          durationMinutes: row.durationMinutes,
          addOns: row.addOns,
        },
      });
  }
}
