import { and, asc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { BookingStatus } from '../../../shared/constants';
import {
  type CheckInInput,
  type ChecklistToggleInput,
  type CheckOutInput,
  type CompleteInput,
  FIELD_TEXT,
  type FieldEventKind,
  type FieldNotApplied,
  MAX_PHOTO_BYTES,
  type MaterialInput,
  type NotAppliedReason,
  type NoteInput,
  type OnMyWayInput,
  PHOTO_KIND_LABEL,
  type PhotoFields,
} from '../../../shared/field';
import type { Viewer } from '../../access/technician-access';
import { user } from '../../auth/auth.schema';
import type { DbOrTx } from '../../db/client';
import {
  bookingAssignments,
  bookingChecklistItems,
  bookings,
  bookingVehicles,
  fieldEvents,
  fieldJobHolders,
  fieldMaterials,
  fieldNotes,
  fieldPhotos,
  fieldSignatures,
  inventoryItems,
  serviceChecklistItems,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { AppError, conflict, invalid, notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import type { FileStorage } from '../../providers/storage/storage';
import { updateBookingStatus } from '../bookings/bookings.service';
import { deliverQueued } from '../campaigns/automations/message-queue';
import { recordJobMaterialUse } from '../inventory/service-usage.service';
import { observeDrive } from '../routes/drive-calibration.service';
import { refineFromCheckIn } from '../routes/gps-refine.service';
import { endJobTime, startJobTime } from '../timesheets/job-time.service';
import { toEvent, toPhoto } from './field-read.service';
import { queueGalleryLink, sendGalleryLink } from './gallery.service';
import { queueOnMyWay } from './on-my-way';
import { makeThumbnail } from './thumbnail';

// The technician's writes on a job (issue 26). Each runs behind requireIdempotencyKey (decision 1170); each checks the
// job is the writer's (404 otherwise) and, when the office has cancelled it or given it to someone else meanwhile,
// keeps what the technician did as a note instead (200, applied: false — decision 1171).

export type FieldDeps = AppDeps;

interface Job {
  id: string;
  status: BookingStatus;
  serviceId: string | null;
  customerId: string | null;
}
type Access = { job: Job; refused: NotAppliedReason | null };

/**
 * The job as the writer may act on it: 404 when it is another business's, or a technician's who never had it;
 * `refused` says when it was cancelled, or reassigned away from the technician who had it on their phone.
 */
export async function jobForWrite(db: DbOrTx, viewer: Viewer, bookingId: string): Promise<Access> {
  assertUuid(bookingId, FIELD_TEXT.jobNotFound);
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      serviceId: bookings.serviceId,
      customerId: bookings.customerId,
      assignee: bookingAssignments.technicianId,
      held: fieldJobHolders.technicianId,
    })
    .from(bookings)
    .leftJoin(bookingAssignments, eq(bookingAssignments.bookingId, bookings.id))
    .leftJoin(
      fieldJobHolders,
      and(eq(fieldJobHolders.bookingId, bookings.id), eq(fieldJobHolders.technicianId, viewer.userId)),
    )
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, viewer.businessId)));
  if (!row) throw notFound(FIELD_TEXT.jobNotFound);
  const { assignee, held, ...job } = row;
  if (viewer.memberRole === 'technician' && assignee !== viewer.userId) {
    if (!held) throw notFound(FIELD_TEXT.jobNotFound);
    return { job, refused: job.status === 'cancelled' ? 'cancelled' : 'reassigned' };
  }
  return { job, refused: job.status === 'cancelled' ? 'cancelled' : null };
}

/**
 * Keeps a write the office's change overtook as a note on the booking, for the owner to read. The note carries the
 * request's key: a replay after a crash keeps no second note (decision 1365).
 */
async function keepAsNote(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  reason: NotAppliedReason,
  text: string,
  deviceTime: string,
): Promise<FieldNotApplied> {
  const why =
    reason === 'cancelled' ? 'the job had been cancelled' : 'the job had been given to someone else';
  await db
    .insert(fieldNotes)
    .values({
      businessId: viewer.businessId,
      bookingId,
      body: `${text} (not applied: ${why})`.slice(0, 4000),
      keptReason: reason,
      deviceTime: new Date(deviceTime),
      userId: viewer.userId,
      requestKey: viewer.requestKey ?? null,
    })
    .onConflictDoNothing({ target: [fieldNotes.businessId, fieldNotes.userId, fieldNotes.requestKey] });
  return { applied: false, reason, keptAsNote: true };
}

async function recordEvent(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  kind: FieldEventKind,
  input: { deviceTime: string; lat?: number; lng?: number; accuracyM?: number; etaMinutes?: number },
) {
  const requestKey = viewer.requestKey ?? null;
  const [inserted] = await db
    .insert(fieldEvents)
    .values({
      businessId: viewer.businessId,
      bookingId,
      kind,
      userId: viewer.userId,
      deviceTime: new Date(input.deviceTime),
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      accuracyM: input.accuracyM ?? null,
      etaMinutes: input.etaMinutes ?? null,
      requestKey,
    })
    .onConflictDoNothing({
      target: [fieldEvents.businessId, fieldEvents.userId, fieldEvents.requestKey, fieldEvents.kind],
    })
    .returning();
  // Nothing inserted: this request's first run committed its event before its process died (decision 1332).
  const e =
    inserted ??
    (
      await db
        .select()
        .from(fieldEvents)
        .where(
          and(
            eq(fieldEvents.businessId, viewer.businessId),
            eq(fieldEvents.userId, viewer.userId),
            eq(fieldEvents.requestKey, requestKey!),
            eq(fieldEvents.kind, kind),
          ),
        )
    )[0]!;
  const [who] = await db.select({ name: user.name }).from(user).where(eq(user.id, viewer.userId));
  return { event: toEvent(e, who?.name ?? null), replayed: inserted === undefined };
}

const at = (lat?: number, lng?: number) =>
  lat !== undefined && lng !== undefined ? ` at ${lat}, ${lng}` : '';

async function statusOf(db: DbOrTx, businessId: string, id: string) {
  const [b] = await db
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.businessId, businessId)));
  return b!.status;
}

export async function onMyWay(deps: FieldDeps, viewer: Viewer, id: string, input: OnMyWayInput) {
  const { job, refused } = await jobForWrite(deps.db, viewer, id);
  if (refused)
    return keepAsNote(
      deps.db,
      viewer,
      id,
      refused,
      `On my way, ETA ${input.etaMinutes} min`,
      input.deviceTime,
    );
  // The customer's messages commit with the event (decision 1331).
  const { event, messageIds } = await deps.db.transaction(async (tx) => {
    const { event: recorded, replayed } = await recordEvent(tx, viewer, id, 'on_my_way', input);
    // A replay of a press whose first run committed: its customer was told then (decision 1332).
    if (replayed) return { event: recorded, messageIds: [] };
    return {
      event: recorded,
      messageIds: await queueOnMyWay(deps, tx, viewer, id, recorded.id, input.etaMinutes),
    };
  });
  await deliverQueued(deps, messageIds);
  return { applied: true as const, status: job.status, event };
}

/**
 * Walks the booking forward to `to` through the owner's own status path (automations run as they do for the owner).
 * Confirming is the owner's (§4's Confirm, decision 1160): a technician's check-in or completion on a job still pending
 * records what they did and leaves the status for the office to confirm (decision 1243).
 */
async function moveTo(deps: FieldDeps, viewer: Viewer, id: string, to: 'in_progress' | 'completed') {
  const path: BookingStatus[] = ['pending', 'confirmed', 'in_progress', 'completed'];
  let current = await statusOf(deps.db, viewer.businessId, id);
  if (current === 'pending' && viewer.memberRole === 'technician') return current;
  const target = path.indexOf(to);
  while (path.indexOf(current) >= 0 && path.indexOf(current) < target) {
    const next = path[path.indexOf(current) + 1]!;
    await updateBookingStatus(deps, viewer.businessId, id, next);
    current = next;
  }
  return current;
}

/**
 * A check-in or check-out (one path for both): on a job the office changed, kept as a note with the position; otherwise
 * the timeline's event, then the job's time (decision 1242) — check-in opens the job's entry, check-out ends it.
 */
async function checkInOrOut(
  deps: FieldDeps,
  viewer: Viewer,
  id: string,
  kind: 'check_in' | 'check_out',
  input: CheckInInput | CheckOutInput,
) {
  const { job, refused } = await jobForWrite(deps.db, viewer, id);
  if (refused) {
    const what = kind === 'check_in' ? 'Checked in' : 'Checked out';
    return keepAsNote(deps.db, viewer, id, refused, `${what}${at(input.lat, input.lng)}`, input.deviceTime);
  }
  // The event and the job's time commit together; a replay whose first run committed them writes neither again
  // (decision 1365). The status walk after it is guarded by the status itself, so a replay finishes what a crash cut.
  const { event } = await deps.db.transaction(async (tx) => {
    const recorded = await recordEvent(tx, viewer, id, kind, input);
    if (recorded.replayed) return recorded;
    if (kind === 'check_out') {
      await endJobTime(tx, viewer, id, input);
      return recorded;
    }
    await startJobTime(tx, viewer, id, input);
    // A good GPS fix near the job's stored point refines where the job is (decision 1247).
    await refineFromCheckIn(tx, viewer.businessId, id, input);
    // The drive that ended here calibrates the business's drive estimate (decision 1247).
    await observeDrive(tx, viewer.businessId, viewer.userId, id, new Date(input.deviceTime));
    return recorded;
  });
  if (kind === 'check_out') return { applied: true as const, status: job.status, event };
  const status = await moveTo(deps, viewer, id, 'in_progress');
  return { applied: true as const, status, event };
}

export const checkIn = (deps: FieldDeps, viewer: Viewer, id: string, input: CheckInInput) =>
  checkInOrOut(deps, viewer, id, 'check_in', input);

export const checkOut = (deps: FieldDeps, viewer: Viewer, id: string, input: CheckOutInput) =>
  checkInOrOut(deps, viewer, id, 'check_out', input);

export async function addNote(deps: FieldDeps, viewer: Viewer, id: string, input: NoteInput) {
  const { refused } = await jobForWrite(deps.db, viewer, id);
  if (refused) return keepAsNote(deps.db, viewer, id, refused, input.text, input.deviceTime);
  // The note carries the request's key and commits with its event: a replay after a crash answers the note the first
  // run wrote and writes none (decision 1365).
  const requestKey = viewer.requestKey ?? null;
  return deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(fieldNotes)
      .values({
        businessId: viewer.businessId,
        bookingId: id,
        body: input.text,
        deviceTime: new Date(input.deviceTime),
        userId: viewer.userId,
        requestKey,
      })
      .onConflictDoNothing({ target: [fieldNotes.businessId, fieldNotes.userId, fieldNotes.requestKey] })
      .returning();
    const note =
      inserted ??
      (
        await tx
          .select()
          .from(fieldNotes)
          .where(
            and(
              eq(fieldNotes.businessId, viewer.businessId),
              eq(fieldNotes.userId, viewer.userId),
              eq(fieldNotes.requestKey, requestKey!),
            ),
          )
      )[0]!;
    const { event } = await recordEvent(tx, viewer, id, 'note', input);
    return {
      applied: true as const,
      note: { id: note.id, text: note.body, at: note.deviceTime.toISOString(), by: event.by },
    };
  });
}

export async function toggleChecklistItem(
  deps: FieldDeps,
  viewer: Viewer,
  id: string,
  itemId: string,
  input: ChecklistToggleInput,
) {
  const { job, refused } = await jobForWrite(deps.db, viewer, id);
  assertUuid(itemId, FIELD_TEXT.checklistItemNotFound);
  // The vehicle the tick is for (decision 1344): one of the job's, its own service's item or a removed item's tick.
  const vehicles = await deps.db
    .select({ position: bookingVehicles.position, serviceId: bookingVehicles.serviceId })
    .from(bookingVehicles)
    .where(and(eq(bookingVehicles.businessId, viewer.businessId), eq(bookingVehicles.bookingId, id)))
    .orderBy(asc(bookingVehicles.position));
  const position = input.vehiclePosition;
  const count = vehicles.length < 2 ? 1 : vehicles.length;
  if (position >= count)
    throw invalid(
      count === 1
        ? 'This job has one vehicle: tick its checklist as vehicle 1'
        : `This job has ${count} vehicles: please choose one of vehicles 1 to ${count}`,
    );
  const serviceId = vehicles.length < 2 ? job.serviceId : (vehicles[position]?.serviceId ?? null);
  const [definition] = serviceId
    ? await deps.db
        .select({ label: serviceChecklistItems.label })
        .from(serviceChecklistItems)
        .where(
          and(
            eq(serviceChecklistItems.id, itemId),
            eq(serviceChecklistItems.businessId, viewer.businessId),
            eq(serviceChecklistItems.serviceId, serviceId),
          ),
        )
    : [];
  const [tick] = await deps.db
    .select()
    .from(bookingChecklistItems)
    .where(
      and(
        eq(bookingChecklistItems.bookingId, id),
        eq(bookingChecklistItems.vehiclePosition, position),
        eq(bookingChecklistItems.itemId, itemId),
      ),
    );
  const label = definition?.label ?? tick?.label;
  if (!label) throw notFound(FIELD_TEXT.checklistItemNotFound);
  if (refused)
    return keepAsNote(
      deps.db,
      viewer,
      id,
      refused,
      `Checklist${count > 1 ? ` (vehicle ${position + 1})` : ''}: ${label} ${input.done ? 'done' : 'not done'}`,
      input.deviceTime,
    );
  const deviceTime = new Date(input.deviceTime);
  // The latest tap on the phone wins, whatever order the queue delivers them in.
  const [saved] = await deps.db
    .insert(bookingChecklistItems)
    .values({
      businessId: viewer.businessId,
      bookingId: id,
      itemId,
      vehiclePosition: position,
      label,
      done: input.done,
      deviceTime,
      userId: viewer.userId,
    })
    .onConflictDoUpdate({
      target: [
        bookingChecklistItems.bookingId,
        bookingChecklistItems.vehiclePosition,
        bookingChecklistItems.itemId,
      ],
      set: { done: input.done, deviceTime, recordedAt: sql`now()`, userId: viewer.userId, label },
      setWhere: sql`${bookingChecklistItems.deviceTime} <= ${deviceTime.toISOString()}`,
    })
    .returning();
  await recordEvent(deps.db, viewer, id, 'checklist', input);
  const state = saved ?? tick!;
  return {
    applied: true as const,
    item: {
      id: itemId,
      label: state.label,
      done: state.done,
      ...(state.done ? { doneAt: state.deviceTime.toISOString() } : {}),
      vehiclePosition: position,
    },
  };
}

export async function addMaterial(deps: FieldDeps, viewer: Viewer, id: string, input: MaterialInput) {
  const { refused } = await jobForWrite(deps.db, viewer, id);
  assertUuid(input.itemId, FIELD_TEXT.inventoryItemNotFound);
  const [item] = await deps.db
    .select({ id: inventoryItems.id, name: inventoryItems.name })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, input.itemId), eq(inventoryItems.businessId, viewer.businessId)));
  if (!item) throw notFound(FIELD_TEXT.inventoryItemNotFound);
  if (refused)
    return keepAsNote(
      deps.db,
      viewer,
      id,
      refused,
      `Used ${input.quantity} × ${item.name}`,
      input.deviceTime,
    );
  // The stock movement commits with the material's event: a replay whose first run committed them takes nothing from
  // stock again (decision 1365).
  await deps.db.transaction(async (tx) => {
    const { replayed } = await recordEvent(tx, viewer, id, 'material', input);
    if (replayed) return;
    await tx.insert(fieldMaterials).values({
      businessId: viewer.businessId,
      bookingId: id,
      inventoryItemId: item.id,
      quantity: input.quantity,
      deviceTime: new Date(input.deviceTime),
      userId: viewer.userId,
    });
    await recordJobMaterialUse(tx, viewer.businessId, viewer.userId, {
      bookingId: id,
      itemId: item.id,
      quantity: input.quantity,
    });
  });
  return {
    applied: true as const,
    material: { itemId: item.id, name: item.name, quantity: input.quantity, unit: 'each' },
  };
}

const PHOTO_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
};
const EXT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
};

/** The photo's real type from its bytes; a declared type or a file name saying otherwise is refused (415). */
export async function photoType(file: { name: string; type: string }, bytes: Uint8Array) {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime === 'image/heif' ? 'image/heic' : detected?.mime;
  if (!mime || !PHOTO_TYPES[mime]) throw new AppError(415, FIELD_TEXT.photoType);
  const declared = file.type === 'image/heif' ? 'image/heic' : file.type;
  if (declared && declared !== 'application/octet-stream' && declared !== mime)
    throw new AppError(415, FIELD_TEXT.photoType);
  const ext = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext && EXT_TYPES[ext] && EXT_TYPES[ext] !== mime) throw new AppError(415, FIELD_TEXT.photoType);
  if (ext && !EXT_TYPES[ext] && ext !== 'bin') throw new AppError(415, FIELD_TEXT.photoType);
  return { mime, ext: PHOTO_TYPES[mime]! };
}

export function storageOf(storage: FileStorage | undefined): FileStorage {
  if (!storage) throw new Error('File storage is not configured');
  return storage;
}

export async function addPhoto(
  deps: FieldDeps,
  viewer: Viewer,
  id: string,
  fields: PhotoFields,
  file: { name: string; type: string; bytes: Uint8Array },
) {
  const { refused } = await jobForWrite(deps.db, viewer, id);
  if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw new AppError(413, FIELD_TEXT.photoTooLarge);
  const type = await photoType(file, file.bytes);
  // The photo carries the request's key (decision 1372): a replay after a crash between its commit and the stored
  // answer finds the photo the first run kept, stores no second file and answers the same photo.
  const requestKey = viewer.requestKey ?? null;
  const storage = storageOf(deps.storage);
  const kept = requestKey ? await photoOfRequest(deps.db, viewer, requestKey) : undefined;
  const photoId = kept?.id ?? crypto.randomUUID();
  const base = `field/${viewer.businessId}/${id}/${photoId}`;
  const stored = { file: `${base}.${type.ext}`, thumb: `${base}_thumb.jpg` };
  let size = kept && { width: kept.width, height: kept.height };
  if (!size) {
    const thumb = await makeThumbnail(file.bytes);
    await storage.put(stored.file, file.bytes, type.mime);
    await storage.put(stored.thumb, thumb.jpeg, 'image/jpeg');
    size = { width: thumb.width, height: thumb.height };
  }
  const { result, galleryMessage, duplicate } = await deps.db.transaction(async (tx) => {
    // A photo taken on a job the office changed meanwhile is kept with the job all the same: it shows what was there.
    const [inserted] = await tx
      .insert(fieldPhotos)
      .values({
        id: photoId,
        businessId: viewer.businessId,
        bookingId: id,
        kind: fields.kind,
        storageKey: stored.file,
        thumbKey: stored.thumb,
        contentType: type.mime,
        bytes: file.bytes.byteLength,
        ...size,
        takenAt: new Date(fields.deviceTime),
        uploadedBy: viewer.userId,
        requestKey,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted ?? (await photoOfRequest(tx, viewer, requestKey!));
    if (!row) throw conflict(FIELD_TEXT.keyInFlight);
    const duplicate = !inserted && !kept;
    if (refused) {
      const what = `${PHOTO_KIND_LABEL[fields.kind]} photo`;
      return {
        result: await keepAsNote(tx, viewer, id, refused, what, fields.deviceTime),
        galleryMessage: null,
        duplicate,
      };
    }
    await recordEvent(tx, viewer, id, 'photo', fields);
    return {
      result: { applied: true as const, ...toPhoto(row) },
      galleryMessage: await galleryAfterCompletion(deps, tx, viewer.businessId, id),
      duplicate,
    };
  });
  // Files stored for a photo another run of the request had kept meanwhile: nothing points at them.
  if (duplicate) await Promise.allSettled([storage.delete(stored.file), storage.delete(stored.thumb)]);
  if (galleryMessage) await deliverQueued(deps, [galleryMessage]);
  return result;
}

/** The photo a request with this key kept, if its first run committed one. */
async function photoOfRequest(db: DbOrTx, viewer: Viewer, requestKey: string) {
  const [row] = await db
    .select()
    .from(fieldPhotos)
    .where(
      and(
        eq(fieldPhotos.businessId, viewer.businessId),
        eq(fieldPhotos.uploadedBy, viewer.userId),
        eq(fieldPhotos.requestKey, requestKey),
      ),
    );
  return row;
}

/**
 * A photo that arrives once the job is completed (a phone that synced late) sends the customer the gallery the
 * completion went without: its message row commits with the photo, once per booking whatever follows (decisions 1244,
 * 1263). The booking's row is read FOR SHARE, so a completion being written waits for this photo and then finds it, or
 * this photo waits for the completion and then sees it.
 */
async function galleryAfterCompletion(deps: FieldDeps, tx: DbOrTx, businessId: string, bookingId: string) {
  const [b] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)))
    .for('share');
  if (b?.status !== 'completed') return null;
  return queueGalleryLink(deps, tx, businessId, bookingId, { photoCount: false });
}

const PNG_MAX_BYTES = 1_500_000;

export async function completeJob(deps: FieldDeps, viewer: Viewer, id: string, input: CompleteInput) {
  const { refused } = await jobForWrite(deps.db, viewer, id);
  if (refused)
    return keepAsNote(
      deps.db,
      viewer,
      id,
      refused,
      `Completed, signed by ${input.signature.signerName}`,
      input.deviceTime,
    );
  const png = new Uint8Array(Buffer.from(input.signature.pngBase64, 'base64'));
  const detected = await fileTypeFromBuffer(png);
  if (detected?.mime !== 'image/png' || png.byteLength > PNG_MAX_BYTES)
    throw new AppError(415, FIELD_TEXT.signatureType);
  const key = `field/${viewer.businessId}/${id}/signature.png`;
  const [existing] = await deps.db
    .select({ id: fieldSignatures.bookingId })
    .from(fieldSignatures)
    .where(eq(fieldSignatures.bookingId, id));
  if (!existing) {
    await storageOf(deps.storage).put(key, png, 'image/png');
    await deps.db
      .insert(fieldSignatures)
      .values({
        bookingId: id,
        businessId: viewer.businessId,
        storageKey: key,
        signerName: input.signature.signerName,
        signedAt: new Date(input.deviceTime),
        userId: viewer.userId,
      })
      .onConflictDoNothing();
  }
  const status = await moveTo(deps, viewer, id, 'completed');
  const { event } = await recordEvent(deps.db, viewer, id, 'completed', input);
  await endJobTime(deps.db, viewer, id, input);
  // The before/after gallery goes to the customer with the completion, once (decision 1244).
  if (status === 'completed') await sendGalleryLink(deps, viewer.businessId, id);
  return { applied: true as const, status, event };
}
