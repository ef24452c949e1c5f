import { createRoute, z } from '@hono/zod-openapi';
import { clockInSchema, clockOutSchema } from '../../../shared/timesheets';
import { requireUser } from '../../access/guards';
import { viewerOf } from '../../access/technician-access';
import { requireIdempotencyKey } from '../../http/idempotency';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { clockIn, clockOut, shiftState } from './shifts.service';

const tags = ['Field'];

const shiftStateSchema = z
  .object({
    open: z.object({ id: z.string(), startedAt: z.string() }).nullable(),
    todayMinutes: z.number().int(),
  })
  .openapi('ShiftState');

const stateRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The signed-in technician's open shift, if any, and their shift minutes today",
  responses: { 200: json(shiftStateSchema), 401: errorResponses[401] },
});
const clockInRoute = createRoute({
  method: 'post',
  path: '/clock-in',
  tags,
  summary: 'Start a shift at the time the technician tapped it (deviceTime)',
  request: { body: { content: { 'application/json': { schema: clockInSchema } }, required: true } },
  responses: {
    201: json(z.object({ id: z.string(), startedAt: z.string() }), 'Clocked in'),
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});
const clockOutRoute = createRoute({
  method: 'post',
  path: '/clock-out',
  tags,
  summary: 'End the open shift at the time the technician tapped it (deviceTime)',
  request: { body: { content: { 'application/json': { schema: clockOutSchema } }, required: true } },
  responses: {
    200: json(z.object({ id: z.string(), startedAt: z.string(), endedAt: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});

export const shiftRoutes = createRouter();
shiftRoutes.use('*', requireUser);
// Field writes like the others: a replay answers the first answer and writes nothing (decisions 1170, 1210).
shiftRoutes.use('/clock-in', requireIdempotencyKey);
shiftRoutes.use('/clock-out', requireIdempotencyKey);

export const shiftApi = shiftRoutes
  .openapi(stateRoute, async (c) => c.json(await shiftState(c.var.deps.db, viewerOf(c)), 200))
  .openapi(clockInRoute, async (c) =>
    c.json(await clockIn(c.var.deps.db, viewerOf(c), c.req.valid('json')), 201),
  )
  .openapi(clockOutRoute, async (c) =>
    c.json(await clockOut(c.var.deps.db, viewerOf(c), c.req.valid('json')), 200),
  );
