import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../../../shared/booking.schemas';
import { bookingVehicleName } from '../../../shared/booking-vehicles';
import type { VehicleType } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import {
  EDITABLE_STATUSES,
  OWNER_BOOKING_TEXT,
  type OwnerBookingEdit,
  type OwnerBookingInput,
  ownerBookingEditSchema,
  ownerBookingInputSchema,
  vehicleTypeMismatch,
} from '../../../shared/owner-bookings';
import { planIncludes, upgradeMessage } from '../../../shared/plan-features';
import { servicePriceCents, VEHICLE_TYPE_LABELS } from '../../../shared/pricing';
import { addOnsTotal } from '../../../shared/service-add-ons';
import { formatDateTimeInZone, formatDuration, utcToZoned } from '../../../shared/time';
import type { DbOrTx, Transaction } from '../../db/client';
import { bookings, customers, customerVehicles, serviceAddOns, services } from '../../db/schema';
import { renderEmailRow } from '../../emails';
import { bookingConfirmedSms } from '../../emails/sms';
import type { AppDeps } from '../../http/context';
import { AppError, conflict, invalid, notFound, paymentRequired } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { pointColumns } from '../../providers/geo/zip-centroid';
import { loadPlan } from '../billing/plan-state';
import { customerFacingName } from '../branding/branding.service';
import { manageUrl, newManageToken } from '../campaigns/automations/customer-links';
import {
  deliverQueued,
  queueTransactionalEmail,
  queueTransactionalSms,
} from '../campaigns/automations/message-queue';
import { dropPendingReminders } from '../campaigns/automations/reminders';
import { locationScope } from '../locations/locations.service';
import { v1Booking } from '../public-api/v1-schemas';
import {
  bookingAddOnsOf,
  priceAddOns,
  recordBookingAddOns,
} from '../service-add-ons/service-add-ons.service';
import { recordWebhookEvent } from '../webhooks/webhooks.service';
import { findActiveService, findPublicBusiness } from './book/booking-options.service';
import { upsertVehicle } from './book/checkout.service';
import { type HistoryEntry, historyOf, recordHistory } from './booking-history.service';
import { businessTimeZone, getBooking } from './bookings.service';
import {
  assertSlotBookable,
  assignChosenTechnician,
  lockBusinessSlots,
  slotHasRoom,
} from './scheduling/scheduling.service';
import {
  editedExtraVehicles,
  priceExtraVehicles,
  recordBookingVehicles,
  rewriteBookingVehicles,
  vehiclesOfBookings,
} from './vehicles/booking-vehicles.service';

// The owner's New booking and Edit (docs/decisions/1102): same slot rules as /book, every change in the history.

type Deps = Pick<
  AppDeps,
  'db' | 'mailer' | 'publicUrl' | 'linkSecret' | 'sms' | 'messageRetryDelaysMs' | 'geo'
>;
const NOT_FOUND = 'Booking not found';

async function ownCustomer(tx: Transaction, businessId: string, id: string) {
  assertUuid(id, OWNER_BOOKING_TEXT.customerNotFound);
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId)));
  if (!row) throw notFound(OWNER_BOOKING_TEXT.customerNotFound);
  return row.id;
}

/** An existing customer with the same email is reused (emails are unique per business). */
async function customerFor(
  tx: Transaction,
  businessId: string,
  input: {
    customerId?: string | null;
    customer?: { firstName: string; lastName: string; email: string; phone: string | null } | null;
  },
) {
  if (input.customerId) return ownCustomer(tx, businessId, input.customerId);
  const c = input.customer!;
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = ${c.email}`));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(customers)
    .values({ businessId, ...c })
    .returning({ id: customers.id });
  return created!.id;
}

/**
 * The booking's vehicle and the type it is priced by. A saved vehicle keeps its type: a booking never rewrites it
 * (nor, through it, the customer's earlier bookings); a type that differs is refused, not written (issue 25).
 */
async function vehicleFor(
  tx: Transaction,
  businessId: string,
  customerId: string,
  input: {
    vehicleId?: string | null;
    vehicle?: { make: string; model: string; year?: number | null; color: string | null } | null;
    vehicleType?: VehicleType | null;
  },
): Promise<{ id: string; vehicleType: VehicleType } | null> {
  if (input.vehicleId) {
    assertUuid(input.vehicleId, OWNER_BOOKING_TEXT.vehicleNotFound);
    const [row] = await tx
      .select({ id: customerVehicles.id, vehicleType: customerVehicles.vehicleType })
      .from(customerVehicles)
      .where(
        and(
          eq(customerVehicles.id, input.vehicleId),
          eq(customerVehicles.businessId, businessId),
          eq(customerVehicles.customerId, customerId),
        ),
      );
    if (!row) throw notFound(OWNER_BOOKING_TEXT.vehicleNotFound);
    if (input.vehicleType && input.vehicleType !== row.vehicleType)
      throw invalid(vehicleTypeMismatch(VEHICLE_TYPE_LABELS[row.vehicleType]));
    return row;
  }
  if (!input.vehicle) return null;
  if (!input.vehicleType) throw invalid(BOOKING_MESSAGES.vehicleType);
  const [created] = await tx
    .insert(customerVehicles)
    .values({
      businessId,
      customerId,
      ...input.vehicle,
      year: input.vehicle.year ?? null,
      vehicleType: input.vehicleType,
    })
    .returning({ id: customerVehicles.id, vehicleType: customerVehicles.vehicleType });
  return created!;
}

async function serviceFor(deps: Deps, businessId: string, serviceId: string) {
  const service = await findActiveService(deps.db, businessId, serviceId);
  if (service) return service;
  // Another business's service is unknown here (404); an own service switched off is no longer offered (400).
  await assertOwnedIds(deps.db, services, businessId, [serviceId], 'Service not found');
  throw invalid(OWNER_BOOKING_TEXT.serviceNotFound);
}

/** A price other than the service's list price for the vehicle type needs a reason, kept in the history. */
function priceEntry(
  from: number,
  to: number,
  reason: string | null | undefined,
  listPrice: number,
): HistoryEntry | null {
  if (from === to) return null;
  if (to !== listPrice && !reason) throw invalid(OWNER_BOOKING_TEXT.priceReason);
  return {
    field: 'price',
    summary: `Price ${formatCents(from)} → ${formatCents(to)}`,
    reason: reason ?? null,
  };
}

/** "Any time today" is part of route optimisation (decisions 1334, 1350): Pro and Elite, as on the Routes screen. */
async function assertAnyTimeAllowed(db: DbOrTx, businessId: string, anyTime: boolean | undefined) {
  if (!anyTime) return;
  const plan = await loadPlan(db, businessId);
  if (!planIncludes(plan.plan, 'route_optimizer')) throw paymentRequired(upgradeMessage('route_optimizer'));
}

/** New booking by the owner: status confirmed; paid offline now, or collected later (an invoice). */
export async function createOwnerBooking(deps: Deps, businessId: string, body: OwnerBookingInput) {
  const input = ownerBookingInputSchema.parse(body);
  await assertAnyTimeAllowed(deps.db, businessId, input.arrivalAnyTime);
  if (!input.vehicleId && !input.vehicle) throw invalid('Please choose a vehicle or enter a new one');
  const service = await serviceFor(deps, businessId, input.serviceId);
  // Another business's location is 404 (decision 1280).
  const location = input.locationId
    ? await locationScope(deps.db, businessId, { ref: input.locationId })
    : undefined;
  const { id, messageIds } = await deps.db.transaction(async (tx) => {
    await lockBusinessSlots(tx, businessId);
    const customerId = await customerFor(tx, businessId, input);
    const vehicle = await vehicleFor(tx, businessId, customerId, input);
    // Priced by the type of the vehicle booked: a saved truck is a truck (§9 multipliers). The add-ons are priced
    // from the database (decision 1255): their prices join the list price, their minutes the slot.
    await assertOwnedIds(tx, serviceAddOns, businessId, input.addOnIds, 'Add-on not found');
    const addOns = await priceAddOns(tx, businessId, service.id, vehicle!.vehicleType, input.addOnIds);
    const extra = addOnsTotal(addOns);
    // The household's other vehicles (decision 1325): another business's service is 404, as the first one's is.
    await assertOwnedIds(
      tx,
      services,
      businessId,
      input.extraVehicles.map((x) => x.serviceId),
      'Service not found',
    );
    const others = await priceExtraVehicles(tx, { businessId, extraVehicles: input.extraVehicles });
    const firstCents = servicePriceCents(service, vehicle!.vehicleType);
    const listPrice =
      firstCents +
      extra.priceCents +
      others.reduce((sum, o) => sum + o.servicePriceCents + addOnsTotal(o.addOns).priceCents, 0);
    const priceCents = input.priceCents ?? listPrice;
    const durationMinutes =
      service.durationMinutes + extra.extraMinutes + others.reduce((sum, o) => sum + o.durationMinutes, 0);
    if (durationMinutes > 1440)
      throw invalid('These vehicles take more than a day; please book them separately');
    const { startsAt, timeZone, technicianId } = await assertSlotBookable(tx, businessId, {
      date: input.date,
      time: input.time,
      durationMinutes,
      byOwner: true,
      place: { address: input.locationAddress },
      geo: deps.geo,
      location,
    });
    const price = priceEntry(listPrice, priceCents, input.priceReason, listPrice);
    const [row] = await tx
      .insert(bookings)
      .values({
        businessId,
        serviceId: service.id,
        customerId,
        customerVehicleId: vehicle!.id,
        serviceName: service.name,
        serviceDescription: service.description,
        durationMinutes,
        scheduledAt: startsAt,
        locationAddress: input.locationAddress,
        zipCode: input.locationAddress.match(/\b\d{5}\b/)?.[0] ?? null,
        ...pointColumns(input.locationAddress),
        quotedPriceCents: priceCents,
        status: 'confirmed',
        specialInstructions: input.notes,
        paidOfflineAt: input.paidOffline ? new Date() : null,
        locationId: location?.id,
        arrivalAnyTime: input.arrivalAnyTime,
      })
      .returning({ id: bookings.id });
    const entries: HistoryEntry[] = [
      { field: 'created', summary: `Booked by the business for ${formatDateTimeInZone(startsAt, timeZone)}` },
    ];
    if (price) entries.push(price);
    await recordBookingAddOns(tx, businessId, row!.id, addOns);
    if (others.length > 0) {
      const [saved] = await tx.select().from(customerVehicles).where(eq(customerVehicles.id, vehicle!.id));
      await recordBookingVehicles(tx, businessId, row!.id, {
        first: {
          customerVehicleId: vehicle!.id,
          vehicleType: vehicle!.vehicleType,
          make: saved?.make || null,
          model: saved?.model || null,
          year: saved?.year ?? null,
          color: saved?.color ?? null,
          serviceId: service.id,
          serviceName: service.name,
          servicePriceCents: firstCents,
          durationMinutes: service.durationMinutes + extra.extraMinutes,
          addOns,
        },
        extra: await Promise.all(
          others.map(async (o) => ({
            ...o,
            year: null,
            customerVehicleId: await upsertVehicle(
              tx,
              {
                businessId,
                vehicleType: o.vehicleType,
                vehicleMake: o.make,
                vehicleModel: o.model,
                vehicleYear: null,
                vehicleColor: o.color,
              },
              customerId,
            ),
          })),
        ),
      });
    }
    await assignChosenTechnician(tx, businessId, row!.id, technicianId);
    if (input.paidOffline)
      entries.push({ field: 'payment', summary: `Marked paid offline (${formatCents(priceCents)})` });
    await recordHistory(tx, businessId, row!.id, entries);
    // With the booking, in its transaction (decision 1202).
    await recordWebhookEvent(
      tx,
      businessId,
      'booking.created',
      v1Booking.parse(await getBooking(tx, businessId, row!.id)),
    );
    // The confirmation commits with the booking (decision 1331).
    return { id: row!.id, messageIds: await queueOwnerBookingConfirmation(deps, tx, businessId, row!.id) };
  });
  await deliverQueued(deps, messageIds);
  return getBookingWithHistory(deps, businessId, id);
}

export async function getBookingWithHistory(deps: Pick<Deps, 'db'>, businessId: string, id: string) {
  const booking = await getBooking(deps.db, businessId, id);
  // Each vehicle with its service and add-ons (decision 1325); none recorded: the booking's own.
  const vehicles = (await vehiclesOfBookings(deps.db, businessId, [id])).get(id) ?? [];
  // The booking's own add-ons: Edit's price of its first vehicle keeps them when vehicles are added.
  const addOns = await bookingAddOnsOf(deps.db, businessId, id);
  return { ...booking, vehicles, addOns, history: await historyOf(deps.db, businessId, id) };
}

/** The vehicles after the first: what they add to the booking's price and length. */
const othersTotal = (
  rows: readonly {
    servicePriceCents: number;
    durationMinutes: number;
    addOns: { priceCents: number; extraMinutes: number }[];
  }[],
) => ({
  cents: rows.reduce((sum, r) => sum + r.servicePriceCents + addOnsTotal(r.addOns).priceCents, 0),
  minutes: rows.reduce((sum, r) => sum + r.durationMinutes, 0),
});

const vehicleLabel = (
  v: { make: string; model: string; year: number | null; color: string | null },
  t: VehicleType,
) => `${[v.color, v.year, v.make, v.model].filter(Boolean).join(' ')} (${VEHICLE_TYPE_LABELS[t]})`;

/** Edit: time (slot rules and conflicts as on /book), service, vehicle, address, price (with a reason), notes. */
export async function editOwnerBooking(deps: Deps, businessId: string, id: string, body: OwnerBookingEdit) {
  assertUuid(id, NOT_FOUND);
  const input = ownerBookingEditSchema.parse(body);
  const newService = input.serviceId ? await serviceFor(deps, businessId, input.serviceId) : null;
  const timeZone = await businessTimeZone(deps.db, businessId);

  const messageIds = await deps.db.transaction(async (tx) => {
    await lockBusinessSlots(tx, businessId);
    const [current] = await tx
      .select({
        status: bookings.status,
        scheduledAt: bookings.scheduledAt,
        durationMinutes: bookings.durationMinutes,
        serviceId: bookings.serviceId,
        serviceName: bookings.serviceName,
        customerId: bookings.customerId,
        customerVehicleId: bookings.customerVehicleId,
        locationAddress: bookings.locationAddress,
        notes: bookings.specialInstructions,
        priceCents: bookings.quotedPriceCents,
        arrivalAnyTime: bookings.arrivalAnyTime,
      })
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)))
      .for('update');
    if (!current) throw notFound(NOT_FOUND);
    if (!(EDITABLE_STATUSES as readonly string[]).includes(current.status))
      throw conflict(OWNER_BOOKING_TEXT.notEditable);
    const [vehicle] = current.customerVehicleId
      ? await tx.select().from(customerVehicles).where(eq(customerVehicles.id, current.customerVehicleId))
      : [];

    const changes: Partial<typeof bookings.$inferInsert> = {};
    const entries: HistoryEntry[] = [];

    const serviceChanged = newService !== null && newService.id !== current.serviceId;
    if (serviceChanged) {
      Object.assign(changes, {
        serviceId: newService.id,
        serviceName: newService.name,
        serviceDescription: newService.description,
        durationMinutes: newService.durationMinutes,
      });
      entries.push({ field: 'service', summary: `Service ${current.serviceName} → ${newService.name}` });
    }
    // Several vehicles (decisions 1328, 1343): the service and vehicle fields are the first's (the booking's own);
    // the others stay as booked unless the edit sends them, a changed or new one priced as New booking prices it.
    // The booking's length and list price are the vehicles' sums.
    const rows = (await vehiclesOfBookings(tx, businessId, [id])).get(id) ?? [];
    const firstBooked = rows.length > 1 ? rows[0]! : null;
    if (input.extraVehicles?.length)
      await assertOwnedIds(
        tx,
        services,
        businessId,
        input.extraVehicles.map((x) => x.serviceId),
        'Service not found',
      );
    const edited =
      input.extraVehicles === undefined
        ? null
        : await editedExtraVehicles(
            tx,
            businessId,
            current.customerId,
            (o) =>
              upsertVehicle(
                tx,
                {
                  businessId,
                  vehicleType: o.vehicleType,
                  vehicleMake: o.make,
                  vehicleModel: o.model,
                  vehicleYear: null,
                  vehicleColor: o.color,
                },
                current.customerId!,
              ),
            rows.slice(1),
            input.extraVehicles,
          );
    const othersChanged = edited?.changed ?? false;
    const otherRows = edited ? edited.vehicles : rows.slice(1).map((r) => ({ ...r, kept: true }));
    const others = othersTotal(otherRows);
    const several = otherRows.length > 0;
    const firstMinutes = serviceChanged
      ? newService.durationMinutes
      : (firstBooked?.durationMinutes ?? current.durationMinutes);
    const duration = firstMinutes + others.minutes;
    // Set whenever the service changed: the assignment above holds the new service's minutes alone.
    if (serviceChanged || duration !== current.durationMinutes) changes.durationMinutes = duration;
    if (duration > 1440) throw invalid('These vehicles take more than a day; please book them separately');
    if (othersChanged)
      entries.push({
        field: 'vehicle',
        summary:
          otherRows.length === 0
            ? 'Other vehicles removed: one vehicle'
            : `Other vehicles: ${otherRows
                .map((o, i) => `Vehicle ${i + 2} ${o.serviceName} — ${bookingVehicleName(o)}`)
                .join('; ')}`,
      });

    let vehicleType = input.vehicleType ?? vehicle?.vehicleType ?? 'sedan';
    let typeChanged = false;
    if (input.vehicleId || input.vehicle) {
      if (!current.customerId) throw invalid(OWNER_BOOKING_TEXT.customerNotFound);
      const chosen = await vehicleFor(tx, businessId, current.customerId, {
        ...input,
        vehicleType: input.vehicleId ? input.vehicleType : vehicleType,
      });
      vehicleType = chosen!.vehicleType;
      if (chosen!.id !== current.customerVehicleId) {
        changes.customerVehicleId = chosen!.id;
        const [next] = await tx.select().from(customerVehicles).where(eq(customerVehicles.id, chosen!.id));
        entries.push({
          field: 'vehicle',
          summary: `Vehicle ${vehicle ? vehicleLabel(vehicle, vehicle.vehicleType) : 'not recorded'} → ${vehicleLabel(next!, vehicleType)}`,
        });
      }
      typeChanged = vehicle?.vehicleType !== vehicleType;
    } else if (input.vehicleType && vehicle && input.vehicleType !== vehicle.vehicleType) {
      // The owner's explicit correction of this booking's vehicle in Edit (recorded in the history), not a side effect.
      await tx.update(customerVehicles).set({ vehicleType }).where(eq(customerVehicles.id, vehicle.id));
      entries.push({
        field: 'vehicle',
        summary: `Vehicle type ${VEHICLE_TYPE_LABELS[vehicle.vehicleType]} → ${VEHICLE_TYPE_LABELS[vehicleType]}`,
      });
      typeChanged = true;
    }

    let moved: Date | null = null;
    const longer = duration > current.durationMinutes;
    const noRoom = () => conflict(OWNER_BOOKING_TEXT.longerNoRoom(formatDuration(duration)));
    if (input.date && input.time) {
      const at = utcToZoned(current.scheduledAt, timeZone);
      const sameTime = at.date === input.date && at.time === input.time;
      const { startsAt } = await assertSlotBookable(tx, businessId, {
        date: input.date,
        time: input.time,
        durationMinutes: duration,
        excludeBookingId: id,
        byOwner: true,
      }).catch((err: unknown) => {
        // A longer booking that no longer fits at its own time says why (decision 1343).
        throw longer && sameTime && err instanceof AppError && err.status === 409 ? noRoom() : err;
      });
      if (startsAt.getTime() !== current.scheduledAt.getTime()) {
        changes.scheduledAt = moved = startsAt;
        entries.push({
          field: 'time',
          summary: `Time ${formatDateTimeInZone(current.scheduledAt, timeZone)} → ${formatDateTimeInZone(startsAt, timeZone)}`,
        });
      }
    } else if (longer) {
      // A longer service at the same time must still find a free crew.
      if (!(await slotHasRoom(tx, businessId, current.scheduledAt, duration, id))) throw noRoom();
    }

    if (input.locationAddress !== undefined && input.locationAddress !== current.locationAddress) {
      changes.locationAddress = input.locationAddress;
      changes.zipCode = input.locationAddress.match(/\b\d{5}\b/)?.[0] ?? null;
      // A new address drops a point refined at check-in (decision 1247).
      Object.assign(changes, pointColumns(input.locationAddress), {
        coordinatesSource: null,
        coordinatesAccuracyM: null,
      });
      entries.push({
        field: 'address',
        summary: `Address ${current.locationAddress} → ${input.locationAddress}`,
      });
    }
    if (input.notes !== undefined && input.notes !== current.notes) {
      changes.specialInstructions = input.notes;
      entries.push({ field: 'notes', summary: input.notes ? `Notes: ${input.notes}` : 'Notes removed' });
    }
    if (input.arrivalAnyTime !== undefined && input.arrivalAnyTime !== current.arrivalAnyTime) {
      // Turning it on is the paid plan's; one set before a downgrade may still be turned off.
      await assertAnyTimeAllowed(tx, businessId, input.arrivalAnyTime);
      changes.arrivalAnyTime = input.arrivalAnyTime;
      entries.push({
        field: 'time',
        summary: input.arrivalAnyTime ? 'Arrival: any time that day' : 'Arrival: at the booked time',
      });
    }

    const pricedService =
      newService ?? (current.serviceId ? await findActiveService(tx, businessId, current.serviceId) : null);
    const serviceCents = pricedService ? servicePriceCents(pricedService, vehicleType) : null;
    // The first vehicle's add-ons stay with its service (another service drops them, as for one vehicle).
    const firstAddOns = serviceChanged
      ? []
      : firstBooked
        ? firstBooked.addOns
        : several
          ? await bookingAddOnsOf(tx, businessId, id)
          : [];
    // The first vehicle keeps the price it was booked at while its service and type stay (a one-vehicle booking's is
    // what it was quoted less its add-ons, as decision 1325's back-fill reads it); only a new one is priced today.
    const firstCents =
      serviceCents === null || serviceChanged || typeChanged
        ? serviceCents
        : firstBooked
          ? firstBooked.servicePriceCents
          : several
            ? Math.max(0, current.priceCents - addOnsTotal(firstAddOns).priceCents)
            : serviceCents;
    const listPrice =
      firstCents === null
        ? null
        : several || firstBooked
          ? firstCents + addOnsTotal(firstAddOns).priceCents + others.cents
          : firstCents;
    const target =
      input.priceCents ??
      ((serviceChanged || typeChanged || othersChanged) && listPrice !== null
        ? listPrice
        : current.priceCents);
    if (target !== current.priceCents) {
      if (input.priceCents !== undefined && target !== listPrice && !input.priceReason)
        throw invalid(OWNER_BOOKING_TEXT.priceReason);
      changes.quotedPriceCents = target;
      entries.push({
        field: 'price',
        summary: `Price ${formatCents(current.priceCents)} → ${formatCents(target)}`,
        reason:
          input.priceReason ??
          (input.priceCents === undefined ? 'List price for the new service or vehicles' : null),
      });
    }

    if (entries.length === 0) return [];
    await tx.update(bookings).set(changes).where(eq(bookings.id, id));
    if (
      several &&
      (serviceChanged || typeChanged || changes.customerVehicleId || othersChanged || !firstBooked)
    ) {
      const [saved] = await tx
        .select()
        .from(customerVehicles)
        .where(eq(customerVehicles.id, changes.customerVehicleId ?? current.customerVehicleId ?? ''));
      await rewriteBookingVehicles(
        tx,
        businessId,
        id,
        {
          customerVehicleId: saved?.id ?? null,
          vehicleType,
          make: saved?.make || null,
          model: saved?.model || null,
          year: saved?.year ?? null,
          color: saved?.color ?? null,
          serviceId: pricedService?.id ?? current.serviceId,
          serviceName: serviceChanged ? newService.name : (firstBooked?.serviceName ?? current.serviceName),
          servicePriceCents: firstCents ?? firstBooked?.servicePriceCents ?? 0,
          durationMinutes: firstMinutes,
          addOns: firstAddOns,
        },
        otherRows,
      );
    } else if (!several && firstBooked && othersChanged) {
      await rewriteBookingVehicles(tx, businessId, id, firstBooked, []);
    }
    await recordHistory(tx, businessId, id, entries);
    // Reminders for the old time that have not gone out are dropped; the new time gets its own (decision 611).
    if (moved) await dropPendingReminders(tx, id);
    if (moved)
      await recordWebhookEvent(
        tx,
        businessId,
        'booking.rescheduled',
        v1Booking.parse(await getBooking(tx, businessId, id)),
      );
    // The customer's notice of the new time commits with it (decision 1331).
    return moved && current.customerId ? await queueTimeChangeEmail(deps, tx, businessId, id, timeZone) : [];
  });

  await deliverQueued(deps, messageIds);
  return getBookingWithHistory(deps, businessId, id);
}

/** The customer hears of a new time at once (the old time may be in their calendar); returns the rows to deliver. */
async function queueTimeChangeEmail(
  deps: Deps,
  tx: DbOrTx,
  businessId: string,
  id: string,
  timeZone: string,
) {
  const booking = await getBooking(tx, businessId, id);
  if (!booking.customer) return [];
  const business = await findPublicBusiness(tx, businessId);
  const contact = [business?.phone, business?.businessEmail].filter(Boolean).join(' or ');
  const link = manageUrl(deps.publicUrl, await newManageToken(tx, businessId, id));
  // A transactional message row (decision 610) with the self-service link (decision 612).
  return queueTransactionalEmail(tx, deps.publicUrl, {
    businessId,
    bookingId: id,
    customerId: booking.customer.id,
    kind: 'time_change',
    dedupeKey: `time_change:${id}:${booking.scheduledAt}:${Date.now()}`,
    to: booking.customer.email.toLowerCase(),
    ...(await renderEmailRow(
      'booking-time-changed',
      {
        firstName: booking.customer.firstName,
        businessName: business?.name ?? 'Your detailer',
        serviceName: booking.service.name,
        when: { at: booking.scheduledAt, timeZone },
        address: booking.locationAddress,
        manageLink: link,
        contact: contact || null,
      },
      { db: tx, businessId, publicUrl: deps.publicUrl },
    )),
  });
}

/**
 * A booking the owner entered (phone-in) is confirmed to the customer with the self-service link (decision 612), by
 * email and SMS rows written in the booking's transaction (decision 1331); returns the rows to deliver after it.
 */
export async function queueOwnerBookingConfirmation(deps: Deps, tx: DbOrTx, businessId: string, id: string) {
  const booking = await getBooking(tx, businessId, id);
  if (!booking.customer) return [];
  const business = await findPublicBusiness(tx, businessId);
  const name = business?.name ?? 'Your detailer';
  const timeZone = await businessTimeZone(tx, businessId);
  const link = manageUrl(deps.publicUrl, await newManageToken(tx, businessId, id));
  const email = await queueTransactionalEmail(tx, deps.publicUrl, {
    businessId,
    bookingId: id,
    customerId: booking.customer.id,
    kind: 'confirmation',
    dedupeKey: `confirmation:${id}:email`,
    to: booking.customer.email.toLowerCase(),
    ...(await renderEmailRow(
      'booking-confirmed-by-owner',
      {
        firstName: booking.customer.firstName,
        businessName: name,
        serviceName: booking.service.name,
        when: { at: booking.scheduledAt, timeZone },
        address: booking.locationAddress,
        manageLink: link,
        phone: business?.phone ?? null,
      },
      { db: tx, businessId, publicUrl: deps.publicUrl },
    )),
  });
  const sms = await queueTransactionalSms(tx, deps.publicUrl, {
    businessId,
    bookingId: id,
    customerId: booking.customer.id,
    kind: 'confirmation',
    dedupeKey: `confirmation:${id}:sms`,
    phone: booking.customer.phone,
    body: bookingConfirmedSms({
      businessName: await customerFacingName(tx, businessId, name),
      serviceName: booking.service.name,
      when: { at: booking.scheduledAt, timeZone },
      link,
    }),
  });
  return [...email, ...sms];
}
