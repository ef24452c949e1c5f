import { createRoute, z } from '@hono/zod-openapi';
import { fleetAccountSchema, sendMonthSchema } from '../../../shared/fleet';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf } from '../../http/lists';
import { createRouter, errorResponses, json, noContent } from '../../http/openapi';
import { getFleetAccount, removeFleetAccount, saveFleetAccount, sendMonthlyInvoice } from './fleet.service';

const tags = ['Fleet accounts'];
const accountSchema = listOf(
  z.object({
    month: z.string(),
    visits: z.number().int(),
    invoiceId: z.string(),
    number: z.number().int(),
    totalCents: z.number().int(),
    status: z.string(),
    sentAt: z.string().nullable(),
  }),
)
  .extend({
    account: z
      .object({
        companyName: z.string(),
        billingEmail: z.string(),
        poNumber: z.string(),
        paymentTermsDays: z.union([z.literal(15), z.literal(30)]),
      })
      .nullable(),
  })
  .openapi('FleetAccount');
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
};

const r = {
  get: createRoute({
    method: 'get',
    path: '/{id}/company',
    tags,
    summary: 'The customer’s company account (null for a person) and its monthly invoices',
    request: { params: idParamSchema },
    responses: { 200: json(accountSchema), ...errors },
  }),
  save: createRoute({
    method: 'put',
    path: '/{id}/company',
    tags,
    summary: 'Make the customer a company account (name, billing email, PO number, net 15/30), or edit it',
    request: { params: idParamSchema, ...body(fleetAccountSchema) },
    responses: { 200: json(accountSchema), ...errors },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/{id}/company',
    tags,
    summary: 'The customer is a person again (invoices already made stay)',
    request: { params: idParamSchema },
    responses: { ...noContent, ...errors },
  }),
  send: createRoute({
    method: 'post',
    path: '/{id}/company/monthly-invoice',
    tags,
    summary: 'Make (once) and send the month’s invoice of the account’s completed visits',
    request: { params: idParamSchema, ...body(sendMonthSchema) },
    responses: {
      200: json(
        z.object({ id: z.string(), number: z.number().int(), totalCents: z.number().int() }).passthrough(),
      ),
      ...errors,
    },
  }),
};

const router = createRouter();
router.use('*', requireUser, requireOwner);

export const fleetApi = router
  .openapi(r.get, async (c) =>
    c.json(await getFleetAccount(c.var.deps.db, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(r.save, async (c) =>
    c.json(
      await saveFleetAccount(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(r.remove, async (c) => {
    await removeFleetAccount(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(r.send, async (c) =>
    c.json(
      await sendMonthlyInvoice(
        c.var.deps,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json').month,
      ),
      200,
    ),
  );
