import { createRoute, z } from '@hono/zod-openapi';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { serviceInputSchema, serviceUpdateSchema } from '../../../shared/services.schemas';
import { requireOwnerForWrites, requireUser } from '../../auth/guards';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { createService, deleteService, listServices, updateService } from './services.service';

const serviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    basePriceCents: z.number().int(),
    durationMinutes: z.number().int(),
    isActive: z.boolean(),
    vehicleTypeMultipliers: z.record(z.enum(VEHICLE_TYPES), z.number()),
    archivedAt: z.string().nullable(),
    createdAt: z.string(),
    bookingCount: z.number().int(),
  })
  .openapi('Service');

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const withId = { 401: errorResponses[401], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Services'],
  summary: "The business's services, newest first",
  request: { query: z.object({ includeArchived: z.enum(['true', 'false']).optional() }) },
  responses: { 200: json(z.array(serviceSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const createServiceRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Services'],
  summary: 'Add a service (vehicle multipliers default to §9)',
  request: { body: { content: { 'application/json': { schema: serviceInputSchema } }, required: true } },
  responses: { 201: json(serviceSchema, 'Created'), 400: errorResponses[400], 401: errorResponses[401] },
});
const updateRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Services'],
  summary: 'Edit, activate or deactivate a service',
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: serviceUpdateSchema } }, required: true },
  },
  responses: { 200: json(serviceSchema), 400: errorResponses[400], 409: errorResponses[409], ...withId },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Services'],
  summary: 'Delete a service, or archive it when it has bookings',
  request: { params: idParam },
  responses: { 200: json(z.object({ result: z.enum(['deleted', 'archived']) })), ...withId },
});

export const servicesRoutes = createRouter();
servicesRoutes.use('*', requireUser, requireOwnerForWrites);

export const servicesApi = servicesRoutes
  .openapi(listRoute, async (c) =>
    c.json(
      await listServices(c.var.deps.db, c.var.businessId, {
        includeArchived: c.req.valid('query').includeArchived === 'true',
      }),
      200,
    ),
  )
  .openapi(createServiceRoute, async (c) =>
    c.json(await createService(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateService(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteService(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  );
