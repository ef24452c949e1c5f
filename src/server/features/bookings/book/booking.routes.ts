import { createRoute, z } from '@hono/zod-openapi';
import { bookingFormSchema, completeBookingSchema } from '../../../../shared/booking.schemas';
import { appliedBrandingSchema } from '../../../../shared/branding';
import { VEHICLE_TYPES } from '../../../../shared/constants';
import { zipCodeSchema } from '../../../../shared/public.schemas';
import { createRouter, errorResponses, json } from '../../../http/openapi';
import { getBookingOptions, getSlots } from './booking-options.service';
import { checkoutState, completeBooking, createPayment } from './checkout.service';

const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  basePriceCents: z.number().int(),
  durationMinutes: z.number().int(),
  vehicleTypeMultipliers: z.record(z.enum(VEHICLE_TYPES), z.number()),
});

const optionsSchema = z
  .object({
    mode: z.enum(['business', 'choose', 'lead']),
    area: z.object({ zip: z.string(), city: z.string().nullable(), state: z.string().nullable() }).nullable(),
    timeZone: z.string(),
    today: z.string(),
    maxDate: z.string(),
    closedDates: z.array(z.string()),
    closedWeekdays: z.array(z.number().int()),
    // Times depend on where the job is (technicians drive, decision 1248): /book asks for a zip before listing them.
    needsPlace: z.boolean(),
    // The location its link names or the zip chose (decision 1280); null: the business as one place.
    location: z
      .object({ id: z.string(), name: z.string(), slug: z.string(), address: z.string().nullable() })
      .nullable(),
    business: z
      .object({
        id: z.string(),
        name: z.string().nullable(),
        tagline: z.string().nullable(),
        verified: z.boolean(),
        acceptsOnlineBookings: z.boolean(),
        offersLoyalty: z.boolean(),
        phone: z.string().nullable(),
        // White-label (Elite, decision 1315): the name, colour and logo to show; null for ShineRoute's look.
        branding: appliedBrandingSchema.nullable(),
      })
      .nullable(),
    businesses: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        tagline: z.string().nullable(),
        verified: z.boolean(),
      }),
    ),
    services: z.array(serviceSchema),
  })
  .openapi('BookingOptions');

const optionsRoute = createRoute({
  method: 'get',
  path: '/options',
  tags: ['Booking'],
  summary:
    "What /book offers: a business's active services by price, the businesses serving a zip, or the demo services",
  request: {
    query: z.object({
      business: z.string().trim().min(1).max(100).optional(),
      zip: zipCodeSchema.optional(),
      // A location of the business, by its slug or id: /book/{business}/{location} (decision 1280).
      location: z.string().trim().min(1).max(100).optional(),
    }),
  },
  responses: { 200: json(optionsSchema), 400: errorResponses[400], 404: errorResponses[404] },
});

const slotsRoute = createRoute({
  method: 'get',
  path: '/slots',
  tags: ['Booking'],
  summary:
    "A day's slots under the business's hours and rules; taken (every crew busy) or too soon marked unavailable",
  request: {
    query: z.object({
      business: z.string().trim().min(1).max(100).optional(),
      serviceId: z.string({ error: 'Please select a service' }).min(1, 'Please select a service').max(100),
      date: z.iso.date({ error: 'Please choose a date' }),
      // Where the job is (decision 1248): the zip the customer arrived with, refined by the street address.
      zip: zipCodeSchema.optional(),
      address: z.string().trim().max(300).optional(),
      // The chosen add-ons' ids, comma-separated: their minutes lengthen the slot (decision 1255).
      addOns: z.string().max(400).optional(),
      // The household's further vehicles (decision 1325): "serviceId" or "serviceId:addOnId.addOnId", comma-separated;
      // their minutes lengthen the slot.
      vehicles: z.string().max(1200).optional(),
      // The location the page is for (its id); absent: the one serving the zip (decision 1280).
      location: z.string().trim().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: json(
      z.object({
        date: z.string(),
        timeZone: z.string(),
        closed: z.boolean(),
        driveAware: z.boolean(),
        slots: z.array(
          z.object({
            time: z.string(),
            available: z.boolean(),
            state: z.enum(['available', 'taken', 'past']),
          }),
        ),
      }),
    ),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

const createPaymentRoute = createRoute({
  method: 'post',
  path: '/create-payment',
  tags: ['Booking'],
  summary:
    'Price the booking on the server and open a checkout session; the booking is made only once it is paid',
  request: { body: { content: { 'application/json': { schema: bookingFormSchema } }, required: true } },
  responses: {
    200: json(z.object({ url: z.string(), sessionId: z.string(), amountCents: z.number().int() })),
    400: errorResponses[400],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const bookingSummarySchema = z
  .object({
    id: z.string(),
    status: z.string(),
    serviceName: z.string(),
    scheduledAt: z.string(),
    durationMinutes: z.number().int(),
    timeZone: z.string(),
    locationAddress: z.string(),
    priceCents: z.number().int(),
    tipCents: z.number().int(),
    chargedCents: z.number().int(),
    customerEmail: z.string(),
    customerFirstName: z.string(),
    business: z
      .object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })
      .nullable(),
  })
  .openapi('BookingConfirmation');

const completeRoute = createRoute({
  method: 'post',
  path: '/complete-booking',
  tags: ['Booking'],
  summary: 'Turn a paid checkout session into a booking (idempotent)',
  request: { body: { content: { 'application/json': { schema: completeBookingSchema } }, required: true } },
  responses: {
    200: json(z.object({ success: z.literal(true), booking: bookingSummarySchema })),
    400: errorResponses[400],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const checkoutStatusRoute = createRoute({
  method: 'get',
  path: '/checkout-status',
  tags: ['Booking'],
  summary:
    'What became of a checkout session, for the /book tab waiting while the customer pays in another tab: open, paid, booked, cancelled, refunded or expired',
  request: { query: z.object({ sessionId: completeBookingSchema.shape.sessionId }) },
  responses: {
    200: json(z.object({ state: z.enum(['open', 'paid', 'booked', 'cancelled', 'refunded', 'expired']) })),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const bookingApi = createRouter()
  .openapi(optionsRoute, async (c) =>
    c.json(await getBookingOptions(c.var.deps.db, c.req.valid('query')), 200),
  )
  .openapi(slotsRoute, async (c) =>
    c.json(await getSlots(c.var.deps.db, c.req.valid('query'), c.var.deps.geo), 200),
  )
  .openapi(createPaymentRoute, async (c) => c.json(await createPayment(c.var.deps, c.req.valid('json')), 200))
  .openapi(checkoutStatusRoute, async (c) =>
    c.json(await checkoutState(c.var.deps.db, c.req.valid('query').sessionId), 200),
  )
  .openapi(completeRoute, async (c) => {
    const booking = await completeBooking(c.var.deps, c.req.valid('json').sessionId);
    return c.json({ success: true as const, booking }, 200);
  });
