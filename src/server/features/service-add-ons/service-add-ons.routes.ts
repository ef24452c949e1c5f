import { createRoute, z } from '@hono/zod-openapi';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { addOnInputSchema } from '../../../shared/service-add-ons';
import { requireFeature, requireOwnerForWrites, requireUser } from '../../access/guards';
import { notFound } from '../../http/errors';
import { listOf } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { findPublicBusiness } from '../bookings/book/booking-options.service';
import { archiveAddOn, createAddOn, listAddOns, offeredAddOns, updateAddOn } from './service-add-ons.service';

// Service add-ons (docs/decisions/1255): the owner's list on a service (Pro, Elite: 402 on Starter; technicians read),
// and what /book offers once a service is chosen.

const tags = ['Add-ons'];
const addOnSchema = z
  .object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    priceCents: z.number().int(),
    extraMinutes: z.number().int(),
    vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
    isActive: z.boolean(),
  })
  .openapi('AddOn');
const serviceParams = z.object({ serviceId: z.string().min(1).max(100) });
const addOnParams = serviceParams.extend({ id: z.string().min(1).max(100) });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  402: errorResponses[402],
  403: errorResponses[403],
  404: errorResponses[404],
};

const listRoute = createRoute({
  method: 'get',
  path: '/{serviceId}/add-ons',
  tags,
  summary: "A service's add-ons, by name",
  request: { params: serviceParams },
  responses: { 200: json(listOf(addOnSchema)), ...errors },
});
const createAddOnRoute = createRoute({
  method: 'post',
  path: '/{serviceId}/add-ons',
  tags,
  summary: 'Add an add-on to a service: name, price, extra minutes, vehicle types (none: all)',
  request: { params: serviceParams, ...body(addOnInputSchema) },
  responses: { 201: json(addOnSchema, 'Created'), ...errors },
});
const updateAddOnRoute = createRoute({
  method: 'put',
  path: '/{serviceId}/add-ons/{id}',
  tags,
  summary: 'Edit an add-on',
  request: { params: addOnParams, ...body(addOnInputSchema) },
  responses: { 200: json(addOnSchema), ...errors },
});
const deleteAddOnRoute = createRoute({
  method: 'delete',
  path: '/{serviceId}/add-ons/{id}',
  tags,
  summary: 'Remove an add-on (archived: bookings that took it keep their line). 204',
  request: { params: addOnParams },
  responses: { ...noContent, ...errors },
});

const router = createRouter();
router.use('/:serviceId/add-ons', requireUser, requireFeature('upsells'), requireOwnerForWrites);
router.use('/:serviceId/add-ons/*', requireUser, requireFeature('upsells'), requireOwnerForWrites);

export const addOnsApi = router
  .openapi(listRoute, async (c) =>
    c.json(await listAddOns(c.var.deps.db, c.var.businessId, c.req.valid('param').serviceId), 200),
  )
  .openapi(createAddOnRoute, async (c) =>
    c.json(
      await createAddOn(c.var.deps.db, c.var.businessId, c.req.valid('param').serviceId, c.req.valid('json')),
      201,
    ),
  )
  .openapi(updateAddOnRoute, async (c) => {
    const { serviceId, id } = c.req.valid('param');
    return c.json(
      await updateAddOn(c.var.deps.db, c.var.businessId, serviceId, id, c.req.valid('json')),
      200,
    );
  })
  .openapi(deleteAddOnRoute, async (c) => {
    const { serviceId, id } = c.req.valid('param');
    await archiveAddOn(c.var.deps.db, c.var.businessId, serviceId, id);
    return c.body(null, 204);
  });

const offeredRoute = createRoute({
  method: 'post',
  path: '/offered',
  tags,
  summary:
    "The chosen service's add-ons /book offers for the vehicle type, with suggestions from the customer's history",
  request: body(
    z.object({
      businessId: z.string().trim().min(1).max(100),
      serviceId: z.string().trim().min(1).max(100),
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      email: z.string().trim().max(200).optional(),
    }),
  ),
  responses: {
    200: json(
      z.object({
        items: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            priceCents: z.number().int(),
            extraMinutes: z.number().int(),
            vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
            suggestion: z.string().nullable(),
          }),
        ),
      }),
    ),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

/** Public: /book asks once a service is chosen (and again when the vehicle type or email changes). */
export const publicAddOnsApi = createRouter().openapi(offeredRoute, async (c) => {
  const { db } = c.var.deps;
  const input = c.req.valid('json');
  const business = await findPublicBusiness(db, input.businessId);
  if (!business) throw notFound('This business could not be found');
  const email = input.email && /^[^\s@]+@[^\s@]+$/.test(input.email) ? input.email : null;
  return c.json({ items: await offeredAddOns(db, business.id, { ...input, email }) }, 200);
});
