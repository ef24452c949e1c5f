import { createRoute, z } from '@hono/zod-openapi';
import { LOYALTY_TIERS } from '../../../shared/loyalty';
import {
  adjustPointsSchema,
  LOYALTY_SOURCES,
  LOYALTY_TRANSACTION_TYPES,
  REWARD_CATEGORIES,
  rewardInputSchema,
} from '../../../shared/loyalty.schemas';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema, wholeList } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  adjustPoints,
  listLoyaltyCustomers,
  listLoyaltyTransactions,
  loyaltySummary,
} from './loyalty.service';
import { createReward, listRewards, updateReward } from './rewards.service';

const tags = ['Loyalty'];
const loyaltyCustomerSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    totalSpentCents: z.number().int(),
    loyaltyPoints: z.number().int(),
    loyaltyTier: z.enum(LOYALTY_TIERS),
  })
  .openapi('LoyaltyCustomer');
const rewardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    pointsRequired: z.number().int(),
    valueCents: z.number().int(),
    category: z.enum(REWARD_CATEGORIES),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('LoyaltyReward');
const transactionSchema = z
  .object({
    id: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    type: z.enum(LOYALTY_TRANSACTION_TYPES),
    source: z.enum(LOYALTY_SOURCES),
    points: z.number().int(),
    balanceAfter: z.number().int(),
    description: z.string(),
    bookingId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('LoyaltyTransaction');
const summarySchema = z
  .object({
    totalMembers: z.number().int(),
    pointsIssued: z.number().int(),
    pointsRedeemed: z.number().int(),
    avgPointsPerCustomer: z.number().int(),
  })
  .openapi('LoyaltySummary');

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const read = { 400: errorResponses[400], 401: errorResponses[401], 402: errorResponses[402] };
const write = { ...read, 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] };

const summaryRoute = createRoute({
  method: 'get',
  path: '/summary',
  tags,
  summary: 'Total members, points issued and redeemed, average balance',
  responses: { 200: json(summarySchema), ...read },
});
const customersRoute = createRoute({
  method: 'get',
  path: '/customers',
  tags,
  summary: 'Customers with points and tier, most points first',
  request: { query: listQuerySchema },
  responses: { 200: json(listOf(loyaltyCustomerSchema)), ...read },
});
const transactionsRoute = createRoute({
  method: 'get',
  path: '/transactions',
  tags,
  summary: 'The points ledger, newest first',
  request: { query: listQuerySchema.extend({ customerId: z.string().optional() }) },
  responses: { 200: json(listOf(transactionSchema)), ...read, 404: errorResponses[404] },
});
const adjustRoute = createRoute({
  method: 'post',
  path: '/adjustments',
  tags,
  summary: 'Add (earned) or redeem points for a customer; more than the balance is refused (409)',
  request: body(adjustPointsSchema),
  responses: { 201: json(loyaltyCustomerSchema, 'Recorded'), ...write },
});
const rewardsRoute = createRoute({
  method: 'get',
  path: '/rewards',
  tags,
  summary: 'Rewards, active and inactive, cheapest first (the whole list: nextCursor is null)',
  responses: { 200: json(listOf(rewardSchema)), ...read },
});
const createRewardRoute = createRoute({
  method: 'post',
  path: '/rewards',
  tags,
  summary: 'Create a reward',
  request: body(rewardInputSchema),
  responses: { 201: json(rewardSchema, 'Created'), ...write },
});
const updateRewardRoute = createRoute({
  method: 'put',
  path: '/rewards/{id}',
  tags,
  summary: 'Edit a reward, or deactivate it (isActive false)',
  request: { params: idParamSchema, ...body(rewardInputSchema) },
  responses: { 200: json(rewardSchema), ...write },
});

export const loyaltyRoutes = createRouter();
loyaltyRoutes.use('*', requireUser, requireFeature('loyalty'));
loyaltyRoutes.post('/adjustments', requireOwner);
loyaltyRoutes.on(['POST', 'PUT'], ['/rewards', '/rewards/*'], requireOwner);

export const loyaltyApi = loyaltyRoutes
  .openapi(summaryRoute, async (c) => c.json(await loyaltySummary(c.var.deps.db, c.var.businessId), 200))
  .openapi(customersRoute, async (c) =>
    c.json(await listLoyaltyCustomers(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(transactionsRoute, async (c) =>
    c.json(await listLoyaltyTransactions(c.var.deps.db, c.var.businessId, c.req.valid('query')), 200),
  )
  .openapi(adjustRoute, async (c) =>
    c.json(await adjustPoints(c.var.deps.db, c.var.businessId, c.var.user.id, c.req.valid('json')), 201),
  )
  .openapi(rewardsRoute, async (c) =>
    c.json(wholeList(await listRewards(c.var.deps.db, c.var.businessId)), 200),
  )
  .openapi(createRewardRoute, async (c) =>
    c.json(await createReward(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(updateRewardRoute, async (c) =>
    c.json(
      await updateReward(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
