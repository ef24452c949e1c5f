import { createRoute, z } from '@hono/zod-openapi';
import { decodeSlotVehicles } from '../../../../shared/booking-vehicles';
import { schedulingInputSchema } from '../../../../shared/scheduling';
import { requireOwner, requireUser } from '../../../access/guards';
import { notFound } from '../../../http/errors';
import { createRouter, errorResponses, json } from '../../../http/openapi';
import { findActiveService } from '../book/booking-options.service';
import { ownerSlotMinutes } from '../vehicles/booking-vehicles.service';
import { getScheduling, saveScheduling, slotsOfDate } from './scheduling.service';

const dayHours = z.object({ open: z.string(), close: z.string() }).nullable();
const schedulingSchema = z
  .object({
    timeZone: z.string(),
    customised: z.boolean(),
    weeklyHours: z.array(dayHours),
    closedDates: z.array(z.string()),
    slotMinutes: z.number().int(),
    capacity: z.number().int(),
    minNoticeMinutes: z.number().int(),
    horizonDays: z.number().int(),
    bufferMinutes: z.number().int(),
  })
  .openapi('Scheduling');

const tags = ['Scheduling'];
const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The business's time zone, working hours, closed dates, slot length, crews, notice and horizon",
  responses: { 200: json(schedulingSchema), 401: errorResponses[401], 404: errorResponses[404] },
});
const putRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Save the time zone and booking rules',
  middleware: [requireOwner] as const,
  request: { body: { content: { 'application/json': { schema: schedulingInputSchema } }, required: true } },
  responses: {
    200: json(schedulingSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const slotsRoute = createRoute({
  method: 'get',
  path: '/slots',
  tags,
  summary:
    "A day's slots for the owner's New booking or Edit (hours, closed dates, crews; no minimum notice)",
  request: {
    query: z.object({
      serviceId: z.string({ error: 'Please select a service' }).min(1, 'Please select a service').max(100),
      date: z.string({ error: 'Please choose a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a date'),
      excludeBookingId: z.string().max(100).optional(),
      // The job's address: a slot no technician can drive to in time is taken (decision 1248).
      address: z.string().trim().max(300).optional(),
      // New booking's add-ons and further vehicles (decisions 1255, 1325), as /book sends them: the minutes summed.
      addOns: z.string().max(400).optional(),
      vehicles: z.string().max(1200).optional(),
    }),
  },
  responses: {
    200: json(
      z.object({
        timeZone: z.string(),
        closed: z.boolean(),
        driveAware: z.boolean(),
        slots: z.array(z.object({ time: z.string(), state: z.enum(['available', 'taken', 'past']) })),
      }),
    ),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const schedulingRoutes = createRouter();
schedulingRoutes.use('*', requireUser);

export const schedulingApi = schedulingRoutes
  .openapi(getRoute, async (c) => c.json(await getScheduling(c.var.deps.db, c.var.businessId), 200))
  .openapi(slotsRoute, async (c) => {
    const { serviceId, date, excludeBookingId, address, addOns, vehicles } = c.req.valid('query');
    const service = await findActiveService(c.var.deps.db, c.var.businessId, serviceId);
    if (!service) throw notFound('This service is no longer available');
    const edited =
      excludeBookingId && /^[0-9a-f-]{36}$/i.test(excludeBookingId) ? excludeBookingId : undefined;
    const day = await slotsOfDate(c.var.deps.db, c.var.businessId, {
      date,
      // The length the server will book (decision 1328), so a time offered is never answered 409.
      durationMinutes: await ownerSlotMinutes(c.var.deps.db, c.var.businessId, {
        service,
        addOnIds: (addOns ?? '').split(',').filter(Boolean).slice(0, 10),
        // "none": an edit whose other vehicles were all removed (decision 1343).
        vehicles: decodeSlotVehicles(vehicles === 'none' ? '' : vehicles),
        editedBookingId: edited,
        editedVehicles: vehicles !== undefined,
      }),
      excludeBookingId: edited,
      byOwner: true,
      place: { address },
      geo: c.var.deps.geo,
    });
    return c.json({ ...day, slots: day.slots.map((s) => ({ time: s.time, state: s.state })) }, 200);
  })
  .openapi(putRoute, async (c) =>
    c.json(await saveScheduling(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  );
