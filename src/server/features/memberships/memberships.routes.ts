import { createRoute, z } from '@hono/zod-openapi';
import { VEHICLE_TYPES } from '../../../shared/constants';
import {
  CREDIT_PERIODS,
  holdSchema,
  joinPlanSchema,
  MEMBERSHIP_STATUSES,
  planInputSchema,
} from '../../../shared/memberships';
import { requireOwner, requireUser } from '../../access/guards';
import { idParamSchema, listOf } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  cancelByMember,
  cancelByOwner,
  holdByMember,
  holdByOwner,
  invitedPlan,
  joinPlan,
  memberPage,
  payTestMembership,
  planInviteLink,
  publicPlans,
  resumeByOwner,
  returnCredit,
  spendCredit,
  stripeCardUpdate,
  updateTestCard,
} from './members.service';
import { createPlan, findPlan, listMembers, listPlans, membershipSummary, updatePlan } from './plans.service';
import { recurringRevenueSchema } from './recurring-revenue.openapi';

const tags = ['Maintenance plans'];
const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    monthlyPriceCents: z.number().int(),
    includedCredits: z.number().int(),
    creditPeriod: z.enum(CREDIT_PERIODS),
    discountPercent: z.number().int(),
    holdAllowed: z.boolean(),
    maxHoldMonths: z.number().int(),
    vehicleTypes: z.array(z.enum(VEHICLE_TYPES)),
    includedServiceIds: z.array(z.string()),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('MaintenancePlan');
const ownerPlanSchema = planSchema
  .extend({ activeMembers: z.number().int() })
  .openapi('OwnerMaintenancePlan');
const memberSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    name: z.string(),
    email: z.string(),
    vehicles: z.number().int(),
    status: z.enum(MEMBERSHIP_STATUSES),
    monthlyCents: z.number().int(),
    credits: z.number().int(),
    nextChargeAt: z.string().nullable(),
    holdUntil: z.string().nullable(),
    startedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('PlanMember');
const summarySchema = recurringRevenueSchema
  .extend({ pastDue: z.number().int() })
  .openapi('MembershipSummary');
const memberPageSchema = z
  .object({
    businessId: z.string(),
    businessName: z.string(),
    timeZone: z.string(),
    plan: planSchema,
    name: z.string(),
    vehicles: z.number().int(),
    status: z.enum(MEMBERSHIP_STATUSES),
    mode: z.enum(['test', 'stripe']),
    monthlyCents: z.number().int(),
    credits: z.number().int(),
    nextChargeAt: z.string().nullable(),
    nextRetryAt: z.string().nullable(),
    holdUntil: z.string().nullable(),
    holdMonthsLeft: z.number().int(),
    cardDeclining: z.boolean(),
  })
  .openapi('MembershipPage');
const publicPlansSchema = listOf(planSchema).extend({
  business: z.object({ id: z.string(), name: z.string(), acceptsOnlineBookings: z.boolean() }),
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const read = { 400: errorResponses[400], 401: errorResponses[401] };
const write = { ...read, 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] };
const okSchema = z.object({ ok: z.boolean() });
const bookingRefSchema = z.object({ bookingId: z.string().max(64) });
const creditsSchema = z.object({ credits: z.number().int() });

const r = {
  plans: createRoute({
    method: 'get',
    path: '/plans',
    tags,
    summary: 'The business’s maintenance plans with their active members',
    responses: { 200: json(listOf(ownerPlanSchema)), ...read },
  }),
  createPlan: createRoute({
    method: 'post',
    path: '/plans',
    tags,
    summary: 'Create a maintenance plan',
    request: body(planInputSchema),
    responses: { 201: json(ownerPlanSchema, 'Created'), ...write },
  }),
  updatePlan: createRoute({
    method: 'put',
    path: '/plans/{id}',
    tags,
    summary: 'Edit a plan (applies from each member’s next charge), or switch it off',
    request: { params: idParamSchema, ...body(planInputSchema) },
    responses: { 200: json(ownerPlanSchema), ...write },
  }),
  invite: createRoute({
    method: 'get',
    path: '/plans/{id}/invite-link',
    tags,
    summary: 'The invitation link to one plan',
    request: { params: idParamSchema },
    responses: { 200: json(z.object({ url: z.string() })), ...write },
  }),
  members: createRoute({
    method: 'get',
    path: '/members',
    tags,
    summary: 'Members of every plan, newest first (at most 500)',
    responses: { 200: json(listOf(memberSchema)), ...read },
  }),
  summary: createRoute({
    method: 'get',
    path: '/summary',
    tags,
    summary: 'Monthly recurring revenue, members by state and churn over 30 days',
    responses: { 200: json(summarySchema), ...read },
  }),
  hold: createRoute({
    method: 'post',
    path: '/members/{id}/hold',
    tags,
    summary: 'Hold a membership for some months (nothing billed, nothing booked)',
    request: { params: idParamSchema, ...body(holdSchema) },
    responses: { 200: json(okSchema), ...write },
  }),
  resume: createRoute({
    method: 'post',
    path: '/members/{id}/resume',
    tags,
    summary: 'End a hold early',
    request: { params: idParamSchema },
    responses: { 200: json(okSchema), ...write },
  }),
  cancel: createRoute({
    method: 'post',
    path: '/members/{id}/cancel',
    tags,
    summary: 'Cancel a membership',
    request: { params: idParamSchema },
    responses: { 200: json(okSchema), ...write },
  }),
  spend: createRoute({
    method: 'post',
    path: '/members/{id}/credits',
    tags,
    summary: 'Pay a booking with one of the member’s credits (once per booking)',
    request: { params: idParamSchema, ...body(bookingRefSchema) },
    responses: { 200: json(creditsSchema), ...write },
  }),
  giveBack: createRoute({
    method: 'post',
    path: '/members/{id}/credits/return',
    tags,
    summary: 'Give back the credit of a cancelled booking',
    request: { params: idParamSchema, ...body(bookingRefSchema) },
    responses: { 200: json(creditsSchema), ...write },
  }),
};

const owner = createRouter();
owner.use('*', requireUser, requireOwner);

export const membershipsApi = owner
  .openapi(r.plans, async (c) => c.json(await listPlans(c.var.deps.db, c.var.businessId), 200))
  .openapi(r.createPlan, async (c) =>
    c.json(await createPlan(c.var.deps.db, c.var.businessId, c.req.valid('json')), 201),
  )
  .openapi(r.updatePlan, async (c) =>
    c.json(
      await updatePlan(c.var.deps.db, c.var.businessId, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(r.invite, async (c) => {
    const plan = await findPlan(c.var.deps.db, c.var.businessId, c.req.valid('param').id);
    return c.json({ url: planInviteLink(c.var.deps, plan.id) }, 200);
  })
  .openapi(r.members, async (c) => c.json(await listMembers(c.var.deps.db, c.var.businessId), 200))
  .openapi(r.summary, async (c) => c.json(await membershipSummary(c.var.deps.db, c.var.businessId), 200))
  .openapi(r.hold, async (c) =>
    c.json(
      await holdByOwner(c.var.deps, c.var.businessId, c.req.valid('param').id, c.req.valid('json').months),
      200,
    ),
  )
  .openapi(r.resume, async (c) =>
    c.json(await resumeByOwner(c.var.deps, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(r.cancel, async (c) =>
    c.json(await cancelByOwner(c.var.deps, c.var.businessId, c.req.valid('param').id), 200),
  )
  .openapi(r.spend, async (c) =>
    c.json(
      await spendCredit(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json').bookingId,
      ),
      200,
    ),
  )
  .openapi(r.giveBack, async (c) =>
    c.json(
      await returnCredit(
        c.var.deps.db,
        c.var.businessId,
        c.req.valid('param').id,
        c.req.valid('json').bookingId,
      ),
      200,
    ),
  );

const tokenParam = z.object({
  token: z
    .string()
    .max(100)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
const refParam = z.object({
  ref: z
    .string()
    .max(100)
    .openapi({ param: { name: 'ref', in: 'path' } }),
});
const memberAction = <P extends string>(path: P, summary: string) =>
  createRoute({
    method: 'post',
    path: `/member/{token}/${path}` as `/member/{token}/${P}`,
    tags,
    summary,
    request: { params: tokenParam },
    responses: { 200: json(memberPageSchema), 404: errorResponses[404], 409: errorResponses[409] },
  });
const pub = {
  business: createRoute({
    method: 'get',
    path: '/business/{ref}',
    tags,
    summary: 'A business’s active plans, by its id or booking slug',
    request: { params: refParam },
    responses: { 200: json(publicPlansSchema), 404: errorResponses[404] },
  }),
  invite: createRoute({
    method: 'get',
    path: '/invite/{token}',
    tags,
    summary: 'The plan of an invitation link',
    request: { params: tokenParam },
    responses: { 200: json(publicPlansSchema), 404: errorResponses[404] },
  }),
  join: createRoute({
    method: 'post',
    path: '/join',
    tags,
    summary: 'Join a plan: the payment page to go to (Stripe Checkout, or the member page in test mode)',
    request: body(joinPlanSchema),
    responses: {
      200: json(z.object({ url: z.string(), mode: z.enum(['test', 'stripe']) })),
      400: errorResponses[400],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
  member: createRoute({
    method: 'get',
    path: '/member/{token}',
    tags,
    summary: 'The member’s page: plan, credits left, next charge',
    request: { params: tokenParam },
    responses: { 200: json(memberPageSchema), 404: errorResponses[404] },
  }),
  testPay: memberAction('test-pay', 'Test mode: pay the first month with the test card'),
  card: memberAction('card', 'Test mode: a working card (retries a failed renewal at once)'),
  cancel: memberAction('cancel', 'Cancel the membership'),
  cardSession: createRoute({
    method: 'post',
    path: '/member/{token}/card-session',
    tags,
    summary: 'With Stripe: the page where the member updates the card (the dunning link’s card update)',
    request: { params: tokenParam },
    responses: {
      200: json(z.object({ url: z.string() })),
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
  hold: createRoute({
    method: 'post',
    path: '/member/{token}/hold',
    tags,
    summary: 'Hold the membership for some months',
    request: { params: tokenParam, ...body(holdSchema) },
    responses: {
      200: json(memberPageSchema),
      400: errorResponses[400],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
};

export const publicMembershipsApi = createRouter()
  .openapi(pub.business, async (c) => c.json(await publicPlans(c.var.deps.db, c.req.valid('param').ref), 200))
  .openapi(pub.invite, async (c) => c.json(await invitedPlan(c.var.deps, c.req.valid('param').token), 200))
  .openapi(pub.join, async (c) => c.json(await joinPlan(c.var.deps, c.req.valid('json')), 200))
  .openapi(pub.member, async (c) => c.json(await memberPage(c.var.deps, c.req.valid('param').token), 200))
  .openapi(pub.testPay, async (c) =>
    c.json(await payTestMembership(c.var.deps, c.req.valid('param').token), 200),
  )
  .openapi(pub.card, async (c) => c.json(await updateTestCard(c.var.deps, c.req.valid('param').token), 200))
  .openapi(pub.cardSession, async (c) =>
    c.json(await stripeCardUpdate(c.var.deps, c.req.valid('param').token), 200),
  )
  .openapi(pub.cancel, async (c) => c.json(await cancelByMember(c.var.deps, c.req.valid('param').token), 200))
  .openapi(pub.hold, async (c) =>
    c.json(await holdByMember(c.var.deps, c.req.valid('param').token, c.req.valid('json').months), 200),
  );
