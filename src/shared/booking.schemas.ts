import { z } from 'zod';
import { MAX_BOOKING_VEHICLES } from './booking-vehicles';
import { DEMO_SERVICES, VEHICLE_TYPES } from './constants';
import { tipChoiceSchema } from './invoices.schemas';
import { zipCodeSchema } from './public.schemas';
import { addOnIdsSchema } from './service-add-ons';
import { optionalText } from './text';

// The public booking form (§3 "Booking form") and its §5 rules, shared by /book and the server.

/** §9's demo services, offered (as a platform lead) where no business serves; stable ids so a form can name them. */
export const LEAD_SERVICES = DEMO_SERVICES.map((s) => ({
  id: `demo-${s.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '')}`,
  ...s,
}));

export const BOOKING_MESSAGES = {
  service: 'Please select a service',
  vehicleType: 'Please select your vehicle type',
  date: 'Please choose a date',
  pastDate: 'Please choose a date that is not in the past',
  time: 'Please choose a time',
  location: 'Please enter the service address',
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter your email address',
  emailFormat: 'Please enter a valid email address',
  slotTaken: 'That time is no longer available',
} as const;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

/** A further vehicle in the booking (decision 1325): its type, service and add-ons; the server prices it. */
export const extraVehicleSchema = z.object({
  serviceId: required(BOOKING_MESSAGES.service, 100),
  vehicleType: z.enum(VEHICLE_TYPES, { error: BOOKING_MESSAGES.vehicleType }),
  vehicleMake: optionalText(60),
  vehicleModel: optionalText(60),
  vehicleColor: optionalText(40),
  addOnIds: addOnIdsSchema,
});
export type ExtraVehicleInput = z.input<typeof extraVehicleSchema>;

export const bookingFormSchema = z.object({
  // Absent for a platform lead (no business serves the zip; docs/decisions/0006).
  businessId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  // The business's location its link names (decision 1280); absent: the one serving the zip.
  locationId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  serviceId: required(BOOKING_MESSAGES.service, 100),
  vehicleType: z.enum(VEHICLE_TYPES, { error: BOOKING_MESSAGES.vehicleType }),
  // A real calendar date: 2026-99-01 must not roll over into 2034.
  date: z.iso.date({ error: BOOKING_MESSAGES.date }),
  // Any HH:MM: whether it is one of the business's slots is the slot function's call (src/shared/slots.ts).
  time: z.string({ error: BOOKING_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, BOOKING_MESSAGES.time),
  location: required(BOOKING_MESSAGES.location, 300),
  zip: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(zipCodeSchema.nullable()),
  firstName: required(BOOKING_MESSAGES.firstName, 100),
  lastName: required(BOOKING_MESSAGES.lastName, 100),
  email: z
    .string({ error: BOOKING_MESSAGES.email })
    .trim()
    .min(1, BOOKING_MESSAGES.email)
    .pipe(z.email(BOOKING_MESSAGES.emailFormat))
    .transform((e) => e.toLowerCase()),
  phone: optionalText(40),
  vehicleMake: optionalText(60),
  vehicleModel: optionalText(60),
  vehicleYear: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1900 || n > new Date().getFullYear() + 2) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid vehicle year' });
        return z.NEVER;
      }
      return n;
    }),
  vehicleColor: optionalText(40),
  notes: optionalText(1000),
  // A tip, its own line, charged with the price (docs/decisions/0501).
  tip: tipChoiceSchema.default({ kind: 'none' }),
  // The chosen service's add-ons (docs/decisions/1255): ids only; the server prices them.
  addOnIds: addOnIdsSchema,
  // The household's other vehicles (decision 1325): the first is serviceId/vehicleType above.
  extraVehicles: z
    .array(extraVehicleSchema)
    .max(MAX_BOOKING_VEHICLES - 1, `Please book at most ${MAX_BOOKING_VEHICLES} vehicles at once`)
    .default([]),
  // One promo code per booking (features/promo-codes); the server validates and applies it.
  promoCode: optionalText(40),
  // A loyalty reward (features/loyalty/redeem.service.ts): the token of the verified email and the chosen reward.
  loyaltyToken: optionalText(100),
  rewardId: optionalText(100),
  // A plan member's link token (features/memberships): an included service paid with a credit, others discounted.
  memberToken: optionalText(100),
  // Unchecked by default: marketing texts need the customer's own opt-in (TCPA; docs/decisions/0602).
  smsMarketingOptIn: z.boolean().optional().default(false),
  // Unchecked by default: the business may show the job's photos publicly only if the customer agrees (decision 1244).
  photoConsent: z.boolean().optional().default(false),
  // The site path the customer came to /book from (an SEO page /seo/{slug}…), for the platform analytics. Only a
  // same-site path is kept; anything else is dropped rather than refused, so it never blocks a booking.
  landingPath: z
    .string()
    .nullish()
    .transform((v) => (v && v.length <= 300 && /^\/(?!\/)[\w\-./~%]*$/.test(v) ? v : null)),
  // What the browser showed; ignored — the server prices from the service and vehicle type.
  totalPrice: z.number().optional(),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;

// Book Now's rule lives without zod, so /book's first script need not carry it (docs/decisions/0911).
export { canBookNow } from './booking-ready';

export const completeBookingSchema = z.object({
  sessionId: z.string({ error: 'Missing session id' }).trim().min(1, 'Missing session id').max(300),
});
