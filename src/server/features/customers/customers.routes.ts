import { createRoute, z } from '@hono/zod-openapi';
import { BOOKING_STATUSES, VEHICLE_TYPES } from '../../../shared/constants';
import { customerInputSchema } from '../../../shared/customers.schemas';
import { LOYALTY_TIERS } from '../../../shared/loyalty';
import { requireOwnerForWrites, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { v1Customer } from '../public-api/v1-schemas';
import { emitWebhookEvent } from '../webhooks/webhooks.service';
import {
  createCustomer,
  deleteCustomer,
  getCustomerDetail,
  listCustomers,
  updateCustomer,
} from './customers.service';

const customerSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    notes: z.string().nullable(),
    totalSpentCents: z.number().int(),
    loyaltyPoints: z.number().int(),
    loyaltyTier: z.enum(LOYALTY_TIERS),
    createdAt: z.string(),
    vehicleCount: z.number().int(),
    bookingCount: z.number().int(),
  })
  .openapi('Customer');

const detailSchema = z
  .object({
    customer: customerSchema,
    timeZone: z.string(),
    vehicles: z.array(
      z.object({
        id: z.string(),
        make: z.string(),
        model: z.string(),
        year: z.number().int().nullable(),
        color: z.string().nullable(),
        vehicleType: z.enum(VEHICLE_TYPES),
      }),
    ),
    bookings: z.array(
      z.object({
        id: z.string(),
        status: z.enum(BOOKING_STATUSES),
        scheduledAt: z.string(),
        serviceName: z.string(),
        quotedPriceCents: z.number().int(),
        finalPriceCents: z.number().int().nullable(),
        locationAddress: z.string(),
      }),
    ),
    lifetimeValueCents: z.number().int(),
    completedBookings: z.number().int(),
  })
  .openapi('CustomerDetail');

const body = { content: { 'application/json': { schema: customerInputSchema } }, required: true };
const withId = { 401: errorResponses[401], 404: errorResponses[404] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Customers'],
  summary: 'Customers, newest first, a page at a time; q searches name, email, phone and address',
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(customerSchema)), 400: errorResponses[400], 401: errorResponses[401] },
});
const createCustomerRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Customers'],
  summary: 'Add a customer (email unique within the business)',
  request: { body },
  responses: {
    201: json(customerSchema, 'Created'),
    400: errorResponses[400],
    401: errorResponses[401],
    409: errorResponses[409],
  },
});
const detailRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Customers'],
  summary: 'A customer with vehicles, booking history, lifetime value and loyalty tier',
  request: { params: idParamSchema },
  responses: { 200: json(detailSchema), ...withId },
});
const updateRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ['Customers'],
  summary: 'Edit a customer',
  request: { params: idParamSchema, body },
  responses: { 200: json(customerSchema), 400: errorResponses[400], 409: errorResponses[409], ...withId },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Customers'],
  summary: 'Delete a customer (their bookings stay, without the personal details)',
  request: { params: idParamSchema },
  responses: { ...noContent, ...withId },
});

export const customersRoutes = createRouter();
customersRoutes.use('*', requireUser, requireOwnerForWrites);

export const customersApi = customersRoutes
  .openapi(listRoute, async (c) =>
    c.json(await listCustomers(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(createCustomerRoute, async (c) => {
    const customer = await createCustomer(c.var.deps.db, c.var.businessId, c.req.valid('json'));
    await emitWebhookEvent(c.var.deps, c.var.businessId, 'customer.created', v1Customer.parse(customer));
    return c.json(customer, 201);
  })
  .openapi(detailRoute, async (c) =>
    c.json(await getCustomerDetail(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateCustomer(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteCustomer(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  });
