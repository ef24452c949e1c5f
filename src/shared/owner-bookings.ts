import { z } from 'zod';
import { BOOKING_MESSAGES, bookingFormSchema, extraVehicleSchema } from './booking.schemas';
import { MAX_BOOKING_VEHICLES } from './booking-vehicles';
import { VEHICLE_TYPES } from './constants';
import { addOnIdsSchema } from './service-add-ons';
import { optionalText } from './text';

// The owner's New booking and Edit (docs/decisions/1102): shared by the dialog and the server.

export const OWNER_BOOKING_TEXT = {
  created: 'Booking created',
  updated: 'Booking updated',
  customerRequired: 'Please choose a customer or enter a new one',
  vehicleMake: 'Please enter the vehicle make',
  vehicleModel: 'Please enter the vehicle model',
  priceReason: 'Please give a reason for the price change',
  notEditable: 'This booking can no longer be changed',
  vehicleNotFound: 'Vehicle not found',
  customerNotFound: 'Customer not found',
  serviceNotFound: 'This service is no longer available',
  nothingChanged: 'Nothing to change',
  /** A longer booking (more vehicles, a longer service) that no longer fits at its time (decision 1343). */
  longerNoRoom: (length: string) =>
    `With these vehicles the booking takes ${length} and no longer fits at its time. Please choose another time.`,
} as const;

/**
 * A booking never rewrites a saved vehicle's type (issue 25): a different type is another vehicle, or the owner's
 * explicit change of the booking's vehicle in Edit.
 */
export const vehicleTypeMismatch = (savedAs: string) =>
  `This vehicle is saved as a ${savedAs}. To book a different vehicle, choose “Another vehicle…”.`;

/** Bookings the owner can still change (§4: not once started, finished or cancelled). */
export const EDITABLE_STATUSES = ['pending', 'confirmed'] as const;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

/** A customer entered by the owner: the same fields and messages as /book's form. */
export const newCustomerSchema = bookingFormSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
});

export const newVehicleSchema = z.object({
  make: required(OWNER_BOOKING_TEXT.vehicleMake, 60),
  model: required(OWNER_BOOKING_TEXT.vehicleModel, 60),
  year: z.coerce
    .number()
    .int('Please enter a valid vehicle year')
    .min(1900, 'Please enter a valid vehicle year')
    .max(new Date().getFullYear() + 2, 'Please enter a valid vehicle year')
    .nullish()
    .or(z.literal('').transform(() => null)),
  color: optionalText(40),
});

const price = z.coerce
  .number({ error: 'Please enter a price' })
  .int('Please enter the price in cents')
  .min(0, 'The price cannot be negative')
  .max(10_000_000, 'Please enter a smaller price');
const date = z.string({ error: BOOKING_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MESSAGES.date);
const time = z
  .string({ error: BOOKING_MESSAGES.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, BOOKING_MESSAGES.time);

export const ownerBookingInputSchema = z
  .object({
    customerId: z.string().nullish(),
    customer: newCustomerSchema.nullish(),
    vehicleId: z.string().nullish(),
    vehicle: newVehicleSchema.nullish(),
    // A saved vehicle (vehicleId) brings its own type; a new vehicle needs one.
    vehicleType: z.enum(VEHICLE_TYPES, { error: BOOKING_MESSAGES.vehicleType }).nullish(),
    serviceId: required(BOOKING_MESSAGES.service, 100),
    date,
    time,
    locationAddress: required(BOOKING_MESSAGES.location, 300),
    notes: optionalText(1000),
    // Null: the service's price for the vehicle type (§9 multipliers). Another price needs a reason.
    priceCents: price.nullish(),
    priceReason: optionalText(300),
    paidOffline: z.boolean().default(false),
    // The service's add-ons (decision 1255): ids only; the server prices them and adds their minutes.
    addOnIds: addOnIdsSchema,
    // The household's other vehicles (decision 1325), each its type, service and add-ons; priced by the server.
    extraVehicles: z
      .array(extraVehicleSchema)
      .max(MAX_BOOKING_VEHICLES - 1, `Please book at most ${MAX_BOOKING_VEHICLES} vehicles at once`)
      .default([]),
    // One of the business's locations (decision 1280); absent: the one serving the address's zip.
    locationId: z.string().max(100).nullish(),
    // "Any time today" (decisions 1334, 1350): the route optimiser may place it any time in the technician's day.
    arrivalAnyTime: z.boolean().default(false),
  })
  .refine((v) => Boolean(v.customerId) || Boolean(v.customer), {
    message: OWNER_BOOKING_TEXT.customerRequired,
    path: ['customerId'],
  })
  .refine((v) => Boolean(v.vehicleId) || Boolean(v.vehicleType), {
    message: BOOKING_MESSAGES.vehicleType,
    path: ['vehicleType'],
  });
export type OwnerBookingInput = z.input<typeof ownerBookingInputSchema>;

/** Edit: only the fields sent change; a new time needs both date and time. */
export const ownerBookingEditSchema = z
  .object({
    serviceId: z.string().trim().min(1, BOOKING_MESSAGES.service).max(100).optional(),
    vehicleId: z.string().nullish(),
    vehicle: newVehicleSchema.nullish(),
    vehicleType: z.enum(VEHICLE_TYPES, { error: BOOKING_MESSAGES.vehicleType }).optional(),
    date: date.optional(),
    time: time.optional(),
    locationAddress: required(BOOKING_MESSAGES.location, 300).optional(),
    notes: optionalText(1000).optional(),
    priceCents: price.optional(),
    priceReason: optionalText(300),
    // The vehicles after the first (decision 1343): sent, they replace the booking's; absent, they stay as booked.
    extraVehicles: z
      .array(extraVehicleSchema)
      .max(MAX_BOOKING_VEHICLES - 1, `Please book at most ${MAX_BOOKING_VEHICLES} vehicles at once`)
      .optional(),
    // "Any time today" (decisions 1334, 1350); absent, as it was.
    arrivalAnyTime: z.boolean().optional(),
  })
  .refine((v) => (v.date === undefined) === (v.time === undefined), {
    message: BOOKING_MESSAGES.time,
    path: ['time'],
  });
export type OwnerBookingEdit = z.input<typeof ownerBookingEditSchema>;

/** The /bookings list: today and later (soonest first) or before today (latest first). */
export const BOOKING_WHEN = ['upcoming', 'past'] as const;
export type BookingWhen = (typeof BOOKING_WHEN)[number];
