import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { assignLead, eligibleBusinesses, listLeads } from './leads.service';

const tags = ['Admin leads'];

const leadSchema = z
  .object({
    id: z.string(),
    serviceName: z.string(),
    scheduledAt: z.string(),
    timeZone: z.string(),
    locationAddress: z.string(),
    zipCode: z.string().nullable(),
    priceCents: z.number().int(),
    status: z.string(),
    createdAt: z.string(),
    customer: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
    assignment: z
      .object({
        businessId: z.string(),
        businessName: z.string().nullable(),
        assignedAt: z.string(),
        chargedCents: z.number().int(),
      })
      .nullable(),
  })
  .openapi('Lead');

const errors = { 401: errorResponses[401], 403: errorResponses[403] };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Bookings made without a business (platform leads), newest first',
  request: {
    query: listQuerySchema
      .omit({ q: true })
      .extend({ state: z.enum(['open', 'assigned', 'all']).default('open') }),
  },
  responses: { 200: json(listOf(leadSchema)), 400: errorResponses[400], ...errors },
});

const businessesRoute = createRoute({
  method: 'get',
  path: '/{id}/businesses',
  tags,
  summary: "Businesses whose active service areas cover the lead's zip",
  request: { params: idParamSchema },
  responses: {
    200: json(
      // Every eligible business in one answer: nextCursor is null.
      listOf(
        z.object({
          id: z.string(),
          name: z.string().nullable(),
          city: z.string(),
          stateCode: z.string().nullable(),
        }),
      ).extend({ zipCode: z.string().nullable(), leadPriceCents: z.number().int() }),
    ),
    404: errorResponses[404],
    ...errors,
  },
});

export const assignLeadSchema = z.object({
  businessId: z.string().trim().min(1, 'Please choose a business').max(100),
});

const assignRoute = createRoute({
  method: 'post',
  path: '/{id}/assign',
  tags,
  summary:
    "Give the lead to a business that serves its zip; the business's ledger is charged the lead price once",
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: assignLeadSchema } }, required: true },
  },
  responses: {
    200: json(z.object({ created: z.boolean(), lead: leadSchema })),
    400: errorResponses[400],
    404: errorResponses[404],
    409: errorResponses[409],
    ...errors,
  },
});

export const adminLeadsRoutes = createRouter();
adminLeadsRoutes.use('*', requireUser, requireAdmin);

export const adminLeadsApi = adminLeadsRoutes
  .openapi(listRoute, async (c) => c.json(await listLeads(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(businessesRoute, async (c) =>
    c.json(await eligibleBusinesses(c.var.deps.db, c.req.valid('param').id), 200),
  )
  .openapi(assignRoute, async (c) => {
    const result = await assignLead(c.var.deps.db, {
      leadId: c.req.valid('param').id,
      businessId: c.req.valid('json').businessId,
      admin: { id: c.var.user.id, email: c.var.user.email },
    });
    return c.json(result, 200);
  });
