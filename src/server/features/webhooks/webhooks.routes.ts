import { createRoute, z } from '@hono/zod-openapi';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointInputSchema,
} from '../../../shared/webhooks';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateEndpointSecret,
  sendTestEvent,
} from './webhooks.service';

const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secretHint: z
      .string()
      .openapi({ description: 'The start of the signing secret, to tell which one it is' }),
    rotationEndsAt: z.string().nullable().openapi({
      description: 'Until when deliveries also carry the previous secret’s signature (after a rotation)',
    }),
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookEndpoint');
const endpointWithSecretSchema = endpointSchema
  .extend({
    secret: z
      .string()
      .openapi({ description: 'The signing secret (whsec_…) for the Standard Webhooks check, shown once' }),
  })
  .openapi('WebhookEndpointWithSecret');
const deliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WebhookDelivery');

const guarded = { 401: errorResponses[401], 402: errorResponses[402], 403: errorResponses[403] };
const withId = { ...guarded, 404: errorResponses[404] };
const tags = ['Webhooks'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The business’s webhook endpoints (the whole list)',
  responses: { 200: json(listOf(endpointSchema)), ...guarded },
});
const createEndpointRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Add an endpoint with the events it receives (Elite); private addresses are refused',
  request: {
    body: { content: { 'application/json': { schema: webhookEndpointInputSchema } }, required: true },
  },
  responses: { 201: json(endpointWithSecretSchema, 'Created'), 400: errorResponses[400], ...guarded },
});
const rotateRoute = createRoute({
  method: 'post',
  path: '/{id}/rotate-secret',
  tags,
  summary:
    'A new signing secret, shown once; for 24 hours deliveries are signed with both the new and the old secret',
  request: { params: idParamSchema },
  responses: { 200: json(endpointWithSecretSchema), ...withId },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Remove an endpoint and its log',
  request: { params: idParamSchema },
  responses: { ...noContent, ...withId },
});
const enableRoute = createRoute({
  method: 'post',
  path: '/{id}/enable',
  tags,
  summary: 'Enable an endpoint that was disabled after failing',
  request: { params: idParamSchema },
  responses: { 200: json(endpointSchema), ...withId },
});
const testRoute = createRoute({
  method: 'post',
  path: '/{id}/test',
  tags,
  summary: 'Send a test event (webhook.test) to the endpoint',
  request: { params: idParamSchema },
  responses: { 202: json(z.object({ deliveryId: z.string() }), 'Queued'), ...withId },
});
const deliveriesRoute = createRoute({
  method: 'get',
  path: '/{id}/deliveries',
  tags,
  summary: 'The endpoint’s delivery log, newest first: status, response code, attempts, times',
  request: { params: idParamSchema, query: listQuerySchema },
  responses: { 200: json(listOf(deliverySchema)), 400: errorResponses[400], ...withId },
});
const resendRoute = createRoute({
  method: 'post',
  path: '/deliveries/{id}/resend',
  tags,
  summary: 'Send a delivery again (the same event id)',
  request: { params: idParamSchema },
  responses: { 202: json(z.object({ ok: z.boolean() }), 'Queued'), ...withId },
});

const router = createRouter();
router.use('*', requireUser, requireOwner, requireFeature('api_access'));

export const webhooksApi = router
  .openapi(listRoute, async (c) =>
    c.json(wholeList(await listEndpoints(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(createEndpointRoute, async (c) =>
    c.json(await createEndpoint(c.var.deps, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteEndpoint(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(enableRoute, async (c) =>
    c.json(await enableEndpoint(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(rotateRoute, async (c) =>
    c.json(await rotateEndpointSecret(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(testRoute, async (c) =>
    c.json(await sendTestEvent(c.var.deps, c.var.businessId, c.req.valid('param').id), 202),
  )
  .openapi(deliveriesRoute, async (c) =>
    c.json(
      await listDeliveries(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('query')),
      200,
    ),
  )
  .openapi(resendRoute, async (c) => {
    await resendDelivery(c.var.deps, c.var.businessId, c.req.valid('param').id);
    return c.json({ ok: true }, 202);
  });
