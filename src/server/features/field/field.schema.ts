import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FIELD_EVENT_KINDS, NOT_APPLIED_REASONS, PHOTO_KINDS } from '../../../shared/field';
import { user } from '../../auth/auth.schema';
import { bookings, inventoryItems, profiles, services } from '../../db/domain.schema';
import { oneOf } from '../../db/enum-check';

const businessId = () =>
  text()
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
const bookingFk = (name: string, t: { businessId: AnyPgColumn; bookingId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.businessId, t.bookingId],
    foreignColumns: [bookings.businessId, bookings.id],
  }).onDelete('cascade');
const recordedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const deviceTime = () => timestamp({ withTimezone: true }).notNull();

/** What happened on a job in the field (on my way, check in/out, completed…): device time beside the server's. */
export const fieldEvents = pgTable(
  'field_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid().notNull(),
    kind: text().notNull().$type<(typeof FIELD_EVENT_KINDS)[number]>(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    deviceTime: deviceTime(),
    recordedAt: recordedAt(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    accuracyM: doublePrecision(),
    etaMinutes: integer(),
    /**
     * The request's Idempotency-Key: a replay whose first run committed but never stored its answer (the process died
     * in between) finds its event here and writes nothing again (decision 1332).
     */
    requestKey: text(),
  },
  (t) => [
    bookingFk('field_events_booking_tenant_fk', t),
    uniqueIndex('field_events_request_key_uq').on(t.businessId, t.userId, t.requestKey, t.kind),
    index('field_events_booking_idx').on(t.bookingId, t.deviceTime),
    index('field_events_business_recorded_idx').on(t.businessId, t.recordedAt),
    index('field_events_user_id_idx').on(t.userId),
    check('field_events_kind_ck', oneOf(t.kind, FIELD_EVENT_KINDS)),
  ],
);

/** Before/after photos: the file and its thumbnail in the storage provider (private), read through /api/field/photos. */
export const fieldPhotos = pgTable(
  'field_photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid().notNull(),
    kind: text().notNull().$type<(typeof PHOTO_KINDS)[number]>(),
    storageKey: text().notNull(),
    thumbKey: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    takenAt: deviceTime(),
    recordedAt: recordedAt(),
    uploadedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** Shown on the business's public page (decision 1244): only while the booking's customer consents. */
    featuredAt: timestamp({ withTimezone: true }),
    /** The upload's Idempotency-Key: a replay after a crash finds this photo instead of storing a second (decision 1372). */
    requestKey: text(),
  },
  (t) => [
    bookingFk('field_photos_booking_tenant_fk', t),
    uniqueIndex('field_photos_request_key_uq').on(t.businessId, t.uploadedBy, t.requestKey),
    index('field_photos_featured_idx').on(t.businessId, t.featuredAt),
    index('field_photos_booking_idx').on(t.bookingId, t.takenAt),
    index('field_photos_business_id_idx').on(t.businessId),
    index('field_photos_uploaded_by_idx').on(t.uploadedBy),
    check('field_photos_kind_ck', oneOf(t.kind, PHOTO_KINDS)),
  ],
);

/** The owner's checklist of a service, in order. */
export const serviceChecklistItems = pgTable(
  'service_checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    serviceId: uuid().notNull(),
    label: text().notNull(),
    position: integer().notNull(),
    createdAt: recordedAt(),
  },
  (t) => [
    foreignKey({
      name: 'service_checklist_items_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('cascade'),
    index('service_checklist_items_service_idx').on(t.serviceId, t.position),
    index('service_checklist_items_business_id_idx').on(t.businessId),
    check('service_checklist_items_label_ck', sql`char_length(${t.label}) between 1 and 120`),
  ],
);

/**
 * A job's ticks of its service's checklist; the label is kept so a completed job reads the same after the owner edits
 * the checklist (no foreign key to the definition for the same reason).
 */
export const bookingChecklistItems = pgTable(
  'booking_checklist_items',
  {
    businessId: businessId(),
    bookingId: uuid().notNull(),
    itemId: uuid().notNull(),
    // Which vehicle of the booking the tick is for (decision 1344): 0 the first, and for a one-vehicle booking.
    vehiclePosition: integer().notNull().default(0),
    label: text().notNull(),
    done: boolean().notNull(),
    deviceTime: deviceTime(),
    recordedAt: recordedAt(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({
      name: 'booking_checklist_items_pk',
      columns: [t.bookingId, t.vehiclePosition, t.itemId],
    }),
    bookingFk('booking_checklist_items_booking_tenant_fk', t),
    index('booking_checklist_items_business_id_idx').on(t.businessId),
    index('booking_checklist_items_user_id_idx').on(t.userId),
  ],
);

/** The customer's signature on completion (a PNG in the storage provider); one per job. */
export const fieldSignatures = pgTable(
  'field_signatures',
  {
    bookingId: uuid().primaryKey(),
    businessId: businessId(),
    storageKey: text().notNull(),
    signerName: text().notNull(),
    signedAt: deviceTime(),
    recordedAt: recordedAt(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    bookingFk('field_signatures_booking_tenant_fk', t),
    index('field_signatures_business_id_idx').on(t.businessId),
    index('field_signatures_user_id_idx').on(t.userId),
  ],
);

/**
 * The customer's consent to the business showing their job's photos publicly (decision 1244): ticked when booking
 * on /book or on the photo gallery's page; withdrawing deletes the row and un-features the photos.
 */
export const bookingPhotoConsents = pgTable(
  'booking_photo_consents',
  {
    bookingId: uuid().primaryKey(),
    businessId: businessId(),
    source: text().notNull().$type<'booking' | 'gallery'>(),
    givenAt: recordedAt(),
  },
  (t) => [
    bookingFk('booking_photo_consents_booking_tenant_fk', t),
    index('booking_photo_consents_business_id_idx').on(t.businessId),
    check('booking_photo_consents_source_ck', sql`${t.source} in ('booking', 'gallery')`),
  ],
);

/** Materials the technician used on a job; each is a stock movement of the inventory feature. */
export const fieldMaterials = pgTable(
  'field_materials',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid().notNull(),
    inventoryItemId: uuid().notNull(),
    quantity: integer().notNull(),
    deviceTime: deviceTime(),
    recordedAt: recordedAt(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    bookingFk('field_materials_booking_tenant_fk', t),
    foreignKey({
      name: 'field_materials_inventory_item_tenant_fk',
      columns: [t.businessId, t.inventoryItemId],
      foreignColumns: [inventoryItems.businessId, inventoryItems.id],
    }).onDelete('cascade'),
    index('field_materials_booking_idx').on(t.bookingId),
    index('field_materials_business_id_idx').on(t.businessId),
    index('field_materials_user_id_idx').on(t.userId),
    index('field_materials_inventory_item_id_idx').on(t.inventoryItemId),
    check('field_materials_quantity_ck', sql`${t.quantity} between 1 and 1000`),
  ],
);

/**
 * Notes on a job: the technician's own, and writes kept as notes because the office had cancelled or reassigned the
 * job when they arrived (keptReason says which).
 */
export const fieldNotes = pgTable(
  'field_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: businessId(),
    bookingId: uuid().notNull(),
    body: text().notNull(),
    keptReason: text().$type<(typeof NOT_APPLIED_REASONS)[number]>(),
    deviceTime: deviceTime(),
    recordedAt: recordedAt(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    /** The request's Idempotency-Key: a replay after a crash finds its note here and writes none (decision 1365). */
    requestKey: text(),
  },
  (t) => [
    bookingFk('field_notes_booking_tenant_fk', t),
    uniqueIndex('field_notes_request_key_uq').on(t.businessId, t.userId, t.requestKey),
    index('field_notes_booking_idx').on(t.bookingId, t.deviceTime),
    index('field_notes_business_id_idx').on(t.businessId),
    index('field_notes_user_id_idx').on(t.userId),
    check('field_notes_body_ck', sql`char_length(${t.body}) between 1 and 4000`),
    check('field_notes_kept_reason_ck', oneOf(t.keptReason, NOT_APPLIED_REASONS)),
  ],
);

/**
 * Idempotency keys of field writes (IETF httpapi idempotency-key draft), per business and user: the request's
 * fingerprint and, once answered, the answer to replay. A row still 'processing' makes a duplicate answer 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: businessId(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    fingerprint: text().notNull(),
    // Null while the first request is being processed.
    responseStatus: integer(),
    responseBody: text(),
    responseContentType: text(),
    createdAt: recordedAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.businessId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_user_id_idx').on(t.userId),
    check('idempotency_keys_key_ck', sql`char_length(${t.key}) between 1 and 255`),
  ],
);

/**
 * The jobs each technician's phone has held (read through the field API): a write arriving after the office gave the
 * job to someone else is then kept as a note ("reassigned") rather than refused as a stranger's (decision 1171).
 */
export const fieldJobHolders = pgTable(
  'field_job_holders',
  {
    bookingId: uuid().notNull(),
    technicianId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    firstHeldAt: recordedAt(),
  },
  (t) => [
    primaryKey({ name: 'field_job_holders_pk', columns: [t.bookingId, t.technicianId] }),
    bookingFk('field_job_holders_booking_tenant_fk', t),
    index('field_job_holders_technician_id_idx').on(t.technicianId),
    index('field_job_holders_business_id_idx').on(t.businessId),
  ],
);
