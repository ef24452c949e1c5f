import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { consentInputSchema } from '../../../shared/campaigns';
import { requireUser } from '../../access/guards';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { idParamSchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { getConsent, recordConsent } from './consent.service';

const consentSchema = z
  .object({
    emailMarketing: z.boolean(),
    emailSource: z.string().nullable(),
    emailUpdatedAt: z.string().nullable(),
    smsMarketing: z.boolean(),
    smsSource: z.string().nullable(),
    smsUpdatedAt: z.string().nullable(),
    smsBlocked: z.boolean(),
  })
  .openapi('MarketingConsent');

const NOT_FOUND = 'Customer not found';
async function assertOwnCustomer(db: Database, businessId: string, id: string) {
  assertUuid(id, NOT_FOUND);
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.businessId, businessId)));
  if (!row) throw notFound(NOT_FOUND);
}

const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Customers'],
  summary: "A customer's email and SMS marketing consent, with source and time",
  request: { params: idParamSchema },
  responses: { 200: json(consentSchema), 401: errorResponses[401], 404: errorResponses[404] },
});
const putRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ['Customers'],
  summary: 'Record the consent the customer gave the business (source: owner)',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: consentInputSchema } }, required: true },
  },
  responses: {
    200: json(consentSchema),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const consentRoutes = createRouter();
consentRoutes.use('*', requireUser);

export const consentApi = consentRoutes
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertOwnCustomer(c.var.deps.db, c.var.businessId, id);
    return c.json(await getConsent(c.var.deps.db, c.var.businessId, id), 200);
  })
  .openapi(putRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { emailMarketing, smsMarketing } = c.req.valid('json');
    await assertOwnCustomer(c.var.deps.db, c.var.businessId, id);
    const before = await getConsent(c.var.deps.db, c.var.businessId, id);
    // Only a change is recorded, so the source and time say when the customer last decided.
    await recordConsent(c.var.deps.db, c.var.businessId, id, {
      email: before.emailMarketing === emailMarketing ? undefined : emailMarketing,
      sms: before.smsMarketing === smsMarketing ? undefined : smsMarketing,
      source: 'owner',
    });
    return c.json(await getConsent(c.var.deps.db, c.var.businessId, id), 200);
  });
