import { createRoute, z } from '@hono/zod-openapi';
import { zipCodeSchema } from '../../../shared/public.schemas';
import { SERVICE_AREA_TEXT, serviceAreaInputSchema } from '../../../shared/service-areas';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { notFound } from '../../http/errors';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import {
  createServiceArea,
  deleteServiceArea,
  listServiceAreas,
  lookupZip,
  setServiceAreaActive,
  waitlistInsights,
} from './service-areas.service';

const areaSchema = z
  .object({
    id: z.string(),
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    stateCode: z.string().nullable(),
    isActive: z.boolean(),
    launchDate: z.string().nullable(),
    createdAt: z.string(),
    waitingCount: z.number().int(),
  })
  .openapi('ServiceArea');

const insightSchema = z
  .object({
    zipCode: z.string(),
    waitingCount: z.number().int(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    stateCode: z.string().nullable(),
    hasArea: z.boolean(),
  })
  .openapi('WaitlistInsight');

const tags = ['Service areas'];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Your service areas, newest first, with the number of people waiting in each zip (the whole list)',
  responses: { 200: json(listOf(areaSchema)), 401: errorResponses[401] },
});
const createAreaRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Add a service area (created inactive)',
  request: body(serviceAreaInputSchema),
  responses: {
    201: json(areaSchema, 'Created'),
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});
const toggleRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  summary: 'Activate or deactivate an area; activating queues launch emails to the zip’s waitlist',
  request: {
    params: idParamSchema,
    ...body(z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) })),
  },
  responses: {
    200: json(z.object({ area: areaSchema, launchEmailsQueued: z.number().int() })),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Remove a service area',
  request: { params: idParamSchema },
  responses: { ...noContent, 401: errorResponses[401], 404: errorResponses[404] },
});
const insightsRoute = createRoute({
  method: 'get',
  path: '/waitlist-insights',
  tags,
  summary: 'The 50 zips with most people waiting and no active area, most waiters first (nextCursor is null)',
  responses: { 200: json(listOf(insightSchema)), 401: errorResponses[401] },
});
const zipLookupRoute = createRoute({
  method: 'get',
  path: '/zip-lookup/{zip}',
  tags,
  summary: 'City and state of a US zip code (offline dataset)',
  request: { params: z.object({ zip: zipCodeSchema }) },
  responses: {
    200: json(z.object({ zipCode: z.string(), city: z.string(), state: z.string(), stateCode: z.string() })),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const serviceAreasRoutes = createRouter();
serviceAreasRoutes.use('*', requireUser, requireOwnerForWrites);

export const serviceAreasApi = serviceAreasRoutes
  .openapi(listRoute, async (c) =>
    c.json(wholeList(await listServiceAreas(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(createAreaRoute, async (c) =>
    c.json(await createServiceArea(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(insightsRoute, async (c) =>
    c.json(wholeList(await waitlistInsights(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(zipLookupRoute, async (c) => {
    const place = await lookupZip(c.req.valid('param').zip);
    if (!place) throw notFound(SERVICE_AREA_TEXT.unknownZip);
    return c.json(place, 200);
  })
  .openapi(toggleRoute, async (c) => {
    const { db, jobs } = c.var.deps;
    if (!jobs) throw new Error('The job queue is not running');
    const { area, launched } = await setServiceAreaActive(
      db,
      c.var.businessId,
      c.req.valid('param').id,
      c.req.valid('json').isActive,
      jobs,
    );
    return c.json({ area, launchEmailsQueued: launched ? area.waitingCount : 0 }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteServiceArea(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
