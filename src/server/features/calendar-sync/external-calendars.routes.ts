import { createRoute, z } from '@hono/zod-openapi';
import { externalCalendarInputSchema } from '../../../shared/calendar-sync';
import { requireUser } from '../../access/guards';
import { viewerOf } from '../../access/technician-access';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import {
  addExternalCalendar,
  listExternalCalendars,
  removeExternalCalendar,
} from './external-calendars.service';

const calendarSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    personName: z.string(),
    host: z.string().openapi({ description: "The address's host; the secret path is never shown again" }),
    busyCount: z.number().int(),
    lastFetchedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('ExternalCalendar');

const guarded = { 401: errorResponses[401], 403: errorResponses[403] };

const listRoute = createRoute({
  method: 'get',
  path: '/calendars',
  tags: ['Calendar sync'],
  summary:
    "Other calendars whose busy times block slots: the owner sees everyone's, a technician their own (the whole list)",
  responses: { 200: json(listOf(calendarSchema)), ...guarded },
});
const addRoute = createRoute({
  method: 'post',
  path: '/calendars',
  tags: ['Calendar sync'],
  summary:
    "Subscribe a calendar's secret iCal address for the owner or a technician; read once now (private, oversized or unreadable addresses answer 400), then every few minutes",
  request: {
    body: { content: { 'application/json': { schema: externalCalendarInputSchema } }, required: true },
  },
  responses: {
    201: json(calendarSchema, 'Subscribed'),
    400: errorResponses[400],
    404: errorResponses[404],
    ...guarded,
  },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/calendars/{id}',
  tags: ['Calendar sync'],
  summary: 'Stop reading a calendar; its busy times stop blocking slots',
  request: { params: idParamSchema },
  responses: { ...noContent, ...guarded, 404: errorResponses[404] },
});

const router = createRouter();
router.use('*', requireUser);

export const externalCalendarsApi = router
  .openapi(listRoute, async (c) =>
    c.json(wholeList(await listExternalCalendars(c.var.deps, viewerOf(c))), 200),
  )
  .openapi(addRoute, async (c) =>
    c.json(await addExternalCalendar(c.var.deps, viewerOf(c), c.req.valid('json')), 201),
  )
  .openapi(removeRoute, async (c) => {
    await removeExternalCalendar(c.var.deps.db, viewerOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
