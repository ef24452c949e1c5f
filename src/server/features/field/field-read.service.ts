import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { bookingVehicleName } from '../../../shared/booking-vehicles';
import type { VehicleType } from '../../../shared/constants';
import type {
  BookingField,
  ChecklistState,
  FieldEvent,
  FieldJob,
  FieldMaterial,
  FieldNote,
  FieldPhoto,
  FieldSignature,
} from '../../../shared/field';
import { FIELD_TEXT, MAX_FIELD_RANGE_DAYS } from '../../../shared/field';
import { addDays, zonedTimeToUtc } from '../../../shared/time';
import { VEHICLE_TYPE_LABELS } from '../../../shared/vehicle-labels';
import type { Viewer } from '../../access/technician-access';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import {
  bookingAssignments,
  bookingChecklistItems,
  bookings,
  customers,
  customerVehicles,
  fieldEvents,
  fieldJobHolders,
  fieldMaterials,
  fieldNotes,
  fieldPhotos,
  fieldSignatures,
  inventoryItems,
  invoices,
  profiles,
  serviceChecklistItems,
} from '../../db/schema';
import { invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { wholeList } from '../../http/lists';
import { vehiclesOfBookings } from '../bookings/vehicles/booking-vehicles.service';
import { jobTimeOf } from '../timesheets/job-time.service';

// What the field app and the owner's booking panel read of a job (issue 26).

const nameOf = (u: { name: string | null } | null | undefined) => u?.name?.trim() || 'Someone';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export const photoUrl = (id: string) => `/api/field/photos/${id}`;
export const signatureUrl = (bookingId: string) => `/api/field/jobs/${bookingId}/signature`;

/** "1 Main St, Apt 2, Austin, TX 78701" → its parts, as far as the one-line address tells them. */
export function splitAddress(address: string, zip: string | null) {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const m = /^([A-Za-z]{2})\s*(\d{5})?$/.exec(last);
  const state = m ? m[1]!.toUpperCase() : '';
  const rest = m ? parts.slice(0, -1) : parts;
  const city = rest.length > 1 ? rest.at(-1)! : '';
  const lines = rest.length > 1 ? rest.slice(0, -1) : rest;
  return {
    line1: lines[0] ?? address,
    ...(lines.length > 1 ? { line2: lines.slice(1).join(', ') } : {}),
    city,
    state,
    zip: m?.[2] ?? zip ?? '',
  };
}

/** The field record of bookings (events, photos, checklist ticks, signature, materials, notes), by booking. */
export async function fieldRecords(db: DbOrTx, businessId: string, bookingIds: string[]) {
  const byBooking = new Map<
    string,
    Omit<BookingField, 'checklist' | 'jobTime'> & { ticks: ChecklistTick[] }
  >();
  for (const id of bookingIds)
    byBooking.set(id, { events: [], photos: [], signature: null, materials: [], notes: [], ticks: [] });
  if (!bookingIds.length) return byBooking;
  const [events, photos, signatures, materials, notes, ticks] = await Promise.all([
    db
      .select({ e: fieldEvents, by: user.name })
      .from(fieldEvents)
      .leftJoin(user, eq(user.id, fieldEvents.userId))
      .where(and(eq(fieldEvents.businessId, businessId), inArray(fieldEvents.bookingId, bookingIds)))
      .orderBy(asc(fieldEvents.deviceTime), asc(fieldEvents.recordedAt)),
    db
      .select()
      .from(fieldPhotos)
      .where(and(eq(fieldPhotos.businessId, businessId), inArray(fieldPhotos.bookingId, bookingIds)))
      .orderBy(asc(fieldPhotos.takenAt), asc(fieldPhotos.recordedAt)),
    db
      .select()
      .from(fieldSignatures)
      .where(and(eq(fieldSignatures.businessId, businessId), inArray(fieldSignatures.bookingId, bookingIds))),
    db
      .select({ m: fieldMaterials, name: inventoryItems.name })
      .from(fieldMaterials)
      .innerJoin(inventoryItems, eq(inventoryItems.id, fieldMaterials.inventoryItemId))
      .where(and(eq(fieldMaterials.businessId, businessId), inArray(fieldMaterials.bookingId, bookingIds)))
      .orderBy(asc(fieldMaterials.deviceTime)),
    db
      .select({ n: fieldNotes, by: user.name })
      .from(fieldNotes)
      .leftJoin(user, eq(user.id, fieldNotes.userId))
      .where(and(eq(fieldNotes.businessId, businessId), inArray(fieldNotes.bookingId, bookingIds)))
      .orderBy(asc(fieldNotes.deviceTime), asc(fieldNotes.recordedAt)),
    db
      .select()
      .from(bookingChecklistItems)
      .where(
        and(
          eq(bookingChecklistItems.businessId, businessId),
          inArray(bookingChecklistItems.bookingId, bookingIds),
        ),
      ),
  ]);
  for (const { e, by } of events) byBooking.get(e.bookingId)?.events.push(toEvent(e, by));
  for (const p of photos) byBooking.get(p.bookingId)?.photos.push(toPhoto(p));
  for (const s of signatures)
    byBooking.get(s.bookingId)!.signature = {
      url: signatureUrl(s.bookingId),
      signerName: s.signerName,
      signedAt: s.signedAt.toISOString(),
    } satisfies FieldSignature;
  for (const { m, name } of materials)
    byBooking.get(m.bookingId)?.materials.push({
      itemId: m.inventoryItemId,
      name,
      quantity: m.quantity,
      unit: 'each',
    } satisfies FieldMaterial);
  for (const { n, by } of notes)
    byBooking.get(n.bookingId)?.notes.push({
      id: n.id,
      text: n.body,
      at: n.deviceTime.toISOString(),
      by: { id: n.userId ?? '', name: nameOf({ name: by }) },
    } satisfies FieldNote);
  for (const t of ticks) byBooking.get(t.bookingId)?.ticks.push(t);
  return byBooking;
}

type ChecklistTick = typeof bookingChecklistItems.$inferSelect;

export function toEvent(e: typeof fieldEvents.$inferSelect, by: string | null): FieldEvent {
  return {
    id: e.id,
    kind: e.kind,
    at: e.deviceTime.toISOString(),
    recordedAt: e.recordedAt.toISOString(),
    by: { id: e.userId ?? '', name: nameOf({ name: by }) },
    ...(e.lat !== null ? { lat: e.lat } : {}),
    ...(e.lng !== null ? { lng: e.lng } : {}),
    ...(e.accuracyM !== null ? { accuracyM: e.accuracyM } : {}),
    ...(e.etaMinutes !== null ? { etaMinutes: e.etaMinutes } : {}),
  };
}

export function toPhoto(p: typeof fieldPhotos.$inferSelect): FieldPhoto {
  return {
    id: p.id,
    kind: p.kind,
    url: photoUrl(p.id),
    thumbUrl: `${photoUrl(p.id)}?size=thumb`,
    width: p.width,
    height: p.height,
    takenAt: p.takenAt.toISOString(),
  };
}

/**
 * The job's checklist items with their ticks, each item once per vehicle it is listed for (decision 1344); ticks of
 * items the owner has since removed stay, by their label and vehicle.
 */
export function checklistOf(
  definitions: Array<{ id: string; label: string; section?: string; vehiclePosition?: number }>,
  ticks: ChecklistTick[],
): ChecklistState[] {
  const keyOf = (position: number, itemId: string) => `${position}:${itemId}`;
  const tickOf = new Map(ticks.map((t) => [keyOf(t.vehiclePosition, t.itemId), t]));
  const listed = definitions.map((d) => {
    const vehiclePosition = d.vehiclePosition ?? 0;
    const t = tickOf.get(keyOf(vehiclePosition, d.id));
    return {
      id: d.id,
      label: d.label,
      done: t?.done ?? false,
      ...(t?.done ? { doneAt: iso(t.deviceTime) } : {}),
      ...(d.section ? { section: d.section } : {}),
      vehiclePosition,
    };
  });
  const known = new Set(definitions.map((d) => keyOf(d.vehiclePosition ?? 0, d.id)));
  const removed = ticks
    .filter((t) => !known.has(keyOf(t.vehiclePosition, t.itemId)))
    .map((t) => ({
      id: t.itemId,
      label: t.label,
      done: t.done,
      ...(t.done ? { doneAt: iso(t.deviceTime) } : {}),
      vehiclePosition: t.vehiclePosition,
    }));
  return [...listed, ...removed];
}

type JobVehicle = {
  serviceId: string | null;
  serviceName: string;
  make: string | null;
  model: string | null;
  year: number | null;
  vehicleType: VehicleType | null;
};

/** A vehicle as the job's checklist heads it: "2021 Honda CR-V", else its type. */
const vehicleHeading = (v: JobVehicle) =>
  [v.year, v.make, v.model].filter(Boolean).join(' ') ||
  (v.vehicleType ? VEHICLE_TYPE_LABELS[v.vehicleType] : 'Vehicle');

/**
 * The checklists a job shows (decision 1344, amending 1329): the booking's own service's for one vehicle; for several,
 * each vehicle's service's list under its own heading ("Vehicle 2 — 2021 Honda CR-V · Exterior Wash"), ticked for that
 * vehicle alone.
 */
export function checklistServices(
  serviceId: string | null,
  vehicles: readonly JobVehicle[] | undefined,
): { serviceId: string; vehiclePosition: number; section?: string }[] {
  if (!vehicles || vehicles.length < 2) return serviceId ? [{ serviceId, vehiclePosition: 0 }] : [];
  return vehicles.flatMap((v, i) =>
    v.serviceId
      ? [
          {
            serviceId: v.serviceId,
            vehiclePosition: i,
            section: `Vehicle ${i + 1} — ${vehicleHeading(v)} · ${v.serviceName}`,
          },
        ]
      : [],
  );
}

/** The job's checklist: each vehicle's service's items in order (with its heading), then ticks of items since removed. */
function jobChecklist(
  defs: Map<string, Array<{ id: string; label: string }>>,
  services: ReturnType<typeof checklistServices>,
  ticks: ChecklistTick[],
) {
  return checklistOf(
    services.flatMap((s) =>
      (defs.get(s.serviceId) ?? []).map((d) => ({
        ...d,
        vehiclePosition: s.vehiclePosition,
        ...(s.section ? { section: s.section } : {}),
      })),
    ),
    ticks,
  );
}

async function checklistDefinitions(db: DbOrTx, businessId: string, serviceIds: string[]) {
  const bySvc = new Map<string, Array<{ id: string; label: string }>>();
  if (!serviceIds.length) return bySvc;
  const rows = await db
    .select({
      id: serviceChecklistItems.id,
      label: serviceChecklistItems.label,
      serviceId: serviceChecklistItems.serviceId,
    })
    .from(serviceChecklistItems)
    .where(
      and(
        eq(serviceChecklistItems.businessId, businessId),
        inArray(serviceChecklistItems.serviceId, serviceIds),
      ),
    )
    .orderBy(asc(serviceChecklistItems.position));
  for (const r of rows) bySvc.set(r.serviceId, [...(bySvc.get(r.serviceId) ?? []), r]);
  return bySvc;
}

/** The owner's booking panel: GET /api/bookings/{id}/field. */
export async function bookingField(db: DbOrTx, businessId: string, bookingId: string): Promise<BookingField> {
  assertUuid(bookingId, 'Booking not found');
  const [b] = await db
    .select({ id: bookings.id, serviceId: bookings.serviceId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
  if (!b) throw notFound('Booking not found');
  const records = (await fieldRecords(db, businessId, [b.id])).get(b.id)!;
  const services = checklistServices(
    b.serviceId,
    (await vehiclesOfBookings(db, businessId, [b.id])).get(b.id),
  );
  const defs = await checklistDefinitions(
    db,
    businessId,
    services.map((s) => s.serviceId),
  );
  const { ticks, ...rest } = records;
  return {
    ...rest,
    checklist: jobChecklist(defs, services, ticks),
    jobTime: await jobTimeOf(db, businessId, b.id),
  };
}

/** The business's zone and the instants of [from 00:00, to + 1 day 00:00) in it. */
export async function rangeInZone(db: DbOrTx, businessId: string, from: string, to: string) {
  if (to < from) throw invalid(FIELD_TEXT.rangeOrder);
  if (addDays(from, MAX_FIELD_RANGE_DAYS) <= to) throw invalid(FIELD_TEXT.rangeTooLong);
  const [p] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const timeZone = p?.timeZone ?? 'America/Chicago';
  return {
    timeZone,
    start: zonedTimeToUtc(from, '00:00', timeZone),
    end: zonedTimeToUtc(addDays(to, 1), '00:00', timeZone),
  };
}

/** The field app's jobs: a technician's own assigned jobs (or one of them), the owner's every job, by start time. */
export async function fieldJobs(
  db: DbOrTx,
  viewer: Viewer,
  where: { from: string; to: string } | { id: string },
): Promise<FieldJob[]> {
  const { businessId } = viewer;
  let timeZone: string;
  let filter: ReturnType<typeof and>;
  if ('id' in where) {
    assertUuid(where.id, FIELD_TEXT.jobNotFound);
    const [p] = await db
      .select({ timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, businessId));
    timeZone = p?.timeZone ?? 'America/Chicago';
    filter = and(eq(bookings.businessId, businessId), eq(bookings.id, where.id));
  } else {
    const range = await rangeInZone(db, businessId, where.from, where.to);
    timeZone = range.timeZone;
    filter = and(
      eq(bookings.businessId, businessId),
      gte(bookings.scheduledAt, range.start),
      lt(bookings.scheduledAt, range.end),
    );
  }
  if (viewer.memberRole === 'technician')
    filter = and(filter, eq(bookingAssignments.technicianId, viewer.userId));
  const rows = await db
    .select({
      b: bookings,
      customer: customers,
      vehicle: customerVehicles,
      assigneeId: bookingAssignments.technicianId,
      assigneeName: user.name,
      invoice: { id: invoices.id, status: invoices.status },
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(customerVehicles, eq(customerVehicles.id, bookings.customerVehicleId))
    .leftJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
    .leftJoin(user, eq(user.id, bookingAssignments.technicianId))
    .leftJoin(invoices, eq(invoices.bookingId, bookings.id))
    .where(filter)
    // In the order of the day's route once a plan is applied (issue 27), else by the booked time.
    .orderBy(sql`coalesce(${bookings.plannedArrivalAt}, ${bookings.scheduledAt})`, asc(bookings.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.b.id);
  const customerIds = [...new Set(rows.flatMap((r) => (r.customer ? [r.customer.id] : [])))];
  const [records, visits, positions, vehicles] = await Promise.all([
    fieldRecords(db, businessId, ids),
    pastVisits(db, businessId, customerIds),
    checkInPositions(db, businessId, customerIds),
    vehiclesOfBookings(db, businessId, ids),
  ]);
  // Each job's checklists: its service's, or each of its vehicles' (decision 1344).
  const checklists = new Map(
    rows.map((r) => [r.b.id, checklistServices(r.b.serviceId, vehicles.get(r.b.id))]),
  );
  const serviceIds = [...new Set([...checklists.values()].flatMap((l) => l.map((s) => s.serviceId)))];
  const defs = await checklistDefinitions(db, businessId, serviceIds);
  return rows.map(({ b, customer, vehicle, assigneeId, assigneeName, invoice }) => {
    const { ticks, signature, ...field } = records.get(b.id)!;
    const past = customer ? visits.filter((v) => v.customerId === customer.id && v.at < b.scheduledAt) : [];
    const position = customer ? positions.get(`${customer.id}|${b.locationAddress}`) : undefined;
    return {
      id: b.id,
      status: b.status,
      startsAt: b.scheduledAt.toISOString(),
      endsAt: new Date(b.scheduledAt.getTime() + b.durationMinutes * 60_000).toISOString(),
      arrivalAt: (b.plannedArrivalAt ?? b.scheduledAt).toISOString(),
      timeZone,
      customer: {
        id: customer?.id ?? null,
        name: customer ? `${customer.firstName} ${customer.lastName}`.trim() : 'Customer',
        phone: customer?.phone ?? b.bookerPhone ?? null,
        email: customer?.email ?? null,
      },
      vehicle: {
        ...(vehicle?.year ? { year: vehicle.year } : {}),
        ...(vehicle?.make ? { make: vehicle.make } : {}),
        ...(vehicle?.model ? { model: vehicle.model } : {}),
        type: vehicle?.vehicleType ?? null,
        ...(vehicle?.color ? { color: vehicle.color } : {}),
      },
      address: { ...splitAddress(b.locationAddress, b.zipCode), ...(position ?? {}) },
      accessNotes: b.specialInstructions,
      services: [{ name: b.serviceName, durationMinutes: b.durationMinutes }],
      addOns: (vehicles.get(b.id)?.[0]?.addOns ?? []).map((a) => ({ name: a.name })),
      ...((vehicles.get(b.id)?.length ?? 0) > 1
        ? {
            vehicles: vehicles.get(b.id)!.map((v) => ({
              name: bookingVehicleName(v),
              service: v.serviceName,
              addOns: v.addOns.map((a) => a.name),
            })),
          }
        : {}),
      priceCents: b.finalPriceCents ?? b.quotedPriceCents,
      ...(invoice?.id ? { invoice: { id: invoice.id, status: invoice.status } } : {}),
      history: {
        visits: past.length,
        ...(past.length ? { lastVisitAt: past.at(-1)!.at.toISOString() } : {}),
        ...(customer?.notes ? { notes: customer.notes } : {}),
      },
      checklist: jobChecklist(defs, checklists.get(b.id)!, ticks),
      ...field,
      ...(signature ? { signature } : {}),
      assignedTo: assigneeId ? { id: assigneeId, name: nameOf({ name: assigneeName }) } : null,
      updatedAt: b.updatedAt.toISOString(),
    } satisfies FieldJob;
  });
}

/** Completed visits of these customers, oldest first. */
async function pastVisits(db: DbOrTx, businessId: string, customerIds: string[]) {
  if (!customerIds.length) return [];
  return db
    .select({ customerId: sql<string>`${bookings.customerId}`, at: bookings.scheduledAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        inArray(bookings.customerId, customerIds),
        eq(bookings.status, 'completed'),
      ),
    )
    .orderBy(asc(bookings.scheduledAt));
}

/**
 * Where technicians checked in at each customer's address, the latest first: the position the field app navigates to
 * (more exact than the geocoded address). The route planner reads the same refinement through this function.
 */
export async function checkInPositions(db: DbOrTx, businessId: string, customerIds: string[]) {
  const found = new Map<string, { lat: number; lng: number }>();
  if (!customerIds.length) return found;
  const rows = await db
    .select({
      customerId: bookings.customerId,
      address: bookings.locationAddress,
      lat: fieldEvents.lat,
      lng: fieldEvents.lng,
    })
    .from(fieldEvents)
    .innerJoin(bookings, eq(bookings.id, fieldEvents.bookingId))
    .where(
      and(
        eq(fieldEvents.businessId, businessId),
        eq(fieldEvents.kind, 'check_in'),
        inArray(bookings.customerId, customerIds),
        sql`${fieldEvents.lat} is not null and ${fieldEvents.lng} is not null`,
      ),
    )
    .orderBy(desc(fieldEvents.deviceTime));
  for (const r of rows) {
    const key = `${r.customerId}|${r.address}`;
    if (!found.has(key) && r.lat !== null && r.lng !== null) found.set(key, { lat: r.lat, lng: r.lng });
  }
  return found;
}

/**
 * Remembers which jobs a technician's phone holds, so that a write arriving after the office gave the job to someone
 * else is kept as a note ("reassigned") instead of refused as a stranger's (decision 1171).
 */
async function rememberHeld(db: DbOrTx, viewer: Viewer, jobs: FieldJob[]) {
  if (viewer.memberRole !== 'technician' || !jobs.length) return;
  await db
    .insert(fieldJobHolders)
    .values(
      jobs.map((j) => ({ bookingId: j.id, technicianId: viewer.userId, businessId: viewer.businessId })),
    )
    .onConflictDoNothing();
}

export async function fieldJobList(db: DbOrTx, viewer: Viewer, range: { from: string; to: string }) {
  const jobs = await fieldJobs(db, viewer, range);
  await rememberHeld(db, viewer, jobs);
  return wholeList(jobs);
}

export async function fieldJob(db: DbOrTx, viewer: Viewer, id: string) {
  const [job] = await fieldJobs(db, viewer, { id });
  if (!job) throw notFound(FIELD_TEXT.jobNotFound);
  await rememberHeld(db, viewer, [job]);
  return job;
}
