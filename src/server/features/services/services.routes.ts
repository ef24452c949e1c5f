import { createRoute, z } from '@hono/zod-openapi';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { serviceInputSchema, serviceUpdateSchema } from '../../../shared/services.schemas';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema, optionsQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import {
  createService,
  deleteService,
  listServiceOptions,
  listServices,
  updateService,
} from './services.service';

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

const serviceOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    basePriceCents: z.number().int(),
    durationMinutes: z.number().int(),
    vehicleTypeMultipliers: z.record(z.enum(VEHICLE_TYPES), z.number()),
  })
  .openapi('ServiceOption');

const withId = { 401: errorResponses[401], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Services'],
  summary: "The business's services, newest first, a page at a time; q searches names",
  request: { query: listQuerySchema.extend({ includeArchived: z.enum(['true', 'false']).optional() }) },
  responses: { 200: json(listOf(serviceSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const optionsRoute = createRoute({
  method: 'get',
  path: '/options',
  tags: ['Services'],
  summary: 'Active services by name for pickers (booking form, quote lines): pages of up to 500',
  request: { query: optionsQuerySchema },
  responses: { 200: json(listOf(serviceOptionSchema)), 400: errorResponses[400], 401: errorResponses[401] },
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
    params: idParamSchema,
    body: { content: { 'application/json': { schema: serviceUpdateSchema } }, required: true },
  },
  responses: { 200: json(serviceSchema), 400: errorResponses[400], 409: errorResponses[409], ...withId },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Services'],
  summary: 'Delete a service; one with bookings is archived instead (hidden, history kept). 204 either way',
  request: { params: idParamSchema },
  responses: { ...noContent, ...withId },
});

export const servicesRoutes = createRouter();
servicesRoutes.use('*', requireUser, requireOwnerForWrites);

export const servicesApi = servicesRoutes
  .openapi(listRoute, async (c) => {
    const { includeArchived, ...query } = c.req.valid('query');
    return c.json(
      await listServices(c.var.deps.db, c.var.businessId, {
        ...query,
        includeArchived: includeArchived === 'true',
      }),
      200,
    );
  })
  .openapi(optionsRoute, async (c) =>
    c.json(await listServiceOptions(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
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
  .openapi(deleteRoute, async (c) => {
    await deleteService(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
