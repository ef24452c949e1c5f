import { z } from 'zod';
import { MAX_BOOKING_VEHICLES } from './booking-vehicles';
import { BOOKING_STATUSES, VEHICLE_TYPES } from './constants';

// The field app's contract (issue 26): every body and answer of the technician's field API, the owner's field reads
// and the service checklists. The server validates with these and the field app builds its outbox requests from them.

export const FIELD_EVENT_KINDS = [
  'on_my_way',
  'check_in',
  'check_out',
  'completed',
  'note',
  'photo',
  'checklist',
  'material',
] as const;
export type FieldEventKind = (typeof FIELD_EVENT_KINDS)[number];

export const PHOTO_KINDS = ['before', 'after'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
/** A photo's kind in words: the owner's panel, the gallery's alt text, a photo kept as a note. */
export const PHOTO_KIND_LABEL: Record<PhotoKind, string> = { before: 'Before', after: 'After' };

/** Why a write on a job was kept as a note instead of applied: the office changed the job while the phone was away. */
export const NOT_APPLIED_REASONS = ['cancelled', 'reassigned'] as const;
export type NotAppliedReason = (typeof NOT_APPLIED_REASONS)[number];

/** The message the field app sends the customer (message_sends.kind), beside the automations' kinds. */
export type FieldMessageKind = 'on_my_way' | 'arrival_changed' | 'job_gallery';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const FIELD_TEXT = {
  keyMissing: 'Idempotency-Key header is required',
  keyInvalid: 'Idempotency-Key must be 1 to 255 characters',
  keyReused: 'Idempotency-Key reused with a different request',
  keyInFlight: 'A request with this Idempotency-Key is still being processed',
  photoType: 'Photos must be JPEG, PNG, WebP or HEIC images',
  photoTooLarge: 'Photos must be 15 MB or smaller',
  signatureType: 'The signature must be a PNG image',
  rangeTooLong: 'The range can be at most 14 days',
  rangeOrder: 'The range must end on or after its start',
  jobNotFound: 'Job not found',
  photoNotFound: 'Photo not found',
  checklistItemNotFound: 'Checklist item not found',
  inventoryItemNotFound: 'Inventory item not found',
  notEnoughStock: 'Not enough stock for this item',
} as const;

/** The biggest photo the field app sends (it downscales to 2048 px first, so real ones are far smaller). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** The longest side of a server-made thumbnail. */
export const THUMB_MAX_PX = 320;
export const MAX_FIELD_RANGE_DAYS = 14;
export const MAX_CHECKLIST_ITEMS = 50;
export const MAX_MATERIAL_QUANTITY = 1000;

// ---- pieces ----

/** When the technician acted, by the phone's clock, with its offset (stored beside the server's recordedAt). */
export const deviceTimeSchema = z.iso.datetime({
  offset: true,
  error: 'deviceTime must be an ISO-8601 time',
});
export const latSchema = z.number().min(-90).max(90);
export const lngSchema = z.number().min(-180).max(180);
export const calendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const personRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

// ---- the technician's writes (bodies) ----

export const onMyWayInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  etaMinutes: z
    .number()
    .int()
    .min(1, 'ETA must be at least 1 minute')
    .max(240, 'ETA must be 240 minutes or less'),
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
});
export type OnMyWayInput = z.infer<typeof onMyWayInputSchema>;

export const checkInInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
  accuracyM: z.number().min(0).max(100_000).optional(),
});
export type CheckInInput = z.infer<typeof checkInInputSchema>;

export const checkOutInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
});
export type CheckOutInput = z.infer<typeof checkOutInputSchema>;

export const checklistToggleInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  done: z.boolean(),
  // Which vehicle of the job the tick is for (decision 1344), 0 the first; absent (an older phone's queue): the first.
  vehiclePosition: z
    .number()
    .int('Please choose a vehicle of this job')
    .min(0, 'Please choose a vehicle of this job')
    .max(MAX_BOOKING_VEHICLES - 1, 'Please choose a vehicle of this job')
    .default(0),
});
export type ChecklistToggleInput = z.infer<typeof checklistToggleInputSchema>;

export const materialInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  itemId: z.string().min(1),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_MATERIAL_QUANTITY, `Quantity must be ${MAX_MATERIAL_QUANTITY} or less`),
});
export type MaterialInput = z.infer<typeof materialInputSchema>;

export const noteInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  text: z.string().trim().min(1, 'Write a note').max(2000, 'Notes are at most 2000 characters'),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

export const signatureInputSchema = z.object({
  // A PNG's base64 (no data: prefix), at most ~1.5 MB decoded.
  pngBase64: z
    .string()
    .min(16)
    .max(2_000_000)
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The signature must be base64'),
  signerName: z.string().trim().min(1, "Enter the signer's name").max(120),
});
export const completeInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  signature: signatureInputSchema,
});
export type CompleteInput = z.infer<typeof completeInputSchema>;

/** The text fields of the multipart photo upload (the `file` part is checked by content on the server). */
export const photoFieldsSchema = z.object({ kind: z.enum(PHOTO_KINDS), deviceTime: deviceTimeSchema });
export type PhotoFields = z.infer<typeof photoFieldsSchema>;

// Shifts (field-owner's endpoints, same write rules).
export const clockInInputSchema = z.object({
  deviceTime: deviceTimeSchema,
  lat: latSchema.optional(),
  lng: lngSchema.optional(),
});
export const clockOutInputSchema = z.object({ deviceTime: deviceTimeSchema });
export const shiftStateSchema = z.object({
  open: z.object({ id: z.string(), startedAt: z.string() }).nullable(),
  todayMinutes: z.number().int(),
});
export type ShiftState = z.infer<typeof shiftStateSchema>;

// ---- answers ----

export const fieldEventSchema = z.object({
  id: z.string(),
  kind: z.enum(FIELD_EVENT_KINDS),
  /** Device time: when the technician acted. */
  at: z.string(),
  recordedAt: z.string(),
  by: personRefSchema,
  lat: z.number().optional(),
  lng: z.number().optional(),
  accuracyM: z.number().optional(),
  etaMinutes: z.number().int().optional(),
});
export type FieldEvent = z.infer<typeof fieldEventSchema>;

/** A job's photo as an image to show: the field's and the owner's (with when it was taken), the gallery's (with alt). */
export const photoImageSchema = z.object({
  id: z.string(),
  kind: z.enum(PHOTO_KINDS),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const fieldPhotoSchema = photoImageSchema.extend({ takenAt: z.string() });
export type FieldPhoto = z.infer<typeof fieldPhotoSchema>;

export const checklistStateSchema = z.object({
  id: z.string(),
  label: z.string(),
  done: z.boolean(),
  doneAt: z.string().optional(),
  // A job of several vehicles with different services (decision 1329): whose checklist the item is, "Vehicle 2 · Wash".
  section: z.string().optional(),
  // Which vehicle the item is ticked for (decision 1344): an item is listed once per vehicle of its service.
  vehiclePosition: z.number().int().optional(),
});
export type ChecklistState = z.infer<typeof checklistStateSchema>;

export const fieldSignatureSchema = z.object({
  url: z.string(),
  signerName: z.string(),
  signedAt: z.string(),
});
export type FieldSignature = z.infer<typeof fieldSignatureSchema>;

export const fieldMaterialSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
});
export type FieldMaterial = z.infer<typeof fieldMaterialSchema>;

export const fieldNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  at: z.string(),
  by: personRefSchema,
});
export type FieldNote = z.infer<typeof fieldNoteSchema>;

/**
 * A technician's time on the job: their job entry of Timesheets (decision 1242), as Timesheets counts it — check-in to
 * the last of completion and check-out, or as the owner corrected it (`edited`); an entry not ended yet counts to now.
 */
export const jobTimeSchema = z.object({
  technician: personRefSchema,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.number().int(),
  edited: z.boolean(),
});
export type JobTime = z.infer<typeof jobTimeSchema>;

/** What happened on the job in the field: the owner's booking panel and the field app's job screen. */
export const bookingFieldSchema = z.object({
  events: z.array(fieldEventSchema),
  photos: z.array(fieldPhotoSchema),
  checklist: z.array(checklistStateSchema),
  signature: fieldSignatureSchema.nullable(),
  materials: z.array(fieldMaterialSchema),
  notes: z.array(fieldNoteSchema),
  /** The owner's panel: each technician's time on the job, from Timesheets' entries. */
  jobTime: z.array(jobTimeSchema),
});
export type BookingField = z.infer<typeof bookingFieldSchema>;

export const fieldJobSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the technician is expected, from an applied route plan (issue 27); the booked time otherwise. */
  arrivalAt: z.string().optional(),
  timeZone: z.string(),
  customer: z.object({
    id: z.string().nullable(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  vehicle: z.object({
    year: z.number().int().optional(),
    make: z.string().optional(),
    model: z.string().optional(),
    type: z.enum(VEHICLE_TYPES).nullable(),
    color: z.string().optional(),
  }),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    lat: z.number().optional(),
    lng: z.number().optional(),
  }),
  accessNotes: z.string().nullable(),
  services: z.array(z.object({ name: z.string(), durationMinutes: z.number().int() })),
  addOns: z.array(z.object({ name: z.string() })),
  /** A booking of several vehicles (decision 1325): each named, with its service and add-ons. Absent for one. */
  vehicles: z
    .array(z.object({ name: z.string(), service: z.string(), addOns: z.array(z.string()) }))
    .optional(),
  priceCents: z.number().int(),
  invoice: z.object({ id: z.string(), status: z.string(), payUrl: z.string().optional() }).optional(),
  history: z.object({
    lastVisitAt: z.string().optional(),
    visits: z.number().int(),
    notes: z.string().optional(),
  }),
  checklist: z.array(checklistStateSchema),
  events: z.array(fieldEventSchema),
  photos: z.array(fieldPhotoSchema),
  signature: fieldSignatureSchema.optional(),
  materials: z.array(fieldMaterialSchema),
  notes: z.array(fieldNoteSchema),
  assignedTo: personRefSchema.nullable(),
  updatedAt: z.string(),
});
export type FieldJob = z.infer<typeof fieldJobSchema>;

export const fieldJobsQuerySchema = z.object({ from: calendarDateSchema, to: calendarDateSchema });
export const fieldJobListSchema = z.object({ items: z.array(fieldJobSchema), nextCursor: z.null() });
export type FieldJobList = z.infer<typeof fieldJobListSchema>;

/** A write on a job the office cancelled or gave to someone else: not applied, its content kept as a note. */
export const fieldNotAppliedSchema = z.object({
  applied: z.literal(false),
  reason: z.enum(NOT_APPLIED_REASONS),
  keptAsNote: z.literal(true),
});
export type FieldNotApplied = z.infer<typeof fieldNotAppliedSchema>;

/** The answer of on-my-way, check-in, complete and check-out: the booking's status after it and the event. */
export const fieldActionResultSchema = z.union([
  z.object({ applied: z.literal(true), status: z.enum(BOOKING_STATUSES), event: fieldEventSchema }),
  fieldNotAppliedSchema,
]);
export type FieldActionResult = z.infer<typeof fieldActionResultSchema>;

export const fieldPhotoResultSchema = z.union([
  fieldPhotoSchema.extend({ applied: z.literal(true) }),
  fieldNotAppliedSchema,
]);
export type FieldPhotoResult = z.infer<typeof fieldPhotoResultSchema>;

export const checklistResultSchema = z.union([
  z.object({ applied: z.literal(true), item: checklistStateSchema }),
  fieldNotAppliedSchema,
]);
export type ChecklistResult = z.infer<typeof checklistResultSchema>;

export const materialResultSchema = z.union([
  z.object({ applied: z.literal(true), material: fieldMaterialSchema }),
  fieldNotAppliedSchema,
]);
export type MaterialResult = z.infer<typeof materialResultSchema>;

export const noteResultSchema = z.union([
  z.object({ applied: z.literal(true), note: fieldNoteSchema }),
  fieldNotAppliedSchema,
]);
export type NoteResult = z.infer<typeof noteResultSchema>;

// ---- the owner's reads ----

export const fieldBoardQuerySchema = z.object({ date: calendarDateSchema });
/** Where a job is in the field: the owner's live board reads it from the job's status and its field events. */
export const FIELD_STATUSES = ['not_started', 'on_the_way', 'on_site', 'done'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];
export const fieldBoardJobSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  startsAt: z.string(),
  fieldStatus: z.enum(FIELD_STATUSES),
});
export type FieldBoardJob = z.infer<typeof fieldBoardJobSchema>;
export const fieldBoardRowSchema = z.object({
  technician: personRefSchema,
  currentJob: z
    .object({
      id: z.string(),
      customerName: z.string(),
      status: z.enum(BOOKING_STATUSES),
      startsAt: z.string(),
    })
    .nullable(),
  lastEvent: fieldEventSchema.nullable(),
  jobsDone: z.number().int(),
  jobsTotal: z.number().int(),
  /** The day's jobs of the technician (cancelled ones left out), by start. */
  jobs: z.array(fieldBoardJobSchema),
});
export type FieldBoardRow = z.infer<typeof fieldBoardRowSchema>;
export const fieldBoardSchema = z.object({ items: z.array(fieldBoardRowSchema), nextCursor: z.null() });
export type FieldBoard = z.infer<typeof fieldBoardSchema>;

// ---- checklist definitions (per service, the owner's) ----

export const checklistDefinitionSchema = z.object({
  id: z.string(),
  label: z.string(),
  position: z.number().int(),
});
export type ChecklistDefinition = z.infer<typeof checklistDefinitionSchema>;
export const checklistDefinitionListSchema = z.object({
  items: z.array(checklistDefinitionSchema),
  nextCursor: z.null(),
});
export const checklistDefinitionsInputSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().optional(),
        label: z
          .string()
          .trim()
          .min(1, 'Each item needs a label')
          .max(120, 'Labels are at most 120 characters'),
      }),
    )
    .max(MAX_CHECKLIST_ITEMS, `A checklist has at most ${MAX_CHECKLIST_ITEMS} items`),
});
export type ChecklistDefinitionsInput = z.infer<typeof checklistDefinitionsInputSchema>;
