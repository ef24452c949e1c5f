import { createRoute, z } from '@hono/zod-openapi';
import { locationInputSchema, locationUpdateSchema } from '../../../shared/locations';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { archiveLocation, createLocation, listLocations, updateLocation } from './locations.service';

const dayHours = z.object({ open: z.string(), close: z.string() }).nullable();
const locationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    isPrimary: z
      .boolean()
      .openapi({ description: 'The main location: the business’s own hours, zone and address' }),
    address: z.string().nullable(),
    timeZone: z.string().nullable(),
    weeklyHours: z.array(dayHours).nullable().openapi({ description: 'Null: the business’s hours' }),
    zips: z.array(z.string()),
    technicianIds: z.array(z.string()),
    bookingPath: z.string().nullable().openapi({ description: '/book/{business slug}/{location slug}' }),
    archivedAt: z.string().nullable(),
  })
  .openapi('Location');

const guarded = { 401: errorResponses[401], 402: errorResponses[402], 403: errorResponses[403] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Locations'],
  summary: 'The business’s locations, the main one first, archived ones last (the whole list)',
  responses: { 200: json(listOf(locationSchema)), 401: errorResponses[401], 403: errorResponses[403] },
});
const createLocationRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Locations'],
  summary: 'Add a location (Elite): its hours, zone, zips and technicians decide its slots',
  request: { body: { content: { 'application/json': { schema: locationInputSchema } }, required: true } },
  responses: {
    201: json(locationSchema, 'Created'),
    400: errorResponses[400],
    404: errorResponses[404],
    ...guarded,
  },
});
const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Locations'],
  summary: 'Change a location (the main one: its name only)',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: locationUpdateSchema } }, required: true },
  },
  responses: { 200: json(locationSchema), 400: errorResponses[400], 404: errorResponses[404], ...guarded },
});
const archiveRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Locations'],
  summary: 'Archive a location: refused for the main one and for one with upcoming bookings (409)',
  request: { params: idParamSchema },
  responses: { ...noContent, 404: errorResponses[404], 409: errorResponses[409], ...guarded },
});

const router = createRouter();
// The owner's alone; every write needs Elite (a Starter or Pro business has its one location, decision 1280).
router.use('*', requireUser, requireOwner);
router.post('*', requireFeature('multi_location'));
router.patch('*', requireFeature('multi_location'));
router.delete('*', requireFeature('multi_location'));

export const locationsApi = router
  .openapi(listRoute, async (c) =>
    c.json(wholeList(await listLocations(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(createLocationRoute, async (c) =>
    c.json(await createLocation(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateLocation(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(archiveRoute, async (c) => {
    await archiveLocation(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
