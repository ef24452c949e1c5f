import { createRoute, z } from '@hono/zod-openapi';
import { grantRoleSchema, PLATFORM_ROLES, suspendSchema, USER_FILTERS } from '../../../shared/admin-users';
import { SUBSCRIPTION_TIERS } from '../../../shared/constants';
import { VERIFICATION_STATUSES } from '../../../shared/verification';
import { requireAdmin, requireUser } from '../../access/guards';
import { idParamSchema, listOf, listQuerySchema } from '../../http/lists';
import { createRouter, errorResponses, json } from '../../http/openapi';
import {
  getAccountOverview,
  grantRole,
  listAccounts,
  restoreAccount,
  revokeRole,
  suspendAccount,
} from './admin-users.service';
import { listAudit } from './audit.service';

const tags = ['Admin'];
const roleEnum = z.enum(PLATFORM_ROLES);
const adminErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

export const adminAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    businessName: z.string().nullable(),
    plan: z.enum(SUBSCRIPTION_TIERS).nullable(),
    subscriptionState: z.enum(['trialing', 'active', 'lapsed']).nullable(),
    trialDaysLeft: z.number().int(),
    verificationStatus: z.enum(VERIFICATION_STATUSES).nullable(),
    roles: z.array(roleEnum),
    technicianOf: z.object({ businessId: z.string(), businessName: z.string() }).nullable(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    suspended: z.boolean(),
    suspendedAt: z.string().nullable(),
    suspensionReason: z.string().nullable(),
  })
  .openapi('AdminAccount');

const overviewSchema = z
  .object({
    account: adminAccountSchema,
    business: z
      .object({
        id: z.string(),
        businessName: z.string().nullable(),
        phone: z.string().nullable(),
        businessEmail: z.string().nullable(),
        businessAddress: z.string().nullable(),
        websiteUrl: z.string().nullable(),
        plan: z.enum(SUBSCRIPTION_TIERS),
        subscriptionState: z.enum(['trialing', 'active', 'lapsed']),
        trialEndsAt: z.string().nullable(),
        verificationStatus: z.enum(VERIFICATION_STATUSES),
        paymentsEnabled: z.boolean(),
        counts: z.object({
          services: z.number().int(),
          customers: z.number().int(),
          bookings: z.number().int(),
          activeServiceAreas: z.number().int(),
        }),
        completedRevenueCents: z.number().int(),
        team: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
      })
      .nullable(),
  })
  .openapi('AdminAccountOverview');

export const auditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    targetLabel: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminAuditEntry');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Accounts, newest first; q searches name, email and business name',
  request: { query: listQuerySchema.extend({ filter: z.enum(USER_FILTERS).default('all') }) },
  responses: { 200: json(listOf(adminAccountSchema)), 400: errorResponses[400], ...adminErrors },
});
const overviewRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'An account and a read-only overview of its business',
  request: { params: idParamSchema },
  responses: { 200: json(overviewSchema), ...adminErrors },
});
const grantRoute = createRoute({
  method: 'post',
  path: '/{id}/roles',
  tags,
  summary:
    'Grant the admin or technician role (technician: of the business whose owner has businessOwnerEmail)',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: grantRoleSchema } }, required: true },
  },
  responses: {
    200: json(adminAccountSchema),
    400: errorResponses[400],
    409: errorResponses[409],
    ...adminErrors,
  },
});
const revokeRoute = createRoute({
  method: 'delete',
  path: '/{id}/roles/{role}',
  tags,
  summary: 'Revoke a role (the last admin keeps theirs); a technician loses their sessions and assignments',
  request: { params: z.object({ id: z.string(), role: roleEnum }) },
  responses: {
    204: { description: 'Revoked' },
    400: errorResponses[400],
    409: errorResponses[409],
    ...adminErrors,
  },
});
const suspendRoute = createRoute({
  method: 'post',
  path: '/{id}/suspend',
  tags,
  summary: 'Suspend an account: its sessions end and it cannot sign in',
  request: {
    params: idParamSchema,
    body: { content: { 'application/json': { schema: suspendSchema } }, required: true },
  },
  responses: {
    200: json(adminAccountSchema),
    400: errorResponses[400],
    409: errorResponses[409],
    ...adminErrors,
  },
});
const restoreRoute = createRoute({
  method: 'post',
  path: '/{id}/restore',
  tags,
  summary: 'Restore a suspended account',
  request: { params: idParamSchema },
  responses: { 200: json(adminAccountSchema), 409: errorResponses[409], ...adminErrors },
});
const auditRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The audit log of admin actions, newest first',
  request: {
    query: listQuerySchema.omit({ q: true }).extend({
      targetId: z.string().max(100).optional(),
      action: z.string().max(50).optional(),
    }),
  },
  responses: { 200: json(listOf(auditEntrySchema)), 400: errorResponses[400], ...adminErrors },
});

const usersRouter = createRouter();
usersRouter.use('*', requireUser, requireAdmin);
const auditRouter = createRouter();
auditRouter.use('*', requireUser, requireAdmin);

const actorOf = (c: { var: { user: { id: string; email: string } } }) => ({
  id: c.var.user.id,
  email: c.var.user.email,
});

/** /api/admin/users (docs/decisions/0810). */
export const adminUsersApi = usersRouter
  .openapi(listRoute, async (c) => c.json(await listAccounts(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(overviewRoute, async (c) =>
    c.json(await getAccountOverview(c.var.deps.db, c.req.valid('param').id), 200),
  )
  .openapi(grantRoute, async (c) =>
    c.json(await grantRole(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(revokeRoute, async (c) => {
    const { id, role } = c.req.valid('param');
    await revokeRole(c.var.deps.db, actorOf(c), id, role);
    return c.body(null, 204);
  })
  .openapi(suspendRoute, async (c) =>
    c.json(
      await suspendAccount(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').reason),
      200,
    ),
  )
  .openapi(restoreRoute, async (c) =>
    c.json(await restoreAccount(c.var.deps.db, actorOf(c), c.req.valid('param').id), 200),
  );

/** /api/admin/audit (docs/decisions/0811). */
export const adminAuditApi = auditRouter.openapi(auditRoute, async (c) =>
  c.json(await listAudit(c.var.deps.db, c.req.valid('query')), 200),
);
