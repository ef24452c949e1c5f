import { createRoute, z } from '@hono/zod-openapi';
import { SUBSCRIPTION_TIERS } from '../../../shared/constants';
import { requireAdmin, requireUser } from '../../access/guards';
import { idParamSchema, listOf, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { fulfilOrder } from './add-on-fulfilment.service';
import { addOnPurchaseFields } from './add-ons.openapi';
import { listAddOnOrders } from './add-ons.service';
import { assignPlan } from './admin-plan.service';

// The admin's side of billing (docs/decisions/0952): assigning a plan (Franchise has no self-serve price) and the
// add-on orders to fulfil.

const tags = ['Admin'];
const adminErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

const orderSchema = z
  .object({
    ...addOnPurchaseFields,
    businessId: z.string(),
    businessName: z.string().nullable(),
    ownerEmail: z.string(),
  })
  .openapi('AdminAddOnOrder');

const listRoute = createRoute({
  method: 'get',
  path: '/add-ons',
  tags,
  summary:
    'Add-on purchases of every business, the latest 200; NFC tag orders waiting first (nextCursor is null)',
  request: { query: z.object({ status: z.enum(['ordered', 'fulfilled']).optional() }) },
  responses: {
    200: json(listOf(orderSchema)),
    400: errorResponses[400],
    ...adminErrors,
  },
});
const fulfilRoute = createRoute({
  method: 'post',
  path: '/add-ons/{id}/fulfil',
  tags,
  summary: 'Mark an NFC tag order fulfilled',
  request: { params: idParamSchema },
  responses: {
    200: json(orderSchema.omit({ businessId: true, businessName: true, ownerEmail: true })),
    409: errorResponses[409],
    ...adminErrors,
  },
});
const planRoute = createRoute({
  method: 'put',
  path: '/businesses/{id}/plan',
  tags,
  summary: "Assign a business's plan, Franchise included (test mode and Stripe alike; audited)",
  request: {
    params: idParamSchema,
    body: {
      content: {
        'application/json': { schema: z.object({ plan: z.enum(SUBSCRIPTION_TIERS, 'Choose a plan') }) },
      },
      required: true,
    },
  },
  responses: {
    200: json(z.object({ plan: z.enum(SUBSCRIPTION_TIERS) })),
    400: errorResponses[400],
    409: errorResponses[409],
    ...adminErrors,
  },
});

const router = createRouter();
router.use('*', requireUser, requireAdmin);
const actorOf = (c: { var: { user: { id: string; email: string } } }) => ({
  id: c.var.user.id,
  email: c.var.user.email,
});

/** /api/admin/billing */
export const adminBillingApi = router
  .openapi(listRoute, async (c) =>
    c.json(wholeList(await listAddOnOrders(c.var.deps.db, c.req.valid('query').status)), 200),
  )
  .openapi(fulfilRoute, async (c) =>
    c.json(await fulfilOrder(c.var.deps, actorOf(c), c.req.valid('param').id), 200),
  )
  .openapi(planRoute, async (c) =>
    c.json(
      await assignPlan(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').plan),
      200,
    ),
  );
