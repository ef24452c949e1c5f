import { createRoute, z } from '@hono/zod-openapi';
import { schedulingInputSchema } from '../../../shared/scheduling';
import { requireOwner, requireUser } from '../../auth/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { getScheduling, saveScheduling } from './scheduling.service';

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

export const schedulingRoutes = createRouter();
schedulingRoutes.use('*', requireUser);

export const schedulingApi = schedulingRoutes
  .openapi(getRoute, async (c) => c.json(await getScheduling(c.var.deps.db, c.var.businessId), 200))
  .openapi(putRoute, async (c) =>
    c.json(await saveScheduling(c.var.deps.db, c.var.businessId, c.req.valid('json')), 200),
  );
