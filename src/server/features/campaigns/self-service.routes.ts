import { createRoute, z } from '@hono/zod-openapi';
import { appliedBrandingSchema } from '../../../shared/branding';
import { selfServiceRescheduleSchema } from '../../../shared/messaging';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  selfServiceCancel,
  selfServiceReschedule,
  selfServiceSlots,
  selfServiceView,
} from './self-service.service';

// Public, by the unguessable token in the customer's confirmation and reminders (decision 612).

const viewSchema = z
  .object({
    businessName: z.string(),
    branding: appliedBrandingSchema.nullable(),
    businessPhone: z.string().nullable(),
    serviceName: z.string(),
    status: z.string(),
    scheduledAt: z.string(),
    when: z.string(),
    durationMinutes: z.number().int(),
    locationAddress: z.string(),
    timeZone: z.string(),
    canChange: z.boolean(),
    reason: z.string().nullable(),
    changeDeadline: z.string(),
  })
  .openapi('SelfServiceBooking');

export const tokenParam = z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) });
const tags = ['Self-service'];

const viewRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags,
  summary: "The customer's booking by its self-service token, and whether it may still be changed online",
  request: { params: tokenParam },
  responses: { 200: json(viewSchema), 404: errorResponses[404] },
});
const slotsRoute = createRoute({
  method: 'get',
  path: '/{token}/slots',
  tags,
  summary: 'Free times of a date for this booking (same slot rules as /book)',
  request: {
    params: tokenParam,
    query: z.object({
      date: z.string({ error: 'Please choose a date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a date'),
    }),
  },
  responses: {
    200: json(
      z.object({
        timeZone: z.string(),
        closed: z.boolean(),
        slots: z.array(z.object({ time: z.string(), state: z.enum(['available', 'taken', 'past']) })),
      }),
    ),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});
const rescheduleRoute = createRoute({
  method: 'post',
  path: '/{token}/reschedule',
  tags,
  summary: 'Move the booking to a free slot (refused inside 24 hours of the start)',
  request: {
    params: tokenParam,
    body: { content: { 'application/json': { schema: selfServiceRescheduleSchema } }, required: true },
  },
  responses: {
    200: json(viewSchema),
    400: errorResponses[400],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/{token}/cancel',
  tags,
  summary: 'Cancel the booking and refund its payment once (refused inside 24 hours of the start)',
  request: { params: tokenParam },
  responses: { 200: json(viewSchema), 404: errorResponses[404], 409: errorResponses[409] },
});

export const selfServiceApi = createRouter()
  .openapi(viewRoute, async (c) => c.json(await selfServiceView(c.var.deps, c.req.valid('param').token), 200))
  .openapi(slotsRoute, async (c) => {
    const day = await selfServiceSlots(c.var.deps, c.req.valid('param').token, c.req.valid('query').date);
    return c.json({ ...day, slots: day.slots.map((s) => ({ time: s.time, state: s.state })) }, 200);
  })
  .openapi(rescheduleRoute, async (c) =>
    c.json(await selfServiceReschedule(c.var.deps, c.req.valid('param').token, c.req.valid('json')), 200),
  )
  .openapi(cancelRoute, async (c) =>
    c.json(await selfServiceCancel(c.var.deps, c.req.valid('param').token), 200),
  );
