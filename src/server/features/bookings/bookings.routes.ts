import { createRoute, z } from '@hono/zod-openapi';
import { BOOKER_FIELDS, mergeBookerSchema } from '../../../shared/booker-details';
import { BOOKING_FILTERS } from '../../../shared/booking-status';
import { BOOKING_STATUSES, VEHICLE_TYPES } from '../../../shared/constants';
import {
  BOOKING_WHEN,
  ownerBookingEditSchema,
  ownerBookingInputSchema,
} from '../../../shared/owner-bookings';
import { requireOwner, requireUser } from '../../access/guards';
import {
  assertOwnJob,
  assertTechnicianStatus,
  ownJobsFilter,
  viewerOf,
} from '../../access/technician-access';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { mergeBookerDetails } from './booker-details.service';
import { updateBookingStatus } from './bookings.service';
import { CALENDAR_MAX_DAYS, calendarBookings, listBookingsPage } from './bookings-list.service';
import { createOwnerBooking, editOwnerBooking, getBookingWithHistory } from './owner-bookings.service';

export const ownerBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    scheduledAt: z.string(),
    durationMinutes: z.number().int(),
    locationAddress: z.string(),
    zipCode: z.string().nullable(),
    quotedPriceCents: z.number().int(),
    finalPriceCents: z.number().int().nullable(),
    tipCents: z.number().int(),
    promoCode: z.string().nullable(),
    rewardName: z.string().nullable(),
    specialInstructions: z.string().nullable(),
    createdAt: z.string(),
    payment: z.enum(['online', 'offline', 'unpaid']),
    arrivalAnyTime: z.boolean(),
    needsNewTime: z.boolean(),
    service: z.object({
      id: z.string().nullable(),
      name: z.string(),
      description: z.string().nullable(),
      durationMinutes: z.number().int(),
    }),
    customer: z
      .object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
      })
      .nullable(),
    bookerChanges: z.array(
      z.object({ field: z.enum(BOOKER_FIELDS), booker: z.string(), customer: z.string().nullable() }),
    ),
    vehicle: z
      .object({
        make: z.string(),
        model: z.string(),
        year: z.number().int().nullable(),
        color: z.string().nullable(),
        vehicleType: z.enum(VEHICLE_TYPES),
      })
      .nullable(),
  })
  .openapi('Booking');

/** What the list and the calendar both filter by: a status, a technician, a location. */
const bookingFilters = {
  status: z.enum(BOOKING_FILTERS, { error: 'Unknown status filter' }).optional(),
  technicianId: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "A team member's id, or 'unassigned'" }),
  locationId: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: 'One of the business’s locations (decision 1280)' }),
};

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Bookings'],
  summary:
    "A page of the business's bookings: upcoming (today onwards, soonest first) or past (latest first), with search and status",
  request: {
    query: listQuerySchema.extend({
      ...bookingFilters,
      when: z.enum(BOOKING_WHEN, { error: 'Unknown list' }).optional(),
    }),
  },
  responses: {
    200: json(listOf(ownerBookingSchema).extend({ timeZone: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);
const calendarRoute = createRoute({
  method: 'get',
  path: '/calendar',
  tags: ['Bookings'],
  summary: `Bookings from one date to another in the business's zone (at most ${CALENDAR_MAX_DAYS} days), for the time grid`,
  request: {
    query: z.object({
      from: isoDate('Please give the first date'),
      to: isoDate('Please give the last date'),
      ...bookingFilters,
    }),
  },
  responses: {
    // A bounded window (at most CALENDAR_MAX_DAYS), answered whole: nextCursor is null.
    200: json(listOf(ownerBookingSchema).extend({ timeZone: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const historyEntrySchema = z.object({
  id: z.string(),
  field: z.string(),
  summary: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
const bookingAddOnSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  extraMinutes: z.number().int(),
});
const bookingVehicleSchema = z.object({
  position: z.number().int(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  color: z.string().nullable(),
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  servicePriceCents: z.number().int(),
  durationMinutes: z.number().int(),
  addOns: z.array(bookingAddOnSchema),
});
const bookingDetailSchema = ownerBookingSchema
  .extend({
    history: z.array(historyEntrySchema),
    // Each vehicle with its service and add-ons (decision 1325); empty for a booking with none recorded.
    vehicles: z.array(bookingVehicleSchema),
    // The booking's own add-ons (its first vehicle's), as booked.
    addOns: z.array(bookingAddOnSchema),
  })
  .openapi('BookingDetail');

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Bookings'],
  summary: 'One booking with its history',
  request: { params: idParamSchema },
  responses: { 200: json(bookingDetailSchema), 401: errorResponses[401], 404: errorResponses[404] },
});

const createBookingRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Bookings'],
  summary: 'New booking by the owner (phone-in): confirmed, slot rules as on /book, paid offline or later',
  request: { body: { content: { 'application/json': { schema: ownerBookingInputSchema } }, required: true } },
  responses: {
    201: json(bookingDetailSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const editRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Bookings'],
  summary:
    'Change time, service, vehicle, address, price (with a reason) or notes; the customer is emailed a new time',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: ownerBookingEditSchema } }, required: true },
  },
  responses: {
    200: json(bookingDetailSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const statusRoute = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags: ['Bookings'],
  summary: 'Confirm, cancel, start, complete or mark a no-show (§4 transitions only)',
  request: {
    params: idParamSchema,
    body: {
      content: {
        'application/json': {
          schema: z.object({ status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(ownerBookingSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const mergeBookerRoute = createRoute({
  method: 'post',
  path: '/{id}/merge-booker',
  tags: ['Bookings'],
  summary:
    "Update the booking's customer with the name, phone and/or address entered when booking online (owner only)",
  middleware: [requireOwner] as const,
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: mergeBookerSchema } }, required: false },
  },
  responses: {
    200: json(bookingDetailSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const bookingsRoutes = createRouter();
bookingsRoutes.use('*', requireUser);

export const bookingsApi = bookingsRoutes
  // A technician's lists are their own jobs, whatever technician the query names (decision 1160).
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const technicianId = ownJobsFilter(viewerOf(c), query.technicianId);
    return c.json(await listBookingsPage(c.var.deps.db, c.var.businessId, { ...query, technicianId }), 200);
  })
  .openapi(calendarRoute, async (c) => {
    const query = c.req.valid('query');
    const technicianId = ownJobsFilter(viewerOf(c), query.technicianId);
    return c.json(await calendarBookings(c.var.deps.db, c.var.businessId, { ...query, technicianId }), 200);
  })
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertOwnJob(c.var.deps.db, viewerOf(c), id);
    return c.json(await getBookingWithHistory(c.var.deps, c.var.businessId, id), 200);
  })
  .openapi(createBookingRoute, async (c) =>
    c.json(await createOwnerBooking(c.var.deps, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(editRoute, async (c) =>
    c.json(
      await editOwnerBooking(c.var.deps, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(statusRoute, async (c) => {
    const viewer = viewerOf(c);
    await assertOwnJob(c.var.deps.db, viewer, c.req.valid('param').id);
    if (viewer.memberRole === 'technician') assertTechnicianStatus(c.req.valid('json').status);
    const booking = await updateBookingStatus(
      c.var.deps,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json').status,
    );
    return c.json(booking, 200);
  })
  .openapi(mergeBookerRoute, async (c) => {
    const { id } = c.req.valid('param');
    await mergeBookerDetails(c.var.deps.db, c.var.businessId, id, c.req.valid('json')?.fields);
    return c.json(await getBookingWithHistory(c.var.deps, c.var.businessId, id), 200);
  });
