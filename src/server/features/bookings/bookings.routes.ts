import { createRoute, z } from '@hono/zod-openapi';
import { BOOKING_FILTERS } from '../../../shared/booking-status';
import { BOOKING_STATUSES, VEHICLE_TYPES } from '../../../shared/constants';
import { requireUser } from '../../auth/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { listBookings, updateBookingStatus } from './bookings.service';

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
    specialInstructions: z.string().nullable(),
    createdAt: z.string(),
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

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Bookings'],
  summary: "The business's bookings, newest scheduled first, with search and status filter",
  request: {
    query: z.object({
      search: z.string().max(200).optional(),
      status: z.enum(BOOKING_FILTERS, { error: 'Unknown status filter' }).optional(),
    }),
  },
  responses: {
    200: json(z.object({ timeZone: z.string(), bookings: z.array(ownerBookingSchema) })),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const statusRoute = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags: ['Bookings'],
  summary: 'Confirm, cancel, start, complete or mark a no-show (§4 transitions only)',
  request: {
    params: idParam,
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

export const bookingsRoutes = createRouter();
bookingsRoutes.use('*', requireUser);

export const bookingsApi = bookingsRoutes
  .openapi(listRoute, async (c) =>
    c.json(await listBookings(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(statusRoute, async (c) => {
    const booking = await updateBookingStatus(
      c.var.deps,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json').status,
    );
    return c.json(booking, 200);
  });
